# Declarations Cython reads when it compiles reinforcements.py (an augmenting .pxd;
# reinforcements.py itself stays plain Python): the look for units a replacement may bring
# back, asked at every movement prompt, over machine integers.
import cython


@cython.locals(
    where=list,
    units=list,
    unit=cython.Py_ssize_t,
    place=cython.Py_ssize_t,
    free=cython.int,
    eliminated=cython.Py_ssize_t,
    broken_down=cython.Py_ssize_t,
)
cpdef list returnable(state, str side)


@cython.locals(stacks=dict, empty_has_room=cython.bint, zoc=frozenset)
cpdef bint has_arrival_hex(state, str side, unit)


@cython.locals(where=list, steps=list, candidates=list, u=cython.Py_ssize_t)
cpdef list rebuildable(state, str side)
