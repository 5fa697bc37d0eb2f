# Declarations Cython reads when it compiles movement.py (an augmenting .pxd; movement.py
# itself stays plain Python): the movement search's MP counts and hex indexes as machine
# integers and its tables as typed arrays, so its additions, comparisons and lookups are a
# few instructions each. The counts are whole steps of a fraction of an MP (at most a few
# dozen) and the indexes below the map's size, far inside a C long (the arrays hold C
# longs, "l", one after another: typed as contiguous views, read without strides).
import cython

from greatwar.games.marne1914.data cimport Components
from greatwar.games.marne1914.results cimport displace_hqs
from greatwar.games.marne1914.state cimport Position, move_flags, put_unit

cdef long SIDES_OF_A_HEX


cdef long _UNREACHED
cdef long[::1] _SPENT, _ORDER, _QUEUE, _FIRST, _LAST
cdef long[::1] _LAND_HEXES, _LAND_COSTS, _ROAD_HEXES, _ROAD_COSTS


@cython.locals(scale=cython.long, enter=cython.long, leave=cython.long, limit=cython.long,
               used=cython.long, extra=cython.long, total=cython.long, stop=cython.long,
               in_zoc=cython.long, origin=cython.Py_ssize_t, here=cython.Py_ssize_t,
               there=cython.Py_ssize_t, k=cython.Py_ssize_t, entry=cython.Py_ssize_t,
               filed=cython.Py_ssize_t, count=cython.Py_ssize_t,
               hexes=cython.long[::1], costs=cython.long[::1], spent=cython.long[::1],
               order=cython.long[::1], queue=cython.long[::1], first=cython.long[::1],
               last=cython.long[::1])
cpdef Py_ssize_t search(Position state, unit, start, allowance, bytes flags) except -1


@cython.locals(spent=cython.long[::1], order=cython.long[::1], i=cython.Py_ssize_t)
cpdef clear_search(Py_ssize_t count)


# the move prompt's offer: the search's hexes read back as machine integers
@cython.locals(start=cython.Py_ssize_t, count=cython.Py_ssize_t, i=cython.Py_ssize_t,
               h=cython.Py_ssize_t, lowest=cython.Py_ssize_t, highest=cython.Py_ssize_t,
               there=cython.Py_ssize_t, stop=cython.long, floor=cython.long, sp=cython.long,
               filled=cython.long,
               spent=cython.long[::1], order=cython.long[::1], flags=bytes, found=list, c=Components,
               sp_at=list, side_at=list)
cpdef list _destinations_of(Position state, Py_ssize_t unit, tuple to)


cpdef long _stop(Position state, Py_ssize_t unit) except -1


# 12.1.5: asked at every movement offer, of the side's eliminated units (kept): ``where`` read
# as a list with the unit index as a machine integer
@cython.locals(where=list, unit=cython.Py_ssize_t, found=list, hq_of=list, mode=dict,
               units=tuple, hq=cython.Py_ssize_t)
cpdef list rebuildable(Position state, side)


@cython.locals(found=tuple)
cpdef tuple eliminated_units(Position state, side)


cdef class RailNetworks


# 7.2.1-7.2.5: the railroad hexes a unit may go to from a start hex, its fields read in C
cdef class RailReach:
    cdef public bytes flags
    cdef public RailNetworks networks
    cdef public object rail_hexes
    cdef public tuple rail_links

    @cython.locals(networks=RailNetworks, joined=list)
    cpdef frozenset hexes(self, start)


# a unit's movement choice, read with the position's tables held as typed fields
cdef class Reckoner:
    cdef public Position state
    cdef public object side
    cdef public RailReach reach
    cdef public dict capacity
    cdef public tuple answers, is_hq, neighbors, steps_of
    cdef public set rallied
    cdef public list steps, sp_at
    cdef public bytes flags
    cdef public bytearray holder
    cdef public long least, code

    @cython.locals(state=Position, by_rail=cython.bint, by_land=cython.bint,
                   barred=cython.bint, rail_room=cython.Py_ssize_t, flags=bytes,
                   holder=bytearray, code=cython.long, stop=cython.long,
                   there=cython.Py_ssize_t, sp_at=list, least=cython.long,
                   recover=cython.bint, k=cython.Py_ssize_t, rail_full=frozenset,
                   reach=RailReach, at=cython.Py_ssize_t)
    cpdef tuple choice(self, Py_ssize_t unit, here, str now)


@cython.locals(c=Components)
cpdef bint has_rail_capacity(Position state, Py_ssize_t unit, dict capacity) except -1


# 8.1: asked of every railroad destination and neighbour looked at
@cython.locals(c=Components)
cpdef bint has_room_for(Position state, Py_ssize_t unit, Py_ssize_t hex_index) except -1


# the movement prompt's kept choices: an extension type, so that its fields are read and
# written as C struct members (every offer reads and writes dozens of them); its lists by
# counter and by hex read by machine-integer index
cdef class MoveMemo:
    cdef public dict capacity, crowds, rail_full, rails
    cdef public set recovering, searched
    cdef public list choices, flat, transfer, watch
    cdef public bytearray marks, ways
    cdef public tuple offers, units
    cdef public object enemy, frame
    cdef public Reckoner reckon
    cdef public Py_ssize_t attachments, counted, modes_set, moved, railed
    cdef public Py_ssize_t disruptions, engagements, rallies, supply_cuts
    cdef public bint regroup

    @cython.locals(touched=list, moved=set, railed=set, choices=list, marks=bytearray,
                   todo=list, changes=cython.bint, counted=cython.Py_ssize_t,
                   gone=list, watch=list, stacks=dict, side_of=tuple, i=cython.Py_ssize_t,
                   h=cython.Py_ssize_t, found=cython.Py_ssize_t, unit=cython.Py_ssize_t,
                   reckon=Reckoner, entry=tuple, fresh=tuple,
                   c=Components, where=list, mode=dict, hq_of=list)
    cpdef bint update(self, Position state, side) except -1

    @cython.locals(marks=bytearray)
    cpdef mark(self, Py_ssize_t unit, list todo)

    @cython.locals(reckon=Reckoner, moved=set, engaged=set, is_hq=tuple, where=list,
                   mode=dict, hq_of=list, unit=cython.Py_ssize_t)
    cpdef read_all(self, Position state, side)

    @cython.locals(choices=list, fresh=cython.bint, choice=tuple, way=cython.Py_ssize_t,
                   land_room=cython.Py_ssize_t, rail_room=cython.Py_ssize_t)
    cpdef keep(self, Py_ssize_t unit, tuple entry)

    @cython.locals(watch=list, found=cython.Py_ssize_t)
    cpdef watch_hex(self, Py_ssize_t h, Py_ssize_t unit)

    @cython.locals(offers=tuple, ways=bytearray, choices=list, flat=list, unit=cython.Py_ssize_t)
    cpdef list moves(self)

    @cython.locals(flat=list, i=cython.Py_ssize_t)
    cpdef drop(self, tuple actions)


# 7.2.4, 7.2.5: the railroad networks, each walked when first asked, over marks by hex with
# machine integers
cdef class RailNetworks:
    cdef public bytes closed
    cdef public dict found
    cdef public tuple links, rail_order
    cdef public object rail_hexes

    @cython.locals(found=frozenset, network=list, joined=frozenset)
    cpdef of(self, hex_index)

    @cython.locals(closed=bytes, links=tuple, seen=bytearray, row=tuple,
                   here=cython.Py_ssize_t, there=cython.Py_ssize_t, network=list,
                   frontier=list)
    cpdef list walk(self, Py_ssize_t first)


# 10.2.1: asked at every movement offer, of every disrupted unit
@cython.locals(where=list, side_of=tuple, counts=bytearray, found=set, u=cython.Py_ssize_t,
               here=cython.Py_ssize_t)
cpdef set rallies(Position state, side)


# the movement prompt's kept choices, read through the typed memo (its fields and methods in C)
@cython.locals(memo=MoveMemo)
cpdef MoveMemo movement_memo(Position state, side, frame=*)


# the rest of a unit's choice and of a move, called in C by ``Reckoner.choice`` and the move
# prompt (not through Python calls)
cpdef list destination_actions(Position state, Py_ssize_t unit, tuple to)


cpdef tuple zoc_steps(state)


@cython.locals(stop=cython.long, there=cython.Py_ssize_t)
cpdef bint has_destination(Position state, Py_ssize_t unit, bytes flags) except -1


cpdef long rail_destination(Position state, Py_ssize_t unit, RailReach reach) except? -2


# 7.3: asked of every waiting unit at each reinforcements offer, its hexes read in C
@cython.locals(reach=RailReach)
cpdef bint has_rail_destination(Position state, Py_ssize_t unit, start) except -1


cpdef bint may_recover(Position state, Py_ssize_t unit) except -1


@cython.locals(ids=tuple, c=Components)
cpdef moved_note(Position state, Py_ssize_t unit, Py_ssize_t origin, Py_ssize_t to)


cpdef move_unit(Position state, Py_ssize_t unit, Py_ssize_t to, side)


# the move prompt's offer (at every move prompt)
@cython.locals(offered=list)
cpdef list move_offer(Position state, Py_ssize_t unit)


# 8.1.3 at the end of every phase: each stack's points as machine integers
@cython.locals(sp_at=list, floor=cython.long, filled=cython.long, h=cython.Py_ssize_t, over=list)
cpdef end_of_phase_stacking(Position state)
