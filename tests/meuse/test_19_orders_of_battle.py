"""19.x orders of battle: the counters and schedules in data/ against the rulebook's lists."""

from __future__ import annotations

from greatwar.games.meuse.data import components

C = components()
TABLES = C.tables


def values(unit_id: str) -> str:
    return "-".join(str(v) for v in C.counter(unit_id).full)


def test_19_2_allied_starting_divisions() -> None:
    names = [C.counter(u).name for u in TABLES["setup"]["allied"]]
    assert len(names) == 14
    assert "Belrupt Division (French)" in names and "33rd Division (US)" in names


def test_19_3_allied_reinforcements_by_turn() -> None:
    schedule = TABLES["reinforcements"]["allied"]
    dates = TABLES["turns"]["dates"]
    by_date = {dates[int(turn) - 1]: units for turn, units in schedule.items()}
    assert by_date == {
        "Oct 2/3": ["us1"],
        "Oct 4/5": ["us42"],
        "Oct 6/7": ["fr29", "fr33", "us82"],
        "Oct 14/15": ["us26"],
        "Oct 18/19": ["us89"],
        "Oct 20/21": ["us79", "us90"],
        "Nov 1/2": ["us81", "us2"],
    }


def test_19_4_german_stellung_divisions_as_printed() -> None:
    stellung = TABLES["setup"]["german_stellung"]
    assert len(stellung) == 20 <= len(C.board.stellung)  # one per Stellung hex
    assert values("g1G") == "8-9-4" and values("g3G") == "10-6-4" and values("g33") == "7-9-3"
    assert TABLES["setup"]["depleted"] == ["g7R", "g33"]


def test_19_5_four_reserve_divisions() -> None:
    assert [values(u) for u in TABLES["setup"]["german_reserve"]] == [
        "4-4-4",
        "4-4-4",
        "6-5-4",
        "6-6-4",
    ]


def test_19_6_german_reinforcements_by_turn() -> None:
    schedule = TABLES["reinforcements"]["german"]
    assert schedule["2"] == ["g52R", "g53R"] and values("g52R") == "11-11-4"
    assert schedule["7"] == ["g45R", "g192", "g32", "g199"]
    assert values("g107") == "5-5-8"  # kept as printed (components C.5)
    assert schedule["20"] == ["g10"] and values("g10") == "4-3-3"
    assert TABLES["reinforcements"]["arrive_depleted"] == ["g45R", "g117"]
    assert sum(len(u) for u in schedule.values()) == 20


def test_19_4_every_german_division_appears_once() -> None:
    listed = (
        TABLES["setup"]["german_stellung"]
        + TABLES["setup"]["german_reserve"]
        + [u for units in TABLES["reinforcements"]["german"].values() for u in units]
    )
    german = [c.id for c in C.counters if c.side == "german"]
    assert sorted(listed) == sorted(german) and len(german) == 44
