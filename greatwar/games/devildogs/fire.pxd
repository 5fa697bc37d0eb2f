# Declarations Cython reads when it compiles fire.py (an augmenting .pxd; fire.py itself
# stays plain Python): line of sight read for every pair of a friendly and an enemy unit at
# each MG fire and combat, so its kept table and the test of a line against the units are
# called without the interpreter's calling convention, with their containers typed.
import cython


@cython.locals(singles=tuple)
cpdef bint is_clear(dict at, tuple line)

@cython.locals(row=list)
cpdef list sights_from(state, a)

@cython.locals(row=list, found=tuple)
cpdef tuple sight(state, a, b)

@cython.locals(
    where=list, at=dict, friends=list, seen=list, row=list, line=tuple,
)
cpdef list visible_enemies(state, side, sector)
