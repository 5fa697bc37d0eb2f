"""Goldens: the legal-action counts of fixed positions (perft-like) and a fixed seed's log.

Any change of behaviour shows as a failed comparison with the files in ``goldens/``. After a
deliberate change of the rules, rewrite them and review the diff before committing:

    GREATWAR_REGEN_GOLDENS=1 .venv/bin/pytest tests/meuse/test_goldens.py
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
from greatwar.games.meuse.state import MeuseState
from tests.meuse.positions import new_state, pass_action, play, position, prompt, scripted_setup

GOLDENS = Path(__file__).parent / "goldens"
ACTION_COUNTS = GOLDENS / "action_counts.json"
PLAYTHROUGH = GOLDENS / "playthrough_seed7.txt"
REGENERATE = os.environ.get("GREATWAR_REGEN_GOLDENS") == "1"
PLAYTHROUGH_SEED, PLAYTHROUGH_ACTIONS = 7, 900


def passed_to(state: MeuseState, name: str, side: str) -> MeuseState:
    """Pass every other prompt until ``name`` asks ``side``."""
    while not (prompt(state) == name and state.stack[-1]["side"] == side):
        assert not state.is_terminal(), f"the game ended before {side} was asked to {name}"
        play(state, pass_action(state))
    return state


def first_of(state: MeuseState, verb: str) -> MeuseState:
    """Take the first offered action with this verb."""
    state.apply_action(next(a for a in state.legal_actions() if a.verb == verb))
    return state


def allied_done(state: MeuseState) -> MeuseState:
    """The Allied set-up done with the first hex offered each time."""
    while prompt(state) == "allied_setup":
        state.apply_action(state.legal_actions()[0])
    return state


def german_reserves(state: MeuseState) -> MeuseState:
    while prompt(state) == "allied_setup" or len(state.hexes_of("german")) < 20:
        state.apply_action(state.legal_actions()[0])
    return state


def turn_one(name: str, side: str) -> MeuseState:
    return passed_to(scripted_setup(new_state(1)), name, side)


def argonne_fight() -> MeuseState:
    """An Allied combat phase at the Aire: Varennes, Vauquois and the Argonne woods."""
    units = {
        "us28": "0819",
        "us35": "0920",
        "us77": "1019",
        "us3": "0719",
        "g1G": "0818",
        "g15": "0919",
        "g5G": "1018",
        "g37": "0918",
    }
    return position(units, support=True)


POSITIONS: dict[str, Callable[[], MeuseState]] = {
    "allied_setup_start": lambda: new_state(1),
    "german_stellung_setup_seed1": lambda: allied_done(new_state(1)),
    "german_reserve_setup_seed1": lambda: german_reserves(new_state(1)),
    "allied_bombardment_turn1_seed1": lambda: turn_one("bombard", "allied"),
    "allied_combat_turn1_seed1": lambda: turn_one("combat", "allied"),
    "german_movement_turn1_seed1": lambda: turn_one("movement", "german"),
    "german_move_first_unit_turn1_seed1": lambda: first_of(turn_one("movement", "german"), "move"),
    "allied_combat_argonne": argonne_fight,
    "allied_attack_stellung_0919": lambda: play(argonne_fight(), "attack 0919"),
    "allied_movement_turn3": lambda: position(
        {"us3": "1706", "us4": "1606", "g15": "1704"}, phase=("allied", "movement"), turn=3
    ),
}


def count_and_digest(state: MeuseState) -> dict[str, object]:
    actions = sorted(str(a) for a in state.legal_actions())
    digest = hashlib.sha256("\n".join(actions).encode()).hexdigest()
    return {"prompt": prompt(state), "count": len(actions), "sha256": digest}


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
    assert counts["allied_setup_start"]["count"] == 122  # 11.2: the hexes south of the line
    assert counts["german_stellung_setup_seed1"]["count"] == 22  # 19.4: the Stellung hexes
    compare_or_write(ACTION_COUNTS, json.dumps(counts, indent=1, sort_keys=True) + "\n")


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_each_golden_position_is_reproducible(name: str) -> None:
    assert count_and_digest(POSITIONS[name]()) == count_and_digest(POSITIONS[name]())


def playthrough() -> str:
    """Seed 7, random players on both sides, the first 900 actions: actions and log."""
    game = load_game("meuse")
    state = game.new_initial_state(PLAYTHROUGH_SEED)
    players = {side: RandomPlayer(PLAYTHROUGH_SEED) for side in game.sides}
    for _ in range(PLAYTHROUGH_ACTIONS):
        if state.is_terminal():
            break
        side = state.current_player()
        state.apply_action(players[side].choose(state, side), side)
    actions = "".join(f"{p}\n" for p in state.history())
    log = "".join(f"[{entry.rule}] {entry.text}\n" for entry in state.log())
    return f"# actions\n{actions}# log\n{log}"


def test_golden_playthrough_seed_7() -> None:
    compare_or_write(PLAYTHROUGH, playthrough())
