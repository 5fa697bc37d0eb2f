# Declarations Cython reads when it compiles movement.py (an augmenting .pxd; movement.py
# itself stays plain Python): the movement search's MP counts as machine integers, so its
# additions and comparisons are a few instructions each. The counts are whole steps of a
# fraction of an MP (at most a few dozen), far inside a C long, and ``used / scale`` is a
# true division of two such integers, exactly as in Python.
import cython


@cython.locals(scale=cython.long, enter=cython.long, leave=cython.long, limit=cython.long,
               used=cython.long, extra=cython.long, mp=cython.long, total=cython.long)
cpdef dict reach(state, unit, start, allowance=*)
