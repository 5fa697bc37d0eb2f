"""Devil Dogs' computer players: the scripted player, and for MCTS the determiniser (decks,
the opponent's hand and face-down cards and orders resampled) and the evaluator."""

from __future__ import annotations

from greatwar.core.play import Player
from greatwar.games.devildogs.players.determinize import determinize
from greatwar.games.devildogs.players.eval import evaluate, outcome
from greatwar.games.devildogs.players.heuristic import DevilDogsHeuristic

# MCTS constants for this game: a whole game is about 130 actions, so rollouts play to the end
SEARCH = {"rollout_actions": 400}
# The rollout player's: rollouts play to the end (a game is ~0.05 s); three candidates, and no
# search on committing or resetting the cards placed (no real choice) nor on the order
# indicators (rollouts almost never overruled the scripted orders)
ROLLOUT = {"candidates": 3, "same_stop": 2, "skip": ("commit", "reset", "order")}

__all__ = [
    "ROLLOUT",
    "SEARCH",
    "DevilDogsHeuristic",
    "determinize",
    "evaluate",
    "heuristic",
    "outcome",
]


def heuristic(side: str, seed: int) -> Player:
    """The scripted player of ``side`` (see ``heuristic.py``)."""
    return DevilDogsHeuristic(side, seed)
