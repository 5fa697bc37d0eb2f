# Declarations Cython reads when it compiles sequence.py (an augmenting .pxd; sequence.py
# itself stays plain Python and is the reference): the terrain and the figures near a point,
# asked of every man at every end of turn, called in C, and the indexes' bands.
import cython

from greatwar.games.trenches.data cimport Components
from greatwar.games.trenches.geometry cimport on_table, tenths
from greatwar.games.trenches.index cimport Roster, SideIndex as Index, of_kinds
from greatwar.games.trenches.state cimport (
    Position, bunker_in, hole_in, line_in, marks, near_in)
from greatwar.games.trenches.specials cimport roll_tank  # called in C


# French reinforcements' captures and German morale's garrison: the indexes' bands asked in C
@cython.locals(near=list, germans=list, i=cython.Py_ssize_t, x=cython.longlong,
               y=cython.longlong, rows=bytes, xs=list, ys=list, key=str,
               last=cython.Py_ssize_t, kinds=cython.long, bands=tuple, holes=cython.Py_ssize_t,
               lines=list, hole_rows=list)
cpdef captures(Position state)

cdef long HOLES, LINES  # feature_rows' bits

cdef dict HOLE_KEYS  # a shell hole's key in state.credited, by its id
cdef dict FEATURE_ROWS  # feature_rows of the components' features, by the components

@cython.locals(found=list, last=cython.Py_ssize_t, i=cython.Py_ssize_t, y=cython.longlong,
               k=cython.Py_ssize_t, lo=cython.longlong, hi=cython.longlong)
cpdef list near_features(tuple figures, list ys, bytes rows, tuple bands, Py_ssize_t holes,
                         long kinds)


@cython.locals(german=Index, found=list, rows=list, i=cython.Py_ssize_t, tanks=tuple,
               xs=list, ys=list)
cpdef list garrison(Position state, long long line, long long beyond=*)

# a point's trench line read from a row of bytes by y, in C
@cython.locals(row=bytes)
cpdef long line_at(Components c, list rows, long long x, long long y) except -1

cdef dict LINE_ROWS  # line_rows(c), by the components

# a point's shell hole read from a row of bytes by y, in C
@cython.locals(row=bytes, k=cython.long)
cpdef object hole_at(Components c, tuple ground, list rows, long long x, long long y)

cdef dict HOLE_ROWS  # the rows of hole_row, by the components

@cython.locals(ground=tuple, found=bytearray, x=cython.longlong)
cpdef bytes line_row(Components c, long long y)

@cython.locals(discs=tuple, ids=tuple, found=bytearray, x=cython.longlong, k=cython.Py_ssize_t,
               cx=cython.longlong, cy=cython.longlong, radius=cython.longlong)
cpdef bytes hole_row(Components c, tuple ground, long long y)


# The game sequence's steps and what they call, their position typed: its fields read in C
cpdef clouds(Position state)

@cython.locals(regular=list, elite=list, regulars=cython.longlong, elites=cython.longlong,
               pip=cython.longlong, dice=cython.longlong, halve=cython.longlong, group=str)
cpdef move_phase(Position state, side)

@cython.locals(roster=Roster, groups=dict)
cpdef list on_table_groups(Position state, side)

cdef dict MOVE_PHASES, FIRE_PHASES  # the phases' names, by side

@cython.locals(rolled=list, pips=cython.longlong, pip=cython.longlong, allow=cython.longlong)
cpdef roll_group(Position state, str group, long long dice, long long halve)

@cython.locals(rolled=dict)
cpdef fortune(Position state)

cdef dict ROLLED  # rolled_events(c), by the components

cpdef return_fire(Position state, side)

cpdef hand_to_hand(Position state)

@cython.locals(threshold=cython.longlong, hq=list, attacking=cython.bint)
cpdef morale(Position state)

@cython.locals(where=str, part=str, group=str, n=cython.Py_ssize_t, x=cython.longlong,
               off=cython.longlong, px=cython.longlong)
cpdef arrive(Position state, action)

cpdef earn(Position state, group, key, dice)

cpdef reinforcements(Position state)

cpdef new_units(Position state)

cpdef surrender(Position state)

cpdef end_turn(Position state)

@cython.locals(owner=list, line=cython.Py_ssize_t)
cpdef check_victory(Position state)

@cython.locals(count=cython.Py_ssize_t, men=tuple)
cpdef Py_ssize_t infantry_count(Roster roster) except -1

@cython.locals(c=Components, wire=list, radius=cython.longlong, gas=list, px=cython.longlong,
               py=cython.longlong, steps=tuple, free=cython.longlong, k=cython.longlong,
               ring=cython.longlong, slot=cython.Py_ssize_t, dx=cython.longlong,
               dy=cython.longlong, reach=cython.longlong, x=cython.longlong, y=cython.longlong,
               blocked=cython.bint, x0=cython.longlong, y0=cython.longlong, x1=cython.longlong,
               y1=cython.longlong, gx=cython.longlong, gy=cython.longlong)
cpdef tuple beside(Position state, tuple p, long long n)

cdef tuple BESIDE_STEPS

@cython.locals(owner=list, key=cython.long, line=cython.Py_ssize_t, found=tuple, kept=dict)
cpdef tuple arrivals(Position state)

cdef dict ARRIVALS  # arrivals' actions, by the components, then by the lines still German
