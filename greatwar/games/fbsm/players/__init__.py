"""FBSM's computer players: the scripted player, and the helpers MCTS uses for this game.

The contract every game's ``players`` package keeps (found by ``greatwar.ai`` through
``greatwar.games.<id>.players``): ``heuristic(side, seed)`` and, optionally,
``determinize(state, side, rng)`` and ``evaluate(state, side)``.
"""

from __future__ import annotations

from greatwar.core.play import Player
from greatwar.games.fbsm.players.determinize import determinize
from greatwar.games.fbsm.players.eval import evaluate
from greatwar.games.fbsm.players.heuristic import FbsmHeuristic

__all__ = ["FbsmHeuristic", "determinize", "evaluate", "heuristic"]


def heuristic(side: str, seed: int) -> Player:
    """The scripted player of ``side`` (see ``heuristic.py``)."""
    return FbsmHeuristic(side, seed)
