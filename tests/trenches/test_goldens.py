"""Goldens: legal-action counts along a fixed line of play (perft-like) and a fixed seed's
log. After a deliberate change of the rules, rewrite them and review the diff:

    GREATWAR_REGEN_GOLDENS=1 .venv/bin/pytest tests/trenches/test_goldens.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from greatwar.ai.random_player import RandomPlayer
from greatwar.core import load_game
from greatwar.core.play import play

GOLDENS = Path(__file__).parent / "goldens"
REGENERATE = os.environ.get("GREATWAR_REGEN_GOLDENS") == "1"


def compare_or_write(path: Path, text: str) -> None:
    if REGENERATE:
        path.write_text(text, encoding="utf-8")
        pytest.skip(f"rewrote {path.name}")
    assert path.read_text(encoding="utf-8") == text


def test_the_game_sequence_action_counts_along_the_last_action_line() -> None:
    """Always the last offered action (done, hold, ...): the counts each prompt offers."""
    state = load_game("trenches", {"turn_limit": 3}).new_initial_state(0)
    counts = []
    while not state.is_terminal():
        side = state.current_player()
        actions = state.legal_actions(side)
        counts.append(f"{state.stack[-1]['p']}:{len(actions)}")
        state.apply_action(actions[-1], side)
    compare_or_write(GOLDENS / "action_counts.json", json.dumps(counts) + "\n")


def test_the_game_sequence_golden_playthrough_seed_3() -> None:
    game = load_game("trenches", {"game_master": "person"})
    state = play(game, {s: RandomPlayer(3 + n) for n, s in enumerate(game.sides)}, 3)
    lines = [f"{p.side}: {p.action}" for p in state.history()]
    lines += [f"[{e.rule}] {e.text}" + (f" {list(e.dice)}" if e.dice else "") for e in state.log()]
    compare_or_write(GOLDENS / "playthrough_seed3.txt", "\n".join(lines) + "\n")
