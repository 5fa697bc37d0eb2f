"""Helpers for the rule tests of hex games with counters (FBSM, Meuse-Argonne): dice that tests
choose, and lookups by printed unit and hex ids. Each game's ``positions.py`` builds its tiny
positions and re-exports these.

``rigged(state, [5, 2])`` makes the next draws of the state's generator exactly those values,
so a test knows every die before it is rolled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

from greatwar.core import Action, LogEntry, Rng, State


class CounterState(Protocol):
    """What these helpers need of a game's state."""

    c: Any  # the game's components: ``counter(id)`` and ``board.grid``
    rng: Rng
    where: list[int]

    def hex_id(self, hex_index: int) -> str: ...
    def units_in(self, hex_index: int) -> list[int]: ...
    def counter(self, unit: int) -> Any: ...
    def legal_actions(self, side: str | None = None) -> list[Action]: ...
    def apply_action(self, action: Action | str, side: str | None = None) -> None: ...
    def log(self, side: str | None = None) -> list[LogEntry]: ...


S = TypeVar("S", bound=CounterState)
T = TypeVar("T", bound=State)


class RiggedRng(Rng):
    """Test-only generator: ``die``, ``dice`` and ``below`` return the listed values in order.

    A die value must lie in 1..sides and a ``below(bound)`` value in 0..bound-1; running out
    of values fails the test, so an unexpected roll never passes unnoticed. Each draw also
    steps the underlying PCG32, so the state sees its generator move (no undo past a roll).
    """

    __slots__ = ("values",)

    def __init__(self, values: Iterable[int]) -> None:
        super().__init__(0)
        self.values = list(values)

    def _take(self, low: int, high: int, what: str) -> int:
        if not self.values:
            raise AssertionError(f"the rigged dice ran out at a draw of {what}")
        value = self.values.pop(0)
        if not low <= value <= high:
            raise AssertionError(f"rigged value {value} is not a {what} ({low}..{high})")
        self.next32()
        return value

    def below(self, bound: int) -> int:
        return self._take(0, bound - 1, f"below({bound})")

    def die(self, sides: int = 6) -> int:
        return self._take(1, sides, f"d{sides}")

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]

    def copy(self) -> RiggedRng:
        twin = RiggedRng(self.values)
        twin._state, twin._inc = self.position
        return twin


def rigged(state: S, dice: Sequence[int]) -> S:
    """Give the state a generator that draws exactly ``dice`` (see RiggedRng); returns it."""
    state.rng = RiggedRng(dice)
    return state


def dice_left(state: CounterState) -> list[int]:
    """The rigged values not drawn yet."""
    assert isinstance(state.rng, RiggedRng), "the state's dice are not rigged"
    return list(state.rng.values)


def unit(state: CounterState, unit_id: str) -> int:
    """The index of a counter id."""
    index: int = state.c.counter(unit_id).index
    return index


def hex_index(state: CounterState, hex_id: str) -> int:
    index: int = state.c.board.grid.index(hex_id)
    return index


def where(state: CounterState, unit_id: str) -> str | None:
    """The hex id a unit is in, or None when it is off the map."""
    index = state.where[unit(state, unit_id)]
    return state.hex_id(index) if index >= 0 else None


def ids_in(state: CounterState, hex_id: str) -> list[str]:
    """Counter ids of the units in a hex, bottom to top."""
    return [state.counter(u).id for u in state.units_in(hex_index(state, hex_id))]


def legal(state: CounterState, side: str | None = None) -> list[str]:
    """The legal actions as strings."""
    return [str(a) for a in state.legal_actions(side)]


def play(state: S, *actions: str) -> S:
    """Apply actions given as strings, each by the side asked to act."""
    for action in actions:
        state.apply_action(action)
    return state


def log_texts(state: CounterState, rule: str | None = None) -> list[str]:
    """The log texts, only those of ``rule`` if given."""
    return [e.text for e in state.log() if rule is None or e.rule == rule]


def passed_to(state: T, prompt: str, side: str, choose: Callable[[T], Action | str]) -> T:
    """Take ``choose``'s action at every other prompt until ``prompt`` asks ``side``."""
    while not (state.stack and state.stack[-1]["p"] == prompt and state.stack[-1]["side"] == side):
        assert not state.is_terminal(), f"the game ended before {side} was asked to {prompt}"
        state.apply_action(choose(state))
    return state


def first_of(state: T, verb: str) -> T:
    """Take the first offered action with this verb."""
    state.apply_action(next(a for a in state.legal_actions() if a.verb == verb))
    return state
