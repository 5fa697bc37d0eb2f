"""Small trenches positions for rule tests: an empty table, figures placed by id, dice set."""

from __future__ import annotations

from collections.abc import Iterable

from greatwar.core import load_game
from greatwar.core.rng import Rng
from greatwar.games.trenches.state import GONE, POOL, TABLE, TrenchesState


class Dice(Rng):
    """The state's generator, rigged: it returns the given values in order: die() and dice()
    take faces, below() takes the index it should return. Each draw steps the generator
    underneath too, so the state sees it move (no undo past a roll), as with a real one."""

    __slots__ = ("values",)

    def __init__(self, values: Iterable[int]) -> None:
        super().__init__(0)
        self.values = list(values)

    def _take(self) -> int:
        assert self.values, "the test ran out of dice"
        self.next32()
        return self.values.pop(0)

    def die(self, sides: int = 6) -> int:
        return self._take()

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self._take() for _ in range(count)]

    def below(self, bound: int) -> int:
        return self._take()


def fresh(seed: int = 0, **options: object) -> TrenchesState:
    state = load_game("trenches", options).new_initial_state(seed)
    assert isinstance(state, TrenchesState)
    return state


def empty(seed: int = 0, **options: object) -> TrenchesState:
    """The table with nobody on it and nothing waiting (rules called directly)."""
    state = fresh(seed, **options)
    state.status = [POOL if s == POOL else GONE for s in state.status]
    state.turn = 0
    state.stack = []
    state.agenda = []
    state.moved, state.fired, state.pinned = set(), set(), set()
    state.event = "quiet"
    state.shells = []
    state.clouds = []
    state.forget_cached()
    return state


def put(state: TrenchesState, fid: str, x: int, y: int, group: str | None = None) -> int:
    """Place figure ``fid`` at (x, y) tenths of an inch; returns its index."""
    f = state.c.figure(fid)
    assert f is not None
    state.set_status(f.index, TABLE)
    state.place(f.index, (x, y))
    if group is not None:
        state.set_group(f.index, group)
    return f.index


def hold(state: TrenchesState) -> None:
    """A waiting frame under the prompt a test answers, so the game does not run on."""
    state.push("return_fire", side="german")


def on_line(state: TrenchesState, line: int, x: int) -> tuple[int, int]:
    return (x, state.c.trenches[line - 1].y_at(x))


def first(state: TrenchesState, side: str, kind: str, n: int = 0) -> str:
    """The id of the n-th figure of a side and kind."""
    found = [f.id for f in state.c.figures if f.side == side and f.kind == kind]
    return found[n]


def rig(state: TrenchesState, values: Iterable[int]) -> Dice:
    dice = Dice(values)
    state.rng = dice
    return dice
