"""11. Supply: combat units to their HQ within 8 MP, HQs to a road or railroad off a friendly
map edge; the effects of being out of supply."""

from __future__ import annotations

from greatwar.ai.random_player import RandomPlayer
from greatwar.core.registry import load_game
from greatwar.games.marne1914.combat import may_attack
from greatwar.games.marne1914.data import SIDES
from greatwar.games.marne1914.supply import (
    determine_supply,
    edge_names,
    hq_supply,
    reached,
    reaches,
    supply_sources,
)
from tests.marne1914.positions import cleared, deployed, hx, place, set_mode


def test_11_1_at_the_start_everything_is_in_supply() -> None:
    """11.1.1: determined in the Supply Determination Phase."""
    state = deployed()
    determine_supply(state)
    assert not state.oos


def test_11_1_5_a_combat_unit_more_than_eight_mp_from_its_hq_is_out_of_supply() -> None:
    """11.1.2, 11.1.5: a combat unit traces to its HQ."""
    state = cleared()
    near = place(state, "F18-1", "2818")
    far = place(state, "F18-2", "0605")
    place(state, "F18-HQ", "2720")
    determine_supply(state)
    assert near not in state.oos and far in state.oos


def test_11_1_4_no_supply_line_through_an_enemy_zoc_unless_friendly_units_are_there() -> None:
    state = cleared()
    unit = place(state, "F18-1", "2916")
    place(state, "F18-HQ", "2720")
    # a wall of German units across every path would cut it; one unit's ZOC is avoided
    place(state, "G12-1", "2918")
    determine_supply(state)
    assert unit not in state.oos


def test_11_1_7_friendly_edges_and_11_2_1_hq_out_means_units_out() -> None:
    """11.1.3, 11.1.6, 11.2.1: HQs trace to a road or railroad off a friendly edge."""
    state = cleared()
    sources = supply_sources(state, "german", ("north",))
    assert sources and all(
        h in state.c.board.road_hexes | state.c.board.rail_hexes for h in sources
    )
    hq = place(state, "F18-HQ", "2720")
    unit = place(state, "F18-1", "2719")
    state.cut_off.add(hq)  # 9.9: out of supply for good
    determine_supply(state)
    assert hq in state.oos and unit in state.oos


def test_11_2_2_out_of_supply_units_may_not_attack() -> None:
    """11.2.2, 9.4.9: no Regular Attack out of supply."""
    state = cleared()
    unit = place(state, "F18-1", "2818")
    place(state, "G12-1", "2918")
    set_mode(state, "F18", "offensive")
    assert may_attack(state, unit, hx(state, "2918"))
    state.oos.add(unit)
    assert not may_attack(state, unit, hx(state, "2918"))


def test_15_4_1_british_hqs_trace_only_off_the_west_edge() -> None:
    state = cleared({"bef": True})
    british, french = state.unit("B1-HQ"), state.unit("F18-HQ")
    assert edge_names(state, british) == ("west",)
    assert edge_names(state, french) == ("west", "south", "east")
    assert edge_names(cleared(), british) == ("west", "south", "east")
    west = supply_sources(state, "allied", ("west",))
    place(state, "G12-1", "0313")  # a German stack astride the roads out of Paris
    assert supply_sources(state, "allied", ("west",)) < west


def test_11_1_3_one_search_finds_an_hqs_supply_and_its_units_as_two_would() -> None:
    """11.1.2, 11.1.3, 11.1.6: ``hq_supply``, which ends its search once it has met a supply
    source and every unit's hex, gives what ``reached`` all the way gives: no supply when
    no source is reached, else the units' hexes reached (and ``reaches``, which ends at the
    hex it looks for, what ``reached`` toward it finds); every few actions of random games,
    for every HQ on the map."""
    game = load_game("marne1914")
    checked = 0
    for seed in range(2):
        state = game.new_initial_state(seed)
        player = RandomPlayer(seed)
        steps = 0
        while not state.is_terminal():
            steps += 1
            if steps % 25 == 0:
                for side in SIDES:
                    for hq in state.c.side_hqs[side]:
                        if state.where[hq] < 0:
                            continue
                        sources = supply_sources(state, side, edge_names(state, hq))
                        marks = bytearray(state.c.board.grid.size)
                        for h in sources:
                            marks[h] = 1
                        units_at = {
                            state.where[u]
                            for u in state.units_on_map(side)
                            if state.hq_of[u] == hq and not state.counter(u).is_hq
                        }
                        found = reached(state, hq)
                        expected = None if sources.isdisjoint(found) else units_at & set(found)
                        assert hq_supply(state, hq, marks, units_at) == expected
                        for h in units_at:  # 7.3.2 ``reaches``, the way toward one hex
                            assert reaches(state, hq, h) == (h in reached(state, hq, toward=h))
                        checked += 1
            state.apply_action(player.choose(state, state.current_player()))
    assert checked > 1000
