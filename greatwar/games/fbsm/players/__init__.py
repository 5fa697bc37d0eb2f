"""FBSM's computer players: the scripted player, and the helpers MCTS uses for this game.

The contract every game's ``players`` package keeps (found by ``greatwar.ai`` through
``greatwar.games.<id>.players``): ``heuristic(side, seed)`` and, optionally,
``determinize(state, side, rng)`` and ``evaluate(state, side)``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from greatwar.core.play import Player, weighted_styles
from greatwar.games.fbsm.data import GERMAN, US
from greatwar.games.fbsm.players.determinize import determinize
from greatwar.games.fbsm.players.eval import evaluate
from greatwar.games.fbsm.players.heuristic import FbsmHeuristic, Weights

# The rollout player's constants: rollouts stop at the next turn boundary (a whole game is
# ~0.3 s) and the evaluator scores them; of a side's ~1,000 choices a game, only fire targets,
# advances after combat and the rally are searched, not the unit-by-unit set-up, entries,
# moves, fire groups and bombardment markers that make up the rest
ROLLOUT = {
    "turns": 1,
    "skip": ("place", "enter", "move", "to", "stay", "add", "resolve", "cancel", "bombard"),
}

# The rollout player's styles (greatwar.ai.rollout): the script's weights first, then variants
# of them it may play a turn with, chosen by rollouts. Against the US script a German that
# weighs the enemy's fire (danger 4) and cover (1.5) more won 96 of 100 games where the
# script's German won 51 (standard rules, seeds 0-99). Near variants of the US weights did not
# beat the US script (twenty won 21-44 of 100 where it won 49); two switches did: a US that
# values a German target by its fire factor (firepower 1: strong units first) won 140 of 200
# games against the German script where the US script won 80 (seeds 0-199), and with its
# forward platoons set up back towards the road (depth 1) 158; further back (depth 2) 160,
# and weighing its own fire more when it moves (shoot 3) 161. The US styles leave the script
# out: a one-turn rollout scores the script's forward set-up best (it kills more Germans on
# turn 1 and the evaluator cannot see depth), and with the script among them the search as US
# won 8 of 20; ties go to the first, "aimed".
STYLES: dict[str, dict[str, dict[str, Any]]] = {  # a side: its styles: weight changes
    US: {
        "aimed": {"firepower": 1.0, "depth": 1.0},
        "deep": {"firepower": 1.0, "depth": 2.0},
        "keen": {"firepower": 1.0, "depth": 1.0, "shoot": 3.0},
    },
    GERMAN: {
        "script": {},
        "careful": {"danger": 4.0, "cover": 1.5},
        "wary": {"danger": 6.0},
        "assault": {"danger": 4.0, "assault": 3.0},
    },
}

__all__ = ["ROLLOUT", "STYLES", "FbsmHeuristic", "determinize", "evaluate", "heuristic", "styles"]


def heuristic(side: str, seed: int) -> Player:
    """The scripted player of ``side`` (see ``heuristic.py``)."""
    return FbsmHeuristic(side, seed)


def styles(side: str) -> dict[str, Callable[[int], Player]]:
    """The scripted player of ``side`` in each of its styles (``STYLES``), by name."""
    return weighted_styles(
        partial(FbsmHeuristic, side), Weights.for_side(side), STYLES.get(side, {})
    )
