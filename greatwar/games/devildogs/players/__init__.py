"""Devil Dogs' computer players: the scripted player, and for MCTS the determiniser (decks,
the opponent's hand and face-down cards and orders resampled) and the evaluator."""

from __future__ import annotations

from greatwar.core.play import Player
from greatwar.games.devildogs.players.determinize import determinize
from greatwar.games.devildogs.players.eval import evaluate
from greatwar.games.devildogs.players.heuristic import DevilDogsHeuristic

# MCTS constants for this game: a whole game is about 130 actions, so rollouts play to the end
SEARCH = {"rollout_actions": 400}

__all__ = ["SEARCH", "DevilDogsHeuristic", "determinize", "evaluate", "heuristic"]


def heuristic(side: str, seed: int) -> Player:
    """The scripted player of ``side`` (see ``heuristic.py``)."""
    return DevilDogsHeuristic(side, seed)
