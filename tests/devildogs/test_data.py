"""The reconstructed components against every number the rulebook states (PROVENANCE.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from greatwar.games.devildogs.data import MOVES, SIDES, components


def test_1_1_two_thirty_card_faction_decks() -> None:
    cards = components().cards
    assert Counter(c.side for c in cards) == {"us": 30, "german": 30}
    assert len({c.id for c in cards}) == 60


@pytest.mark.parametrize("side", SIDES)
def test_5_5_deviation_is_hit_on_twelve_and_each_compass_point_on_three(side: str) -> None:
    deviations = Counter(c.deviation for c in components().cards if c.side == side)
    assert deviations == {None: 12, 1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3}


@pytest.mark.parametrize("side", SIDES)
def test_1_2_every_card_has_three_orders_of_movement_mg_and_two_keywords(side: str) -> None:
    for card in (c for c in components().cards if c.side == side):
        assert [o.row for o in card.orders] == ["active", "reactive", "general"]
        for order in card.orders:
            assert order.move in MOVES and len(order.keywords) == 2
            assert (order.move == "HOLD") == (order.n == 0)
        assert card.order("active").move == "ADV"
        assert any(k.name == "combat" for o in card.orders for k in o.keywords)


@pytest.mark.parametrize("side", SIDES)
def test_9_shared_keywords_appear_twice_in_each_deck(side: str) -> None:
    names = Counter(
        k.name for c in components().cards if c.side == side for o in c.orders for k in o.keywords
    )
    for shared in ("leadership", "misdirection", "regroup", "reinforcement", "rout"):
        assert names[shared] == 2, shared
    assert names["shell_holes"] == 2


def test_6_advance_numbers_us_two_to_four_german_one_to_three() -> None:
    for card in components().cards:
        n = card.order("active").n
        assert (2 <= n <= 4) if card.side == "us" else (1 <= n <= 3)


def test_3_map_sectors_a_to_f_with_bisected_border_columns() -> None:
    board = components().board
    assert board.grid.size == 34 * 22
    assert board.sector_names == ("A", "B", "C", "D", "E", "F")
    assert board.sectors[board.hex("0810")] == {"A", "B"}
    assert board.sectors[board.hex("0710")] == {"A"}
    assert board.sectors[board.hex("1602")] == {"E"}


def test_7_1_terrain_effects() -> None:
    board = components().board
    lodge, wood, station, wheat = (board.hex(h) for h in ("1608", "1510", "2213", "1218"))
    assert board.terrain[lodge] == "urban" and board.blocks[lodge] and board.cover[lodge]
    assert board.blocks[wood] and board.cover[wood]
    assert board.cover[station] and not board.blocks[station]  # 8.2 rail is defensive
    assert not board.cover[wheat] and not board.blocks[wheat]
    assert board.slope[board.hex("0512")] and not board.slope[board.hex("0510")]


@pytest.mark.parametrize("key", list(components().scenarios))
def test_3_1_scenarios_set_up_inside_their_sectors(key: str) -> None:
    c = components()
    scenario = c.scenarios[key]
    hexes = [h for _, h in scenario.setup]
    assert len(hexes) == len(set(hexes)), "4.1 one unit per hex"
    for unit, h in scenario.setup:
        assert c.board.sectors[h] & set(scenario.sectors), c.units[unit].id
    for group in scenario.reinforcements:
        assert group.turn >= 2 and c.board.sectors[group.entry] & set(scenario.sectors)
    assert scenario.attacker in SIDES


def test_7_2_steps_by_nation_and_regiment() -> None:
    units = components().unit_by_id
    assert units["5M-17"].steps == 4 and units["7I-A"].steps == 4
    assert units["FR-1"].steps == 3 and units["461-1"].steps == 3
    assert units["40F-1"].steps == 4  # an assault regiment


def test_4_every_regiment_with_infantry_and_an_hq_names_it() -> None:
    c = components()
    for regiment in ("5M", "6M", "7I", "9I", "FR", "460", "461", "40F", "347", "402"):
        assert c.units[c.hq[regiment]].kind == "hq"
    assert "6MG" not in c.hq  # 5.11: a formation without an HQ cannot reconstitute
