# Declarations Cython reads when it compiles movement.py (an augmenting .pxd; movement.py
# itself stays plain Python and is the reference): the arithmetic of a man's way (contact with
# an enemy, the wire's boxes) in 64-bit machine integers. Every length is in tenths of an inch
# on a table of 960 x 720, so no product comes near 2**63; floor division keeps Python's
# rounding (cdivision is off), so the results are the same as the source's.
import cython

from greatwar.games.trenches.data cimport Components

from greatwar.games.trenches.index cimport (  # in C
    Roster, SideIndex as Index, _first_at_least, of_kinds)
from greatwar.games.trenches.fire cimport (  # called in C
    any_in_reach, any_target_among, can_hit, table, grenade_within_rifle, grenades, riflemen,
    shoot, targets, volley)
from greatwar.games.trenches.state cimport (  # in C
    Figures, Marks, Position, in_trench)
from greatwar.games.trenches.geometry cimport (  # in C
    _isqrt, _part, at_distance, first_entry_box_xy, line_misses_box)
from greatwar.games.trenches.specials cimport tank_offers  # in C


# what every man's way reads in one order (movement.ManWay): its fields read in C
cdef class ManWay:
    cdef public long long width
    cdef public long long depth
    cdef public list xs
    cdef public list ys
    cdef public Index foes
    cdef public long long contact
    cdef public long long gas
    cdef public tuple tanks
    cdef public tuple belts
    cdef public object cut
    cdef public tuple wire
    cdef public tuple clouds
    cdef public object near
    cdef public long long d2
    cdef public long long whole


@cython.locals(f=Figures, way=ManWay, reaches=tuple, clouds=list, at=tuple, wire=tuple)
cpdef ManWay man_way(Position state, str side)

cdef list GAS_CLOUDS  # the clouds man_way last read and their gas clouds' centres

cdef dict WAY_REACHES  # way_reaches(c), by the components
cdef dict WIRE_PARTS  # wire_parts(c), by the components
cdef tuple PLACES  # the table's tenths as shared integer objects


@cython.locals(lo_y=cython.longlong, hi_y=cython.longlong, lo_x=cython.longlong,
               hi_x=cython.longlong, reach=cython.longlong, foes=Index, near=tuple,
               margin=cython.longlong)
cpdef long long _way_stop(ManWay way, long long ax, long long ay, long long bx,
                          long long by, long long stop) except? -9


@cython.locals(dx=cython.longlong, dy=cython.longlong, aa=cython.longlong, r2=cython.longlong,
               whole=cython.longlong, e=cython.Py_ssize_t, ex=cython.longlong,
               fx=cython.longlong, fy=cython.longlong, cc=cython.longlong, bb=cython.longlong,
               disc=cython.longlong, root=cython.longlong, entry=cython.longlong)
cpdef long long _contact_stop(long long ax, long long ay, long long bx, long long by,
                              tuple near, list xs, list ys, tuple tanks, long long lo_x,
                              long long hi_x, long long radius, long long stop) except? -9


@cython.locals(lo_x=cython.longlong, hi_x=cython.longlong, lo_y=cython.longlong,
               hi_y=cython.longlong, dx=cython.longlong, dy=cython.longlong,
               top=cython.longlong, bottom=cython.longlong, x0=cython.longlong,
               x1=cython.longlong, w=cython.Py_ssize_t, section=tuple, entry=cython.longlong)
cpdef long long _wire_stop(tuple belts, object cut, tuple wire, long long ax, long long ay,
                           long long bx, long long by, long long stop) except? -9


@cython.locals(f=Figures, lx=cython.longlong, ly=cython.longlong, reach=cython.longlong,
               dx=cython.longlong, dy=cython.longlong, px=cython.longlong, py=cython.longlong,
               i=cython.Py_ssize_t, status=list, xs=list, ys=list, walkers=tuple,
               moved=Marks, fired=Marks, pinned=Marks, out=dict, found=list,
               lead=cython.Py_ssize_t, table=cython.longlong, allow=dict, broken=dict,
               leaders=dict, start=cython.Py_ssize_t, rest=tuple, here=cython.longlong)
cpdef list _movers(Position state, str group, tuple men, bint first)


@cython.locals(lo=cython.longlong, hi=cython.longlong, y=cython.longlong, ys=list,
               foes=Index, gas=cython.longlong, belts=list, clouds=list, belt=tuple,
               cloud=tuple, i=cython.Py_ssize_t, top=cython.longlong, bottom=cython.longlong,
               at=cython.longlong, margin=cython.longlong)
cpdef with_band(ManWay way, list men, long long dy)


cpdef tuple _walk_man(Position state, Py_ssize_t i, long long bx, long long by)

@cython.locals(f=Figures, c=Components, ax=cython.longlong, ay=cython.longlong,
               d2=cython.longlong, stop=cython.longlong)
cpdef tuple _walk_tank(Position state, Py_ssize_t i, long long bx, long long by, bint dry)


# the end as a C pair (a ctuple): no tuple made for the caller in C
@cython.locals(xs=list, ys=list)
cpdef (long long, long long) _man_end(ManWay way, Py_ssize_t i, long long bx, long long by)

@cython.locals(width=cython.longlong, depth=cython.longlong, dx=cython.longlong,
               dy=cython.longlong, d2=cython.longlong, whole=cython.longlong,
               stop=cython.longlong, reach=cython.longlong)
cpdef (long long, long long) _end_from(ManWay way, long long ax, long long ay, long long bx,
                                       long long by)


@cython.locals(ax=cython.longlong, ay=cython.longlong, ex=cython.longlong,
               ey=cython.longlong, xs=list, ys=list, places=tuple)
cpdef bint _man_step(ManWay way, Py_ssize_t i, long long bx, long long by) except -1

@cython.locals(near=tuple)
cpdef bint _clear(ManWay way) except -1

@cython.locals(xs=list, ys=list, width=cython.longlong, depth=cython.longlong, places=tuple,
               i=cython.Py_ssize_t, ax=cython.longlong, ay=cython.longlong,
               bx=cython.longlong, by=cython.longlong, k=cython.Py_ssize_t,
               stays=cython.Py_ssize_t)
cpdef _step_all(ManWay way, list men, long long dx, long long dy, list went)


@cython.locals(f=Figures, i=cython.Py_ssize_t, y=cython.longlong, x=cython.longlong,
               below=cython.Py_ssize_t, e=cython.longlong, moved=Marks, xs=list, ys=list,
               edges=tuple, cut=set, first_edge=cython.longlong, last_edge=cython.longlong,
               rows=bytearray)
cpdef dict cutters_among(Position state, list men, bint first=*)

@cython.locals(f=Figures, i=cython.Py_ssize_t, y=cython.longlong, x=cython.longlong,
               moved=bytearray, xs=list, ys=list, edges=tuple, cut=set, rows=bytearray,
               first_edge=cython.longlong, last_edge=cython.longlong, parts=tuple, belt=tuple,
               section=tuple, top=cython.longlong, bottom=cython.longlong, x0=cython.longlong,
               x1=cython.longlong)
cpdef bint any_cutter(Position state, list men) except -1

cdef dict BELT_EDGES  # belt_edges(c), by the components
cdef dict BELT_ROWS  # belt_rows(belt_edges(c)), by the components


cpdef object nearest_cover(tuple anchors, long long hx, long long hy, long long reach,
                           long long forward)

@cython.locals(best_d2=cython.longlong, best_x=cython.longlong, best_y=cython.longlong,
               px=cython.longlong, py=cython.longlong, dx=cython.longlong,
               dy=cython.longlong, d2=cython.longlong, k=cython.Py_ssize_t, p=tuple)
cpdef object _nearest_in(tuple anchors, Py_ssize_t start, Py_ssize_t end, long long hx,
                         long long hy, long long reach, long long forward)


# a tank's way into a trench line's boundary, in doubles
@cython.locals(dx=cython.double, dy=cython.double, length=cython.double, best=cython.double,
               margin=cython.double, k=cython.Py_ssize_t, px=cython.double, py=cython.double,
               sx=cython.double, sy=cython.double, denom=cython.double, wx=cython.double,
               wy=cython.double, t=cython.double, u=cython.double, along=cython.double,
               whole=cython.double)
cpdef long long ring_entry(tuple ring, long long ax, long long ay, long long bx,
                           long long by) except? -9

cdef dict TRENCH_RINGS  # trench_rings(c), by the components

@cython.locals(c=Components, d2=cython.longlong, whole=cython.longlong, lo_x=cython.longlong,
               hi_x=cython.longlong, lo_y=cython.longlong, hi_y=cython.longlong, rings=tuple,
               boxes=tuple, trenches=tuple, k=cython.Py_ssize_t, x0=cython.double,
               y0=cython.double, x1=cython.double, y1=cython.double, entry=cython.longlong,
               a=tuple)
cpdef long long _crossing(Position state, Py_ssize_t i, long long ax, long long ay,
                          long long bx, long long by, bint dry) except? -9


@cython.locals(x=cython.longlong, y=cython.longlong, entry=cython.longlong,
               lo_x=cython.longlong, hi_x=cython.longlong, lo_y=cython.longlong,
               hi_y=cython.longlong)
cpdef long long _gas_stop(tuple clouds, long long ax, long long ay, long long bx, long long by,
                          long long radius, long long stop) except? -9


@cython.locals(dx=cython.longlong, dy=cython.longlong, fx=cython.longlong, fy=cython.longlong,
               cc=cython.longlong, aa=cython.longlong, bb=cython.longlong,
               disc=cython.longlong, root=cython.longlong, whole=cython.longlong)
cpdef long long _first_contact(long long ax, long long ay, long long bx, long long by,
                               long long cx, long long cy, long long radius) except? -9


@cython.locals(f=Figures, reach=cython.longlong, longest=cython.longlong, hx=cython.longlong,
               hy=cython.longlong, dx=cython.longlong, dy=cython.longlong,
               tx=cython.longlong, ty=cython.longlong, t=cython.Py_ssize_t,
               g=cython.Py_ssize_t, lo=cython.longlong, hi=cython.longlong, status=list,
               xs=list, ys=list, moved=list, near=list, slots=cython.longlong,
               key=cython.longlong, hits=cython.Py_ssize_t, table_=cython.longlong,
               tanks=tuple, plain=cython.bint, found=list, loaded=list)
cpdef list opportunity_shots(Position state, str side, bint first)


cpdef list opportunity_offers(Position state, str side)


@cython.locals(f=Figures, status=list, xs=list, ys=list, moved=list, table_=cython.longlong,
               lo=cython.longlong, hi=cython.longlong, n=cython.Py_ssize_t,
               t=cython.Py_ssize_t, ty=cython.longlong, tx=cython.longlong,
               reach=cython.longlong, longest=cython.longlong, tanks=tuple, plain=cython.bint,
               shots=dict, pinned=Marks, sides=tuple, kinds=tuple, left=cython.longlong,
               i=cython.Py_ssize_t, here=cython.longlong, hx=cython.longlong,
               hy=cython.longlong, dx=cython.longlong, dy=cython.longlong)
cpdef bint any_opportunity(Position state, str side) except -1


@cython.locals(f=Figures, status=list, leader=object, radius=cython.longlong,
               dx=cython.longlong, dy=cython.longlong, broken=dict, out=dict,
               table=cython.longlong, here=cython.longlong, there=cython.longlong,
               allowed=cython.longlong, lead=cython.Py_ssize_t, xs=list, ys=list,
               px=cython.longlong, py=cython.longlong, lx=cython.longlong, ly=cython.longlong)
cpdef bint can_move(Position state, Py_ssize_t i) except -1


cpdef list objectives(Position state, str group, object first=*)

@cython.locals(f=Figures)
cpdef tuple _objectives(Position state, str group, object first, long long french=*)

@cython.locals(line=cython.Py_ssize_t, french=cython.longlong)
cpdef long long french_lines(list owner) except? -1

@cython.locals(edges=tuple, memo=dict, key=cython.longlong, kept=tuple)
cpdef tuple ahead_of(Components c, long long y, long long forward, long long french)

@cython.locals(lo=cython.Py_ssize_t, hi=cython.Py_ssize_t, mid=cython.Py_ssize_t,
               edge=cython.longlong)
cpdef long long objectives_key(tuple line, long long y, long long forward,
                               long long french) except? -1

@cython.locals(oy=cython.longlong, ahead=cython.longlong, found=list, name=str, kept=tuple,
               bit=cython.longlong)
cpdef list marching_on(Components c, long long y, long long forward, long long french)

cdef dict MARCHES  # marches(c), by the components
cdef dict OBJECTIVES  # objectives' answers, by the components
cdef dict OBJECTIVE_EDGES  # objective_edges(c), by the components
cdef long long FRENCH_SLOTS

@cython.locals(f=Figures)
cpdef object reference(Position state, str group, object first=*)

@cython.locals(f=Figures, found=list, broken=dict, men=tuple, status=list,
               lead=cython.Py_ssize_t, lx=cython.longlong, ly=cython.longlong,
               reach=cython.longlong, xs=list, ys=list, moved=bytearray, fired=bytearray,
               pinned=bytearray, walkers=tuple, table=cython.longlong, k=cython.Py_ssize_t,
               stays=cython.Py_ssize_t, goes=cython.bint,
               i=cython.Py_ssize_t, here=cython.longlong, px=cython.longlong,
               py=cython.longlong, dx=cython.longlong, dy=cython.longlong)
cpdef list movers(Position state, str group)


cdef dict LEADER_RADIUS  # leader_radius(c), by the components

cpdef long long leader_radius(Components c) except? -1


@cython.locals(status=list, moved=list, table=cython.longlong, i=cython.Py_ssize_t, other=str,
               here=cython.longlong)
cpdef opportunity(Position state, str mover, list went)


@cython.locals(f=Figures, shots=dict, pinned=Marks, status=list, sides=tuple, kinds=tuple, found=list,
               table=cython.longlong, i=cython.Py_ssize_t, left=cython.longlong,
               here=cython.longlong)
cpdef list gunners(Position state, str side)


@cython.locals(f=Figures, dx=cython.longlong, dy=cython.longlong, xs=list, ys=list, moved=Marks,
               men=list, way=ManWay, went=list, i=cython.Py_ssize_t,
               x=cython.longlong, y=cython.longlong, reach=cython.longlong, sx=cython.longlong,
               sy=cython.longlong)
cpdef list order(Position state, str group, str direction, str distance)


@cython.locals(f=Figures, dx=cython.longlong, dy=cython.longlong, xs=list, ys=list, moved=Marks,
               others=list, way=ManWay, went=list, i=cython.Py_ssize_t,
               x=cython.longlong, y=cython.longlong, r=cython.Py_ssize_t, sx=cython.longlong,
               sy=cython.longlong)
cpdef list follow(Position state, str group, str objective)


@cython.locals(f=Figures, found=list, kind=str, by_figure=list, weapon=str, moves=tuple,
               t=cython.Py_ssize_t, kept=tuple, shots=list, tanks=list)
cpdef tuple single_part(Position state, OfferKit kit, Py_ssize_t i, bint reach)

cdef tuple NO_ACTIONS
cdef list NO_TARGETS
cdef list NO_TANK_ACTIONS

cdef dict FIRE_ACTIONS  # fire_action's, by the components


@cython.locals(kept=dict)
cpdef object fire_action(Components c, Py_ssize_t shooter, Py_ssize_t target)


@cython.locals(found=list, last=tuple, roster=Roster, part=tuple)
cpdef list move_fire_offer(Position state, dict frame, str side)


@cython.locals(found=list, owners=list, parts=list, where=dict, reach=cython.bint,
               part=tuple, french=cython.longlong, kit=OfferKit, layout=tuple,
               k=cython.Py_ssize_t, foes=Index, entries=list, entry=tuple)
cpdef list parts_afresh(Position state, tuple basis, Roster roster)

@cython.locals(owners=list, where=dict, groups=list, layouts=dict, found=tuple, entries=list,
               entry=tuple, group=str, figures=tuple, places=list, flags=bytes,
               i=cython.Py_ssize_t)
cpdef tuple part_layout(Position state, OfferKit kit, Roster roster)

cdef dict SINGLE_FLAGS  # single_flags(c), by the components

@cython.locals(acts=tuple)
cpdef tuple group_entry(OfferKit kit, Roster roster, str group)

cdef Py_ssize_t LAYOUTS_KEPT


@cython.locals(n=cython.Py_ssize_t, k=cython.Py_ssize_t, group=str, owner=object,
               french=cython.longlong, kit=OfferKit, foes=Index, entry=tuple, places=list)
cpdef made_again(Position state, tuple basis, Roster roster, list owners, list parts,
                 dict where, list touched, list entries)

@cython.locals(i=cython.Py_ssize_t, group=str, places=list, found=list, k=cython.Py_ssize_t,
               m=cython.Py_ssize_t, owner=cython.Py_ssize_t)
cpdef list single_places(Position state, list owners, dict where, str fid)

cdef list NO_PLACES


# what every part of a Move and Fire offer reads of the components (movement.OfferKit)
cdef class OfferKit:
    cdef public Components c
    cdef public long long first_edge
    cdef public long long last_edge
    cdef public long long rifle
    cdef public long long grenade
    cdef public bint grenade_within_rifle
    cdef public long long radius
    cdef public tuple south
    cdef public tuple north
    cdef public dict groups
    cdef public list moves
    cdef public dict layouts


@cython.locals(kit=OfferKit, found=OfferKit)
cpdef OfferKit offer_kit(Components c)

cdef dict OFFER_KITS
cdef OfferKit LAST_KIT


@cython.locals(found=list)
cpdef list group_part(Position state, OfferKit kit, str group, tuple entry, bint reach,
                      long long french, Index foes)

@cython.locals(found=tuple, f=Figures, follows=tuple, acts=tuple, kept=tuple, y=cython.longlong,
               by_key=dict, by_kept=dict, ref=cython.Py_ssize_t, forward=cython.longlong,
               key=cython.longlong)
cpdef tuple group_moves(Position state, OfferKit kit, str group, tuple entry, long long french)

@cython.locals(ys=list, moved=bytearray, fired=bytearray, pinned=bytearray,
               marked=cython.bint, men=list, near=list, lo=cython.longlong, hi=cython.longlong,
               y=cython.longlong, i=cython.Py_ssize_t, count=cython.Py_ssize_t,
               k=cython.Py_ssize_t)
cdef tuple riflemen_band(Figures f, tuple infantry, long long first_edge, long long last_edge)

@cython.locals(found=list, f=Figures, near=list, acts=tuple, lo=cython.longlong,
               hi=cython.longlong, volleys=cython.bint, shooters=object, grenade=cython.bint,
               cutting=cython.bint)
cpdef tuple group_fire(Position state, OfferKit kit, tuple entry, bint reach, Index foes)

cdef list NO_MEN
cdef tuple NO_FIGURES


@cython.locals(f=Figures, lx=cython.longlong, ly=cython.longlong, reach=cython.longlong,
               dx=cython.longlong, dy=cython.longlong, px=cython.longlong, py=cython.longlong,
               i=cython.Py_ssize_t, status=list, xs=list, ys=list, walkers=tuple,
               moved=bytearray, fired=bytearray, pinned=Marks, out=dict, broken=dict,
               lead=cython.Py_ssize_t, table=cython.longlong, here=cython.longlong)
cpdef Py_ssize_t _first(Position state, OfferKit kit, str group, tuple men,
                        object leader) except -2


@cython.locals(last=tuple, cut=cython.Py_ssize_t, clouds=cython.Py_ssize_t, owner=list)
cpdef tuple offer_basis(Position state, object frame, str side)


@cython.locals(line=cython.Py_ssize_t)
cpdef bint same_owners(tuple kept, list owner) except -1

cpdef bint german(str side) except -1


cpdef object first_mover(Position state, str group, tuple men=*)


# a figure's move and the Move and Fire actions' helpers: their position typed, its fields
# read in C
cpdef allowance(Position state, i)

cpdef step_to(Position state, i, b)

@cython.locals(f=Figures, reach=cython.longlong, sx=cython.longlong, sy=cython.longlong)
cpdef list single_move(Position state, action, side)

@cython.locals(f=Figures, c=Components, xs=list, ys=list, hx=cython.longlong,
               hy=cython.longlong, reach=cython.longlong, forward=cython.longlong,
               moved=Marks, went=list, men=list, way=ManWay)
cpdef list to_cover(Position state, str group)

@cython.locals(kept=tuple, anchors=tuple, band=list, lo=cython.longlong, hi=cython.longlong,
               start=cython.Py_ssize_t, end=cython.Py_ssize_t)
cpdef object cover_point(Components c, long long hx, long long hy, long long reach,
                         long long forward)

# the points of cover in a band of y: kept by the components, bisected in C
@cython.locals(kept=tuple, anchors=tuple, band=list, start=cython.Py_ssize_t)
cpdef tuple anchors_between(Components c, long long lo_y, long long hi_y)

cdef dict ANCHORS  # _anchors_by_y(c), by the components

cpdef object acting_part(Position state, action)

cpdef figure(Position state, fid)

cpdef weapon_of(Position state, i)

cpdef cut(Position state, group)

cpdef point_move(Position state, action, side)

cpdef shot(Position state, action, side)

# Move and Fire's action (MoveFire.apply): its verb a string, compared in C
@cython.locals(verb=str, args=tuple, went=list, code=cython.long, n=cython.Py_ssize_t,
               count=cython.Py_ssize_t, text=str)
cpdef move_fire_apply(Position state, action, str side)

cdef dict MOVE_VERBS  # Move and Fire's verbs by number
cdef long GROUP_VERBS, FIGURE_VERBS

@cython.locals(i=cython.Py_ssize_t, f=Figures)
cpdef object _acting_part(Position state, long code, tuple args)

# the section of a side's move, called in C
cpdef str move_rule(str side)

# Return Fire's offer (ReturnFire.offer): the position's fields read in C
@cython.locals(found=list, roster=Roster, volleys=cython.bint, fired=bytearray,
               pinned=bytearray, kinds=tuple, i=cython.Py_ssize_t, kit=OfferKit, foes=Index,
               lo=cython.longlong, hi=cython.longlong, acts=tuple, f=Figures, shooters=object)
cpdef list return_fire_offer(Position state, str side)

cdef tuple WEAPONS
