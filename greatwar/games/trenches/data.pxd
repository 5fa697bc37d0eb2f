# Declarations Cython reads when it compiles data.py (an augmenting .pxd; data.py itself
# stays plain Python): the components as an extension type, so that the rules, which reach
# them through the position (``state.c``, typed in state.pxd), read their tables in C.


cdef class Components:
    cdef public object cover, depth, french_start, width
    cdef public tuple anchors, belts, communication, events, figures, holes, kinds, sides
    cdef public tuple start, tank_flags, trenches, walkers, wire, woods
    cdef public dict _ids, fire_table, objectives, tables

    cpdef figure(self, str fid)
