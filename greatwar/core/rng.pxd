# Declarations Cython reads when it compiles rng.py (an augmenting .pxd; rng.py itself stays
# plain Python): the generator's state held in unsigned 64-bit integers, so a draw is a few
# machine instructions instead of arbitrary-precision arithmetic. Unsigned arithmetic wraps
# modulo 2**64, which is what rng.py's masks spell out, so the outputs are the same.
import cython

cdef unsigned long long _MASK64, _MULTIPLIER, _MASK32
cdef long long _SPAN


cdef class Rng:
    cdef public unsigned long long _inc
    cdef public unsigned long long _state

    @cython.locals(old=cython.ulonglong, xorshifted=cython.ulonglong, rot=cython.ulonglong)
    cpdef unsigned long long next32(self)

    # a bound from 1 to 2**32 (below refuses any other), as a machine integer
    @cython.locals(threshold=cython.ulonglong, value=cython.ulonglong)
    cpdef object below(self, long long bound)
