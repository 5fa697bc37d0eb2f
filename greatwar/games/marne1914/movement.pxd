# Declarations Cython reads when it compiles movement.py (an augmenting .pxd; movement.py
# itself stays plain Python): the movement search's MP counts and hex indexes as machine
# integers and its tables typed, so its additions, comparisons and lookups are a few
# instructions each. The counts are whole steps of a fraction of an MP (at most a few
# dozen) and the indexes below the map's size, far inside a C long; ``spent[h] / scale`` is
# a true division, exactly as in Python.
import cython


@cython.locals(scale=cython.long, enter=cython.long, leave=cython.long, limit=cython.long,
               used=cython.long, extra=cython.long, mp=cython.long, total=cython.long,
               stop=cython.long, in_zoc=cython.long, origin=cython.Py_ssize_t, here=cython.Py_ssize_t,
               there=cython.Py_ssize_t, flags=bytes, steps=tuple, spent=list, found=list,
               waiting=list)
cpdef dict reach(state, unit, start, allowance=*)
