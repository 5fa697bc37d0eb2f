# Declarations Cython reads when it compiles state.py (an augmenting .pxd; state.py itself
# stays plain Python and is the reference): who stands near a point, in 64-bit machine
# integers (every point is on the table, 960 x 720 tenths: no product comes near 2**63).
import cython

from greatwar.core.state cimport State
from greatwar.games.trenches.data cimport Components
from greatwar.games.trenches.index cimport Roster, SideIndex as Index, of_kinds, side_index
from greatwar.games.trenches.geometry cimport in_mitred_band, tenths


@cython.locals(i=cython.Py_ssize_t, dx=cython.longlong, dy=cython.longlong,
               x=cython.longlong, y=cython.longlong)
cpdef near_in(Index index, list xs, list ys, long long px, long long py, long long reach,
              list found)


@cython.locals(discs=tuple, k=cython.Py_ssize_t, cx=cython.longlong, cy=cython.longlong,
               radius=cython.longlong, dx=cython.longlong, dy=cython.longlong)
cpdef object hole_in(tuple ground, long long x, long long y)


@cython.locals(k=cython.Py_ssize_t, x0=cython.longlong, y0=cython.longlong, x1=cython.longlong,
               y1=cython.longlong)
cpdef bint in_boxes(tuple boxes, long long x, long long y) except -1

cdef dict COVER_BOXES  # cover_boxes(c), by the components

cdef dict LABELS  # each figure's "id (name)", by the components


@cython.locals(line=object, x0=cython.longlong, y0=cython.longlong, x1=cython.longlong,
               y1=cython.longlong)
cpdef object bunker_in(tuple ground, long long x, long long y)


@cython.locals(bunkers=tuple, bounds=tuple, k=cython.Py_ssize_t, line=object,
               bx0=cython.longlong, by0=cython.longlong, bx1=cython.longlong,
               by1=cython.longlong, x0=cython.double, y0=cython.double, x1=cython.double,
               y1=cython.double, bands=tuple, points=tuple, half=cython.longlong,
               found=cython.int)
cpdef object line_in(Components c, tuple ground, long long x, long long y)



cpdef bint in_trench(object t, tuple p) except -1


# a set of figures as one byte each (state.Marks): ``has`` called in C by the rules
@cython.final
cdef class Marks:
    cdef public bytearray flags
    cdef public Py_ssize_t count

    cpdef bint has(self, Py_ssize_t i) except -1
    cpdef add(self, Py_ssize_t i)
    @cython.locals(i=cython.Py_ssize_t, flags=bytearray)
    cpdef update(self, object men)
    cpdef discard(self, Py_ssize_t i)
    cpdef clear(self)
    cpdef Marks copy(self)


# each figure's changing data (state.Figures): its fields read in C by the rules
cdef class Figures:
    cdef public Components c
    cdef public tuple sides
    cdef public tuple kinds
    cdef public tuple walkers
    cdef public tuple tanks
    cdef public list x
    cdef public list y
    cdef public list status
    cdef public list group
    cdef public dict leader
    cdef public dict allow
    cdef public Marks moved
    cdef public Marks fired
    cdef public Marks pinned
    cdef public dict broken
    cdef public dict tank_out
    cdef public dict shots
    cdef public set no_fire

    cpdef Figures copy(self)


@cython.locals(f=Figures)
cpdef kill(Position state, Py_ssize_t index, str rule, str why)

@cython.locals(found=Marks)
cpdef Marks marks(Figures f, object members=*)

cdef bytearray NO_FLAGS  # one figure not marked


# ``Position``: TrenchesState's own fields as C struct members, typed as ``TrenchesState.__init__``
# and ``copy_into`` set them (a list stays a list, a dict a dict...). A function whose .pxd
# declares its ``state`` a Position reads ``state.f`` in a few instructions (the generic
# lookup of a slot costs about a hundred).
cdef class Position(State):
    cdef public Components c
    cdef public Figures f
    cdef public object event, gm_seat, offer_basis, offer_parts, phase, plane, strafed, turn
    cdef public object wind
    cdef public Roster _roster_french, _roster_german, _roster_both
    cdef public Index _index_french, _index_german, _index_both
    cdef public dict _stale, acted, eligible, offered, pending, plans
    cdef public dict strength
    cdef public list agenda, arrivals, clouds, just_moved, owner, shells, strafe_line, touched
    cdef public set credited, cut, fascines, gun_fired, mgs_fired

    # the questions and changes the rules ask of the position at every step, called in C by
    # the functions that declare their state a Position (and as methods by the others)
    cpdef fig(self, Py_ssize_t index)

    cpdef tuple at(self, Py_ssize_t index)

    @cython.locals(found=Roster, status=list)
    cpdef Roster roster(self, side)

    @cython.locals(found=Index)
    cpdef Index index(self, side)

    cpdef Roster kept_roster(self, side)
    cpdef keep_roster(self, side, Roster found)
    cpdef Index kept_index(self, side)
    cpdef keep_index(self, side, Index found)

    cpdef place(self, Py_ssize_t index, p)

    @cython.locals(stale=Index)
    cpdef moving(self, side)

    @cython.locals(f=Figures)
    cpdef set_status(self, Py_ssize_t index, status)

    cpdef set_group(self, Py_ssize_t index, str group)

    cpdef _changed(self, Py_ssize_t index)

    @cython.locals(boxes=tuple, x=cython.longlong, y=cython.longlong)
    cpdef bint in_cover(self, Py_ssize_t index) except -1

    @cython.locals(names=tuple)
    cpdef str label(self, Py_ssize_t index)

    @cython.locals(found=tuple)
    cpdef tuple members(self, str group)

    cpdef Py_ssize_t count(self, str group) except -1

    cpdef list infantry(self, str side)

    cpdef list of_kind(self, str side, tuple kinds)



@cython.locals(found=Index, roster=Roster, less=Roster)
cpdef lose(Position state, Py_ssize_t index, str group, str kind, str side)
