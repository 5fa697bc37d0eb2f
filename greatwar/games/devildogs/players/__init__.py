"""Devil Dogs' computer players: the scripted player, and for MCTS the determiniser (decks,
the opponent's hand and face-down cards and orders resampled) and the evaluator."""

from __future__ import annotations

from greatwar.core.play import Player
from greatwar.games.devildogs.players.determinize import determinize
from greatwar.games.devildogs.players.eval import evaluate
from greatwar.games.devildogs.players.heuristic import DevilDogsHeuristic

__all__ = ["DevilDogsHeuristic", "determinize", "evaluate", "heuristic"]


def heuristic(side: str, seed: int) -> Player:
    """The scripted player of ``side`` (see ``heuristic.py``)."""
    return DevilDogsHeuristic(side, seed)
