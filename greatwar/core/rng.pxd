# Declarations Cython reads when it compiles rng.py (an augmenting .pxd; rng.py itself stays
# plain Python): the generator's state held in unsigned 64-bit integers, so a draw is a few
# machine instructions instead of arbitrary-precision arithmetic. Unsigned arithmetic wraps
# modulo 2**64, which is what rng.py's masks spell out, so the outputs are the same.
import cython

# The constants typed too: a literal above 2**31 would be a Python integer to Cython, and an
# expression with one Python arithmetic.
cdef unsigned long long _MASK64, _MASK32, _MULTIPLIER
cdef long long _TWO32


cdef class Rng:
    cdef public unsigned long long _inc
    cdef public unsigned long long _state

    # a C method: a subclass may not override it (RiggedRng, in the tests, overrides below)
    @cython.locals(old=cython.ulonglong, xorshifted=cython.ulonglong, rot=cython.ulonglong)
    cdef unsigned long long _next(self)

    # a bound from 1 to 2**32 (below refuses any other), as a machine integer
    @cython.locals(threshold=cython.ulonglong, value=cython.ulonglong)
    cpdef object below(self, long long bound)

    # called in C by the rules that read their state's generator typed (core/state.pxd), a
    # subclass's override still taken (the tests' rigged dice)
    cpdef object die(self, long long sides=*)

    @cython.locals(k=cython.Py_ssize_t)
    cpdef list dice(self, Py_ssize_t count, long long sides=*)

    cpdef object choice(self, object items)
