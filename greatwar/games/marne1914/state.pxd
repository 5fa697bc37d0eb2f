# Declarations Cython reads when it compiles state.py (an augmenting .pxd; state.py itself
# stays plain Python): 8.2.1's zone around a side's stacks, rebuilt when they change, marks
# its hexes in a bytearray read and written by index.
import cython


@cython.locals(marks=bytearray, zone=list, row=tuple, h=cython.Py_ssize_t, n=cython.Py_ssize_t)
cpdef frozenset zone_around(tuple neighbors, tuple hexes, Py_ssize_t size)
