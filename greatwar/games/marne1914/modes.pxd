# Declarations Cython reads when it compiles modes.py (an augmenting .pxd; modes.py itself
# stays plain Python): the modes prompt's kept actions as an extension type, its fields and
# the dicts it reads at every offer through their own C calls.
import cython

from greatwar.games.marne1914.state cimport Position


cdef class ModesMemo:
    cdef public object frame
    cdef public list hqs, leaving, flat
    cdef public dict pending, actions

    @cython.locals(mode=dict, offered=list, actions=dict, flat=list)
    cpdef list offer(self, Position state, dict pending)

    @cython.locals(seen=dict, actions=dict, mode=dict)
    cpdef update(self, Position state, dict pending)

    @cython.locals(actions=dict, now=tuple, was=tuple, flat=list, i=cython.Py_ssize_t)
    cpdef chose(self, Position state, hq, chosen)


# the modes prompt's offer: the memo's methods called in C
@cython.locals(pending=dict, memo=ModesMemo)
cpdef list modes_offer(Position state, frame, side)


# asked of every HQ at every modes offer: the position's sets and dicts read in C
@cython.locals(limited=cython.bint, row=list, found=tuple, at=cython.Py_ssize_t,
               k=cython.Py_ssize_t)
cpdef tuple mode_actions(Position state, hq, chosen)


# 5.2.3 the modes prompt's answer: the position's dicts and the memo read in C
@cython.locals(memo=ModesMemo)
cpdef set_face_down(Position state, frame, side, hq_id, mode)
