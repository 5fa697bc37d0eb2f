"""The components: map, hexsides, counters, zones and tables read and agree (2.0, 3, 7.3)."""

from __future__ import annotations

from greatwar.games.marne1914.data import ALLIED, GERMAN, components


def test_2_0_map_is_22_by_34_hexes_with_paris_and_valued_places() -> None:
    board = components().board
    assert board.grid.size == 34 * 22
    assert len(board.paris) == 5
    assert all(board.value[h] == "paris" for h in board.paris)
    assert {board.value[h] for h in board.valued} == {"paris", "city", "town"}


def test_8_1_1_stacking_points_by_kind() -> None:
    c = components()
    for counter in c.counters:
        if counter.is_hq:
            assert counter.sp == 0
        elif counter.nation == "french" and counter.kind == "infantry":
            assert counter.sp == 4
        elif counter.nation == "british" and counter.kind == "infantry":
            assert counter.sp == 3
        else:
            assert counter.sp == 2


def test_5_2_3_every_corps_has_one_hq_and_every_unit_a_corps() -> None:
    c = components()
    assert set(c.hq_of_corps) == set(c.corps)
    assert all(u.corps in c.corps for u in c.counters)


def test_3_deployment_zones_hold_the_standard_hexes() -> None:
    c = components()
    for counter in c.counters:
        if counter.arrival:
            assert counter.setup == ""
            continue
        hexes = {h for z in counter.zones for h in c.zones[z]}
        assert c.board.grid.index(counter.setup) in hexes, counter.id


def test_7_3_2_reinforcement_groups_are_the_rulebook_ones() -> None:
    c = components()
    groups = {u.group for u in c.counters if u.arrival}
    assert groups == {"F4", "F9", "F11", "moroccan", "lepel"}
    assert {u.id for u in c.counters if u.marker == "M"} == {"F9-M1", "F9-M2", "F9-M3"}
    assert all(u.side == GERMAN for u in c.counters if u.marker == "L")
    assert all(u.side == ALLIED for u in c.counters if u.marker == "M")
    entries = c.entries
    assert entries["entry1"] in c.board.rail_hexes and entries["entry2"] in c.board.rail_hexes


def test_7_1_2_bridges_are_roads_over_rivers() -> None:
    board = components().board
    bridges = [p for p in board.rivers if p in board.roads]
    assert bridges, "the map has bridges"
    a, b = sorted(bridges[0])
    assert board.is_bridge(a, b) and board.is_river(a, b)


def test_8_1_1_the_tables_by_counter_index_are_the_counters_own_fields() -> None:
    """The compiled rules read a counter's side, stacking points (8.1.1), HQ flag, nation
    (7.2.6, 7.2.7) and steps (9.6.4) from tables by counter index: each is the counter's."""
    c = components()
    assert len(c.side_of) == len(c.sp_of) == len(c.is_hq_of) == len(c.counters)
    for counter in c.counters:
        unit = counter.index
        assert c.side_of[unit] is counter.side
        assert c.sp_of[unit] == counter.sp
        assert c.is_hq_of[unit] is counter.is_hq
        assert c.nation_of[unit] is counter.nation
        assert c.steps_of[unit] == counter.steps


def test_3_the_starting_units_are_those_without_a_turn_of_arrival() -> None:
    """3: each side deploys its units but the reinforcements (7.3), in counter order."""
    c = components()
    for side in (ALLIED, GERMAN):
        assert c.start_units[side] == tuple(
            u.index for u in c.counters if u.side == side and not u.arrival
        )
