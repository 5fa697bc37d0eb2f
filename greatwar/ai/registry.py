"""Computer players by name, so the CLI, server and simulator can ask for one."""

from __future__ import annotations

from collections.abc import Callable

from greatwar.ai.random_player import RandomPlayer
from greatwar.core.errors import GreatwarError
from greatwar.core.play import Player

# name -> factory(game_id, side, seed); a factory raises GreatwarError for a game it cannot play.
PLAYERS: dict[str, Callable[[str, str, int], Player]] = {
    "random": lambda game_id, side, seed: RandomPlayer(seed),
}


def make_player(name: str, game_id: str, side: str, seed: int = 0) -> Player:
    """A computer player for one side of one game; an unknown name lists the known ones."""
    if name not in PLAYERS:
        raise GreatwarError(
            f"unknown player {name!r}; the players are: {', '.join(sorted(PLAYERS))}"
        )
    return PLAYERS[name](game_id, side, seed)
