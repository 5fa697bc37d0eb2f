# Declarations Cython reads when it compiles specials.py (an augmenting .pxd; specials.py
# itself stays plain Python and is the reference): the tanks' and the airplane's rules, their
# position typed, so that they read its fields in C.
import cython

from greatwar.games.trenches.fire cimport (  # called in C
    any_in_reach, can_hit, casualty, nearest, shoot, targets)
from greatwar.games.trenches.index cimport SideIndex as Index
from greatwar.games.trenches.geometry cimport tenths
from greatwar.games.trenches.state cimport Figures, Position


cpdef list tanks(Position state, side)

# a tank's move dice (the move phase's), its position typed: its fields read in C
@cython.locals(f=Figures, out=dict, dice=list, ones=cython.long, pips=cython.longlong,
               die=cython.longlong, turns=cython.longlong, reach=cython.longlong)
cpdef roll_tank(Position state, Py_ssize_t i)

cpdef may_fire(Position state, i)

@cython.locals(arms=tuple, weapons=cython.long)
cpdef list tank_offers(Position state, i)

cdef dict TANK_ARMS  # tank_arms(c), by the components

@cython.locals(kept=dict, key=cython.longlong)
cpdef object tank_action(object c, long long weapon, long long shooter, long long target)

cdef dict TANK_ACTIONS  # tank_action's, by the components, then by weapon, shooter, target

@cython.locals(index=Index, near=tuple, arms=tuple, reach=cython.longlong,
               hx=cython.longlong, hy=cython.longlong)
cpdef he_targets(Position state, i)

cpdef tank_fire(Position state, action)

cpdef list strafe_offers(Position state, side)
