# Declarations Cython reads when it compiles state.py (an augmenting .pxd; state.py itself
# stays plain Python): the position's fields as an extension type, and 8.2.1's zone around a
# side's stacks, rebuilt when they change, marking its hexes in a bytearray read and written
# by index.
import cython

from greatwar.core.state cimport State
from greatwar.games.marne1914.data cimport Components


# ``Position``: MarneState's own fields as C struct members, typed as ``MarneState.__init__``
# and ``copy_into`` set them (a list stays a list, a dict a dict...). A function whose .pxd
# declares its ``state`` a Position reads ``state.where`` in a few instructions (the generic
# lookup of a slot costs a hundred); the counts of changes are machine integers.
cdef class Position(State):
    cdef public Components c
    cdef public object combat, first, move_memo, phase, player_turn, taxi_used, turn
    cdef public Py_ssize_t attachments, eliminations, modes_set
    cdef public list committed, control, hq_of, side_at, sp_at, steps, tasks, touched, where
    cdef public dict barred, bombarded, cc_free, cc_notes, due, entered, entry_hexes, memo
    cdef public dict displaced_kept, flags_kept
    cdef public dict mode, modes_memo, pending, rail_used, stacks, versions, zone_count
    cdef public bytearray holder
    cdef public set arrived, attacked, cut_off, disrupted, engaged, garrison, moved, oos
    cdef public set railed, rallied, rebuilt_corps, recent, reserve, revealed, targets

    # the questions the rules ask of the position again and again, called in C by the
    # functions that declare their state a Position (and as methods by the others)
    cpdef counter(self, Py_ssize_t unit)

    cpdef list units_in(self, hex_index)

    cpdef bint is_enemy_hex(self, Py_ssize_t hex_index, side) except -1

    cpdef bint is_garrisoned(self, hex_index) except -1

    cpdef frozenset garrisoned(self)

    @cython.locals(found=tuple)
    cpdef cached(self, tuple key, stamp, make)

    cpdef tuple held_units(self, side)

    cpdef tuple held_by(self, side)

    cpdef unit_mode(self, Py_ssize_t unit)

    cpdef bint is_reduced(self, Py_ssize_t unit) except -1

    @cython.locals(table=dict, counters=tuple, mode=dict, hq_of=list, combat=cython.bint)
    cpdef stack_limit(self, units)

    @cython.locals(counters=tuple, present=list, together=list, unit=cython.Py_ssize_t)
    cpdef bint has_room(self, Py_ssize_t hex_index, units) except -1

    cpdef bint is_overstacked(self, Py_ssize_t hex_index) except -1

    @cython.locals(found=tuple)
    cpdef frozenset zoc(self, side)

    @cython.locals(found=tuple)
    cpdef frozenset enemy_held(self, side)

    @cython.locals(counts=bytearray)
    cpdef bint in_enemy_zoc(self, Py_ssize_t unit) except -1


@cython.locals(marks=bytearray, zone=list, row=tuple, h=cython.Py_ssize_t, n=cython.Py_ssize_t)
cpdef frozenset zone_around(tuple neighbors, tuple hexes, Py_ssize_t size)


# ``MarneState.put``: the position's fields and the components' tables read in C
@cython.locals(c=Components)
cpdef put_unit(Position state, Py_ssize_t unit, Py_ssize_t hex_index)


# a unit put into and taken from a hex (``MarneState.set_down``, ``lift``): called in C by
# ``put``, the position's lists and dicts read through their own C calls
# ``holder`` and ``zone_count`` kept with ``side_at``: hexes as machine integers
@cython.locals(row=tuple, counts=bytearray, n=cython.Py_ssize_t)
cpdef _shift_holder(Position state, Py_ssize_t hex_index, was, now)


@cython.locals(versions=dict, where=list, stacks=dict, stack=list, key=object)
cpdef set_down_unit(Position state, Py_ssize_t unit, Py_ssize_t hex_index)


# (``old`` the int read from ``where``, kept as it is for the set, list and dict it indexes)
@cython.locals(versions=dict, stacks=dict, stack=list)
cpdef lift_unit(Position state, Py_ssize_t unit)


# ``MarneState.advance``, after every action: the winner and the tasks read in C
cpdef advance_position(Position state)


# asked at every search: the kept flags looked up in C
@cython.locals(found=tuple, flags=bytes)
cpdef bytes move_flags(Position state, side)


# ``move_flags``' marks by hex, made when the enemy's stacks change: hexes as machine integers
@cython.locals(flags=bytearray, held=cython.long, in_zoc=cython.long, h=cython.Py_ssize_t,
               holder=bytearray, counts=bytearray, size=cython.Py_ssize_t, code=cython.long,
               mark=cython.long, stacks=dict)
cpdef bytes _move_flags(Position state, side)
