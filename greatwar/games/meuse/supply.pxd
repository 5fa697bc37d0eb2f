# Declarations Cython reads when it compiles supply.py (an augmenting .pxd; supply.py itself
# stays plain Python): the supply search's hexes as machine integers and its marks as bytes.
import cython


@cython.locals(h=cython.Py_ssize_t, there=cython.Py_ssize_t, frontier=list, reached=list)
cpdef list _spread(tuple neighbors, bytearray seen, list starts)


@cython.locals(closed=bytearray, seen=bytearray, reached=bytearray, h=cython.Py_ssize_t)
cpdef tuple _trace(state, str side)
