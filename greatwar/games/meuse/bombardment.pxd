# Declarations Cython reads when it compiles bombardment.py (an augmenting .pxd; bombardment.py
# itself stays plain Python): the marking of hexes near units, over machine integers.
import cython


@cython.locals(marks=bytearray, a=cython.Py_ssize_t, h=cython.Py_ssize_t)
cpdef bytes _marks(tuple table, tuple hexes, Py_ssize_t size)


@cython.locals(found=list, h=cython.Py_ssize_t)
cpdef tuple _marked(bytes marks)
