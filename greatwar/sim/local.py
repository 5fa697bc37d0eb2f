"""Play games between computer players in this process: one game, a chunk, or a whole run.

A game is a pure function of (game, options, players, seed): each side's player gets a seed
derived from the game's, so any process, in any order, plays the same game.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from greatwar.ai.registry import make_player
from greatwar.core.actions import Action
from greatwar.core.game import GameInfo
from greatwar.core.memory import tune_for_batch_play
from greatwar.core.play import GameTooLong, play
from greatwar.core.registry import load_game
from greatwar.core.state import State
from greatwar.sim.facts import recorder

MAX_ACTIONS = 200_000  # a game not over by then counts as unfinished (no winner)


NEUTRAL_PLAYER = "heuristic"  # who sits in a neutral seat (a game master) left unnamed


def seat_players(info: GameInfo, players: Sequence[str]) -> list[str]:
    """One player per side: a list naming only the sides that win or lose gets the scripted
    player in each neutral seat (a game master), so `random,random` plays a three-seat game."""
    if info.neutral and len(players) == len(info.sides) - len(info.neutral):
        given = iter(players)
        return [NEUTRAL_PLAYER if s in info.neutral else next(given) for s in info.sides]
    return list(players)


@dataclass(frozen=True)
class Matchup:
    """What a study plays: a game with fixed options, and one named player per side."""

    game: str
    option_items: tuple[tuple[str, object], ...]  # sorted (name, value) pairs: hashable
    players: tuple[str, ...]

    @classmethod
    def of(cls, game: str, options: Mapping[str, object], players: Sequence[str]) -> Matchup:
        return cls(game, tuple(sorted(options.items())), tuple(players))

    @property
    def options(self) -> dict[str, object]:
        return dict(self.option_items)

    def player_seed(self, seed: int, seat: int) -> int:
        """Each side's player gets its own seed, derived from the game's."""
        return seed * 7919 + seat


@dataclass
class GameResult:
    """One finished game of a study."""

    seed: int
    winner: str | None
    rule: str
    cause: str
    turns: int
    actions: int
    seconds: float = 0.0
    exit_hex: str | None = None
    dead_hexes: list[str] = field(default_factory=list)
    dead_sides: list[str] = field(default_factory=list)

    def same_game(self, other: GameResult) -> bool:
        """Equal in everything but the time it took."""
        return {**vars(self), "seconds": 0} == {**vars(other), "seconds": 0}


@dataclass
class Summary:
    """Wins per side over a set of games."""

    sides: tuple[str, ...]
    results: list[GameResult] = field(default_factory=list)

    def wins(self) -> Counter[str]:
        return Counter(r.winner for r in self.results if r.winner)

    def win_rate(self, side: str) -> float:
        return self.wins()[side] / len(self.results) if self.results else 0.0


def play_one(matchup: Matchup, seed: int) -> GameResult:
    """One game between the matchup's players from ``seed``, with where units exited or died."""
    started = time.perf_counter()
    game = load_game(matchup.game, matchup.options)
    seats = {
        side: make_player(name, matchup.game, side, matchup.player_seed(seed, i))
        for i, (side, name) in enumerate(zip(game.sides, matchup.players, strict=True))
    }
    watcher = recorder(matchup.game)

    def watch(state: State, side: str, action: Action) -> None:
        watcher.on_action(state, side, action)

    try:
        state = play(game, seats, seed, max_actions=MAX_ACTIONS, on_action=watch)
    except GameTooLong as error:
        return GameResult(seed, None, "", str(error), 0, MAX_ACTIONS, time.perf_counter() - started)
    rule, cause = state.end_cause() or ("", "")
    places = watcher.places(state)
    return GameResult(
        seed=seed,
        winner=state.winner(),
        rule=rule,
        cause=cause,
        turns=int(getattr(state, "turn", 0)),
        actions=state.move_number(),
        seconds=time.perf_counter() - started,
        exit_hex=places.exit_hex,
        dead_hexes=places.dead_hexes,
        dead_sides=places.dead_sides,
    )


def play_chunk(matchup: Matchup, seeds: Sequence[int]) -> list[GameResult]:
    """Several games in a row: the unit of work a worker process or Ray task takes (the
    process plays nothing else, so its collector is tuned for it)."""
    tune_for_batch_play()
    return [play_one(matchup, seed) for seed in seeds]


def simulate(
    game_id: str, options: Mapping[str, object], players: Sequence[str], seeds: Iterable[int]
) -> Summary:
    """Play one game per seed, in order, in this process."""
    game = load_game(game_id, options)
    matchup = Matchup.of(game_id, options, seat_players(game.info, players))
    if len(matchup.players) != len(game.sides):
        raise ValueError(f"{game_id} needs {len(game.sides)} players, got {len(players)}")
    return Summary(game.sides, [play_one(matchup, seed) for seed in seeds])
