"""What the trenches game adds to the shared contract suite (tests/contract): the invariants
checked after every fuzzed action and the checks of a finished game."""

from __future__ import annotations

from greatwar.core.state import State
from greatwar.games.trenches import geometry as geo
from greatwar.games.trenches.data import FRENCH, GERMAN, GM
from greatwar.games.trenches.state import TrenchesState


def check_invariants(state: State) -> None:
    """Every figure on the table at integer tenths of an inch inside the table, never in uncut
    wire (Barbed Wire; tanks roll over it), and every trench line held by one side."""
    assert isinstance(state, TrenchesState)
    c = state.c
    uncut = [c.wire[w].shape for w in state.uncut_wire()]
    for i in state.on_table():
        x, y = state.at(i)
        assert type(x) is int and type(y) is int
        assert 0 <= x <= c.width and 0 <= y <= c.depth
        if not state.fig(i).is_tank:
            assert not any(geo.inside(w, (x, y)) for w in uncut), state.label(i)
    assert all(o in (FRENCH, GERMAN) for o in state.owner)


def check_end(state: State) -> None:
    """Victory: the French win holding all three lines, the Germans by the proposed condition
    (PROVENANCE.md); the game master neither wins nor loses."""
    assert isinstance(state, TrenchesState)
    assert state.winner() in (FRENCH, GERMAN)
    assert state.returns()[state.game.sides.index(GM)] == 0.0
    if state.winner() == FRENCH:
        assert all(o == FRENCH for o in state.owner)
