# Declarations Cython reads when it compiles state.py (an augmenting .pxd; state.py itself
# stays plain Python): moving a unit between stacks, the commonest change of the position,
# over the state's typed lists.
import cython


@cython.locals(old=cython.Py_ssize_t, stack=list, top=list)
cpdef void _place(list where, dict stacks, Py_ssize_t unit, Py_ssize_t hex_index)


# the process's actions and labels by verb, unit or hex, read through the dict's own lookup
cdef dict _HEX_ACTIONS, _UNIT_ACTIONS, _LABELS


@cython.locals(found=list, i=cython.Py_ssize_t)
cpdef list pick(tuple actions, list indexes)
