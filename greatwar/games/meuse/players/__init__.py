"""Meuse-Argonne's computer players: the scripted player (no determinize or evaluate yet, so
MCTS resamples only the dice and plays its rollouts to the end)."""

from __future__ import annotations

from greatwar.core.play import Player
from greatwar.games.meuse.players.heuristic import MeuseHeuristic

__all__ = ["MeuseHeuristic", "heuristic"]


def heuristic(side: str, seed: int) -> Player:
    """The scripted player of ``side`` (see ``heuristic.py``)."""
    return MeuseHeuristic(side, seed)
