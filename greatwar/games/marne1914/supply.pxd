# Declarations Cython reads when it compiles supply.py (an augmenting .pxd; supply.py itself
# stays plain Python): the supply search's costs, flags, coordinates and hex indexes as
# machine integers and its tables as typed arrays, so its additions, comparisons and lookups
# are a few instructions each. The costs are whole steps of a fraction of an MP (at most a
# few dozen), the coordinates and indexes bounded by the map's size, far inside a C long
# (the arrays hold C longs: "l", one after another: typed as contiguous views, read without
# a stride).
import cython

from greatwar.games.marne1914.state cimport Position, move_flags

cdef long SIDES_OF_A_HEX


cdef long _UNSEEN, _SEEN
# the search's scratch and step tables, typed views made once (not at each search)
cdef long[::1] _BEST, _ORDER, _QUEUE, _HEADS, _TAILS, _HEXES, _COSTS, _XS, _ZS
cdef bytearray _WANTED


@cython.locals(start=cython.Py_ssize_t, limit=cython.long, cheapest=cython.long,
               used=cython.long, total=cython.long, here=cython.Py_ssize_t,
               there=cython.Py_ssize_t, k=cython.Py_ssize_t, size=cython.Py_ssize_t,
               entry=cython.Py_ssize_t, filed=cython.Py_ssize_t, count=cython.Py_ssize_t,
               aiming=cython.bint, aim_x=cython.long, aim_z=cython.long, dx=cython.long,
               dz=cython.long, held=cython.long, in_zoc=cython.long, mark=cython.long,
               remaining=cython.long, flags=bytes, side_at=list, hexes=cython.long[::1],
               costs=cython.long[::1], best=cython.long[::1], order=cython.long[::1],
               queue=cython.long[::1], first=cython.long[::1], last=cython.long[::1],
               xs=cython.long[::1], zs=cython.long[::1], wanted=bytearray, marks=bytearray,
               marking=cython.bint, met=cython.bint)
cpdef tuple trace(Position state, hq, toward, until, sources)


@cython.locals(best=cython.long[::1], h=cython.Py_ssize_t)
cpdef hq_supply(Position state, hq, sources, units_at)


@cython.locals(order=cython.long[::1], best=cython.long[::1], i=cython.Py_ssize_t)
cdef _clear(Py_ssize_t count)


@cython.locals(order=cython.long[::1], best=cython.long[::1], i=cython.Py_ssize_t,
               h=cython.Py_ssize_t, found=list)
cdef list _found(Py_ssize_t count)


# 11.1.6: the walk along roads and railroads from the friendly edges, hexes as machine integers
@cython.locals(size=cython.Py_ssize_t, flags=bytes, side_at=list, held=cython.long,
               in_zoc=cython.long, marks=bytearray, frontier=list, links=tuple, row=tuple,
               here=cython.Py_ssize_t, there=cython.Py_ssize_t, h=cython.Py_ssize_t)
cpdef bytearray source_marks(Position state, side, edges)


# 11.1.4: made when either side's stacks change, hexes as machine integers
@cython.locals(side_at=list, stop=set, h=cython.Py_ssize_t)
cpdef frozenset _blocked(Position state, side)


# 11.1, 11.2.1 at every Supply Phase: the position's tables read in C, units as machine integers
@cython.locals(is_hq=tuple, where=list, hq_of=list, oos=set, units=tuple,
               unit=cython.Py_ssize_t, marks_by_edges=dict, supplied_hq=dict, wanted=dict,
               out=list, out_hqs=list, ids=list, hexes=set)
cpdef determine_supply(Position state)
