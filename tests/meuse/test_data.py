"""The data files: every hex, hexside, counter and table the rules read, checked for the
facts the rulebook states (and the reconstruction's own consistency, PROVENANCE.md)."""

from __future__ import annotations

from collections import Counter

from greatwar.games.meuse.data import MEUSE_NUMBERING, WORKS, components
from greatwar.hexes import STANDARD_NUMBERING

C = components()
B = C.board
G = B.grid


def test_map_has_every_hex_of_twenty_columns_by_twenty_four_rows() -> None:
    assert G.size == 480
    assert {G.id(h) for h in G} == set(MEUSE_NUMBERING.rectangle(range(1, 21), range(1, 25)))


def test_numbering_is_the_usual_folio_layout() -> None:
    # 0101 in the north-west corner, even columns half a hex lower: as STANDARD_NUMBERING.
    for hex_id in ("0101", "0202", "1705", "1820"):
        assert MEUSE_NUMBERING.to_cube(hex_id) == STANDARD_NUMBERING.to_cube(hex_id)
    assert [G.id(h) for h in G.neighbors(G.index("1705"))] == [
        "1704",
        "1804",
        "1805",
        "1706",
        "1605",
        "1604",
    ]


def test_hex_terrain_types_are_the_rulebooks() -> None:
    kinds = Counter(t for terrain in B.terrain for t in terrain)
    assert set(kinds) == {"clear", "woods", "rise", "town", "fortress"}
    assert kinds["fortress"] == 2  # CRT: Sedan, Verdun
    assert B.place[C.sedan] == "Sedan" and B.has(C.sedan, "fortress")
    assert B.has(B.named("Verdun"), "fortress")


def test_hexside_features_and_works() -> None:
    features = Counter(f for fs in B.hexsides.values() for f in fs)
    assert set(features) == {"river", "meuse", "bridge", *WORKS}
    for pair, fs in B.hexsides.items():
        a, b = sorted(pair)
        assert b in G.neighbors(a)
        if "bridge" in fs:
            assert fs & {"river", "meuse"}, "a bridge spans a river"
    assert Counter(B.works.values()) == {"stellung": 22, "fortification": 21, "trench2": 14}


def test_11_2_the_stellung_line_divides_the_map() -> None:
    south = B.south_zone
    assert B.south_edge <= south and not (B.north_edge & south)
    assert not (south & B.stellung)
    for h in B.stellung:  # every Stellung hex faces the Allied zone across a hexside
        assert any(n in south for n in G.neighbors(h))
    assert len(south) == 122


def test_19_6_entry_towns_lie_on_the_north_or_east_edge() -> None:
    for h in C.entry_towns:
        assert B.has(h, "town") and h in B.north_edge | B.east_edge


def test_11_1_twelve_markers_shared_every_turn() -> None:
    track = C.tables["artillery_track"]
    assert len(track["allied"]) == len(track["german"]) == 24
    assert (track["allied"][0], track["german"][0]) == (8, 4)  # 17.1 the printed "8/4"
    assert all(a + g <= 12 for a, g in zip(track["allied"], track["german"], strict=True))


def test_counters_one_row_each_with_values() -> None:
    sides = Counter(c.side for c in C.counters)
    assert sides == {"allied": 31, "german": 44}
    assert Counter(c.kind for c in C.counters if c.side == "allied") == {
        "division": 25,
        "brigade": 6,
    }
    three_step = {c.id for c in C.counters if c.is_three_step}
    assert three_step == set(C.tables["three_step"]["divisions"])  # 13.1
    for c in C.counters:
        assert c.depleted[0] <= c.full[0] and c.depleted[1] <= c.full[1]


def test_crt_has_twelve_columns_and_five_lines() -> None:
    crt = C.tables["crt"]
    assert all(len(crt["results"][str(r)]) == 12 for r in range(1, 7))
    assert [len(crt["lines"][k]["headings"]) for k in crt["line_order"]] == [8, 9, 10, 11, 12]
    assert set(crt["terrain_line"].values()) == set(crt["line_order"])
