"""Statistics of a study: win rates with Wilson intervals, game lengths, causes of victory."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from greatwar.sim.local import GameResult

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal distribution


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) with no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be within 0..{trials}, got {successes}")
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class SideStats:
    """One side's record over a study."""

    side: str
    wins: int
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Lengths:
    """Game length in turns and in actions."""

    mean_turns: float
    median_turns: float
    p10_turns: float
    p90_turns: float
    mean_actions: float


def side_stats(sides: Sequence[str], results: Sequence[GameResult]) -> list[SideStats]:
    wins = Counter(r.winner for r in results)
    n = len(results)
    return [SideStats(side, wins[side], n, *wilson(wins[side], n)) for side in sides]


def percentile(values: Sequence[float], fraction: float) -> float:
    """Linear-interpolated percentile of ``values`` (fraction in 0..1)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def lengths(results: Sequence[GameResult]) -> Lengths:
    turns = [float(r.turns) for r in results]
    n = max(len(results), 1)
    return Lengths(
        mean_turns=sum(turns) / n,
        median_turns=percentile(turns, 0.5),
        p10_turns=percentile(turns, 0.1),
        p90_turns=percentile(turns, 0.9),
        mean_actions=sum(r.actions for r in results) / n,
    )


def cause_label(rule: str, cause: str) -> str:
    """A cause of victory without the unit that caused it: '4.3 moved off the south edge'."""
    general = re.sub(r"^[A-Z]+\d+\S* ", "", cause)
    return f"{rule} {general}".strip()


def causes(results: Sequence[GameResult]) -> list[tuple[str, str, int]]:
    """(winner, cause, games), most frequent first."""
    counted = Counter((r.winner or "none", cause_label(r.rule, r.cause)) for r in results)
    return [(winner, cause, n) for (winner, cause), n in counted.most_common()]
