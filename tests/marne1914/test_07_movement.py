"""7. Movement: terrain, rivers, roads, zones of control, railroads and reinforcements."""

from __future__ import annotations

from greatwar.ai.random_player import RandomPlayer
from greatwar.core.registry import load_game
from greatwar.games.marne1914.data import OTHER, SIDES
from greatwar.games.marne1914.movement import (
    RailNetworks,
    destination_hexes,
    destinations,
    move_choices,
    rail_capacity_left,
    rail_destinations,
    rail_network_finder,
    rail_networks,
    reach,
    step_cost,
    terrain_cost,
)
from greatwar.games.marne1914.reinforcements import (
    arrival_option,
    arrival_options,
    delay_options,
    home_of,
    near_home,
    revertible,
    start_arrivals,
)
from greatwar.games.marne1914.state import LOST, MarneState, move_flags
from greatwar.games.marne1914.supply import reaches
from greatwar.hexes import connected, reachable
from tests.marne1914.positions import actions, at_phase, cleared, hx, place, random_play, set_mode


def test_7_1_2_clear_forest_and_river_costs() -> None:
    state = cleared()
    board = state.c.board
    assert terrain_cost(state, hx(state, "2818"), hx(state, "2918"), False) == 1.0
    assert terrain_cost(state, hx(state, "2918"), hx(state, "2919"), False) == 2.0  # forest
    a, b = hx(state, "3112"), hx(state, "3211")
    assert board.is_river(a, b)
    assert (
        terrain_cost(state, a, b, False) == float(state.c.tables["movement"][board.terrain[b]]) + 2
    )


def test_7_1_2_2_road_movement_only_in_transfer_mode_negates_terrain_and_bridges() -> None:
    state = cleared()
    a, b = hx(state, "1213"), hx(state, "1214")  # a bridge
    assert state.c.board.is_bridge(a, b)
    assert terrain_cost(state, a, b, True) == 0.5
    assert terrain_cost(state, a, b, False) == 3.0  # full cost, river included


def test_7_1_3_never_into_an_enemy_hex_and_8_2_1_2_stop_in_an_enemy_zoc() -> None:
    """7.1, 8.2.1: never into an enemy hex."""
    state = cleared()
    unit = place(state, "F18-1", "2818")
    place(state, "G12-1", "2918")
    set_mode(state, "F18", "offensive")
    at_phase(state, "movement", "allied")
    reach = destinations(state, unit)
    assert hx(state, "2918") not in reach
    # 8.2.1.3 ZOC to ZOC from the start: clear 1, +1 to enter, +2 to leave (7.1.3.1)
    assert reach[hx(state, "2817")] == 4.0


def test_7_1_3_1_entering_costs_one_more_and_leaving_two_more() -> None:
    state = cleared()
    unit = place(state, "F18-1", "2719")
    place(state, "G12-1", "2918")
    set_mode(state, "F18", "offensive")
    reach = destinations(state, unit)
    assert reach[hx(state, "2818")] == 2.0  # clear 1 + 1 to enter the ZOC of 2918
    assert hx(state, "3018") not in reach  # 8.2.1.2: no way on through the ZOC


def test_7_1_4_a_unit_may_always_move_one_hex() -> None:
    state = cleared()
    unit = place(state, "F18-A", "2918")  # artillery, MA 4
    set_mode(state, "F18", "defensive")  # 2 MP
    place(state, "G12-1", "3018")
    reach = destinations(state, unit)
    assert hx(state, "2919") in reach  # forest 2 + enemy ZOC 1 + leaving 2 = 5 > 2 MP


def test_7_2_railroad_movement_in_transfer_mode_away_from_the_enemy() -> None:
    """7.2.1, 7.2.2, 7.2.5: any distance by railroad, Transfer mode, not next to the enemy."""
    state = cleared()
    unit = place(state, "F18-1", "2818")
    set_mode(state, "F18", "transfer")
    at_phase(state, "movement", "allied")
    assert "rail F18-1" in actions(state, "allied")
    far = rail_destinations(state, unit, hx(state, "2818"))
    assert len(far) > 10
    set_mode(state, "F18", "offensive")
    assert "rail F18-1" not in actions(state, "allied")  # 7.2.2
    set_mode(state, "F18", "transfer")
    place(state, "G12-1", "2918")
    assert rail_destinations(state, unit, hx(state, "2818")) == []  # 7.2.2 adjacent to enemy


def test_7_2_4_no_railroad_hex_next_to_an_enemy() -> None:
    state = cleared()
    unit = place(state, "F18-1", "2818")
    set_mode(state, "F18", "transfer")
    before = set(rail_destinations(state, unit, hx(state, "2818")))
    place(state, "G12-1", "2617")  # next to 2718 on the line
    after = set(rail_destinations(state, unit, hx(state, "2818")))
    assert hx(state, "2718") in before and hx(state, "2718") not in after
    assert len(after) < len(before)


def test_7_2_6_and_7_2_7_railroad_capacity() -> None:
    state = cleared()
    german, french, british = state.unit("G12-1"), state.unit("F18-1"), state.unit("B1-1")
    state.rail_used = {"german": 2, "french": 0, "british": 0}
    assert rail_capacity_left(state, german)
    state.rail_used["german"] = 3
    assert not rail_capacity_left(state, german)
    state.rail_used = {"german": 0, "french": 1, "british": 0}
    assert rail_capacity_left(state, french) and rail_capacity_left(state, british)
    state.rail_used = {"german": 0, "french": 2, "british": 0}
    assert not rail_capacity_left(state, french) and not rail_capacity_left(state, british)
    state.rail_used = {"german": 0, "french": 0, "british": 2}
    assert rail_capacity_left(state, british) and not rail_capacity_left(state, french)
    state.rail_used = {"german": 0, "french": 1, "british": 1}
    assert not rail_capacity_left(state, french) and not rail_capacity_left(state, british)


def test_7_2_8_hqs_use_the_railroad_without_capacity() -> None:
    state = cleared()
    place(state, "F18-HQ", "2818")
    set_mode(state, "F18", "transfer")
    at_phase(state, "movement", "allied")
    state.rail_used = {"german": 0, "french": 2, "british": 0}
    assert "rail F18-HQ" in actions(state, "allied")


def test_7_3_2_iv_corps_enters_in_paris_on_september_5() -> None:
    """7.3, 7.3.1: reinforcements at the end of the Movement Phase."""
    state = cleared()
    at_phase(state, "movement", "allied", "reinforce")
    unit = state.unit("F4-1")
    options = arrival_options(state, unit, "F4")
    assert set(state.c.board.paris) <= set(options)
    assert "enter F4-1" in actions(state, "allied")


def test_7_3_6_each_unit_entering_the_same_hex_pays_one_more() -> None:
    """7.3.3: the Lepel Brigade and the Moroccans enter at entry hexes."""
    from greatwar.games.marne1914.reinforcements import entry_cost

    state = cleared()
    entry = state.c.entries["entry1"]
    unit = state.unit("F9-M1")
    assert entry_cost(state, unit, entry) == 1.0
    state.entered[entry] = 2
    assert entry_cost(state, unit, entry) == 3.0


def test_7_3_5_paris_enemy_occupied_loses_its_reinforcements() -> None:
    state = cleared()
    for i, h in enumerate(("0213", "0214", "0313")):
        place(state, f"G4R-{i + 1}", h)
    at_phase(state, "movement", "allied")
    state.stack = []
    start_arrivals(state, "allied")
    assert state.where[state.unit("F4-1")] == LOST


def test_7_3_4_a_group_may_delay_a_turn_to_another_friendly_edge_railroad_hex() -> None:
    state = cleared()
    state.turn = 3
    options = delay_options(state, "F9")
    assert options and state.c.entries["entry1"] not in options
    edges = state.c.board.edge(("west", "south", "east"))
    assert all(h in edges and h in state.c.board.rail_hexes for h in options)
    at_phase(state, "movement", "allied", "reinforce")
    state.apply_action("delay F9", "allied")
    assert state.due["F9"] == 4 and state.entry_hexes["F9"] == options


def test_7_3_5_a_closed_entry_hex_adds_edge_hexes_within_five() -> None:
    state = cleared()
    state.turn = 3
    open_options = set(delay_options(state, "F9"))
    place(state, "G12-1", "2321")  # next to entry hex 1 (2322)
    closed = set(delay_options(state, "F9"))
    assert closed > open_options
    grid = state.c.board.grid
    assert all(grid.distance(h, hx(state, "2322")) <= 5 for h in closed - open_options)


def test_7_2_3_after_railroad_movement_no_other_movement_nor_combat() -> None:
    from greatwar.games.marne1914.combat import may_attack

    state = cleared()
    unit = place(state, "F18-1", "2818")
    set_mode(state, "F18", "transfer")
    at_phase(state, "movement", "allied")
    state.apply_action("rail F18-1", "allied")
    state.apply_action("to 2718", "allied")
    assert unit in state.railed and "move F18-1" not in actions(state, "allied")
    place(state, "G12-1", "2617")
    set_mode(state, "F18", "offensive")
    assert not may_attack(state, unit, hx(state, "2617"))


def test_7_1_7_2_the_movement_choices_kept_between_offers_equal_fresh_ones() -> None:
    """``move_choices`` at a movement prompt reads again only what may have changed since its
    last offer (``MoveMemo``): after every action of random games (one with every option),
    and in a clone, it equals the choices read afresh, and the prompt offers what it offers
    afresh."""
    checked = 0
    for _, state in random_play(range(4), all_options_at=3):  # the last with every option
        frame = state.stack[-1] if state.stack else None
        if frame is not None and frame["p"] == "movement":
            side = frame["side"]
            fresh = move_choices(state, side)
            assert move_choices(state, side, frame) == fresh
            copy = state.clone()
            assert move_choices(copy, side, copy.stack[-1]) == fresh
            prompt = state.prompts["movement"]  # its actions too, kept in the memo
            assert prompt.offer(state, frame, side) == prompt.offer(copy, {**frame}, side)
            checked += 1
    assert checked > 1000


def test_7_1_the_move_prompt_offers_what_the_generic_search_finds() -> None:
    """The move prompt's search (``destination_hexes``, over scratch tables) and ``reach``
    equal ``greatwar.hexes.reachable`` with ``step_cost`` (7.1-7.1.3.1, 8.2), and the
    prompt's hexes those of ``destinations`` (7.1.4, 8.1), at every unit of every movement
    prompt of random games."""
    checked = 0
    for _, state in random_play(range(2)):
        frame = state.stack[-1] if state.stack else None
        if frame is not None and frame["p"] == "move":
            unit = frame["unit"]
            start = state.where[unit]
            cost = step_cost(state, unit, start)
            grid = state.c.board.grid
            expected = reachable(grid, start, state.allowance(unit), cost)
            assert reach(state, unit, start) == expected
            assert destination_hexes(state, unit) == sorted(destinations(state, unit))
            checked += 1
    assert checked > 500


def test_7_2_4_railroad_networks_are_the_hexes_joined_by_open_railroad() -> None:
    """7.2.4, 7.2.5: ``rail_networks`` gives each open railroad hex (neither enemy-held nor
    next to an enemy unit) the hexes ``greatwar.hexes.connected`` joins to it by open
    railroad, every few actions of a random game, for both sides."""
    game = load_game("marne1914")
    state = game.new_initial_state(1)
    player = RandomPlayer(1)
    checked = 0
    while not state.is_terminal():
        if len(state.history()) % 20 == 0:
            for side in SIDES:
                board = state.c.board
                closed = state.enemy_held(side) | state.zoc(OTHER[side])
                expected = {
                    h: frozenset(connected((h,), board.rail_links, closed))
                    for h in board.rail_hexes - closed
                }
                assert rail_networks(state, side) == expected
                checked += 1
        state.apply_action(player.choose(state, state.current_player()))
    assert checked > 100


def _networks_walked_over_all(state: MarneState, side: str) -> dict[int, frozenset[int]]:
    """7.2.4, 7.2.5: every open railroad network, walked in hex order over all of them (as
    ``rail_networks`` was made before its networks were walked when asked)."""
    board = state.c.board
    closed = move_flags(state, side)
    seen: set[int] = set()
    found: dict[int, frozenset[int]] = {}
    for first in sorted(board.rail_hexes):
        if closed[first] or first in seen:
            continue
        seen.add(first)
        network, frontier = [first], [first]
        while frontier:
            for there in board.rail_links[frontier.pop()]:
                if there not in seen and not closed[there]:
                    seen.add(there)
                    network.append(there)
                    frontier.append(there)
        joined = frozenset(network)
        for h in network:
            found[h] = joined
    return found


def test_7_2_4_the_networks_kept_and_walked_when_asked_equal_a_walk_over_all() -> None:
    """7.2.4, 7.2.5: the side's kept ``RailNetworks`` (each network walked when first asked,
    from its lowest hex) gives every open railroad hex the network a walk over all of them
    finds, the same set with its hexes in the same order (its order names a unit's railroad
    destination), after every action of random games: the kept one (a clone's too) asked in
    hex order, a new one from the highest hex down (each network first asked at another hex
    than its lowest)."""
    checked = 0
    for _, state in random_play(range(2)):
        rail_hexes = sorted(state.c.board.rail_hexes)
        for side in SIDES:
            expected = _networks_walked_over_all(state, side)
            for networks, order in (
                (rail_network_finder(state, side), rail_hexes),
                (rail_network_finder(state.clone(), side), rail_hexes),
                (RailNetworks(state, side), rail_hexes[::-1]),
            ):
                for h in order:
                    found = networks.of(h)
                    if h in expected:
                        assert found == expected[h] and list(found) == list(expected[h])
                    else:
                        assert found is None
            checked += 1
    assert checked > 4000


def test_7_3_1_an_arrival_applied_goes_by_the_way_its_offer_found() -> None:
    """7.3.1: the arrive prompt's apply looks for the chosen hex's way in only up to it
    (``arrival_option``): at every arrive prompt of random games, for every hex offered, the
    entry hex and whether by rail are those of ``arrival_options``."""
    checked = 0
    for _, state in random_play(range(6)):
        frame = state.stack[-1] if state.stack else None
        if frame is not None and frame["p"] == "arrive":
            unit, group = frame["unit"], frame["group"]
            options = arrival_options(state, unit, group)
            for to, way in options.items():
                assert arrival_option(state, unit, group, to) == way
                checked += 1
    assert checked > 100


def test_7_3_2_the_moroccans_kept_revertible_equal_fresh_ones() -> None:
    """7.3.2: ``revertible`` (kept until the enemy, the units' or their HQ's hexes, or a hex
    of the enemy's ZOC change) equals the Moroccan units near their own HQ that it traces
    supply to, read afresh after every action of random games (in the last only every few
    actions: the kept answer read after several changes), and in a clone."""
    checked = near = 0
    for seed, state in random_play(range(3)):
        if seed < 2 or len(state.history()) % 5 == 0:
            found = near_home(state)
            fresh = [u for u in found if reaches(state, home_of(state, u), state.where[u])]
            assert revertible(state, "allied") == fresh
            assert revertible(state.clone(), "allied") == fresh
            checked += 1
            near += bool(found)
    assert checked > 2000 and near > 300
