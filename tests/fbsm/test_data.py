"""Checks of the FBSM data files against every hex and number fact of the rulebook (B2, B5)."""

from __future__ import annotations

import csv
import tomllib
from collections import Counter
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "greatwar" / "games" / "fbsm" / "data"
TERRAINS = {
    "clear",
    "town",
    "wooded_hills",
    "prepared_position",
    "railroad",
    "surmelin",
    "riverbank",
    "hill_231",
    "marne",
}
NAMED_TERRAINS = {"town", "wooded_hills", "prepared_position", "hill_231"}


def rows(name: str) -> list[dict[str, str]]:
    with (DATA / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


@cache
def terrain_of() -> dict[str, str]:
    return {row["hex"]: row["terrain"] for row in rows("map.csv")}


@cache
def place_of() -> dict[str, str]:
    return {row["hex"]: row["place"] for row in rows("map.csv")}


@cache
def terrain_table() -> dict[str, dict[str, str]]:
    return {row["terrain"]: row for row in rows("terrain.csv")}


@cache
def tables() -> dict[str, Any]:
    with (DATA / "tables.toml").open("rb") as handle:
        return tomllib.load(handle)


def neighbours(hex_id: str) -> set[str]:
    """B3: odd columns sit half a hex north of even ones; rows grow northward."""
    c, r = int(hex_id[:2]), int(hex_id[2:])
    if c % 2 == 0:
        cells = [(c, r + 1), (c, r - 1), (c - 1, r), (c - 1, r - 1), (c + 1, r), (c + 1, r - 1)]
    else:
        cells = [(c, r + 1), (c, r - 1), (c - 1, r + 1), (c - 1, r), (c + 1, r + 1), (c + 1, r)]
    return {f"{col:02d}{row:02d}" for col, row in cells}


def line_path(line: str) -> list[str]:
    """The hexes of one linear feature of hexsides.csv, in file order."""
    pairs = [(row["a"], row["b"]) for row in rows("hexsides.csv") if row["line"] == line]
    assert pairs, f"no hexsides for {line}"
    path = [pairs[0][0]]
    for a, b in pairs:
        assert a == path[-1], f"{line} breaks at {a}"
        path.append(b)
    return path


def feature_hexes(feature: str) -> set[str]:
    return {
        h for row in rows("hexsides.csv") if row["feature"] == feature for h in (row["a"], row["b"])
    }


def hexes_of_place(name: str) -> set[str]:
    return {h for h, place in place_of().items() if place == name}


def blocks(hex_id: str) -> bool:
    return terrain_table()[terrain_of()[hex_id]]["blocks_lof"] == "true"


def forward_zone() -> set[str]:
    """3.3 as B5 computes it: rows above each column's highest road hex, plus Hill 231."""
    zone = tables()["us_forward_zone"]
    road = set(line_path(zone["road_line"]))
    top: dict[str, int] = {}
    for h in road:
        top[h[:2]] = max(top.get(h[:2], -1), int(h[2:]))
    north = {h for h in terrain_of() if int(h[2:]) > top[h[:2]]}
    excluded = {h for h in north if terrain_of()[h] in zone["excluded_terrain"]}
    excluded |= {h for h in north if place_of()[h] in zone["excluded_places"]}
    return (north - excluded - road) | set(zone["added_hexes"])


def rear_zone() -> set[str]:
    """3.4: wooded hills plus the named places, never a Paris-Metz road hex (3.3)."""
    zone = tables()["us_rear_zone"]
    hexes = {h for h, t in terrain_of().items() if t in zone["terrain"]}
    hexes |= {h for h, p in place_of().items() if p in zone["places"]}
    return hexes - set(line_path("Paris-Metz road"))


# --- map.csv -----------------------------------------------------------------------------


def test_2_2_map_has_every_hex_id_of_the_extent_once():
    ids = [row["hex"] for row in rows("map.csv")]
    expected = {f"{c:02d}{r:02d}" for c in range(10, 43) for r in range(43)}
    assert len(ids) == 1419 == len(set(ids))
    assert set(ids) == expected


def test_map_terrains_and_places_are_known():
    assert set(terrain_of().values()) == TERRAINS == set(terrain_table())
    for h, place in place_of().items():
        assert bool(place) == (terrain_of()[h] in NAMED_TERRAINS), h


def test_3_6_riverbank_order_is_the_30_bank_hexes_in_adjacent_steps():
    order = tables()["german_setup"]["riverbank_order"]
    assert tables()["german_setup"]["initial_draw"] == len(order) == 30
    assert order[:4] == ["4232", "4131", "4032", "3931"] and order[-1] == "2342"
    assert set(order) == {h for h, t in terrain_of().items() if t == "riverbank"}
    for a, b in pairwise(order):
        assert b in neighbours(a), (a, b)


def test_2_2_hill_231_is_1927_and_1928():
    hill = {h for h, t in terrain_of().items() if t == "hill_231"}
    assert hill == {"1927", "1928"} == set(tables()["hill_231"]["hexes"])
    assert hexes_of_place("Hill 231") == hill


def test_3_3_paris_metz_road_runs_contiguously_from_4222_to_1032():
    path = line_path("Paris-Metz road")
    assert sorted([path[0], path[-1]]) == sorted(tables()["us_forward_zone"]["road_ends"])
    assert {path[0], path[-1]} == {"1032", "4222"}
    assert len(set(path)) == len(path)
    for a, b in pairwise(path):
        assert b in neighbours(a), (a, b)


def test_every_hexside_joins_two_adjacent_playable_hexes():
    for row in rows("hexsides.csv"):
        assert row["feature"] in {"road", "railroad", "surmelin"}
        assert row["b"] in neighbours(row["a"]), row
        assert terrain_of()[row["a"]] != "marne" and terrain_of()[row["b"]] != "marne", row


def test_every_line_is_a_simple_path():
    for line in {row["line"] for row in rows("hexsides.csv")}:
        path = line_path(line)
        assert len(set(path)) == len(path), line


def test_9_6_bridges_3311_and_3520_are_the_only_road_surmelin_hexes():
    crossings = feature_hexes("road") & feature_hexes("surmelin")
    assert crossings == {"3311", "3520"}
    assert all(terrain_of()[h] == "surmelin" for h in crossings)
    assert "3520" in line_path("Paris-Metz road")


def test_9_6_rail_crossings_3511_and_3721_are_the_only_road_rail_hexes():
    crossings = feature_hexes("road") & feature_hexes("railroad")
    assert crossings == {"3511", "3721"}
    assert all(terrain_of()[h] == "railroad" for h in crossings)
    assert "3721" in line_path("Paris-Metz road")


def test_9_5_railroad_terrain_is_exactly_the_rail_lines():
    assert {h for h, t in terrain_of().items() if t == "railroad"} == feature_hexes("railroad")


def test_surmelin_terrain_lies_on_the_creek():
    creek = {h for h, t in terrain_of().items() if t == "surmelin"}
    assert creek <= feature_hexes("surmelin")
    assert feature_hexes("surmelin") - creek == {"3728"}  # the rail bridge stays railroad


def test_10_8_example_2618_blocks_between_2717_and_2518():
    assert terrain_of()["2618"] == "wooded_hills" and blocks("2618")
    assert not any(blocks(h) for h in ("2717", "2718", "2518"))
    assert "2618" in neighbours("2717") and "2618" in neighbours("2518")


def test_10_9_wording_3024_blocks_and_3125_is_clear():
    assert blocks("3024")
    assert terrain_of()["3125"] == "clear"


def test_11_3_drift_example_2136_drifts_south_into_clear_2135():
    assert terrain_of()["2136"] == terrain_of()["2135"] == "clear"
    assert "2135" in neighbours("2136")


def test_3_4_places_of_the_rear_zone():
    assert len(hexes_of_place("Moulin Ruiné")) == 3
    assert {terrain_of()[h] for h in hexes_of_place("Moulin Ruiné")} == {"prepared_position"}
    for town in ("Paroy", "Crézancy", "Varennes", "Mézy", "Moulins"):
        assert {terrain_of()[h] for h in hexes_of_place(town)} == {"town"}, town


def test_3_3_and_3_4_zones_have_room_for_the_us_set_up():
    setup = tables()["us_setup"]
    forward, rear = forward_zone(), rear_zone()
    assert len(forward) >= setup["forward_infantry"] + setup["forward_heavy_weapons"] == 24
    assert len(rear) >= setup["rear_infantry"] + setup["rear_heavy_weapons"] == 33
    assert {"1927", "1928"} <= forward
    assert not forward & (hexes_of_place("Varennes") | set(line_path("Paris-Metz road")))
    assert all(terrain_of()[h] not in {"riverbank", "marne"} for h in forward | rear)


# --- terrain.csv -------------------------------------------------------------------------


def test_9_5_movement_costs():
    cost = {t: row["move_cost"] for t, row in terrain_table().items()}
    assert cost["riverbank"] == cost["wooded_hills"] == "2"
    for terrain in ("clear", "town", "railroad", "surmelin", "hill_231", "prepared_position"):
        assert cost[terrain] == "1", terrain
    assert cost["marne"] == ""  # cannot be entered
    assert tables()["movement"]["road_move_cost"] == 0.5


def test_10_8_blocking_terrain_and_10_3_surmelin_defence():
    blocking = {t for t, row in terrain_table().items() if row["blocks_lof"] == "true"}
    assert blocking == {"town", "wooded_hills", "prepared_position", "railroad", "hill_231"}
    assert {row["blocks_lof"] for row in terrain_table().values()} == {"true", "false"}
    assert terrain_table()["surmelin"]["defense"] == "3"
    assert terrain_table()["hill_231"]["defense"] == terrain_table()["clear"]["defense"]
    for terrain, row in terrain_table().items():
        if terrain != "marne":
            assert int(row["defense"]) >= 1, terrain


# --- counters.csv ------------------------------------------------------------------------


def test_2_4_counter_mix_and_b6_values():
    counters = rows("counters.csv")
    kinds = Counter((row["side"], row["kind"]) for row in counters)
    assert kinds == {
        ("german", "infantry"): 112,
        ("us", "infantry"): 48,
        ("us", "heavy_weapons"): 9,
    }
    assert len({row["id"] for row in counters}) == len({row["name"] for row in counters}) == 169
    german = [row for row in counters if row["side"] == "german"]
    fires = Counter(int(row["fire"]) for row in german)
    assert fires == {1: 20, 2: 32, 3: 28, 4: 18, 5: 10, 6: 4}
    assert sum(int(row["fire"]) for row in german) == 314
    assert [row["id"] for row in german] == [f"G{n:03d}" for n in range(1, 113)]
    values = {(r["side"], r["kind"], r["range"], r["move"]) for r in counters}
    assert values == {
        ("german", "infantry", "4", "4"),
        ("us", "infantry", "4", "4"),
        ("us", "heavy_weapons", "10", "0"),
    }


def test_3_2_us_platoons_are_the_38th_infantry():
    us = [row for row in rows("counters.csv") if row["kind"] == "infantry" and row["side"] == "us"]
    assert [row["id"] for row in us] == [f"U{n:02d}" for n in range(1, 49)]
    assert {row["fire"] for row in us} == {"3"}
    assert us[0]["name"] == "1/A/38" and us[-1]["name"] == "4/M/38"


# --- tables.toml -------------------------------------------------------------------------


def test_7_1_events_table_covers_every_2d6_total():
    events = tables()["events"]
    assert sorted(int(k) for k in events) == list(range(2, 13))
    assert set(events.values()) == {
        "us_artillery_problems",
        "german_artillery_problems",
        "gas",
        "breakthrough_west",
        "us_rally",
        "breakthrough_east",
        "german_heavy_mg",
        "german_rally",
        "superb_spotting",
    }
    assert events["6"] == events["7"] == "us_rally"  # 7.6
    assert events["8"] == events["9"] == "breakthrough_east"  # 7.7


def test_7_5_and_7_7_entry_zones_lie_on_the_map_edges():
    west = tables()["breakthrough_west"]["hexes"]
    east = tables()["breakthrough_east"]["hexes"]
    assert west == [f"42{r:02d}" for r in range(31, 21, -1)]
    assert east[0] == "2242" and east[-1] == "1031" and len(east) == 24
    assert all(h[2:] == "42" or h[:2] == "10" for h in east)
    for a, b in pairwise(east):
        assert b in neighbours(a), (a, b)
    for h in west + east:
        assert terrain_of()[h] not in {"marne", "riverbank"}, h
    assert (tables()["breakthrough_west"]["dice"], tables()["breakthrough_east"]["dice"]) == (1, 2)


def test_4_3_south_exit_hexes_1900_to_3300():
    exits = tables()["victory"]["south_exit_hexes"]
    assert exits == [f"{c:02d}00" for c in range(19, 34)]
    assert all(h in terrain_of() for h in exits)


def test_numbers_of_the_rules():
    t = tables()
    assert t["stacking"]["max_infantry_fire_factors"] == 16  # 6.1
    drift = t["drift"]
    assert (drift["us_subtract"], drift["german_subtract"]) == (5, 4)  # 11.3
    problems = (drift["us_subtract_with_problems"], drift["german_subtract_with_problems"])
    assert problems == (4, 3)  # 7.2, 7.3
    assert (drift["us_direction"], drift["german_direction"]) == ("north", "south")  # 11.3
    assert t["first_turn"]["max_lof"] == 2 and t["sequence"]["first_turn_start_phase"] == 3  # 5.2
    assert (t["gas"]["infantry_move"], t["gas"]["max_lof"]) == (3, 4)  # 7.4
    assert t["german_heavy_mg"]["range"] == 10  # 7.8
    assert t["rally"] == {"move_bonus": 1, "fire_bonus": 1}  # 7.6, 7.9
    assert t["reinforcements"]["dice"] == 4  # 8.3
    assert (t["bombardment"]["light_markers"], t["bombardment"]["heavy_markers"]) == (3, 3)  # 11.1
    assert (t["play_balance"]["last_turn"], t["play_balance"]["deterioration_from_turn"]) == (16, 9)
