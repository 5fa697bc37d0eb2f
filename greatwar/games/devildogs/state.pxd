# Declarations Cython reads when it compiles state.py (an augmenting .pxd; state.py itself
# stays plain Python): the units of a side in a sector are worked out again after every move
# of one of its units, so that loop reads its lists with machine indexes.
import cython


@cython.locals(found=list, u=cython.Py_ssize_t, h=cython.Py_ssize_t, here=frozenset)
cpdef tuple _in_sector(tuple units, list where, tuple sectors, sector)

@cython.locals(old=cython.Py_ssize_t)
cpdef void _place(
    list where, dict at, bytearray occupied, dict held, side, Py_ssize_t unit,
    Py_ssize_t hex_index,
)
