"""Goldens: the legal-action counts of fixed positions (perft-like) and a fixed seed's log.

Any change of behaviour shows as a failed comparison with the files in ``goldens/``. After a
deliberate change of the rules, rewrite them and review the diff before committing:

    GREATWAR_REGEN_GOLDENS=1 .venv/bin/pytest tests/fbsm/test_goldens.py

With that variable set to 1 the tests write the files instead of comparing.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from greatwar.ai.random_player import RandomPlayer
from greatwar.core import load_game
from greatwar.games.fbsm.state import FbsmState
from tests.fbsm.positions import (
    new_state,
    pass_action,
    play,
    position,
    scripted_setup,
)

GOLDENS = Path(__file__).parent / "goldens"
ACTION_COUNTS = GOLDENS / "action_counts.json"
PLAYTHROUGH = GOLDENS / "playthrough_seed7.txt"
REGENERATE = os.environ.get("GREATWAR_REGEN_GOLDENS") == "1"
PLAYTHROUGH_SEED, PLAYTHROUGH_ACTIONS = 7, 600


def passed_to(state: FbsmState, prompt: str, side: str) -> FbsmState:
    """Pass every other prompt (end, done, stay, decline) until ``prompt`` asks ``side``."""
    while not (state.stack and state.stack[-1]["p"] == prompt and state.stack[-1]["side"] == side):
        assert not state.is_terminal(), f"the game ended before {side} was asked to {prompt}"
        state.apply_action(pass_action(state.legal_actions()))
    return state


def first_of(state: FbsmState, verb: str) -> FbsmState:
    """Take the first offered action with this verb."""
    state.apply_action(next(a for a in state.legal_actions() if a.verb == verb))
    return state


def turn_one(prompt: str, side: str) -> FbsmState:
    """Seed 1 after the scripted US set-up, passed on to a prompt of turn 1."""
    return passed_to(scripted_setup(new_state(1)), prompt, side)


def fire_position() -> FbsmState:
    """A US fire phase on turn 2 around the Moulins ridge, built from data."""
    units = {
        "U01": "2527",
        "U02": "2627",
        "H1": "2426",
        "H2": "2124",
        "G004": "2528",
        "G016": "2528",
        "G001": "2629",
        "G046": "2431",
        "G002": "2230",
    }
    return position(units, phase="VI", prompt="fire", side="us")


POSITIONS: dict[str, Callable[[], FbsmState]] = {
    "us_setup_start": lambda: new_state(1),
    "german_bombardment_turn1_seed1": lambda: turn_one("bombard", "german"),
    "german_movement_turn1_seed1": lambda: turn_one("movement", "german"),
    "german_move_first_unit_turn1_seed1": lambda: first_of(turn_one("movement", "german"), "move"),
    "us_fire_turn1_seed1": lambda: turn_one("fire", "us"),
    "us_fire_group_turn1_seed1": lambda: first_of(turn_one("fire", "us"), "fire"),
    "us_fire_moulins_turn2": fire_position,
    "us_fire_group_moulins_turn2": lambda: play(fire_position(), "fire 2528"),
}


def count_and_digest(state: FbsmState) -> dict[str, object]:
    actions = sorted(str(a) for a in state.legal_actions())
    digest = hashlib.sha256("\n".join(actions).encode()).hexdigest()
    return {"prompt": state.stack[-1]["p"], "count": len(actions), "sha256": digest}


def compare_or_write(path: Path, text: str) -> None:
    if REGENERATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"{path.name} is missing: run with GREATWAR_REGEN_GOLDENS=1"
    assert text == path.read_text(encoding="utf-8"), (
        f"{path.name} differs: if the change is intended, regenerate with "
        "GREATWAR_REGEN_GOLDENS=1 and review the diff"
    )


def test_action_counts_of_fixed_positions() -> None:
    counts = {name: count_and_digest(make()) for name, make in POSITIONS.items()}
    assert all(entry["count"] for entry in counts.values())
    compare_or_write(ACTION_COUNTS, json.dumps(counts, indent=1, sort_keys=True) + "\n")


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_each_golden_position_is_reproducible(name: str) -> None:
    assert count_and_digest(POSITIONS[name]()) == count_and_digest(POSITIONS[name]())


def playthrough() -> str:
    """Seed 7, random players on both sides, play-balance rules, the first 600 actions."""
    game = load_game("fbsm", {"play_balance": True})
    state = game.new_initial_state(PLAYTHROUGH_SEED)
    players = {side: RandomPlayer(PLAYTHROUGH_SEED) for side in game.sides}
    for _ in range(PLAYTHROUGH_ACTIONS):
        if state.is_terminal():
            break
        side = state.current_player()
        state.apply_action(players[side].choose(state, side), side)
    return "".join(f"[{entry.rule}] {entry.text}\n" for entry in state.log())


def test_golden_playthrough_seed_7() -> None:
    compare_or_write(PLAYTHROUGH, playthrough())
