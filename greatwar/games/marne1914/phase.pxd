# Declarations Cython reads when it compiles phase.py (an augmenting .pxd; phase.py itself
# stays plain Python): the movement prompt's offer calls the movement and reinforcement rules
# it joins in C, not through Python calls.
import cython

from greatwar.games.marne1914.movement cimport movement_memo, rallies, rebuildable
from greatwar.games.marne1914.reinforcements cimport movement_extras
from greatwar.games.marne1914.state cimport Position


# 5.1.2 a) at every Movement Phase's start: the position's tables read in C
@cython.locals(is_hq=tuple, mode=dict, hq_of=list, oos=set, found=set, u=cython.Py_ssize_t)
cpdef set reserve_units(Position state, side)
