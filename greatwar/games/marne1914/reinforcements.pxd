# Declarations Cython reads when it compiles reinforcements.py (an augmenting .pxd;
# reinforcements.py itself stays plain Python): the movement phase's extra offers, asked at
# every movement offer, called in C by it and reading the typed position.
from greatwar.games.marne1914.state cimport Position


cpdef list movement_extras(Position state, side)
