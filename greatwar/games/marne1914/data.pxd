# Declarations Cython reads when it compiles data.py (an augmenting .pxd; data.py itself
# stays plain Python): the components as an extension type, so that the rules, which reach
# them through the position (``state.c``, typed in state.pxd), read their tables in C, and
# call the kept tables' lookups (``unit_actions``, ``hex_actions``, ``ring``, ``within``) in C.
import cython


cdef class Components:
    cdef public dict _actions, _rings, _within, by_id, corps, entries, group_members
    cdef public dict hq_of_corps, side_hqs, side_units, tables, unit_sizes, zone_names, zones
    cdef public tuple counters, hex_ids, home_of, moroccans, neighbors, _answers, _offers
    cdef public tuple is_hq_of, nation_of, side_of, sp_of, steps_of
    cdef public dict hex_index, start_units
    cdef public object board
    cdef public Py_ssize_t stack_floor

    @cython.locals(found=tuple)
    cpdef tuple unit_actions(self, str verb)

    @cython.locals(found=tuple)
    cpdef tuple hex_actions(self, str verb)

    @cython.locals(found=tuple)
    cpdef tuple move_offers(self)

    @cython.locals(found=tuple)
    cpdef tuple move_answers(self)

    # 9.1.1, 9.3.3: the hexes at and within a distance of a hex, kept by radius
    @cython.locals(table=tuple)
    cpdef tuple ring(self, Py_ssize_t hex_index, Py_ssize_t radius)

    @cython.locals(table=tuple)
    cpdef tuple within(self, Py_ssize_t hex_index, Py_ssize_t radius)
