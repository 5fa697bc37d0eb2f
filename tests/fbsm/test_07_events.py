"""Rulebook chapter 7, random events: the 2d6 table (7.1) and each event (7.2-7.10)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from greatwar.core import IllegalAction
from greatwar.games.fbsm.fire import odds
from greatwar.games.fbsm.movement import destinations
from greatwar.games.fbsm.state import FbsmState
from tests.fbsm.positions import (
    begin_phase,
    dice_left,
    hex_index,
    ids_in,
    legal,
    log_texts,
    play,
    position,
    rigged,
    unit,
)

BASE = {"U01": "3020", "H1": "4020", "G001": "2520"}
WEST_EDGE = [f"42{row:02d}" for row in range(31, 21, -1)]  # 7.5: 4231..4222
# Phase II that follows phase I (8.3): four dice of 1, and the first unit drawn waits to enter.
PHASE_II = [1, 1, 1, 1, 0]


def rolled(
    dice: Iterable[int],
    units: Mapping[str, str] = BASE,
    used: Iterable[str] = (),
) -> FbsmState:
    """Phase I of turn 2 with the events dice (and any dice after them) rigged."""
    state = position(units, turn=2, phase="I")
    state.used_once.update(used)
    return begin_phase(rigged(state, list(dice)))


@pytest.mark.parametrize(
    ("dice", "event", "rule"),
    [
        ((1, 1), "us_artillery_problems", "7.2"),
        ((2, 1), "german_artillery_problems", "7.3"),
        ((1, 3), "gas", "7.4"),
        ((4, 6), "german_heavy_mg", "7.8"),
        ((6, 5), "german_rally", "7.9"),
    ],
)
def test_7_1_the_two_dice_total_picks_the_event(
    dice: tuple[int, int], event: str, rule: str
) -> None:
    state = rolled(dice)
    assert state.event == event and not state.stack
    assert log_texts(state, rule)[0].startswith(f"events roll {sum(dice)}: ")


@pytest.mark.parametrize(("dice", "prompt"), [((3, 3), "rally"), ((2, 5), "rally")])
def test_7_1_rolls_of_6_and_7_offer_the_us_rally(dice: tuple[int, int], prompt: str) -> None:
    state = rolled(dice)
    assert state.stack[-1]["p"] == prompt and state.current_player() == "us"


def test_7_2_us_artillery_problems_subtract_four_from_us_drift() -> None:
    units = {"U01": "2134", "G001": "2136"}
    normal = position(units, phase="IV", prompt="bombard", side="us")
    play(rigged(normal, [5, 6]), "bombard light 2136", "done")  # 5 - 5 = 0: no drift
    assert log_texts(normal, "11.3") == ["drift roll 5: 0 hex(es)"]
    problems = position(
        units, phase="IV", event="us_artillery_problems", prompt="bombard", side="us"
    )
    play(rigged(problems, [5]), "bombard light 2136", "done")  # 5 - 4 = 1 hex north
    assert log_texts(problems, "11.3") == [
        "drift roll 5: 1 hex(es)",
        "the light marker aimed at 2136 drifts to 2137",
    ]
    assert dice_left(problems) == []


def test_7_3_german_artillery_problems_subtract_three_from_german_drift() -> None:
    units = {"U01": "2136", "H1": "4020", "G001": "2138"}
    normal = position(units, phase="III", prompt="bombard", side="german")
    play(rigged(normal, [4, 6]), "bombard light 2136", "done")  # 4 - 4 = 0
    assert log_texts(normal, "11.3") == ["drift roll 4: 0 hex(es)"]
    problems = position(
        units, phase="III", event="german_artillery_problems", prompt="bombard", side="german"
    )
    play(rigged(problems, [4]), "bombard light 2136", "done")  # 4 - 3 = 1 hex south
    assert "the light marker aimed at 2136 drifts to 2135" in log_texts(problems, "11.3")


@pytest.mark.parametrize("event", ["us_artillery_problems", "gas", "german_heavy_mg"])
def test_7_2_to_7_4_and_7_8_events_may_occur_any_number_of_times(event: str) -> None:
    dice = {"us_artillery_problems": (1, 1), "gas": (2, 2), "german_heavy_mg": (5, 5)}[event]
    state = rolled(dice)
    assert state.event == event and event not in state.used_once
    again = rolled(dice, used=state.used_once)
    assert again.event == event


def test_7_4_gas_cuts_every_infantry_movement_factor_to_three() -> None:
    state = position({"U01": "1838", "G001": "2040"}, event="gas")
    assert state.movement_factor(unit(state, "U01")) == 3
    assert state.movement_factor(unit(state, "G001")) == 3
    reach = destinations(state, unit(state, "U01"))
    assert max(reach.values()) == 3
    assert max(state.c.board.grid.distance(h, hex_index(state, "1838")) for h in reach) == 3


def test_7_4_gas_limits_every_line_of_fire_and_spotting_to_four_hexes() -> None:
    units = {"H1": "2040", "G001": "2035", "G002": "2036"}  # column 20: all clear between
    gas = position(units, phase="VI", event="gas", prompt="fire", side="us")
    assert [a for a in legal(gas) if a.startswith("fire")] == ["fire 2036"]
    clear_day = position(units, phase="VI", prompt="fire", side="us")
    assert {"fire 2035", "fire 2036"} <= set(legal(clear_day))
    spotting = position(units, phase="IV", event="gas", prompt="bombard", side="us")
    assert {a.split()[2] for a in legal(spotting) if a.startswith("bombard")} == {"2036"}


def test_7_5_breakthrough_west_places_a_die_of_units_on_the_west_edge() -> None:
    units = {**BASE, "U02": "4225"}
    state = rolled([1, 4, 3, 0, 0, 0, *PHASE_II], units)  # 5: breakthrough west; 3 units
    assert state.stack[-1] == {
        "p": "enter",
        "side": "german",
        "unit": unit(state, "G002"),
        "zone": "breakthrough_west",
        "left": 3,
        "rule": "7.5",
    }
    assert legal(state) == [f"enter {h}" for h in WEST_EDGE if h != "4225"]  # empty of enemy
    play(state, "enter 4231", "enter 4231", "enter 4222")
    assert ids_in(state, "4231") == ["G002", "G003"] and ids_in(state, "4222") == ["G004"]
    assert "breakthrough_west" in state.used_once
    assert state.stack[-1]["rule"] == "8.3" and dice_left(state) == []  # on to phase II


def test_7_5_breakthrough_west_may_not_be_refused() -> None:
    state = rolled([1, 4, 1, 0])
    assert all(a.startswith("enter ") for a in legal(state))
    with pytest.raises(IllegalAction):
        state.apply_action("decline")


def test_7_5_breakthrough_west_is_thwarted_when_every_west_edge_hex_holds_us_units() -> None:
    units = {**BASE, **{f"U{n + 2:02d}": h for n, h in enumerate(WEST_EDGE)}}
    state = rolled([2, 3, 4, 0], units)
    assert not state.stack and len(state.container) == 112 - 1
    assert "G002 (I/6 Gren (2), 2-4-4) has no open entry hex: entry thwarted (8.6)" in (
        log_texts(state, "7.5")
    )
    assert "breakthrough_west" in state.used_once


def test_7_5_breakthrough_west_happens_once_per_game() -> None:
    state = rolled([3, 2], used={"breakthrough_west"})
    assert not state.stack and dice_left(state) == []
    assert log_texts(state, "7.5") == ["events roll 5: German Breakthrough West again, so No Event"]


def test_7_6_us_rally_accepted_adds_one_to_us_movement_and_fire() -> None:
    state = rolled([3, 4, *PHASE_II])
    play(state, "accept")
    assert state.event == "us_rally" and "us_rally" in state.used_once
    assert state.movement_factor(unit(state, "U01")) == 5
    assert state.fire_factor(unit(state, "U01")) == 4
    assert state.fire_factor(unit(state, "H1")) == 7  # heavy weapons fire too
    assert state.movement_factor(unit(state, "H1")) == 0  # emplacements never move (9.3)
    assert state.fire_factor(unit(state, "G001")) == 1
    assert state.movement_factor(unit(state, "G001")) == 4


def test_7_6_rally_bonus_is_added_before_close_assault_doubling() -> None:
    state = position({"U01": "2519", "G001": "2520"}, phase="VI", event="us_rally")
    assert odds(state, [unit(state, "U01")], hex_index(state, "2520")) == (8, 1, 8)


def test_7_6_us_rally_does_not_affect_bombardment() -> None:
    units = {"U01": "2134", "G001": "2136"}
    state = position(units, phase="IV", event="us_rally", prompt="bombard", side="us")
    play(rigged(state, [1, 6]), "bombard light 2136", "done")
    assert log_texts(state, "11.4")[0].startswith("2 factors into 2136")


def test_7_6_the_us_may_decline_the_rally_each_time_it_is_rolled() -> None:
    state = rolled([3, 3, *PHASE_II])
    play(state, "decline")
    assert state.event is None and "us_rally" not in state.used_once
    assert log_texts(state, "7.6")[-1] == "the US declines the rally: No Event"
    again = rolled([4, 3], used=state.used_once)
    assert again.stack[-1]["p"] == "rally"


def test_7_6_once_accepted_the_rally_never_occurs_again() -> None:
    state = rolled([2, 4], used={"us_rally"})
    assert not state.stack and state.event is None
    assert log_texts(state, "7.6") == ["events roll 6: US Rally again, so No Event"]


def test_7_7_breakthrough_east_places_two_dice_of_units_on_the_edge_2242_to_1031() -> None:
    zone = [f"{col}42" for col in range(22, 9, -1)] + [f"10{row}" for row in range(41, 30, -1)]
    state = rolled([4, 4, 1, 2, 0, 0, 0, *PHASE_II], {**BASE, "U02": "1035"})
    assert state.stack[-1]["zone"] == "breakthrough_east" and state.stack[-1]["left"] == 3
    assert legal(state) == [f"enter {h}" for h in zone if h != "1035"]
    play(state, "enter 2242", "enter 1031", "enter 1031")
    assert ids_in(state, "1031") == ["G003", "G004"]
    assert "breakthrough_east" in state.used_once


def test_7_7_breakthrough_east_happens_once_per_game() -> None:
    state = rolled([5, 4], used={"breakthrough_east"})
    assert not state.stack and dice_left(state) == []
    assert log_texts(state, "7.7") == ["events roll 9: German Breakthrough East again, so No Event"]


def test_7_8_heavy_mg_gives_one_german_unit_range_10_for_the_fire_phase() -> None:
    units = {"U01": "1934", "H1": "4020", "G001": "1942", "G002": "1941"}
    state = position(units, phase="VII", event="german_heavy_mg", prompt="fire", side="german")
    assert legal(state) == ["heavy_mg G001", "heavy_mg G002", "end"]
    play(state, "heavy_mg G001")
    assert legal(state) == ["fire 1934", "end"]  # one unit per phase; 8 hexes away
    play(state, "fire 1934")
    assert legal(state) == ["add G001", "cancel"]  # G002 still has range 4
    play(state, "cancel", "end")
    assert state.heavy_mg is None  # the next fire phase designates afresh


def test_7_8_10_6_a_heavy_mg_in_a_stack_reaches_10_hexes_and_its_stack_mates_their_own() -> None:
    units = {"U01": "1934", "U02": "1939", "H1": "4020", "G001": "1942", "G002": "1942"}
    state = position(units, phase="VII", event="german_heavy_mg", prompt="fire", side="german")
    assert legal(state) == ["heavy_mg G001", "heavy_mg G002", "fire 1939", "end"]
    play(state, "heavy_mg G002")
    assert legal(state) == ["fire 1934", "fire 1939", "end"]
    play(state, "fire 1934")
    assert legal(state) == ["add G002", "cancel"]  # G001 keeps its printed range


def test_7_8_heavy_mg_is_only_for_german_fire_phases() -> None:
    units = {"U01": "1934", "G001": "1936"}
    state = position(units, phase="VI", event="german_heavy_mg", prompt="fire", side="us")
    assert not [a for a in legal(state) if a.startswith("heavy_mg")]


def test_7_9_german_rally_adds_one_to_german_infantry_movement_and_fire() -> None:
    state = rolled([5, 6])
    assert state.event == "german_rally"
    assert state.fire_factor(unit(state, "G001")) == 2
    assert state.movement_factor(unit(state, "G001")) == 5
    assert state.fire_factor(unit(state, "U01")) == 3
    assert state.movement_factor(unit(state, "U01")) == 4
    near = position({"U01": "2519", "G001": "2520"}, phase="VII", event="german_rally")
    assert odds(near, [unit(near, "G001")], hex_index(near, "2519")) == (4, 1, 4)


@pytest.mark.parametrize(("roll", "side"), [(1, "german"), (3, "german"), (2, "us"), (6, "us")])
def test_7_10_superb_spotting_odd_favours_the_german_even_the_us(roll: int, side: str) -> None:
    state = rolled([6, 6, roll])
    assert (state.event, state.event_side) == ("superb_spotting", side)
    assert dice_left(state) == []


def test_7_10_the_favoured_side_bombards_without_drift() -> None:
    units = {"U01": "2136", "H1": "4020", "G001": "2138"}
    favoured = position(
        units,
        phase="III",
        event="superb_spotting",
        event_side="german",
        prompt="bombard",
        side="german",
    )
    play(rigged(favoured, [1]), "bombard light 2136", "done")  # only the fire die
    assert not log_texts(favoured, "11.3") and favoured.where[unit(favoured, "U01")] < 0
    other = position(
        units,
        phase="III",
        event="superb_spotting",
        event_side="us",
        prompt="bombard",
        side="german",
    )
    play(rigged(other, [6]), "bombard light 2136", "done")  # drift 2: onto empty 2134
    assert log_texts(other, "11.3")[0] == "drift roll 6: 2 hex(es)"


def test_7_5_a_drawn_unit_that_fits_nowhere_is_set_aside_and_later_ones_are_placed() -> None:
    # Every west edge hex but 4231 holds a US unit; 4231 holds 14 German fire factors (6.1).
    us = {f"U{n + 2:02d}": h for n, h in enumerate(WEST_EDGE[1:])}
    units = {**BASE, **us, "G004": "4231", "G007": "4231", "G005": "4231"}
    state = rolled([2, 3, 3, 1, 0, 0, *PHASE_II], units)  # 5: west; 3 units: G003, G002, G006
    assert "G003 (I/6 Gren (3), 3-4-4) fits in no entry hex (6.1): set aside (8.6)" in (
        log_texts(state, "7.5")
    )
    assert state.stack[-1]["unit"] == unit(state, "G002")  # 2 factors: it fits, so it enters
    assert legal(state) == ["enter 4231"]
    play(state, "enter 4231")
    assert ids_in(state, "4231") == ["G004", "G007", "G005", "G002"]
    assert "G006 (I/6 Gren (6), 3-4-4) fits in no entry hex (6.1): set aside (8.6)" in (
        log_texts(state, "7.5")
    )
    # 8.5 binds only units put on the map: the two set aside are back in the container.
    assert {unit(state, "G003"), unit(state, "G006")} <= set(state.container)
    assert state.stack[-1]["rule"] == "8.3" and dice_left(state) == []  # on to phase II
