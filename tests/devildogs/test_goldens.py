"""Goldens: legal-action counts along fixed lines of play (perft-like) and a fixed seed's log.

Any change of behaviour shows as a failed comparison with the files in ``goldens/``. After a
deliberate change of the rules, rewrite them and review the diff before committing:

    GREATWAR_REGEN_GOLDENS=1 .venv/bin/pytest tests/devildogs/test_goldens.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from greatwar.core import load_game
from greatwar.core import play as play_game
from greatwar.games.devildogs.data import SIDES
from greatwar.games.devildogs.players.heuristic import DevilDogsHeuristic
from tests.devildogs.positions import new_state

GOLDENS = Path(__file__).parent / "goldens"
ACTION_COUNTS = GOLDENS / "action_counts.json"
PLAYTHROUGH = GOLDENS / "playthrough_wheat_seed3.txt"
REGENERATE = os.environ.get("GREATWAR_REGEN_GOLDENS") == "1"
SCENARIOS = ("hill142", "wheat", "methodical", "gas", "army", "final", "vaux", "campaign")
LINE_LENGTH = 150  # actions followed in each scenario


def counts_along_first_actions(scenario: str) -> list[int]:
    """How many actions each prompt offers when every side always takes the first one."""
    state = new_state(scenario, seed=0)
    counts = []
    for _ in range(LINE_LENGTH):
        if state.is_terminal():
            break
        side = state.current_player()
        actions = state.legal_actions(side)
        counts.append(len(actions))
        state.apply_action(actions[0], side)
    return counts


def compare_or_write(path: Path, text: str) -> None:
    if REGENERATE:
        path.write_text(text, encoding="utf-8")
        pytest.skip(f"rewrote {path.name}")
    assert path.read_text(encoding="utf-8") == text


def test_action_counts_along_fixed_lines_of_play() -> None:
    rows = [f" {json.dumps(s)}: {json.dumps(counts_along_first_actions(s))}" for s in SCENARIOS]
    compare_or_write(ACTION_COUNTS, "{\n" + ",\n".join(rows) + "\n}\n")


def test_first_assignment_offers_every_card_for_every_sector() -> None:
    # 5.1, 5.2: hand = sectors + 1, so (sectors + 1) x sectors placements at the start.
    for scenario, sectors in (("hill142", 1), ("wheat", 3), ("campaign", 4)):
        state = new_state(scenario)
        for side in SIDES:
            assert len(state.legal_actions(side)) == (sectors + 1) * sectors


def transcript() -> str:
    game = load_game("devildogs", {"scenario": "wheat"})
    players = {side: DevilDogsHeuristic(side, 3) for side in SIDES}
    state = play_game(game, players, 3)
    lines = [f"{e.rule:>6}  {'[' + e.to + '] ' if e.to else ''}{e.text}" for e in state.log()]
    lines.append(f"winner: {state.winner()} ({len(state.history())} actions)")
    return "\n".join(lines) + "\n"


def test_golden_playthrough_of_a_fixed_seed() -> None:
    compare_or_write(PLAYTHROUGH, transcript())
