# Declarations Cython reads when it compiles state.py (an augmenting .pxd; state.py itself
# stays plain Python and is the reference): the engine's own fields as C struct members of an
# extension type. ``apply_action``, ``legal_actions`` and ``sides_to_act`` read them at every
# action, each in a few instructions where the generic attribute lookup of an instance field
# costs a hundred. A game's state is a Python subclass (its own fields in its instance dict),
# or an extension type that takes this one for base (marne1914 and trenches ``Position``).
from greatwar.core.chain cimport Chain
from greatwar.core.rng cimport Rng


cdef class State:
    cdef dict __dict__  # a bare State keeps a dict too, as in Python
    cdef public object game, seed, lean_view
    cdef public Rng rng  # (a test's rigged generator is an Rng too)
    cdef public list stack
    cdef public Chain _history, _chance, _log  # (appended to in C)
    cdef public dict _log_views
    cdef public object _asked, _end, _last_side, _legal_cache, _public, _revealed
    cdef public object _undo_floor, _winner
