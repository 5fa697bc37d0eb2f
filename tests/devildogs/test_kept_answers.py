"""What the rules keep between actions to play fast (units per sector and side, the hexes
occupied, the enemy's hexes and zone of control, each unit's movement plan, line of sight
and range per pair of hexes) gives the answer worked out from scratch after every action of
random games, in the state played on and in a clone taken there and played on along another
line."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from greatwar.core import Rng, act
from greatwar.games.devildogs.cards import unassigned_cards
from greatwar.games.devildogs.data import SIDES, US, scenario_ids
from greatwar.games.devildogs.fire import (
    blocks_sight,
    has_los,
    is_hidden,
    priority_classes,
    sight,
    unhidden,
)
from greatwar.games.devildogs.movement import ADV, REP, RET, offer_moves, unit_actions
from greatwar.games.devildogs.state import DevilDogsState
from greatwar.hexes import reachable
from tests.devildogs.positions import blank, new_state

SCENARIOS = ("hill142", "gas", "vaux")


def positions(scenario: str, seed: int, actions: int = 100) -> Iterator[DevilDogsState]:
    """Every position of a random game's first ``actions`` actions, and after every tenth a
    clone that plays a few random actions of its own (what the clone adds to the kept answers
    it shares must hold for the original too)."""
    state = new_state(scenario, seed)
    rng = Rng(seed, stream=3)
    step = 0
    while not state.is_terminal() and step < actions:
        yield state
        if step % 10 == 0:
            twin = state.clone()
            for _ in range(3):
                if twin.is_terminal():
                    break
                twin.apply_action(rng.choice(twin.legal_actions()))
                yield twin
        state.apply_action(rng.choice(state.legal_actions()))
        step += 1


def fresh_units(state: DevilDogsState, side: str, sector: str | None) -> list[int]:
    """5.7: the side's units on the map (in the sector), read off ``where``."""
    return [
        u
        for u in state.c.side_units[side]
        if state.where[u] >= 0
        and (sector is None or sector in state.c.board.sectors[state.where[u]])
    ]


def fresh_adjacent(state: DevilDogsState, unit: int) -> bool:
    """6.1: an enemy unit in a neighbouring hex."""
    side = state.c.units[unit].side
    neighbors = state.c.board.grid.neighbors(state.where[unit])
    return any(h in state.at and state.c.units[state.at[h]].side != side for h in neighbors)


def fresh_moves(state: DevilDogsState, unit: int, kind: str, allowance: int) -> list[str]:
    """5.8, 6.1, 4.1, 6.2: the unit's actions under an order, by a movement-point search."""
    side = state.c.units[unit].side
    start = state.where[unit]
    if kind != RET and unit in state.pinned:
        return [f"stay {state.c.units[unit].id}"]

    def cost(here: int, there: int) -> float | None:
        occupant = state.at.get(there)
        if not state.is_playable(there):
            return None
        if occupant is not None and state.c.units[occupant].side != side:
            return None
        if here != start and fresh_adjacent_hex(state, side, here):
            return None  # 6.1 entering an enemy-adjacent hex ended the move
        return 1.0

    rows = state.c.board.row
    ahead = {ADV: 1, RET: -1, REP: 0}[kind] * (1 if side == US else -1)
    ends = [
        h
        for h in sorted(reachable(state.c.board.grid, start, allowance, cost))
        if h not in state.at and (ahead == 0 or (rows[start] - rows[h]) * ahead > 0)
    ]
    unit_id = state.c.units[unit].id
    actions = [f"move {unit_id} {state.hex_id(h)}" for h in ends]
    must_move = ends and (kind == RET or (kind == ADV and not fresh_adjacent(state, unit)))
    return [*actions, f"{'refuse' if must_move else 'stay'} {unit_id}"]


def fresh_adjacent_hex(state: DevilDogsState, side: str, h: int) -> bool:
    neighbors = state.c.board.grid.neighbors(h)
    return any(n in state.at and state.c.units[state.at[n]].side != side for n in neighbors)


def fresh_los(state: DevilDogsState, a: int, b: int) -> bool:
    """7.1 walked along the line: any blocking hex, or both hexes of a hexside, blocks."""
    grid = state.c.board.grid
    if grid.distance(a, b) <= 1:
        return True
    for plus, minus in grid.line(a, b)[1:-1]:
        if plus is None:
            continue
        if plus == minus:
            if blocks_sight(state, a, b, plus):
                return False
        elif (
            minus is not None
            and blocks_sight(state, a, b, plus)
            and blocks_sight(state, a, b, minus)
        ):
            return False
    return True


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_5_7_6_1_kept_units_and_zones_equal_a_fresh_count(scenario: str) -> None:
    for state in positions(scenario, 11):
        for side in SIDES:
            assert state.units_of(side) == fresh_units(state, side, None)
            for sector in state.sc.sectors:
                assert state.in_sector(side, sector) == fresh_units(state, side, sector)
            foes = {h for h, u in state.at.items() if state.c.units[u].side != side}
            assert state.enemy_hexes(side) == foes
        for unit in state.at.values():
            assert state.enemy_adjacent(unit) == fresh_adjacent(state, unit)
        assert [h for h, taken in enumerate(state.occupied) if taken] == sorted(state.at)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_5_8_6_1_kept_movement_plans_equal_a_fresh_search(scenario: str) -> None:
    for state in positions(scenario, 12):
        for unit in state.at.values():
            side = state.c.units[unit].side
            for kind in (ADV, RET, REP):
                for allowance in (1, 3):
                    actions, all_free, can_move = offer_moves(state, side, (unit,), kind, allowance)
                    fresh = fresh_moves(state, unit, kind, allowance)
                    assert [str(a) for a in actions] == fresh
                    assert can_move == (len(fresh) > 1)
                    assert all_free == (actions[-1] == unit_actions(state, "stay")[unit])


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_7_1_kept_sight_equals_the_line_walked(scenario: str) -> None:
    grid = new_state(scenario).c.board.grid
    for state in positions(scenario, 13):
        hexes = sorted(state.at)
        for a in hexes[::2]:
            for b in hexes:
                assert has_los(state, a, b) == fresh_los(state, a, b)
                assert sight(state, a, b)[0] == grid.distance(a, b)


def test_4_1_forget_cached_rebuilds_what_is_kept_from_the_units_on_the_map() -> None:
    state = new_state("hill142", 5)
    unit = next(iter(state.at.values()))
    old = state.where[unit]
    target = next(h for h in state.playable_neighbors[old] if h not in state.at)
    del state.at[old]  # moved outside the rules, as a test position may be
    state.at[target] = unit
    state.where[unit] = target
    state.forget_cached()
    assert [h for h, taken in enumerate(state.occupied) if taken] == sorted(state.at)
    side = state.c.units[unit].side
    assert state.units_of(side) == fresh_units(state, side, None)
    for sector in state.sc.sectors:
        assert state.in_sector(side, sector) == fresh_units(state, side, sector)


def test_3_1_a_new_game_starts_as_placing_the_scenario_unit_by_unit() -> None:
    """3.1: the start kept per scenario and process (units placed, objectives held, damage,
    decks before their shuffle) is what placing the units one by one gives, in every game,
    and a game played on leaves the next one's start untouched."""
    for scenario in scenario_ids():
        for seed in (1, 2):
            state = new_state(scenario, seed)
            placed = blank(scenario, seed)
            placed.held = {o.hex: o.holder for o in placed.sc.objectives}
            placed.lost = [0] * len(placed.c.units)
            for unit, hex_index in placed.sc.setup:
                placed.put(unit, hex_index)
            for unit, steps in placed.sc.damaged:
                placed.lost[unit] = steps
            assert state.where == placed.where
            assert list(state.at.items()) == list(placed.at.items())
            assert state.occupied == placed.occupied
            assert state.held == placed.held
            assert state.lost == placed.lost
            for side in SIDES:  # (turn 1's hands are drawn already)
                cards = state.decks[side] + state.hands[side] + state.discard[side]
                assert sorted(cards) == state.c.deck(side)
            rng = Rng(seed, stream=3)
            for _ in range(200):  # a game played on (the next one must start afresh)
                if state.is_terminal():
                    break
                state.apply_action(rng.choice(state.legal_actions()))
        again = new_state(scenario, 1)
        assert again.to_dict() == new_state(scenario, 1).to_dict()


def fresh_classes(state: DevilDogsState, targets: list[int]) -> list[tuple[int, list[int]]]:
    """7.1, 8.1: the Target Priority Chart read off the tables, class by class."""
    damage = state.c.tables["damage"]
    classes = []
    for covered in (False, True):
        cost = int(damage["cover_cd_per_step" if covered else "open_cd_per_step"])
        for kinds in state.c.tables["target_priority"]["classes"]:
            members = [
                t
                for t in sorted(targets)
                if state.c.board.cover[state.where[t]] == covered and state.c.units[t].kind in kinds
            ]
            if members:
                classes.append((cost, members))
    return classes


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_7_1_8_1_kept_priority_chart_and_offers_equal_fresh_ones(scenario: str) -> None:
    """The chart kept per process sorts targets as the tables do; the assign actions kept per
    card and sector are the ones ``act`` makes; HIDDEN MG'S is tested only when played."""
    for state in positions(scenario, 14):
        for side in SIDES:
            targets = [u for u in state.at.values() if state.c.units[u].side == side]
            assert priority_classes(state, targets) == fresh_classes(state, targets)
            for sector in state.sc.sectors:
                units = state.in_sector(side, sector)
                fresh = [u for u in units if not is_hidden(state, u, sector)]
                assert unhidden(state, side, sector, units) == fresh
        frame = state.stack[-1] if state.stack else None
        if frame is None or frame["p"] != "assign":
            continue
        for side in SIDES:
            offered = [str(a) for a in state.prompts["assign"].offer(state, frame, side)]
            assigned = state.assigned[side]
            if len(assigned) < len(state.sc.sectors):
                fresh_offer = [
                    str(act("assign", state.c.cards[card].id, sector))
                    for card in unassigned_cards(state, side)
                    for sector in state.sc.sectors
                    if sector not in assigned
                ]
                assert offered == fresh_offer
