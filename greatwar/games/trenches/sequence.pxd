# Declarations Cython reads when it compiles sequence.py (an augmenting .pxd; sequence.py
# itself stays plain Python and is the reference): the terrain and the figures near a point,
# asked of every man at every end of turn, called in C.
from greatwar.games.trenches.state cimport bunker_in, hole_in, line_in, near_in
