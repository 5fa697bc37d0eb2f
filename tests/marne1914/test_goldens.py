"""Goldens: legal-action counts of fixed positions (perft-like) and a fixed seed's log.

Any change of behaviour shows as a failed comparison with the files in ``goldens/``. After a
deliberate change of the rules, rewrite them and review the diff before committing:

    GREATWAR_REGEN_GOLDENS=1 .venv/bin/pytest tests/marne1914/test_goldens.py
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from greatwar.ai.registry import heuristic
from greatwar.core import load_game
from greatwar.games.marne1914.state import MarneState
from tests.marne1914.positions import deployed, new_state

GOLDENS = Path(__file__).parent / "goldens"
ACTION_COUNTS = GOLDENS / "action_counts.json"
PLAYTHROUGH = GOLDENS / "playthrough_seed7.txt"
REGENERATE = os.environ.get("GREATWAR_REGEN_GOLDENS") == "1"
PLAYTHROUGH_ACTIONS = 700


def advance_to(state: MarneState, prompt: str, side: str) -> MarneState:
    pass_order = ("commit", "first", "end", "done", "stop", "decline", "resolve", "roll", "stay")
    while not (state.stack and state.stack[-1]["p"] == prompt and side in state.sides_to_act()):
        acting = state.sides_to_act()[0]
        legal = [str(a) for a in state.legal_actions(acting)]
        state.apply_action(next((a for a in pass_order if a in legal), legal[0]), acting)
    return state


POSITIONS: dict[str, Callable[[], MarneState]] = {
    "allied setup": lambda: new_state(),
    "german setup": lambda: _after(new_state(), "standard"),
    "turn 1 modes allied": lambda: deployed(),
    "turn 1 german movement": lambda: advance_to(deployed(), "movement", "german"),
    "turn 1 allied movement": lambda: advance_to(deployed(), "movement", "allied"),
    "turn 1 allied reinforcements": lambda: advance_to(deployed(), "reinforce", "allied"),
    "turn 1 german combat": lambda: advance_to(deployed(), "combat", "german"),
}


def _after(state: MarneState, action: str) -> MarneState:
    state.apply_action(action)
    return state


def counts() -> dict[str, int]:
    out = {}
    for name, make in POSITIONS.items():
        state = make()
        side = state.sides_to_act()[0] if "german" not in name else "german"
        if "allied" in name:
            side = "allied"
        out[name] = len(state.legal_actions(side))
    return out


def test_legal_action_counts_of_fixed_positions() -> None:
    found = counts()
    if REGENERATE or not ACTION_COUNTS.exists():
        ACTION_COUNTS.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    assert found == json.loads(ACTION_COUNTS.read_text())


def playthrough() -> str:
    game = load_game("marne1914")
    state = game.new_initial_state(7)
    players = {s: heuristic("marne1914", s, 7) for s in game.sides}
    for _ in range(PLAYTHROUGH_ACTIONS):
        if state.is_terminal():
            break
        side = state.current_player()
        state.apply_action(players[side].choose(state, side), side)
    lines = [f"{p.side}: {p.action}" for p in state.history()]
    lines += [f"[{e.rule}] {e.text}" for e in state.log()]
    return "\n".join(lines) + "\n"


def test_golden_playthrough_seed_7() -> None:
    text = playthrough()
    if REGENERATE or not PLAYTHROUGH.exists():
        PLAYTHROUGH.write_text(text)
    assert text == PLAYTHROUGH.read_text()
