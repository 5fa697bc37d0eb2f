# Declarations Cython reads when it compiles movement.py (an augmenting .pxd; movement.py
# itself stays plain Python): the movement search's MP counts and hex indexes as machine
# integers and its tables as typed arrays, so its additions, comparisons and lookups are a
# few instructions each. The counts are whole steps of a fraction of an MP (at most a few
# dozen) and the indexes below the map's size, far inside a C long (the arrays hold C
# longs: "l").
import cython

cdef long SIDES_OF_A_HEX


@cython.locals(scale=cython.long, enter=cython.long, leave=cython.long, limit=cython.long,
               used=cython.long, extra=cython.long, total=cython.long, stop=cython.long,
               in_zoc=cython.long, origin=cython.Py_ssize_t, here=cython.Py_ssize_t,
               there=cython.Py_ssize_t, k=cython.Py_ssize_t, flags=bytes,
               hexes=cython.long[:], costs=cython.long[:], spent=cython.long[:], found=list,
               waiting=list)
cpdef tuple reach_steps(state, unit, start, allowance)


# 12.1.5: asked at every movement offer, of every unit of the side: ``where`` read as a list
# with the unit index and the hex as machine integers.
@cython.locals(where=list, unit=cython.Py_ssize_t, here=cython.long, eliminated=cython.long,
               found=list)
cpdef list rebuildable(state, side)
