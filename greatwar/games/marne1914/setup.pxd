# Declarations Cython reads when it compiles setup.py (an augmenting .pxd; setup.py itself
# stays plain Python): 3's units still to place, asked at every deployment offer, read from
# the typed position and components in C; the standard deployment's placements likewise.
import cython

from greatwar.games.marne1914.state cimport Position, put_unit


@cython.locals(where=list)
cpdef list to_deploy(Position state, side)


cpdef bint may_deploy(Position state, Py_ssize_t unit, Py_ssize_t hex_index) except -1


cpdef place(Position state, Py_ssize_t unit, Py_ssize_t hex_index)


cpdef standard(Position state, side)
