"""Devil Dogs' computer players: the scripted player (no determinize or evaluate yet, so
MCTS resamples only the dice and plays its rollouts to the end)."""

from __future__ import annotations

from greatwar.core.play import Player
from greatwar.games.devildogs.players.heuristic import DevilDogsHeuristic

__all__ = ["DevilDogsHeuristic", "heuristic"]


def heuristic(side: str, seed: int) -> Player:
    """The scripted player of ``side`` (see ``heuristic.py``)."""
    return DevilDogsHeuristic(side, seed)
