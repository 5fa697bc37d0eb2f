"""Play many games in this process and summarise who won."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from greatwar.ai.registry import make_player
from greatwar.core.play import play
from greatwar.core.registry import load_game


@dataclass
class GameResult:
    """One finished game of a study."""

    seed: int
    winner: str | None
    rule: str
    cause: str
    turns: int
    actions: int


@dataclass
class Summary:
    """Wins per side over a set of games."""

    sides: tuple[str, ...]
    results: list[GameResult] = field(default_factory=list)

    def wins(self) -> Counter[str]:
        return Counter(r.winner for r in self.results if r.winner)

    def win_rate(self, side: str) -> float:
        return self.wins()[side] / len(self.results) if self.results else 0.0


def play_one(
    game_id: str, options: Mapping[str, object], players: Sequence[str], seed: int
) -> GameResult:
    """One game between named players; each side's player gets its own seed."""
    game = load_game(game_id, options)
    seats = {
        side: make_player(name, game_id, side, seed * 7919 + i)
        for i, (side, name) in enumerate(zip(game.sides, players, strict=True))
    }
    state = play(game, seats, seed)
    rule, cause = state.end_cause() or ("", "")
    turns = int(getattr(state, "turn", 0))
    return GameResult(seed, state.winner(), rule, cause, turns, len(state.history()))


def simulate(
    game_id: str, options: Mapping[str, object], players: Sequence[str], seeds: Sequence[int]
) -> Summary:
    """Play one game per seed, in order."""
    game = load_game(game_id, options)
    summary = Summary(game.sides)
    for seed in seeds:
        summary.results.append(play_one(game_id, options, players, seed))
    return summary
