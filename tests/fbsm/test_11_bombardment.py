"""Rulebook chapter 11, bombardment: spotting (11.2), drift (11.3), resolution (11.4), the
six markers of each bombardment phase (11.1, 11.5)."""

from __future__ import annotations

from typing import Any

import pytest

from greatwar.core import IllegalAction
from greatwar.games.fbsm.state import FbsmState
from tests.fbsm.positions import (
    PHASES,
    dice_left,
    ids_in,
    legal,
    log_texts,
    play,
    position,
    rigged,
    where,
)

FAR_US = {"U40": "4020"}
FAR_GERMAN = {"G100": "1042"}


def us_bombarding(units: dict[str, str], **kw: Any) -> FbsmState:
    return position({**FAR_GERMAN, **units}, phase="IV", prompt="bombard", side="us", **kw)


def german_bombarding(units: dict[str, str], **kw: Any) -> FbsmState:
    return position({**FAR_US, **units}, phase="III", prompt="bombard", side="german", **kw)


def spotted(state: FbsmState) -> set[str]:
    return {a.split()[2] for a in legal(state) if a.startswith("bombard ")}


def test_11_1_three_light_and_three_heavy_markers_per_bombardment_phase() -> None:
    state = us_bombarding({"U01": "2134", "G001": "2136"})
    assert legal(state) == ["bombard light 2136", "bombard heavy 2136", "done"]
    play(state, *["bombard light 2136"] * 3)
    assert legal(state) == ["bombard heavy 2136", "done"]
    with pytest.raises(IllegalAction, match=r"no light marker is left this phase \(11\.1"):
        state.apply_action("bombard light 2136")
    play(state, *["bombard heavy 2136"] * 3)
    assert legal(state) == ["done"]


def test_11_2_spotting_is_a_normal_line_of_fire_within_the_spotters_range() -> None:
    state = us_bombarding({"U01": "2035", "G001": "2039", "G002": "2040"})
    assert spotted(state) == {"2039"}  # 2040 is beyond the platoon's range of 4
    heavy = us_bombarding({"H1": "2142", "G001": "2132", "G002": "2131"})
    assert spotted(heavy) == {"2132"}  # range 10
    blocked = us_bombarding({"U01": "2717", "G001": "2618", "G002": "2518"})
    assert spotted(blocked) == {"2618"}  # 10.8: 2618's woods hide 2518


def test_11_2_any_number_of_markers_may_go_into_one_hex() -> None:
    state = us_bombarding({"U01": "2134", "G001": "2136", "G002": "2136"})
    play(state, *["bombard light 2136"] * 3, *["bombard heavy 2136"] * 3)
    play(rigged(state, [1] * 6), "done")  # no drift; 3x2 + 3x4 = 18 into clear: automatic
    assert log_texts(state, "11.4")[0].startswith("18 factors into 2136")
    assert ids_in(state, "2136") == []


def test_11_3_us_markers_drift_north_german_markers_south() -> None:
    us = us_bombarding({"U01": "2134", "G001": "2136"})
    play(rigged(us, [6]), "bombard light 2136", "done")  # 6 - 5 = 1 hex north: empty 2137
    assert "the light marker aimed at 2136 drifts to 2137" in log_texts(us, "11.3")
    german = german_bombarding({"U01": "2136", "G001": "2138"})
    play(rigged(german, [5]), "bombard light 2136", "done")  # 5 - 4 = 1 hex south
    assert "the light marker aimed at 2136 drifts to 2135" in log_texts(german, "11.3")


@pytest.mark.parametrize("roll", [1, 2, 3, 4])
def test_11_3_drift_is_never_below_zero(roll: int) -> None:
    state = german_bombarding({"U01": "2136", "G001": "2138"})
    play(rigged(state, [roll, 6]), "bombard light 2136", "done")
    assert log_texts(state, "11.3") == [f"drift roll {roll}: 0 hex(es)"]
    assert log_texts(state, "11.4")[0].startswith("2 factors into 2136")


def test_11_3_each_marker_drifts_by_its_own_roll() -> None:
    state = german_bombarding({"U01": "2136", "G001": "2138"})
    play(rigged(state, [6, 1, 6]), "bombard heavy 2136", "bombard light 2136", "done")
    assert log_texts(state, "11.3") == [
        "drift roll 6: 2 hex(es)",
        "the heavy marker aimed at 2136 drifts to 2134",
        "drift roll 1: 0 hex(es)",
    ]
    assert where(state, "U01") == "2136"  # the light marker alone: 2:1, rolled 6
    assert dice_left(state) == []


@pytest.mark.parametrize(
    ("side", "units", "target", "roll"),
    [
        ("german", {"U01": "2600", "G001": "2602"}, "2600", 5),  # south edge
        ("us", {"G001": "2042", "U01": "2040"}, "2042", 6),  # north edge
    ],
)
def test_11_3_markers_that_drift_off_the_map_are_lost(
    side: str, units: dict[str, str], target: str, roll: int
) -> None:
    state = german_bombarding(units) if side == "german" else us_bombarding(units)
    play(rigged(state, [roll]), f"bombard heavy {target}", "done")
    assert f"the heavy marker aimed at {target} drifts off the map and is lost" in log_texts(
        state, "11.3"
    )
    assert not log_texts(state, "11.4") and dice_left(state) == []


def test_11_3_drifted_markers_attack_friendly_units_too() -> None:
    state = german_bombarding({"U01": "2136", "G001": "2138", "G002": "2135"})
    play(rigged(state, [5, 1]), "bombard light 2136", "done")  # drifts onto G002: 2:1, a 1
    assert where(state, "G002") is None and where(state, "U01") == "2136"
    assert "G002" in log_texts(state, "10.10")[0]


def test_11_3_a_marker_drifting_onto_an_empty_hex_has_no_effect() -> None:
    state = german_bombarding({"U01": "2136", "G001": "2138"})
    play(rigged(state, [6]), "bombard heavy 2136", "done")
    assert log_texts(state, "11.4") == ["bombardment of 2134 finds no unit"]


def test_11_4_bombardment_is_resolved_like_fire_with_a_die_per_unit() -> None:
    state = german_bombarding({"U01": "2136", "U02": "2136", "G001": "2138"})
    play(rigged(state, [1, 4, 5]), "bombard heavy 2136", "done")  # 4 into clear: 4:1
    assert log_texts(state, "11.4") == ["4 factors into 2136 (defence 1): 4:1"]
    assert ids_in(state, "2136") == ["U02"]


def test_11_4_markers_ending_in_the_same_hex_make_one_attack() -> None:
    state = german_bombarding({"U01": "2136", "U02": "2137", "G001": "2138"})
    play(rigged(state, [1, 5]), "bombard light 2136", "bombard heavy 2137", "done")
    assert log_texts(state, "11.4") == ["6 factors into 2136 (defence 1): 6:1"]  # automatic
    assert where(state, "U01") is None and where(state, "U02") == "2137"


def test_11_4_there_is_never_an_advance_after_bombardment() -> None:
    state = german_bombarding({"U01": "2136", "G001": "2137", "G002": "2135"})
    play(rigged(state, [1, 1, 1, 1]), "bombard heavy 2136", "bombard light 2136", "done")
    assert ids_in(state, "2136") == []
    assert state.stack[-1]["p"] != "advance"
    assert state.phase > PHASES["III"]


def test_11_5_each_side_has_all_six_markers_in_each_of_its_bombardment_phases() -> None:
    state = german_bombarding({"U01": "2134", "H1": "2133", "G001": "2136"})
    play(state, *["bombard light 2134"] * 3, *["bombard heavy 2134"] * 3)
    play(rigged(state, [1] * 6), "done")  # no drift; 18 factors into clear: automatic
    assert where(state, "U01") is None
    assert state.phase == PHASES["IV"] and state.current_player() == "us"
    assert legal(state) == ["bombard light 2136", "bombard heavy 2136", "done"]
    assert state.observation("us")["markers_left"] == ["light"] * 3 + ["heavy"] * 3
