"""Meuse-Argonne's computer players: the scripted player and its evaluator of unfinished
positions for MCTS (no hidden information but the dice, which MCTS resamples itself)."""

from __future__ import annotations

from greatwar.core.play import Player
from greatwar.games.meuse.players.eval import evaluate
from greatwar.games.meuse.players.heuristic import MeuseHeuristic

__all__ = ["MeuseHeuristic", "evaluate", "heuristic"]


def heuristic(side: str, seed: int) -> Player:
    """The scripted player of ``side`` (see ``heuristic.py``)."""
    return MeuseHeuristic(side, seed)
