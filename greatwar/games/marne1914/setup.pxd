# Declarations Cython reads when it compiles setup.py (an augmenting .pxd; setup.py itself
# stays plain Python): 3's units still to place, asked at every deployment offer, read from
# the typed position and components in C.
import cython

from greatwar.games.marne1914.state cimport Position


@cython.locals(where=list)
cpdef list to_deploy(Position state, side)
