"""FBSM fire and bombardment planning: which units fire into which hex, where markers go.

Pure functions over a ``Picture``: they pick fires at the best odds for the firepower
(10.3-10.11) and markers for the best expected eliminations after drift (11.2-11.4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from greatwar.games.fbsm.data import GERMAN, US
from greatwar.games.fbsm.players.picture import Knowledge, Picture, Unit, kill_chance
from greatwar.games.fbsm.state import hex_mask, mask_hexes

AUTOMATIC = 6  # 10.10: 6:1 or more eliminates without a roll


@dataclass(frozen=True)
class Fire:
    """One planned fire: the target hex and the units that fire into it (10.3, 10.4)."""

    target: int
    firers: tuple[str, ...]
    odds: int


Value = Callable[[int], float]  # the worth of eliminating one unit in a hex


def firer_reach(p: Picture, k: Knowledge, unit: Unit) -> int:
    return p.reach(k, unit.range, heavy_mg=unit.id == p.heavy_mg)


def plan_fires(
    p: Picture,
    k: Knowledge,
    targets: Sequence[int],
    ready: Sequence[Unit],
    value: Value,
    economy: float = 0.5,
) -> list[Fire]:
    """Greedy fire plan: repeatedly the fire with the best expected eliminations per factor
    (to the power ``economy``: 0 counts only the eliminations, 1 each factor in full), each
    at the odds level (1:1 .. 6:1) that wastes least (10.3, 10.10, 10.11)."""
    options: dict[int, list[tuple[str, float]]] = {t: [] for t in targets}
    wanted = hex_mask(options)  # the targets as a bitmask: each unit's are one intersection
    for u in ready:
        within = wanted & k.fire_mask(u.hex, firer_reach(p, k, u))
        if within:
            for t in mask_hexes(within):
                options[t].append((u.id, _effective(p, k, u, t)))
    flexibility = {u.id: 0 for u in ready}
    for cands in options.values():
        for unit_id, _ in cands:
            flexibility[unit_id] += 1
    free = {u.id for u in ready}
    plan: list[Fire] = []
    # Each target's best fire depends only on which of its candidates are still free: kept
    # between rounds, and made again only for targets that lost a candidate.
    known: dict[int, tuple[float, Fire] | None] = {}
    while True:
        best: tuple[float, Fire] | None = None
        for t, cands in options.items():
            if t in known:
                choice = known[t]
            else:
                free_cands = [c for c in cands if c[0] in free]
                choice = known[t] = _best_fire(p, k, t, free_cands, flexibility, value, economy)
            if choice is not None and (best is None or choice[0] > best[0]):
                best = choice
        if best is None:
            return plan
        fire = best[1]
        plan.append(fire)
        free.difference_update(fire.firers)
        del options[fire.target]
        used = set(fire.firers)
        for t, cands in options.items():
            for unit_id, _ in cands:
                if unit_id in used:
                    known.pop(t, None)
                    break


def _effective(p: Picture, k: Knowledge, unit: Unit, target: int) -> float:
    """10.11 close assault doubles the (7.6, 7.9 rallied) fire factor."""
    fire = p.fire_factor(k, p.side, unit.kind, unit.fire)
    return fire * 2 if k.distance(unit.hex, target) == 1 else fire


def _best_fire(
    p: Picture,
    k: Knowledge,
    target: int,
    cands: list[tuple[str, float]],
    flexibility: dict[str, int],
    value: Value,
    economy: float,
) -> tuple[float, Fire] | None:
    """The best odds level for one target, scored by expected value per factor used."""
    stack = p.stacks.get(target)
    if stack is None or not cands:
        return None
    defense = k.defense[target]
    total = sum(s for _, s in cands)
    top = min(AUTOMATIC, int(total // defense))
    if top < 1:
        return None
    # Units that can reach few other targets fire first; big factors before small.
    cands = sorted(cands, key=lambda c: (flexibility[c[0]], -c[1]))
    best: tuple[float, list[tuple[str, float]], int] | None = None
    worth = stack.count * value(target)
    for odds in range(1, top + 1):
        chosen = _fill(cands, odds * defense)
        used = sum(s for _, s in chosen)
        gain = worth * odds / AUTOMATIC
        score = gain / (used**economy)
        if best is None or score > best[0]:
            best = (score, chosen, odds)
    if best is None:
        return None
    score, chosen, odds = best
    return score, Fire(target, tuple([u for u, _ in chosen]), odds)


def _fill(cands: list[tuple[str, float]], need: float) -> list[tuple[str, float]]:
    """Units in order until their factors reach ``need``, then drop any that are not needed."""
    chosen: list[tuple[str, float]] = []
    total = 0.0
    for c in cands:
        if total >= need:
            break
        chosen.append(c)
        total += c[1]
    for c in sorted(chosen, key=lambda c: c[1]):
        if total - c[1] >= need:
            chosen.remove(c)
            total -= c[1]
    return chosen


# --- 11. bombardment ---------------------------------------------------------------------


def drift_chances(p: Picture, k: Knowledge) -> list[float]:
    """11.3: chances of drifting 0, 1, 2, 3 hexes; 5.2 and 7.10 no drift, 7.2/7.3 more."""
    side = p.side
    if p.turn == 1 or (p.event == "superb_spotting" and p.event_side == side):
        return [1.0]
    key = f"{side}_subtract"
    if p.event == f"{side}_artillery_problems":
        key += "_with_problems"
    subtract = int(k.drift_subtract[key])
    chances = [0.0] * (7 - subtract)
    for roll in range(1, 7):
        chances[max(0, roll - subtract)] += 1 / 6
    return chances


def plan_bombardment(
    p: Picture, k: Knowledge, spotted: Sequence[int], markers: Sequence[str], value: Value
) -> list[tuple[str, int]]:
    """Markers one at a time (heavy first) where each adds most expected eliminations,
    counting drift onto own units as a loss (11.2-11.4)."""
    chances = drift_chances(p, k)
    direction = "N" if p.side == US else "S"
    placed: dict[int, list[float]] = {}
    plan: list[tuple[str, int]] = []
    # Each marker's gain on a target depends only on the markers already there: worked out
    # once per (target, markers) and (target, strength) for the whole plan.
    values: dict[tuple[int, tuple[float, ...]], float] = {}
    risks: dict[tuple[int, float], float] = {}

    def worth(t: int, strengths: list[float]) -> float:
        key = (t, tuple(strengths))
        found = values.get(key)
        if found is None:
            found = values[key] = _marker_value(p, k, t, strengths, chances, value)
        return found

    for kind in sorted(markers, key=lambda m: -k.marker_fire[m]):
        strength = float(k.marker_fire[kind])
        best: tuple[float, int] | None = None
        for t in spotted:
            here = placed.get(t, [])
            risk = risks.get((t, strength))
            if risk is None:
                risk = risks[t, strength] = _friendly_risk(p, k, t, strength, chances, direction)
            gain = worth(t, [*here, strength])
            gain -= worth(t, here)
            gain -= risk
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, t)
        if best is None:
            continue
        placed.setdefault(best[1], []).append(strength)
        plan.append((kind, best[1]))
    return plan


def _marker_value(
    p: Picture,
    k: Knowledge,
    target: int,
    strengths: list[float],
    chances: list[float],
    value: Value,
) -> float:
    """Expected eliminations in the target from markers that do not drift (11.3, 11.4)."""
    stack = p.stacks.get(target)
    if stack is None or not strengths:
        return 0.0
    stay = chances[0]
    # Distribution of the total that stays on target: markers stay independently.
    dist = {0.0: 1.0}
    for s in strengths:
        nxt: dict[float, float] = {}
        for total, prob in dist.items():
            nxt[total + s] = nxt.get(total + s, 0.0) + prob * stay
            nxt[total] = nxt.get(total, 0.0) + prob * (1 - stay)
        dist = nxt
    defense = k.defense[target]
    hit = sum(prob * kill_chance(total, defense) for total, prob in dist.items())
    return hit * stack.count * value(target)


def _friendly_risk(
    p: Picture, k: Knowledge, target: int, strength: float, chances: list[float], direction: str
) -> float:
    """Expected own losses if the marker drifts onto own units (11.3: drift hits friends)."""
    risk = 0.0
    here: int | None = target
    for steps in range(1, len(chances)):
        here = k.grid.neighbor(here, direction) if here is not None else None
        if here is None:
            break
        own = p.own_count(here)
        if own:
            risk += chances[steps] * own * kill_chance(strength, k.defense[here]) * 1.5
    return risk


def target_value(p: Picture, k: Knowledge) -> Value:
    """Worth of eliminating one enemy unit in a hex: to the German, emplacements (range 10)
    and the defenders nearest the exit; to the US, Germans the nearer the south exit (4.3)."""

    def german(target: int) -> float:
        stack = p.stacks.get(target)
        heavy = stack is not None and stack.top_kind != "infantry"
        return (2.0 if heavy else 1.0) + 4.0 / (1.0 + k.exit_distance[target])

    def us(target: int) -> float:
        return 1.0 + 10.0 / (1.0 + k.exit_distance[target])

    return german if p.side == GERMAN else us
