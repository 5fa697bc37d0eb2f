# Declarations Cython reads when it compiles reinforcements.py (an augmenting .pxd;
# reinforcements.py itself stays plain Python): the look for units a replacement may bring
# back, asked at every movement prompt, over machine integers.
import cython


@cython.locals(where=list, units=list, unit=cython.Py_ssize_t, place=cython.Py_ssize_t)
cpdef list returnable(state, str side)
