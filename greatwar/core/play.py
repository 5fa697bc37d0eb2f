"""One loop plays a game between players; the CLI, server, tests and batch runs all use it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from typing import Any, Protocol

from greatwar.core.actions import Action
from greatwar.core.state import Game, State


class Player(Protocol):
    """Anything that picks one of ``state.legal_actions(side)``."""

    def choose(self, state: State, side: str) -> Action: ...


def weighted_styles(
    player: Callable[..., Player], base: Any, table: Mapping[str, Mapping[str, Any]]
) -> dict[str, Callable[[int], Player]]:
    """A scripted player in each style of ``table`` (a style's name: its changes to ``base``,
    the player's frozen dataclass of weights), by name in the table's order: each a factory
    ``seed -> player`` calling ``player(seed, weights=...)``. A game's ``players.styles(side)``
    (greatwar.ai.rollout) is this over its side's weights and ``STYLES``."""
    return {
        name: partial(player, weights=replace(base, **changes)) for name, changes in table.items()
    }


class GameTooLong(RuntimeError):
    """A game that did not end within the action budget: a dead loop in rules or players."""


def play(
    game: Game,
    players: Mapping[str, Player],
    seed: int,
    *,
    max_actions: int = 200_000,
    on_action: Callable[[State, str, Action], None] | None = None,
) -> State:
    """Play a whole game from ``seed``; each side's player chooses for it."""
    state = game.new_initial_state(seed)
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        side = state.current_player()
        action = players[side].choose(state, side)
        if on_action is not None:
            on_action(state, side, action)
        state.apply_action(action, side)
    if state.is_terminal():
        return state
    raise GameTooLong(f"{game.id} seed {seed} did not end within {max_actions} actions")
