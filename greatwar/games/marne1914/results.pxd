# Declarations Cython reads when it compiles results.py (an augmenting .pxd; results.py
# itself stays plain Python): 9.9's test of every HQ of a side for an enemy ZOC, asked after
# every move, reads the position's lists and the neighbour table with hex indexes as machine
# integers (below the map's size; ``where`` holds -1..-3 off the map), so each lookup is a
# few instructions instead of a generic subscript.
import cython

from greatwar.games.marne1914.state cimport Position


@cython.locals(where=list, counts=bytearray, found=list, hq=cython.Py_ssize_t,
               here=cython.Py_ssize_t, hqs=tuple)
cpdef tuple _displaced(Position state, side)


# kept between moves: only the hexes changed since are looked at
@cython.locals(touched=list, count=cython.Py_ssize_t, kept=tuple, found=tuple)
cpdef list displaced(Position state, side)


@cython.locals(holder=bytearray, stacks=dict, neighbors=tuple, is_hq=tuple, near=list,
               h=cython.Py_ssize_t, n=cython.Py_ssize_t, u=cython.Py_ssize_t, now=set,
               code=cython.long, counts=bytearray, hq=cython.Py_ssize_t)
cpdef tuple _displaced_since(Position state, side, tuple found, list changed)


# 9.9 after every move: called in C by the move prompt
cpdef bint displace_hqs(Position state, side) except -1
