"""What the rules keep between actions (movement searches and the enemy mask, supply traces,
observed units) equals what a fresh look at the position finds, after every action of random
games and in a clone: digest 5.1-6.1 movement, 9.1 supply, MA 17.3 observation."""

from __future__ import annotations

from greatwar.ai.random_player import RandomPlayer
from greatwar.core.registry import load_game
from greatwar.core.rng import Rng
from greatwar.games.meuse.bombardment import _observed_units, observed_units
from greatwar.games.meuse.data import ALLIED, GERMAN
from greatwar.games.meuse.movement import (
    _search,
    _sorted_reach,
    destination_hexes,
    destinations,
    movable,
    movers,
    reach,
    reached_hexes,
    step_cost,
    steps_from,
    unmoved_movers,
)
from greatwar.games.meuse.reinforcements import arrival_hexes, has_arrival_hex
from greatwar.games.meuse.state import OTHER, MeuseState
from greatwar.games.meuse.supply import hex_supplied, sources, supply_mask
from greatwar.hexes import reachable

SEEDS = (3, 11)
EVERY = 5  # actions between two checks (a fresh search of every unit is slow)


def fresh(state: MeuseState) -> MeuseState:
    """A clone that has forgotten everything kept: its answers are worked out anew."""
    copy = state.clone()
    assert isinstance(copy, MeuseState)
    copy.forget_cached()
    return copy


def positions(seed: int) -> list[MeuseState]:
    """Every EVERY-th position of a random game, each with what play has kept so far, and a
    clone of it (which shares what was kept)."""
    state = load_game("meuse").new_initial_state(seed)
    assert isinstance(state, MeuseState)
    player = RandomPlayer(seed)
    found: list[MeuseState] = []
    count = 0
    while not state.is_terminal():
        state.apply_action(player.choose(state, state.current_player()))
        count += 1
        if count % EVERY == 0 and not state.is_terminal():
            # what the prompts ask keeps its answers in the state: asked first, then checked
            state.legal_actions(state.current_player())
            clone = state.clone()
            assert isinstance(clone, MeuseState)
            found += [state, clone]
    return found


def fresh_supply(state: MeuseState, side: str) -> bytes:
    """9.1 from scratch: a search from the side's sources past enemy units and the enemy ZOC
    not occupied by a friendly unit."""
    grid = state.c.board.grid
    enemy = {h for h, s in state.stacks.items() if state.c.counters[s[0]].side == OTHER[side]}
    own = {h for h, s in state.stacks.items() if state.c.counters[s[0]].side == side}
    zoc = {n for h in enemy for n in grid.neighbors(h)}
    if side == GERMAN:  # MA 14.2: the Allied ZOC stops at unbreached works
        zoc -= state.c.board.works.keys() - state.breached
    closed = enemy | (zoc - own)
    reached = {h for h in sources(state, side) if h not in closed}
    frontier = list(reached)
    while frontier:
        for there in grid.neighbors(frontier.pop()):
            if there not in closed and there not in reached:
                reached.add(there)
                frontier.append(there)
    return bytes(1 if h in reached else 0 for h in range(grid.size))


def test_5_1_6_1_kept_movement_searches_equal_fresh_ones() -> None:
    for seed in SEEDS:
        for state in positions(seed)[::3]:
            look = fresh(state)
            grid = state.c.board.grid
            for side in (ALLIED, GERMAN):
                for unit in state.c.side_units[side]:
                    if state.where[unit] < 0:
                        continue
                    allowance = state.values(unit)[2]
                    cost = step_cost(look, unit)
                    expected = reachable(grid, state.where[unit], allowance, cost)
                    assert reach(state, unit) == expected
                    assert reached_hexes(state, unit) == tuple(sorted(expected))


def test_9_1_kept_supply_traces_equal_fresh_ones() -> None:
    for seed in SEEDS:
        for state in positions(seed):
            for side in (ALLIED, GERMAN):
                expected = fresh_supply(state, side)
                assert supply_mask(state, side) == expected
                for unit in state.c.side_units[side]:
                    hex_index = state.where[unit]
                    if hex_index >= 0:
                        assert hex_supplied(state, side, hex_index) == bool(expected[hex_index])


def test_17_3_kept_observed_units_equal_fresh_ones() -> None:
    for seed in SEEDS:
        for state in positions(seed):
            look = fresh(state)
            for side in (ALLIED, GERMAN):
                assert observed_units(state, side) == _observed_units(look, side)


def test_5_1_6_1_kept_movers_equal_fresh_ones() -> None:
    """The movement phase's units that can move, kept from offer to offer
    and brought up to date by each move, equal a fresh look after every action."""
    for seed in SEEDS:
        state = load_game("meuse").new_initial_state(seed)
        assert isinstance(state, MeuseState)
        player = RandomPlayer(seed)
        checked = 0
        while not state.is_terminal():
            frame = state.stack[-1] if state.stack else None
            if frame is not None and frame["p"] == "movement":
                side = frame["side"]
                state.legal_actions(state.current_player())
                can = unmoved_movers(state, frame, side)
                assert can == movers(state, movable(state, side))
                clone = state.clone()
                assert isinstance(clone, MeuseState)
                assert unmoved_movers(clone, clone.stack[-1], side) == can
                checked += 1
            state.apply_action(player.choose(state, state.current_player()))
        assert checked > 0


def test_5_1_5_3_kept_destination_order_equals_fresh_destinations() -> None:
    """The move prompt's hexes, read from the kept search's hexes in order, are the unit's
    ``destinations`` in order, for every unmoved unit of the moving side, and in a clone."""
    for seed in SEEDS:
        for state in positions(seed):
            frame = state.stack[-1] if state.stack else None
            if frame is None or frame["p"] not in ("movement", "move"):
                continue
            look = fresh(state)
            for unit in movable(state, frame["side"]):
                expected = sorted(destinations(look, unit))
                assert destination_hexes(state, unit) == expected


def test_11_3_11_6_arrival_hex_look_equals_the_list() -> None:
    """The movement phase's look for a hex a returned unit may arrive in, hex by hex, finds
    one exactly when ``arrival_hexes`` lists one, for every division of either side."""
    for seed in SEEDS:
        for state in positions(seed):
            for side in (ALLIED, GERMAN):
                for unit in state.c.divisions[side]:
                    expected = bool(arrival_hexes(state, side, unit))
                    assert has_arrival_hex(state, side, unit) == expected


def test_5_1_6_1_sorted_search_finds_the_hexes_of_the_search_in_order() -> None:
    """The move prompt's search (hexes only, in hex order) reaches the hexes the full search
    does, past random enemy units and ZOC, from random hexes, with every allowance, whether
    entering a ZOC ends the move or not and whether the unit starts in one."""
    state = load_game("meuse").new_initial_state(0)
    assert isinstance(state, MeuseState)
    rng = Rng(5)
    for side in (ALLIED, GERMAN):
        steps = steps_from(state, side)
        size = len(steps.out)
        for _ in range(60):
            # enemy_mask's bytes (C constants of the compiled module): open, ZOC, unit
            mask = bytes(rng.choice((0, 0, 0, 1, 2)) for _ in range(size))
            start = rng.below(size)
            for allowance in range(steps.most // steps.scale + 1):
                for stops, first_zoc in ((True, False), (False, False), (True, True)):
                    full = _search(steps, start, allowance, mask, stops, first_zoc)
                    found = _sorted_reach(
                        steps, start, allowance * steps.scale, mask, stops, first_zoc
                    )
                    assert found == tuple(sorted(full))
