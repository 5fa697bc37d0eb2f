# Declarations Cython reads when it compiles combat.py (an augmenting .pxd; combat.py itself
# stays plain Python): 9.4.2's look at every unit's neighbours, at every combat offer, reads
# the position's lists, sets and dicts through their own C calls instead of the generic
# protocol, and ``move_flags`` by hex index as a machine integer (made a Python int only
# for the few enemy hexes).
import cython

from greatwar.games.marne1914.state cimport Position, move_flags


@cython.locals(holder=bytearray, code=cython.long, where=list, stacks=dict, neighbors=tuple,
               is_hq=tuple,
               mode=dict, hq_of=list, reserve=set, barred=dict, targets=set, flags=bytes,
               held=cython.long, h=cython.Py_ssize_t, unlocked=cython.bint,
               enemy_units=cython.bint, paris=cython.bint, unit=cython.Py_ssize_t,
               u=cython.Py_ssize_t)
cpdef list _attack_targets(Position state, side)


@cython.locals(versions=dict, kept=tuple, stamp=tuple, found=list)
cpdef list attack_targets(Position state, side)


# 9.1: asked of every artillery unit at every bombardment offer, reading the position's lists
# and sets through their own C calls, hexes as machine integers
@cython.locals(here=cython.Py_ssize_t, pair=frozenset, factor=cython.long)
cpdef bint may_bombard(Position state, Py_ssize_t unit) except -1


@cython.locals(holder=bytearray, code=cython.long, stacks=dict, is_hq=tuple, where=list,
               targets=set, h=cython.Py_ssize_t, u=cython.Py_ssize_t)
cpdef list bombard_targets(Position state, side)


# 9.4.1, 9.2.2: asked of every unit next to an enemy hex at every combat offer, reading the
# typed position in C
@cython.locals(here=cython.Py_ssize_t)
cpdef bint may_attack(Position state, Py_ssize_t unit, target) except -1


cpdef bint may_join(Position state, Py_ssize_t unit, target) except -1


@cython.locals(here=cython.Py_ssize_t, targets=set)
cpdef cut_by(Position state, Py_ssize_t unit, target)
