"""Rulebook chapter 2, the components in play: hex ids (2.2), the counter mix (2.4), the
values on a counter (2.5), carnage (2.6) and the two unit types (2.8)."""

from __future__ import annotations

from collections import Counter

from greatwar.games.fbsm.data import components
from greatwar.games.fbsm.movement import destinations
from tests.fbsm.positions import hex_index, play, position, unit


def test_2_2_every_hex_has_its_own_four_digit_id() -> None:
    grid = components().board.grid
    ids = [grid.id(h) for h in grid]
    assert len(ids) == len(set(ids)) == 33 * 43
    assert all(len(h) == 4 and h.isdigit() for h in ids)


def test_2_2_10_8_hill_231_blocks_lines_of_fire_but_is_otherwise_clear() -> None:
    board = components().board
    hill = board.terrain_types["hill_231"]
    clear = board.terrain_types["clear"]
    assert [board.terrain[board.grid.index(h)].name for h in ("1927", "1928")] == ["hill_231"] * 2
    assert hill.blocks_lof and not clear.blocks_lof
    assert (hill.move_cost, hill.defense) == (clear.move_cost, clear.defense)


def test_2_4_the_counter_mix() -> None:
    counters = components().counters
    mix = Counter((c.side, c.kind) for c in counters)
    assert mix == {("us", "infantry"): 48, ("us", "heavy_weapons"): 9, ("german", "infantry"): 112}
    assert len(counters) + 6 + 1 == 176  # with six bombardment markers and the Phase Now marker


def test_2_5_a_units_printed_fire_range_and_movement_govern_play() -> None:
    state = position({"U01": "2035", "H1": "2030", "G016": "2036"}, phase="VI")
    for unit_id in ("U01", "H1", "G016"):
        counter = state.counter(unit(state, unit_id))
        index = counter.index
        assert state.fire_factor(index) == counter.fire
        assert state.fire_range(index) == counter.range
        assert state.movement_factor(index) == counter.move
    [view] = [s for s in state.observation("us")["stacks"] if s["hex"] == "2036"]
    assert {k: view["units"][0][k] for k in ("fire", "range", "move")} == {
        "fire": 5,
        "range": 4,
        "move": 4,
    }


def test_2_6_an_eliminated_unit_becomes_carnage_in_its_hex() -> None:
    state = position({"U01": "2035", "G001": "2036"}, phase="VI", prompt="fire", side="us")
    play(state, "fire 2036", "add U01", "resolve", "done")  # 6:1: automatic
    g001 = unit(state, "G001")
    assert state.where[g001] < 0 and state.dead_at[g001] == hex_index(state, "2036")
    carnage = state.observation("us")["carnage"]
    assert carnage == [{"hex": "2036", "unit": carnage[0]["unit"]}]
    assert carnage[0]["unit"]["id"] == "G001"


def test_2_6_carnage_costs_nothing_extra_to_enter() -> None:
    state = position({"U01": "2035", "G001": "2036"}, phase="VI", prompt="fire", side="us")
    play(state, "fire 2036", "add U01", "resolve", "done")
    assert destinations(state, unit(state, "U01"))[hex_index(state, "2036")] == 1.0


def test_2_8_every_combat_unit_is_infantry_or_a_heavy_weapons_emplacement() -> None:
    counters = components().counters
    assert {c.kind for c in counters} == {"infantry", "heavy_weapons"}
    emplacements = [c for c in counters if c.kind == "heavy_weapons"]
    assert all(c.side == "us" and c.move == 0 for c in emplacements)  # 9.3 static
    assert all(c.move == 4 for c in counters if c.kind == "infantry")
