# Declarations Cython reads when it compiles combat.py (an augmenting .pxd; combat.py itself
# stays plain Python): the search for attackable hexes over machine integers (the hexes it
# looks up in dicts and sets, and lists, left as the objects they are).
import cython


@cython.locals(
    attacked=set,
    attacked_hexes=set,
    stacks=dict,
    neighbors=tuple,
    ready=bytearray,
    found=list,
    n=cython.Py_ssize_t,
)
cpdef list targets(state, str side)
