# Declarations Cython reads when it compiles bombardment.py (an augmenting .pxd;
# bombardment.py itself stays plain Python and is the reference): where a shell lands and the
# log's text of it, the figures near it and the shell itself, called in C.
import cython

from greatwar.games.trenches.data cimport Components

from greatwar.games.trenches.fire cimport can_hit, casualty, shoot, targets
from greatwar.games.trenches.geometry cimport scatter, tenths
from greatwar.games.trenches.index cimport of_kinds
from greatwar.games.trenches.state cimport Position, near_in


@cython.locals(c=Components, lx=cython.longlong, ly=cython.longlong, numbers=tuple,
               directions=cython.longlong, blast=cython.longlong, radius=cython.longlong,
               rolled=list, pips=cython.longlong, pip=cython.longlong)
cpdef tuple land_shell(Position state, str side, str kind, object aim, long long dice, str rule)

# the guns' action (Guns.apply): the position's fields read in C
@cython.locals(c=Components, gun=cython.Py_ssize_t, dice=cython.longlong, pips=cython.longlong,
               done=tuple, verb=str)
cpdef guns_apply(Position state, dict frame, object action, str side)

cpdef list near(Position state, tuple p, long long reach)

cdef dict SCATTER  # scatter_numbers(c), by the components


# the bombardment's aims and steps, their position typed: its fields read in C
@cython.locals(found=dict)
cpdef dict aims(Position state, side)

@cython.locals(owner=list, key=cython.longlong, kept=dict, lines=tuple)
cpdef tuple lines_aimed(Position state, str side)

@cython.locals(key=cython.longlong, line=cython.Py_ssize_t)
cpdef long long aims_key(list owner, str side) except -1

@cython.locals(xs=list, ys=list, hq=tuple, last=cython.Py_ssize_t, leader=object)
cpdef object named_aim(Position state, str side, str name)

cpdef object aim_point(Position state, str side, tuple args)

cdef dict LINE_AIMS  # line_aims, by the components, then by the side and the lines French

@cython.locals(key=cython.longlong, kept=dict, lines=tuple, names=list, status=list,
               leaders=dict, group=str, hqs=tuple, i=cython.Py_ssize_t)
cpdef tuple aim_names(Position state, str side)

cdef dict HQ_FIGURES  # hq_figures(c), by the components

cdef dict LINE_NAMES  # aim_names' of the lines, by the components, then as LINE_AIMS

@cython.locals(kept=tuple, found=tuple, group=str)
cpdef tuple leader_groups(Components c, dict leaders)

cdef dict LEADER_GROUPS  # leader_groups', by the components

@cython.locals(kept=dict, key=cython.longlong, gid=str)
cpdef object gun_action(object c, Py_ssize_t g, Py_ssize_t t)

cdef long long GUN_SLOTS
cdef dict GUN_ACTIONS  # gun_action's, by the components

cpdef off_board(Position state, side)

cdef dict BOMBARDMENTS  # the phase's name, by side

cpdef guns(Position state, side)

@cython.locals(found=list, names=tuple, figures=tuple, done=object, g=cython.Py_ssize_t,
               gid=str, shells=tuple, t=cython.Py_ssize_t)
cpdef list guns_offer(Position state, dict frame, str side)

cdef tuple GUNS

cpdef on_board(Position state, side)
