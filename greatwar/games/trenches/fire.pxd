# Declarations Cython reads when it compiles fire.py (an augmenting .pxd; fire.py itself
# stays plain Python and is the reference): the search for the nearest enemy in 64-bit machine
# integers. Every figure stands on the table (960 x 720 tenths), so no product comes near 2**63.
import cython

from greatwar.games.trenches.data cimport Components

from greatwar.games.trenches.index cimport SideIndex as Index  # between() called in C
from greatwar.games.trenches.state cimport (  # in C
    Figures, Marks, Position, bunker_in, kill)
from greatwar.games.trenches.geometry cimport within  # called in C


@cython.locals(sure2=cython.longlong, longest2=cython.longlong, i=cython.Py_ssize_t,
               e=cython.Py_ssize_t, x=cython.longlong, y=cython.longlong,
               best=cython.longlong, dx=cython.longlong, dy=cython.longlong,
               d2=cython.longlong, ex=cython.longlong, ey=cython.longlong)
cpdef object _doubtful(object men, tuple foes, list xs, list ys, tuple tanks, long long sure,
                       long long longest)


@cython.locals(lo=cython.longlong, hi=cython.longlong, i=cython.Py_ssize_t, y=cython.longlong,
               ys=list)
cpdef bint any_target(Position state, str weapon, list men) except -1


@cython.locals(index=Index)
cpdef bint any_target_within(Position state, str weapon, list men, long long lo,
                             long long hi) except -1

@cython.locals(f=Figures, sure=cython.longlong, foes=tuple, ys=list, fog=cython.bint,
               smoke=cython.longlong)
cpdef bint any_target_among(Position state, Index index, str weapon, long long longest,
                            object men, long long lo, long long hi) except -1


@cython.locals(f=Figures, reach=cython.longlong, a=cython.Py_ssize_t, b=cython.Py_ssize_t,
               x=cython.longlong, y=cython.longlong, dx=cython.longlong, dy=cython.longlong,
               germans=tuple, gys=tuple, count=cython.Py_ssize_t, first=cython.Py_ssize_t,
               k=cython.Py_ssize_t, gy=cython.longlong, ours=tuple, bx=cython.longlong,
               by=cython.longlong)
cpdef list contacts(Position state)


@cython.locals(t=cython.Py_ssize_t, dx=cython.longlong, dy=cython.longlong,
               d2=cython.longlong, found=list, slots=cython.longlong, k=cython.longlong,
               tx=cython.longlong, ty=cython.longlong)
cpdef list by_distance(tuple near, list xs, list ys, tuple tanks, long long hx, long long hy,
                       long long reach, bint soft)


@cython.locals(fire_table=dict)
cpdef long long table(Position state, str key) except? -1


@cython.locals(t=cython.Py_ssize_t, dx=cython.longlong, dy=cython.longlong,
               d2=cython.longlong, found=list, slots=cython.longlong, key=cython.longlong,
               tx=cython.longlong, ty=cython.longlong, b0=cython.longlong, b1=cython.longlong,
               b2=cython.longlong, close2=cython.longlong)
cpdef list nearest(tuple near, list xs, list ys, tuple tanks, long long hx, long long hy,
                   long long reach, bint soft, long long close, Py_ssize_t limit)


@cython.locals(f=Figures, longest=cython.longlong, hx=cython.longlong, hy=cython.longlong,
               close=cython.longlong, plain=cython.bint, found=list, t=cython.Py_ssize_t,
               side=str, xs=list, ys=list, tx=cython.longlong, ty=cython.longlong,
               dx=cython.longlong, dy=cython.longlong, index=Index, near=tuple,
               smoke=cython.longlong, own=object)
cpdef list targets(Position state, str weapon, Py_ssize_t shooter, Py_ssize_t limit=*)


@cython.locals(f=Figures, index=Index, near=tuple)
cpdef list in_reach(Position state, str side, long long hx, long long hy, long long reach,
                    bint soft)


@cython.locals(f=Figures, fired=Marks, pinned=Marks, found=list)
cpdef list riflemen_among(Position state, tuple men)


@cython.locals(limit=cython.longlong, radius=cython.longlong, ax=cython.longlong,
               ay=cython.longlong, bx=cython.longlong, by=cython.longlong,
               lo_x=cython.longlong, hi_x=cython.longlong, lo_y=cython.longlong,
               hi_y=cython.longlong, r2=cython.longlong, x=cython.longlong, y=cython.longlong,
               dx=cython.longlong, dy=cython.longlong, ex=cython.longlong, ey=cython.longlong,
               clouds=list)
cpdef long long reach(Position state, str weapon, tuple a, tuple b) except? -1

cdef dict GAS_RADIUS  # gas_radius(c), by the components


@cython.locals(f=Figures, xs=list, ys=list, a=tuple, b=tuple)
cpdef bint can_hit(Position state, str weapon, Py_ssize_t shooter, Py_ssize_t target) except -1


@cython.locals(longest=cython.longlong, reach=cython.longlong, lo=cython.longlong,
               hi=cython.longlong, y=cython.longlong, i=cython.Py_ssize_t, ys=list, index=Index,
               kept=tuple, own=Index, packed=list, south=cython.longlong,
               north=cython.longlong, smoke=cython.longlong)
cpdef bint any_in_reach(Position state, tuple men, tuple keys, bint direct=*) except -1


cdef dict LONGEST  # any_in_reach's longest range, by its keys

cdef dict GRENADE_WITHIN_RIFLE  # _grenade_within_rifle(c), by the components

cpdef bint grenade_within_rifle(Components c) except -1


# a shot, a casualty, a volley, grenades and melees: their position typed, its fields read in C
cpdef to_hit(Position state, weapon, target)

cpdef shoot(Position state, weapon, shooter, target, rule)

@cython.locals(figures=Figures)
cpdef casualty(Position state, Py_ssize_t target, str rule, str cause)

cpdef riflemen(Position state, group)

cpdef volley(Position state, group, rule)

cpdef grenades(Position state, group)

cpdef melees(Position state)
