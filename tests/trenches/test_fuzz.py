"""Random-play fuzzing: whole games between random and scripted players, every seat (the game
master too), checked at every step: no exception, no dead end, every figure on the table at
integer tenths of an inch inside the table and never in uncut wire (Barbed Wire), French
lines never go back to the Germans (German morale). At the end, replaying the history by its
string form reproduces the final position exactly (fingerprint)."""

from __future__ import annotations

import json

import pytest

from greatwar.ai.random_player import RandomPlayer
from greatwar.core import load_game
from greatwar.core.play import Player
from greatwar.games.trenches import geometry as geo
from greatwar.games.trenches.data import FRENCH, GERMAN, GM
from greatwar.games.trenches.players import heuristic
from greatwar.games.trenches.state import TrenchesState

FUZZED_GAMES = 6  # in CI; `python -m tests.trenches.test_fuzz N` fuzzes N more
VIEW_EVERY = 37


def check_invariants(state: TrenchesState, *, wire: bool = True) -> None:
    c = state.c
    uncut = [c.wire[w].shape for w in state.uncut_wire()]
    for i in state.on_table():
        x, y = state.at(i)
        assert type(x) is int and type(y) is int
        assert 0 <= x <= c.width and 0 <= y <= c.depth
        if wire and not state.fig(i).is_tank:
            assert not any(geo.inside(w, (x, y)) for w in uncut), state.label(i)
    assert all(o in (FRENCH, GERMAN) for o in state.owner)


def players(seed: int) -> dict[str, Player]:
    """Seeds cycle through random against random, random French against the scripted
    Germans and the scripted French against random Germans."""
    kind = seed % 3
    french: Player = heuristic(FRENCH, seed) if kind == 2 else RandomPlayer(seed)
    german: Player = heuristic(GERMAN, seed) if kind == 1 else RandomPlayer(seed + 1)
    return {FRENCH: french, GERMAN: german, GM: RandomPlayer(seed + 2)}


def fuzz_one(seed: int, **options: object) -> TrenchesState:
    game = load_game("trenches", options)
    state = game.new_initial_state(seed)
    assert isinstance(state, TrenchesState)
    seats = players(seed)
    steps = 0
    before = state.owner
    while not state.is_terminal():
        side = state.current_player()
        legal = state.legal_actions(side)
        assert legal, f"dead end at step {steps}"
        action = seats[side].choose(state, side)
        if steps % VIEW_EVERY == 0:
            for s in game.sides:
                json.dumps(state.observation(s))
            state.apply_action(str(action), side)
        else:
            state.apply_action(action, side)
        check_invariants(state, wire=steps % 5 == 0)
        assert all(o == FRENCH for o, b in zip(state.owner, before, strict=True) if b == FRENCH)
        before = list(state.owner)
        steps += 1
        assert steps < 50_000
    replayed = game.new_initial_state(seed)
    for played in state.history():
        replayed.apply_action(str(played.action), played.side)
    assert replayed.fingerprint() == state.fingerprint()
    return state


@pytest.mark.parametrize("seed", range(FUZZED_GAMES))
def test_the_game_sequence_fuzz_random_games_end_and_replay(seed: int) -> None:
    options = {"game_master": "person"} if seed % 2 else {}
    state = fuzz_one(seed, **options)
    assert state.winner() in (FRENCH, GERMAN)
    assert state.returns()[2] == 0.0  # the game master neither wins nor loses


if __name__ == "__main__":  # a long fuzz: python -m tests.trenches.test_fuzz 200 [first seed]
    import sys

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    start = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    for seed in range(start, start + count):
        options: dict[str, object] = {"turn_limit": 8}  # shorter games, more of them
        if seed % 2:
            options["game_master"] = "person"
        final = fuzz_one(seed, **options)
        print(seed, final.winner(), final.turn, len(final.history()), flush=True)
