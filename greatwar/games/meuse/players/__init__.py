"""Meuse-Argonne's computer players: the scripted player and its evaluator of unfinished
positions for MCTS (no hidden information but the dice, which MCTS resamples itself)."""

from __future__ import annotations

from greatwar.core.play import Player
from greatwar.games.meuse.players.eval import evaluate
from greatwar.games.meuse.players.heuristic import MeuseHeuristic

# The rollout player's constants: rollouts stop at the next turn boundary (a whole game is
# ~0.8 s) and the evaluator scores them; unit-by-unit placement and movement are not searched
ROLLOUT = {"turns": 1, "skip": ("place", "move", "to", "stay")}

__all__ = ["ROLLOUT", "MeuseHeuristic", "evaluate", "heuristic"]


def heuristic(side: str, seed: int) -> Player:
    """The scripted player of ``side`` (see ``heuristic.py``)."""
    return MeuseHeuristic(side, seed)
