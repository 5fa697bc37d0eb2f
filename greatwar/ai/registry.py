"""Computer players by name, so the CLI, server and simulator can ask for one.

A game's scripted player is its own (``greatwar.games.<id>.players``, see ``game_players``)."""

from __future__ import annotations

from collections.abc import Callable

from greatwar.ai.game_players import games_with_heuristic, heuristic_of
from greatwar.ai.mcts import DEFAULT_ITERATIONS, Budget, MctsPlayer
from greatwar.ai.random_player import RandomPlayer
from greatwar.ai.rollout import DEFAULT_ROLLOUTS, RolloutPlayer
from greatwar.ai.specs import parse_spec
from greatwar.core.errors import GreatwarError
from greatwar.core.play import Player


def heuristic(game_id: str, side: str, seed: int = 0) -> Player:
    """The scripted player of a game; a game without one is a clear error."""
    factory = heuristic_of(game_id)
    if factory is None:
        known = ", ".join(sorted(games_with_heuristic())) or "none"
        raise GreatwarError(f"no heuristic player for game {game_id!r}; games with one: {known}")
    return factory(side, seed)


def parse_budget(name: str, budget: str, default: int) -> Budget:
    """A search's budget per decision: iterations ("48", ``default`` if empty) or seconds
    ("2s")."""
    try:
        if budget.endswith("s"):
            chosen = Budget(iterations=0, seconds=float(budget[:-1]))
        else:
            chosen = Budget(iterations=int(budget or default))
    except ValueError:
        raise GreatwarError(
            f"{name} takes iterations or seconds per decision, as {name}:48 or {name}:2s; "
            f"got {budget!r}"
        ) from None
    if chosen.iterations < 0 or (chosen.seconds is not None and chosen.seconds <= 0):
        raise GreatwarError(f"{name} needs a positive budget, got {budget!r}")
    return chosen


def mcts(game_id: str, side: str, seed: int = 0, budget: str = "") -> Player:
    """ISMCTS; ``budget`` is iterations per decision ("48") or seconds ("2s")."""
    return MctsPlayer(game_id, side, seed, budget=parse_budget("mcts", budget, DEFAULT_ITERATIONS))


def rollout(game_id: str, side: str, seed: int = 0, budget: str = "") -> Player:
    """The scripted player improved by rollouts (greatwar.ai.rollout); ``budget`` is rollouts
    per decision ("32") or seconds ("2s")."""
    chosen = parse_budget("rollout", budget, DEFAULT_ROLLOUTS)
    return RolloutPlayer(game_id, side, seed, budget=chosen)


# Difficulty levels offered in the browser: level -> the player it names. Each thinks for a
# bounded time per move: the scripted player at once, the search for the seconds given.
LEVELS: dict[str, str] = {
    "easy": "heuristic",
    "normal": "rollout:0.5s",
    "hard": "rollout:2s",
}


def level(name: str) -> Callable[[str, str, int], Player]:
    """The factory of a difficulty level."""
    return lambda game_id, side, seed: make_player(LEVELS[name], game_id, side, seed)


# name -> factory(game_id, side, seed[, parameter]); "name:parameter" passes the parameter.
# A factory raises GreatwarError for a game it cannot play.
PLAYERS: dict[str, Callable[..., Player]] = {
    "random": lambda game_id, side, seed: RandomPlayer(seed),
    "heuristic": heuristic,
    "mcts": mcts,
    "rollout": rollout,
    **{name: level(name) for name in LEVELS},
}


def make_player(name: str, game_id: str, side: str, seed: int = 0) -> Player:
    """A computer player for one side of one game, by name ("mcts:2s" passes "2s" to the
    mcts factory); the spec is checked first (greatwar.ai.specs), with its caps."""
    spec = parse_spec(name, list(PLAYERS))
    base, _, parameter = str(spec).partition(":")
    if parameter:
        return PLAYERS[base](game_id, side, seed, parameter)
    return PLAYERS[base](game_id, side, seed)
