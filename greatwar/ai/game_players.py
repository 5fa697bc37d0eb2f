"""A game's own players, found in its package: ``greatwar.games.<id>.players``.

That module exposes ``heuristic(side, seed) -> Player`` (the scripted player) and, optionally,
``determinize(state, side, rng) -> State`` (resample what the side cannot see, for
information-set search), ``evaluate(state, side) -> float`` (-1 lost .. +1 won) and
``outcome(state, side) -> float`` (how a rollout came out, finished or not: the result with
finer grades where the game has them; else the result or the evaluator's score). Nothing
in ``greatwar.ai`` names a game: a new game's players are found by registering the game.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from greatwar.core.play import Player
from greatwar.core.registry import GAME_MODULES, game_part
from greatwar.core.rng import Rng
from greatwar.core.state import State

Heuristic = Callable[[str, int], Player]
Determinize = Callable[[State, str, Rng], State]
Evaluate = Callable[[State, str], float]  # a side's prospects in -1 (lost) .. +1 (won)


def players_module(game_id: str) -> ModuleType | None:
    """The game's ``players`` package, or None for an unknown game or one without players."""
    return game_part(game_id, "players")


def heuristic_of(game_id: str) -> Heuristic | None:
    """The game's scripted-player factory, if it has one."""
    function: Heuristic | None = getattr(players_module(game_id), "heuristic", None)
    return function


def determinize_of(game_id: str) -> Determinize | None:
    """The game's determinization for search, if it has one."""
    function: Determinize | None = getattr(players_module(game_id), "determinize", None)
    return function


def evaluate_of(game_id: str) -> Evaluate | None:
    """The game's evaluator of unfinished positions, if it has one."""
    function: Evaluate | None = getattr(players_module(game_id), "evaluate", None)
    return function


def outcome_of(game_id: str) -> Evaluate | None:
    """The game's score of a rollout's end (finished or not), if it has one."""
    function: Evaluate | None = getattr(players_module(game_id), "outcome", None)
    return function


def games_with_heuristic() -> list[str]:
    """The registered games that have a scripted player."""
    return [game_id for game_id in GAME_MODULES if heuristic_of(game_id) is not None]
