"""Tiny Miracle on the Marne positions for rule tests, built on a cleared map."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from greatwar.ai.random_player import RandomPlayer
from greatwar.core import load_game
from greatwar.games.marne1914.data import OTHER
from greatwar.games.marne1914.state import WAITING, MarneState


def new_state(options: dict[str, Any] | None = None, seed: int = 0) -> MarneState:
    state = load_game("marne1914", options).new_initial_state(seed)
    assert isinstance(state, MarneState)
    return state


def deployed(options: dict[str, Any] | None = None, seed: int = 0) -> MarneState:
    """Both sides deployed historically: the turn 1 Mode Alteration Phase waits."""
    state = new_state(options, seed)
    state.apply_action("standard", "allied")
    state.apply_action("standard", "german")
    return state


def cleared(options: dict[str, Any] | None = None, seed: int = 0) -> MarneState:
    """A deployed game with every counter taken off the map."""
    state = deployed(options, seed)
    for unit in range(len(state.where)):
        if state.where[unit] >= 0:
            state.lift(unit)
            state.where[unit] = WAITING
    return state


# every optional rule (15): taxis, rolled reinforcements, command and control, the BEF
ALL_OPTIONS = ("taxis", "variable_reinforcements", "command_and_control", "bef")


def random_play(
    seeds: Iterable[int], all_options_at: int | None = None
) -> Iterator[tuple[int, MarneState]]:
    """Every position of random games, one game a seed, before each action: the caller reads
    (and clones) it, then the seed's random player moves. The game of seed ``all_options_at``
    plays with every optional rule."""
    for seed in seeds:
        options = dict.fromkeys(ALL_OPTIONS, True) if seed == all_options_at else None
        state = new_state(options, seed)
        player = RandomPlayer(seed)
        while not state.is_terminal():
            yield seed, state
            state.apply_action(player.choose(state, state.current_player()))


def hx(state: MarneState, hex_id: str) -> int:
    return state.c.board.grid.index(hex_id)


def place(state: MarneState, unit_id: str, hex_id: str) -> int:
    unit = state.unit(unit_id)
    state.put(unit, hx(state, hex_id))
    return unit


def set_mode(state: MarneState, corps: str, mode: str) -> None:
    state.set_mode(state.c.hq_of_corps[corps], mode)


def at_phase(state: MarneState, phase: str, side: str, prompt: str | None = None) -> MarneState:
    """Make ``side`` the phasing player of ``phase`` with that phase's prompt waiting."""
    state.phase = phase
    state.turn = max(state.turn, 1)
    state.player_turn = 0
    state.first = side
    state.stack = [{"p": prompt or phase, "side": side}]
    state.tasks = []
    state.combat = None
    state._legal_cache = None
    return state


def actions(state: MarneState, side: str | None = None) -> list[str]:
    state._legal_cache = None
    return [str(a) for a in state.legal_actions(side)]


def enemy(side: str) -> str:
    return OTHER[side]
