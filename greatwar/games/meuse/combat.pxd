# Declarations Cython reads when it compiles combat.py (an augmenting .pxd; combat.py itself
# stays plain Python): the search for attackable hexes over machine integers.
import cython


@cython.locals(
    attacked=set,
    attacked_hexes=set,
    stacks=dict,
    neighbors=tuple,
    ready=bytearray,
    found=list,
    h=cython.Py_ssize_t,
    n=cython.Py_ssize_t,
)
cpdef list targets(state, str side)
