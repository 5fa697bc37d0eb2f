# Declarations Cython reads when it compiles movement.py (an augmenting .pxd; movement.py
# itself stays plain Python): the move prompt's offer, made after every move of a sector's
# units, with its containers typed, so that a membership test or an index is a direct call
# into the dict, set, list or tuple instead of the interpreter's generic protocol.
import cython


@cython.locals(
    kept=list, occupied=bytearray, where=list, pinned=set, actions=list, plan=tuple,
    table=tuple, stay=tuple, refuse=tuple, h=cython.Py_ssize_t, unit=cython.Py_ssize_t,
    before=cython.Py_ssize_t,
    all_free=cython.bint, can_move=cython.bint, advance=cython.bint, retreat=cython.bint,
)
cpdef tuple offer_moves(state, side, tuple units, kind, allowance)

# what the offer reads of each unit, called from it without the interpreter
cpdef tuple unit_actions(state, verb)

@cython.locals(cache=dict, found=list)
cpdef list plans(state, side, kind, allowance)

cpdef tuple _plan(state, unit, kind, allowance)
cpdef tuple move_actions(state, unit)

@cython.locals(kept_open=dict, found=tuple, cache=dict, enemies=frozenset, kept=tuple)
cpdef tuple _ends(state, unit, allowance, kind)

@cython.locals(
    kept=list, occupied=bytearray, where=list, pinned=set, plan=tuple, h=cython.Py_ssize_t,
    retreat=cython.bint, unit=cython.Py_ssize_t,
)
cpdef bint can_move(state, side, tuple units, kind, allowance)
