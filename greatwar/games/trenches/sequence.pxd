# Declarations Cython reads when it compiles sequence.py (an augmenting .pxd; sequence.py
# itself stays plain Python and is the reference): the terrain and the figures near a point,
# asked of every man at every end of turn, called in C, and the indexes' bands.
import cython

from greatwar.games.trenches.index cimport SideIndex as Index
from greatwar.games.trenches.state cimport Position, bunker_in, hole_in, index_of, line_in, near_in


# French reinforcements' captures and German morale's garrison: the indexes' bands asked in C
@cython.locals(french=Index, german=Index, found=set, near=list, germans=list,
               i=cython.Py_ssize_t, x=cython.longlong, y=cython.longlong)
cpdef captures(Position state)


@cython.locals(german=Index, near=list, found=list)
cpdef list garrison(Position state, long long line, long long beyond=*)
