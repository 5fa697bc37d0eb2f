# Declarations Cython reads when it compiles state.py (an augmenting .pxd; state.py itself
# stays plain Python and is the reference): who stands near a point, in 64-bit machine
# integers (every point is on the table, 960 x 720 tenths: no product comes near 2**63).
import cython

from greatwar.games.trenches.index cimport SideIndex as Index


@cython.locals(i=cython.Py_ssize_t, dx=cython.longlong, dy=cython.longlong,
               x=cython.longlong, y=cython.longlong)
cpdef near_in(Index index, list xs, list ys, long long px, long long py, long long reach,
              list found)
