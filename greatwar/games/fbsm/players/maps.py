"""Maps an FBSM computer player draws over the board each phase, from its Picture.

Each is a list with one value per hex: the enemy fire that could reach it, what a US
platoon could fire from it, how far the Germans are ahead of it, and how near it lies to the
Germans' shortest ways to the south exit.
"""

from __future__ import annotations

import math
from collections import deque

from greatwar.games.fbsm.data import GERMAN, US
from greatwar.games.fbsm.players.picture import Knowledge, Picture, kill_chance

BYPASS_RADIUS = 6  # hexes around a German stack where a US unit behind it counts as bypassed
CORRIDOR_FADE = 6.0  # steps off the Germans' shortest routes at which a hex counts 1/e


def threat_map(p: Picture, k: Knowledge) -> list[float]:
    """For every hex, the enemy fire that could reach a unit there next (10.3-10.11):
    each enemy stack's strength within its range and LOF, doubled when adjacent."""
    threat = [0.0] * k.size
    for stack in p.enemy_stacks():
        strength = p.stack_strength(k, stack)
        if strength <= 0:
            continue
        reach = p.reach(k, stack.top_range)
        for h in k.in_fire(stack.hex, reach):
            threat[h] += strength
        for h in k.neighbors[stack.hex]:
            threat[h] += strength  # 10.11 close assault doubles
    return threat


def shoot_map(p: Picture, k: Knowledge) -> list[float]:
    """Per hex: the best expected eliminations one US platoon could fire from there (10.3,
    10.11), each German weighted by how near the exit it stands (4.3)."""
    shoot = [0.0] * k.size
    platoon = p.fire_factor(k, US, "infantry", 3)
    reach = p.reach(k, 4)
    for stack in p.enemy_stacks():
        g = stack.hex
        worth = stack.count * (1.0 + 10.0 / (1.0 + k.exit_distance[g]))
        at_range = worth * kill_chance(platoon, k.defense[g])
        for h in k.in_fire(g, reach):
            shoot[h] = max(shoot[h], at_range)
        close = worth * kill_chance(platoon * 2, k.defense[g])
        for h in k.neighbors[g]:
            shoot[h] = max(shoot[h], close)
    return shoot


def bypass_map(p: Picture, k: Knowledge) -> list[float]:
    """Per hex: how far nearby Germans are ahead of it towards the exit (tip 4: do not let
    the Germans get south of your line)."""
    bypass = [0.0] * k.size
    exit_distance = k.exit_distance
    for stack in p.stacks.values():
        if stack.side != GERMAN:
            continue
        ahead = exit_distance[stack.hex]
        for h in k.near(stack.hex, BYPASS_RADIUS):
            behind = exit_distance[h] - ahead
            if behind > 0:
                bypass[h] += behind if behind < 4.0 else 4.0
    return bypass


def corridor_map(p: Picture, k: Knowledge) -> list[float]:
    """Per hex: 1 on the Germans' shortest ways from where they stand to the south exit,
    fading with every step off them (tip 4: deploy across the Germans' path)."""
    size = k.size
    steps = [-1] * size  # -1: not reached
    queue: deque[int] = deque()
    for stack in p.stacks.values():
        if stack.side == GERMAN:
            steps[stack.hex] = 0
            queue.append(stack.hex)
    if not queue:
        return [0.0] * size
    neighbors = k.neighbors
    while queue:
        here = queue.popleft()
        step = steps[here] + 1
        for there in neighbors[here]:
            if steps[there] < 0:
                steps[there] = step
                queue.append(there)
    exit_distance = k.exit_distance
    route = [exit_distance[h] + steps[h] if steps[h] >= 0 else math.inf for h in range(size)]
    best = min(route)
    exp, fade = math.exp, CORRIDOR_FADE
    return [exp((best - r) / fade) if r < math.inf else 0.0 for r in route]
