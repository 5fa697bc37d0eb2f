# Declarations Cython reads when it compiles results.py (an augmenting .pxd; results.py
# itself stays plain Python): 9.9's test of every HQ of a side for an enemy ZOC, asked after
# every move, reads the position's lists and the neighbour table with hex indexes as machine
# integers (below the map's size; ``where`` holds -1..-3 off the map), so each lookup is a
# few instructions instead of a generic subscript.
import cython


@cython.locals(where=list, side_at=list, neighbors=tuple, found=list, hq=cython.Py_ssize_t,
               here=cython.Py_ssize_t, n=cython.Py_ssize_t, held=object, hqs=tuple,
               row=tuple)
cpdef list displaced(state, side)
