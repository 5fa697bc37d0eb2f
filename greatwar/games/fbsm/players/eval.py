"""How an unfinished FBSM game stands, from one side's observation: -1 lost .. +1 won.

A logistic model of the German's chance to win (4.3, 4.4, 13.3) on a few public features:
forces left on each side, how near the German spearhead is to the south exit, and the turns
left under the play-balance rules. Its weights were fitted by logistic regression on the
turn-start positions of 400 games between the scripted players (200 with and 200 without the
play-balance rules), each labelled by who won in the end; on held-out games it calls the
winner of a turn-start position 72 % of the time.
"""

from __future__ import annotations

import math
from typing import Any

from greatwar.core.state import State
from greatwar.games.fbsm.data import GERMAN
from greatwar.games.fbsm.players.picture import Knowledge, knowledge
from greatwar.games.fbsm.state import FbsmState

GERMAN_UNITS = 112  # 2.4: the counter mix (PROVENANCE: 112 German units)
US_UNITS = 57  # 3.2: 48 platoons and 9 emplacements
LAST_TURN = 16  # 13.2

# feature name -> weight; "bias" is the intercept
WEIGHTS = {
    "bias": 5.56,
    "german": 15.29,
    "us": -16.34,
    "spearhead": -5.63,
    "near_exit": -0.86,
    "balance": -1.46,
    "turns_left": 0.93,
}


def features(view: dict[str, Any], play_balance: bool, k: Knowledge) -> dict[str, float]:
    """The model's inputs, from an observation (greatwar.games.fbsm.view)."""
    german = us = 0
    spearhead = 40.0
    near = 0
    for stack in view["stacks"]:
        if stack["side"] == GERMAN:
            german += stack["count"]
            distance = k.exit_distance[k.index[stack["hex"]]]
            spearhead = min(spearhead, distance)
            if distance <= 10:
                near += stack["count"]
        else:
            us += stack["count"]
    german += view["container"]
    turns_left = max(0, LAST_TURN - view["turn"]) / LAST_TURN if play_balance else 0.0
    return {
        "bias": 1.0,
        "german": german / GERMAN_UNITS,
        "us": us / US_UNITS,
        "spearhead": min(spearhead, 40.0) / 40.0,
        "near_exit": min(near, 10) / 10,
        "balance": 1.0 if play_balance else 0.0,
        "turns_left": turns_left,
    }


def german_chance(values: dict[str, float]) -> float:
    z = sum(WEIGHTS[name] * x for name, x in values.items())
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def board_features(state: FbsmState, play_balance: bool, k: Knowledge) -> dict[str, float]:
    """``features`` read straight from the position, from public facts only (stack sizes and
    hexes, the container's size, the turn), without building an observation: the same
    numbers, for search, which scores thousands of positions a second."""
    german = us = 0
    spearhead = 40.0
    near = 0
    counters = state.c.counters
    exit_distance = k.exit_distance
    for hex_index, stack in state.stacks.items():
        if counters[stack[0]].side == GERMAN:
            german += len(stack)
            distance = exit_distance[hex_index]
            spearhead = min(spearhead, distance)
            if distance <= 10:
                near += len(stack)
        else:
            us += len(stack)
    german += len(state.container)
    turns_left = max(0, LAST_TURN - state.turn) / LAST_TURN if play_balance else 0.0
    return {
        "bias": 1.0,
        "german": german / GERMAN_UNITS,
        "us": us / US_UNITS,
        "spearhead": min(spearhead, 40.0) / 40.0,
        "near_exit": min(near, 10) / 10,
        "balance": 1.0 if play_balance else 0.0,
        "turns_left": turns_left,
    }


def evaluate(state: State, side: str) -> float:
    """``side``'s prospects: 2 P(side wins) - 1, from what both sides see."""
    if state.is_terminal():
        return 1.0 if state.winner() == side else -1.0
    assert isinstance(state, FbsmState)
    play_balance = bool(state.game.options.get("play_balance", False))
    chance = german_chance(board_features(state, play_balance, knowledge()))
    value = 2 * chance - 1
    return value if side == GERMAN else -value
