# Declarations Cython reads when it compiles reinforcements.py (an augmenting .pxd; the
# module itself stays plain Python): the USMC units a replacement point may restore (5.11)
# are looked for at the end of every turn and after every replacement, reading three lists
# per unit, so they are read with machine indexes.
import cython


@cython.locals(lost=list, pinned=set, where=list, hurt=list, u=cython.Py_ssize_t)
cpdef list replaceable(state)
