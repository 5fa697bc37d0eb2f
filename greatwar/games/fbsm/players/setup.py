"""The US set-up plan of the scripted player (3.2-3.4, tip 4), from the public map only.

Emplacements go where cover and a long field of fire over the crossing meet; the forward
platoons line the rail embankment and the flanking villages; the rear platoons stand in depth
in the woods and towns astride the Surmelin valley, spread so one fire cannot take two.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

from greatwar.games.fbsm.data import HEAVY_WEAPONS, INFANTRY
from greatwar.games.fbsm.players.picture import Knowledge, knowledge

HW_RANGE = 10  # the emplacements' printed range (2.5)
PLATOON_RANGE = 4


def _approach(k: Knowledge) -> frozenset[int]:
    """Where the Germans must come: the riverbank and the forward zone (3.3, 3.6)."""
    return frozenset(k.riverbank) | k.c.forward_zone


def _field_of_fire(k: Knowledge, hexes: frozenset[int], reach: int) -> Callable[[int], int]:
    def count(h: int) -> int:
        return sum(1 for t in k.in_fire(h, reach) if t in hexes)

    return count


def _spread(
    candidates: Iterable[int], score: Callable[[int], float], count: int, gap: int, k: Knowledge
) -> list[int]:
    """Best-scoring hexes, greedily, at least ``gap`` hexes from each other when possible."""
    ranked = sorted(candidates, key=lambda h: (-score(h), h))
    chosen: list[int] = []
    for spacing in (gap, 1):
        for h in ranked:
            if len(chosen) == count:
                return chosen
            if h not in chosen and all(k.distance(h, c) >= spacing for c in chosen):
                chosen.append(h)
    return chosen


@cache
def setup_plan(
    standoff: int = 0, depth: float = 0.2, rear_depth: float = 0.4
) -> tuple[tuple[str, str, tuple[int, ...]], ...]:
    """(kind, zone, hexes in order of preference) for the four groups of 3.2: the forward
    units at least ``standoff`` hexes from the riverbank the Germans set up on (3.6), the
    forward platoons preferring ``depth`` a point per MP nearer the exit (4.3), the rear
    ones ``rear_depth``."""
    k = knowledge()
    c = k.c
    spec = c.tables["us_setup"]
    approach = _approach(k)
    covered = _field_of_fire(k, approach, HW_RANGE)
    bank = k.riverbank
    forward_cover = [
        h
        for h in c.forward_zone
        if k.defense[h] >= 3 and (not standoff or min(k.distance(h, b) for b in bank) >= standoff)
    ]
    forward_hw = _spread(
        forward_cover,
        lambda h: covered(h) + 20 * k.defense[h],
        spec["forward_heavy_weapons"],
        4,
        k,
    )
    valley = _field_of_fire(k, frozenset(h for h in range(k.size) if k.exit_distance[h] < 25), 4)
    forward_inf = _spread(
        (h for h in forward_cover if h not in forward_hw),
        lambda h: 3 * k.defense[h] - depth * k.exit_distance[h] + 0.05 * covered(h),
        spec["forward_infantry"] + 4,
        2,
        k,
    )
    rear = [h for h in c.rear_zone if h not in forward_hw and h not in forward_inf]
    rear_hw = _spread(
        rear, lambda h: valley(h) + 5 * k.defense[h], spec["rear_heavy_weapons"], 1, k
    )
    rear_inf = _spread(
        (h for h in rear if h not in rear_hw),
        lambda h: 2 * k.defense[h] - rear_depth * k.exit_distance[h] + 0.1 * valley(h),
        spec["rear_infantry"] + 8,
        2,
        k,
    )
    return (
        (HEAVY_WEAPONS, "forward", tuple(forward_hw)),
        (INFANTRY, "forward", tuple(forward_inf)),
        (HEAVY_WEAPONS, "rear", tuple(rear_hw)),
        (INFANTRY, "rear", tuple(rear_inf)),
    )
