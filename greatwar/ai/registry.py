"""Computer players by name, so the CLI, server and simulator can ask for one."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from greatwar.ai.random_player import RandomPlayer
from greatwar.core.errors import GreatwarError
from greatwar.core.play import Player


def _fbsm_heuristic(side: str, seed: int) -> Player:
    from greatwar.ai.fbsm_heuristic import FbsmHeuristic

    return FbsmHeuristic(side, seed)


def _meuse_heuristic(side: str, seed: int) -> Player:
    from greatwar.ai.meuse_heuristic import MeuseHeuristic

    return MeuseHeuristic(side, seed)


def _devildogs_heuristic(side: str, seed: int) -> Player:
    from greatwar.ai.devildogs_heuristic import DevilDogsHeuristic

    return DevilDogsHeuristic(side, seed)


# game id -> factory(side, seed) of that game's scripted player; one line per game.
HEURISTICS: dict[str, Callable[[str, int], Player]] = {
    "fbsm": _fbsm_heuristic,
    "meuse": _meuse_heuristic,
    "devildogs": _devildogs_heuristic,
    "marne1914": lambda side, seed: _marne1914_players().heuristic(side, seed),
}


def _marne1914_players() -> ModuleType:
    import greatwar.games.marne1914.players as players

    return players


def heuristic(game_id: str, side: str, seed: int = 0) -> Player:
    """The scripted player of a game; a game without one is a clear error."""
    if game_id not in HEURISTICS:
        known = ", ".join(sorted(HEURISTICS)) or "none"
        raise GreatwarError(f"no heuristic player for game {game_id!r}; games with one: {known}")
    return HEURISTICS[game_id](side, seed)


def mcts(game_id: str, side: str, seed: int = 0, budget: str = "") -> Player:
    """ISMCTS; ``budget`` is iterations per decision ("48") or seconds ("2s")."""
    from greatwar.ai.mcts import DEFAULT_ITERATIONS, Budget, MctsPlayer

    try:
        if budget.endswith("s"):
            chosen = Budget(iterations=0, seconds=float(budget[:-1]))
        else:
            chosen = Budget(iterations=int(budget or DEFAULT_ITERATIONS))
    except ValueError:
        raise GreatwarError(
            f"mcts takes iterations or seconds per decision, as mcts:48 or mcts:2s; got {budget!r}"
        ) from None
    if chosen.iterations < 0 or (chosen.seconds is not None and chosen.seconds <= 0):
        raise GreatwarError(f"mcts needs a positive budget, got {budget!r}")
    return MctsPlayer(game_id, side, seed, budget=chosen)


# name -> factory(game_id, side, seed[, parameter]); "name:parameter" passes the parameter.
# A factory raises GreatwarError for a game it cannot play.
PLAYERS: dict[str, Callable[..., Player]] = {
    "random": lambda game_id, side, seed: RandomPlayer(seed),
    "heuristic": heuristic,
    "mcts": mcts,
}


def make_player(name: str, game_id: str, side: str, seed: int = 0) -> Player:
    """A computer player for one side of one game, by name ("mcts:2s" passes "2s" to the
    mcts factory); an unknown name lists the known ones."""
    base, _, parameter = name.partition(":")
    if base not in PLAYERS:
        raise GreatwarError(
            f"unknown player {name!r}; the players are: {', '.join(sorted(PLAYERS))}"
        )
    if parameter:
        return PLAYERS[base](game_id, side, seed, parameter)
    return PLAYERS[base](game_id, side, seed)
