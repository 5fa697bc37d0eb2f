# Declarations Cython reads when it compiles fire.py (an augmenting .pxd; fire.py itself
# stays plain Python): line of sight read for every pair of a friendly and an enemy unit at
# each MG fire and combat, so its kept table and the test of a line against the units are
# called without the interpreter's calling convention, with their containers typed and the
# hexes read as machine indexes.
import cython


@cython.locals(singles=tuple, h=cython.Py_ssize_t, plus=cython.Py_ssize_t, minus=cython.Py_ssize_t)
cpdef bint is_clear(bytearray occupied, tuple line)

@cython.locals(row=list)
cpdef list sights_from(state, a)

@cython.locals(row=list, found=tuple)
cpdef tuple sight(state, a, b)

@cython.locals(
    where=list, occupied=bytearray, heres=list, rows=list, seen=list, line=tuple,
    target=cython.Py_ssize_t, i=cython.Py_ssize_t, count=cython.Py_ssize_t,
)
cpdef list visible_enemies(state, side, sector)

@cython.locals(
    where=list, occupied=bytearray, foes=list, theres=list, row=list, line=tuple,
    there=cython.Py_ssize_t, i=cython.Py_ssize_t, count=cython.Py_ssize_t, seen=cython.bint,
    reach=cython.Py_ssize_t,
    firers=list, targets=set,
)
cpdef tuple combat_fire(state, side, sector, initiator, x)
