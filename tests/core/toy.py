"""A tiny two-side game for testing the core: simultaneous hidden bids, then a die.

Each round both sides secretly bid 1-3; when both have bid, the bids are revealed and the
higher bidder (ties: a die, odd = north) gains his bid in points. First to 6 wins.
Then the winner of the round may 'shout' any number of times or 'pass' (undoable moves).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from greatwar.core import Action, Frame, Game, GameInfo, Option, Prompt, State, act

INFO = GameInfo(
    id="toy",
    title="Toy bids",
    sides=("north", "south"),
    rulebook="tests/core/toy.py",
    summary="test game",
    options=(Option("target", 6, "points to win"),),
    concession_rule="1.0",
)


class Bid(Prompt["ToyState"]):
    name = "bid"
    title = "bid 1-3 in secret (1.1)"

    def sides(self, state: ToyState, frame: Frame) -> tuple[str, ...]:
        return tuple(s for s in INFO.sides if s not in state.bids)

    def offer(self, state: ToyState, frame: Frame, side: str) -> Iterable[Action]:
        return [act("bid", n) for n in (1, 2, 3)]

    def apply(self, state: ToyState, frame: Frame, action: Action, side: str) -> None:
        state.bids[side] = int(action.args[0])
        state.note("1.1", f"{side} bids {action.args[0]}", to=side)
        if len(state.bids) == 2:
            state.pop()
            state.resolve()


class Shout(Prompt["ToyState"]):
    name = "shout"
    title = "shout or pass (1.3)"

    def offer(self, state: ToyState, frame: Frame, side: str) -> Iterable[Action]:
        return [act("shout"), act("pass")]

    def apply(self, state: ToyState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "shout":
            state.shouts += 1
        else:
            state.pop()


class ToyState(State):
    prompts: ClassVar[Mapping[str, Prompt[Any]]] = {"bid": Bid(), "shout": Shout()}

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.points = {"north": 0, "south": 0}
        self.bids: dict[str, int] = {}
        self.shouts = 0
        self.advance()

    def resolve(self) -> None:
        self.reveal()
        north, south = self.bids["north"], self.bids["south"]
        if north == south:
            roll = self.rng.die()
            self.note("1.2", f"tie broken by a {roll}", dice=[roll])
            winner = "north" if roll % 2 else "south"
        else:
            winner = "north" if north > south else "south"
        self.points[winner] += self.bids[winner]
        self.bids = {}
        if self.points[winner] >= int(self.game.options["target"]):
            self.end(winner, "1.4", "reached the target")
        else:
            self.push("shout", side=winner)

    def advance(self) -> None:
        if not self.stack and not self.is_terminal():
            self.push("bid")

    def copy_into(self, new: State) -> None:
        assert isinstance(new, ToyState)
        new.points = dict(self.points)
        new.bids = dict(self.bids)

    def observe(self, side: str) -> dict[str, Any]:
        return {
            "points": dict(self.points),
            "my_bid": self.bids.get(side),
            "bids_made": sorted(self.bids),
            "log": [e.as_dict() for e in self.log(side)],
        }

    def to_dict(self) -> dict[str, Any]:
        extra = {"points": self.points, "bids": self.bids, "shouts": self.shouts}
        return {**super().to_dict(), **extra}


def make_state(game: Game, seed: int) -> ToyState:
    return ToyState(game, seed)


GAME_INFO = INFO
