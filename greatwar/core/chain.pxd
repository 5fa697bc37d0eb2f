# Declarations Cython reads when it compiles chain.py (an augmenting .pxd; chain.py stays plain
# Python): a chain is an extension type with its three fields as C struct members. The engine
# appends to its history, chance flags and log at every action and log entry, and a holder
# that types its chains (core/state.pxd) calls ``append`` in C: a method call by name and the
# read of a slot cost some four hundred instructions.
cdef class Chain:
    cdef public tuple _frozen
    cdef public Py_ssize_t _frozen_size
    cdef public list _tail

    cpdef append(self, object item)
