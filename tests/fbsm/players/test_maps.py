"""The scripted FBSM player's maps equal their definitions, hex by hex and bit for bit: the
fast forms (one bincount for the threat, memoised German-route maps) change no decision."""

from __future__ import annotations

import copy
import math

import numpy as np
import numpy.typing as npt

from greatwar import load_game
from greatwar.core.state import State
from greatwar.games.fbsm.data import GERMAN, US
from greatwar.games.fbsm.players.heuristic import FbsmHeuristic
from greatwar.games.fbsm.players.maps import (
    BYPASS_RADIUS,
    CORRIDOR_FADE,
    FORESIGHT_MOVE,
    bypass_map,
    corridor_map,
    shoot_map,
    threat_map,
)
from greatwar.games.fbsm.players.picture import (
    Knowledge,
    Picture,
    kill_chance,
    knowledge,
    picture,
)


def pictures() -> list[Picture]:
    """Both sides' pictures every 60 actions of two scripted games."""
    found = []
    for seed in (1, 2):
        game = load_game("fbsm")
        state: State = game.new_initial_state(seed)
        seats = {side: FbsmHeuristic(side, seed) for side in game.sides}
        steps = 0
        while not state.is_terminal():
            side = state.current_player()
            if steps % 60 == 0 and steps > 300:
                found += [picture(state.player_view(s), knowledge()) for s in (US, GERMAN)]
            state.apply_action(seats[side].choose(state, side), side)
            steps += 1
    return found


def threat_by_definition(p: Picture, k: Knowledge, foresight: float) -> npt.NDArray[np.float64]:
    """10.3-10.11: each enemy stack's strength added stack by stack to each hex it reaches."""
    threat = np.zeros(k.size)
    for stack in p.enemy_stacks():
        strength = p.stack_strength(k, stack)
        if strength <= 0:
            continue
        reach = p.reach(k, stack.top_range)
        for h in k.in_fire(stack.hex, reach):
            threat[h] += strength
        for h in k.neighbors[stack.hex]:
            threat[h] += strength  # 10.11
        if foresight:
            for h in k.near(stack.hex, reach + FORESIGHT_MOVE):
                threat[h] += foresight * strength
    return threat


def shoot_by_definition(p: Picture, k: Knowledge) -> list[float]:
    """10.3, 10.11: per hex, the best worth of a US platoon's fire from there, German stack by
    German stack (doubled into an adjacent hex)."""
    shoot = [0.0] * k.size
    platoon = p.fire_factor(k, US, "infantry", 3)
    for stack in p.enemy_stacks():
        g = stack.hex
        worth = stack.count * (1.0 + 10.0 / (1.0 + k.exit_distance[g]))
        for h in k.in_fire(g, p.reach(k, 4)):
            shoot[h] = max(shoot[h], worth * kill_chance(platoon, k.defense[g]))
        for h in k.neighbors[g]:
            shoot[h] = max(shoot[h], worth * kill_chance(platoon * 2, k.defense[g]))
    return shoot


def routes_by_definition(p: Picture, k: Knowledge) -> tuple[list[float], list[float]]:
    german = [s.hex for s in p.stacks.values() if s.side == GERMAN]
    bypass, corridor = [0.0] * k.size, [0.0] * k.size
    if not german:
        return bypass, corridor
    exits = k.exit_distance
    routes = [exits[h] + min(float(k.distances[g][h]) for g in german) for h in range(k.size)]
    best = min(routes)
    for h in range(k.size):
        for g in german:
            ahead = exits[h] - exits[g]
            if k.distances[g][h] <= BYPASS_RADIUS and not math.isnan(ahead) and ahead > 0:
                bypass[h] += min(ahead, 4.0)
        corridor[h] = math.exp((best - routes[h]) / CORRIDOR_FADE) if routes[h] < math.inf else 0
    return bypass, corridor


def test_the_threat_map_is_each_stacks_strength_added_hex_by_hex() -> None:
    k = knowledge()
    for p in pictures():
        for foresight in (0.0, 0.5):
            assert (
                threat_map(p, k, foresight).tolist()
                == threat_by_definition(p, k, foresight).tolist()
            )


def test_the_shoot_map_is_the_best_fire_at_each_german_stack_hex_by_hex() -> None:
    k = knowledge()
    for p in pictures():
        if p.side == US:
            assert shoot_map(p, k).tolist() == shoot_by_definition(p, k)


def test_the_german_route_maps_are_their_definitions_and_read_only() -> None:
    k = knowledge()
    for p in pictures()[::3]:
        bypass, corridor = routes_by_definition(p, k)
        assert bypass_map(p, k).tolist() == bypass
        assert corridor_map(p, k).tolist() == corridor
        assert bypass_map(p, k) is bypass_map(p, k)  # a search's samples share them
        assert not corridor_map(p, k).flags.writeable


def test_a_corridor_off_the_half_mp_grid_is_its_definition_too() -> None:
    # a third of an MP more from every third hex: the fades are worked out length by length
    k = copy.copy(knowledge())
    k.exit_distance = tuple(d + (h % 3) / 3 for h, d in enumerate(k.exit_distance))
    k.exit_array = np.array(k.exit_distance)
    for p in pictures()[:6]:
        _, corridor = routes_by_definition(p, k)
        assert corridor_map(p, k).tolist() == corridor
