# Declarations Cython reads when it compiles phase.py (an augmenting .pxd; phase.py itself
# stays plain Python): the movement prompt's offer calls the movement and reinforcement rules
# it joins in C, not through Python calls.
from greatwar.games.marne1914.movement cimport movement_memo, rallies, rebuildable
from greatwar.games.marne1914.reinforcements cimport movement_extras
