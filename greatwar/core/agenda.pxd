# Declarations Cython reads when it compiles agenda.py (an augmenting .pxd): the agenda's
# loop reads the engine's fields of its state as C struct members (core/state.pxd).
from greatwar.core.state cimport State


cpdef run_agenda(State state)
