# Declarations Cython reads when it compiles supply.py (an augmenting .pxd; supply.py itself
# stays plain Python): the supply search's hexes as machine integers and its marks as bytes.
import cython


@cython.locals(
    h=cython.Py_ssize_t,
    here=cython.Py_ssize_t,
    there=cython.Py_ssize_t,
    k=cython.Py_ssize_t,
    end=cython.Py_ssize_t,
    top=cython.Py_ssize_t,
    count=cython.Py_ssize_t,
)
cpdef Py_ssize_t _spread(
    int[:] first, int[:] links, int[:] stack, bytearray seen, bytearray reached, list starts
)


@cython.locals(
    closed=bytearray, seen=bytearray, reached=bytearray, h=cython.Py_ssize_t, flat=FlatNeighbors
)
cpdef tuple _trace(state, str side)


# each hex's neighbours as machine integers, their buffers taken once a search
cdef class FlatNeighbors:
    cdef readonly object first
    cdef readonly object links
    cdef readonly object stack
