# Declarations Cython reads when it compiles setup.py (an augmenting .pxd; setup.py itself
# stays plain Python): the set-up prompts offer a hundred hexes at a time, read from a list of
# actions per unit with machine indexes.
import cython

cdef dict _PLACE


@cython.locals(table=list, ids=tuple, actions=list, h=cython.Py_ssize_t)
cpdef list place_actions(state, unit, list hexes)
