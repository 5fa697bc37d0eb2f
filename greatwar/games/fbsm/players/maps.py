"""Maps an FBSM computer player draws over the board each phase, from its Picture.

Each is an array of floats with one value per hex: the enemy fire that could reach it, what a US
platoon could fire from it, how far the Germans are ahead of it, and how near it lies to the
Germans' shortest ways to the south exit.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from greatwar.games.fbsm.data import GERMAN, US
from greatwar.games.fbsm.players.picture import Knowledge, Picture, Stack, kill_chance

BYPASS_RADIUS = 6  # hexes around a German stack where a US unit behind it counts as bypassed
CORRIDOR_FADE = 6.0  # steps off the Germans' shortest routes at which a hex counts 1/e

FORESIGHT_MOVE = 4  # 2.5: the German infantry's printed movement factor

Board = npt.NDArray[np.float64]  # one value per hex, by index


def threat_map(p: Picture, k: Knowledge, foresight: float = 0.0) -> Board:
    """For every hex, the enemy fire that could reach a unit there next (10.3-10.11):
    each enemy stack's strength within its range and LOF, doubled when adjacent (added
    stack by stack, as one would hex by hex); with ``foresight``, that share of it also
    within range of where the stack could move next (9.1: a move of 4, then fire)."""
    # What it reads: each enemy stack's place and face-up top (6.5), and the turn and event
    # that cap ranges and add rally fire (5.2, 7.4, 7.6, 7.9); a search's samples share them
    enemy = p.enemy_stacks()
    key = (k, enemy_layout(enemy), p.turn == 1, p.event, foresight)
    known = _THREAT.get(key)
    if known is not None:
        return known
    # One sum for the whole map: every (hex, amount) term in the order the stacks come, which
    # bincount adds up hex by hex in that same order (each zone lists a hex once)
    zones: list[npt.NDArray[np.intp]] = []
    amounts: list[float] = []
    for stack in enemy:
        strength = p.stack_strength(k, stack)
        if strength <= 0:
            continue
        reach = p.reach(k, stack.top_range)
        zones += (k.in_fire_index(stack.hex, reach), k.neighbor_index[stack.hex])
        amounts += (strength, strength)  # 10.11 close assault doubles
        if foresight:
            zones.append(k.near_index(stack.hex, reach + FORESIGHT_MOVE))
            amounts.append(foresight * strength)
    if not zones:
        return _remember(_THREAT, key, np.zeros(k.size))
    terms = np.repeat(np.array(amounts), [len(zone) for zone in zones])
    threat = np.bincount(np.concatenate(zones), weights=terms, minlength=k.size)
    return _remember(_THREAT, key, threat.astype(np.float64, copy=False))  # float64: no copy


def shoot_map(p: Picture, k: Knowledge) -> Board:
    """Per hex: the best expected eliminations one US platoon could fire from there (10.3,
    10.11), each German weighted by how near the exit it stands (4.3)."""
    shoot = np.zeros(k.size)
    platoon = p.fire_factor(k, US, "infantry", 3)
    reach = p.reach(k, 4)
    # Every stack's (hexes, value) terms at once: the best of them hex by hex, which is the
    # same in any order
    zones: list[npt.NDArray[np.intp]] = []
    values: list[float] = []
    for stack in p.enemy_stacks():
        g = stack.hex
        worth = stack.count * (1.0 + 10.0 / (1.0 + k.exit_distance[g]))
        zones += (k.in_fire_index(g, reach), k.neighbor_index[g])
        values += (
            worth * kill_chance(platoon, k.defense[g]),
            worth * kill_chance(platoon * 2, k.defense[g]),  # 10.11 close assault doubles
        )
    if zones:
        terms = np.repeat(np.array(values), [len(zone) for zone in zones])
        np.maximum.at(shoot, np.concatenate(zones), terms)
    return shoot


def bypass_map(p: Picture, k: Knowledge) -> Board:
    """Per hex: how far nearby Germans are ahead of it towards the exit (tip 4: do not let
    the Germans get south of your line). Only the hexes within the radius of each German stack
    get a term, all stacks' at once; every term is a multiple of half an MP, so the sums are
    exact in any order."""
    german = german_hexes(p)
    known = _BYPASS.get((k, german))
    if known is not None:
        return known
    if not german:
        return _remember(_BYPASS, (k, german), np.zeros(k.size))
    zones = [bypass_terms(k, g) for g in german]
    near = np.concatenate([zone for zone, _ in zones])
    terms = np.concatenate([terms for _, terms in zones])
    bypass = np.bincount(near, weights=terms, minlength=k.size)
    return _remember(_BYPASS, (k, german), bypass.astype(np.float64, copy=False))


@cache
def bypass_terms(k: Knowledge, g: int) -> tuple[npt.NDArray[np.intp], Board]:
    """A German stack in ``g``'s terms of the bypass map: the hexes within the radius and how
    far each lies behind it towards the exit (up to 4 MP), made once per hex."""
    near = k.near_index(g, BYPASS_RADIUS)
    with np.errstate(invalid="ignore"):  # inf - inf off the map's playable hexes: no term
        behind = k.exit_array[near] - k.exit_array[g]
        terms = np.where(behind > 0, np.minimum(behind, 4.0), 0.0)
    terms.flags.writeable = False
    return near, terms


def corridor_map(p: Picture, k: Knowledge) -> Board:
    """Per hex: 1 on the Germans' shortest ways from where they stand to the south exit,
    fading with every step off them (tip 4: deploy across the Germans' path). The steps
    from the nearest German stack are rows of the distance table. Every way's length is a
    whole number of half MPs (9.2 costs, 9.5 roads), so the fade is read from a table by
    half MPs off the best way, made once with the same float operations as the definition;
    a length off that grid gets the fade worked out for it."""
    german = german_hexes(p)
    known = _CORRIDOR.get((k, german))
    if known is not None:
        return known
    if not german:
        return _remember(_CORRIDOR, (k, german), np.zeros(k.size))
    route = k.exit_array + k.distances[list(german)].min(axis=0)
    best = float(route.min())
    ways = np.isfinite(route)
    halves = np.where(ways, (route - best) * 2, 0.0)
    steps = halves.astype(np.intp)
    if not np.array_equal(steps, halves):  # not whole half MPs: each distinct length's fade
        lengths, which = np.unique(route, return_inverse=True)
        exp, fade = math.exp, CORRIDOR_FADE
        fades = [exp((best - r) / fade) if r < math.inf else 0.0 for r in lengths.tolist()]
        return _remember(_CORRIDOR, (k, german), np.array(fades)[which])
    corridor = np.where(ways, half_mp_fades(int(steps.max()))[steps], 0.0)
    return _remember(_CORRIDOR, (k, german), corridor)


@cache
def half_mp_fades(most: int) -> Board:
    """exp(-(d / 2) / CORRIDOR_FADE) for d = 0 .. ``most`` half MPs: exactly the definition's
    exp((best - r) / CORRIDOR_FADE), as best - r = -(d / 2) in floats."""
    fades = np.array([math.exp(-(d / 2) / CORRIDOR_FADE) for d in range(most + 1)])
    fades.flags.writeable = False
    return fades


# The maps read only what every side may see: the bypass and corridor maps where the German
# stacks stand (6.5 hides what is in them, not where they are), the threat map the enemy's
# face-up tops too. A search's samples of one position share them: kept read-only, and
# forgotten all at once when full.
_BYPASS: dict[Any, Board] = {}
_CORRIDOR: dict[Any, Board] = {}
_THREAT: dict[Any, Board] = {}
_KEPT = 2048


def enemy_layout(enemy: list[Stack]) -> tuple[tuple[int, str, int, str, int, int], ...]:
    """What a side sees of the enemy stacks: each one's hex, side, count and face-up top (6.5),
    in order."""
    return tuple((s.hex, s.side, s.count, s.top_kind, s.top_fire, s.top_range) for s in enemy)


def german_hexes(p: Picture) -> tuple[int, ...]:
    """The hexes of the German stacks, in the picture's order."""
    return tuple([stack.hex for stack in p.stacks.values() if stack.side == GERMAN])


def _remember(memo: dict[Any, Board], key: Any, board: Board) -> Board:
    if len(memo) >= _KEPT:
        memo.clear()
    board.flags.writeable = False
    memo[key] = board
    return board
