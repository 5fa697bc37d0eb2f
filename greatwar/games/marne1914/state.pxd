# Declarations Cython reads when it compiles state.py (an augmenting .pxd; state.py itself
# stays plain Python): 8.2.1's zone around a side's stacks, rebuilt when they change, marks
# its hexes in a bytearray read and written by index.
import cython


@cython.locals(marks=bytearray, zone=list, row=tuple, h=cython.Py_ssize_t, n=cython.Py_ssize_t)
cpdef frozenset zone_around(tuple neighbors, tuple hexes, Py_ssize_t size)


# a unit put into and taken from a hex (``MarneState.set_down``, ``lift``): called in C by
# ``put``, the position's lists and dicts read through their own C calls
@cython.locals(versions=dict, where=list, stacks=dict, stack=list)
cpdef set_down_unit(state, Py_ssize_t unit, Py_ssize_t hex_index)


@cython.locals(versions=dict, stacks=dict, stack=list, old=cython.Py_ssize_t)
cpdef lift_unit(state, Py_ssize_t unit)
