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

# The rollout player's constants: rollouts stop at the next turn boundary (a whole game is
# ~0.3 s) and the evaluator scores them; of a side's ~1,000 choices a game, only fire targets,
# advances after combat and the rally are searched, not the unit-by-unit set-up, entries,
# moves, fire groups and bombardment markers that make up the rest
ROLLOUT = {
    "turns": 1,
    "skip": ("place", "enter", "move", "to", "stay", "add", "resolve", "cancel", "bombard"),
}

__all__ = ["ROLLOUT", "FbsmHeuristic", "determinize", "evaluate", "heuristic"]


def heuristic(side: str, seed: int) -> Player:
    """The scripted player of ``side`` (see ``heuristic.py``)."""
    return FbsmHeuristic(side, seed)
