# Declarations Cython reads when it compiles reinforcements.py (an augmenting .pxd;
# reinforcements.py itself stays plain Python): the movement phase's extra offers, asked at
# every movement offer, called in C by it and reading the typed position.
import cython

from greatwar.games.marne1914.state cimport Position


cpdef list movement_extras(Position state, side)


# 7.3.2, 15.1.2: asked at every Allied movement offer (``movement_extras``)
@cython.locals(where=list, homes=list, touched=list, kept=tuple, stamp=tuple,
               hq_of_corps=dict, counters=tuple)
cpdef list revertible(Position state, side)


@cython.locals(where=list, hq_of=list, radius=cython.long, unit=cython.Py_ssize_t,
               home=cython.Py_ssize_t, moroccans=tuple, homes=tuple, i=cython.Py_ssize_t)
cpdef list near_home(Position state)


cpdef list taxi_units(Position state, side)
