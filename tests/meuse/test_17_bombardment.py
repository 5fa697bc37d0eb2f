"""16.0 and 17.x artillery bombardment: allotment, observation, markers, modifiers, hits,
retreats, breaches and gas."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from greatwar.games.meuse.bombardment import modifier, observed_units
from tests.meuse.positions import (
    dice_left,
    hex_index,
    legal,
    log_texts,
    play,
    position,
    prompt,
    rigged,
    unit,
    where,
    with_rules,
)

BOMBARD = ("allied", "bombardment")


def test_16_0_no_retreat_from_support_fire_bombardment() -> None:
    state = position({"us3": "1706", "g13L": "1705"}, support=True, support_cap=0)
    rigged(state, [1])
    play(state, "shell 1705", "support 2", "support 2", "support 1", "support 1", "resolve")
    assert where(state, "g13L") == "1705" and state.is_depleted(unit(state, "g13L"))
    assert "no retreat from bombardment: the step is lost" in log_texts(state, "16.0")


def test_17_1_each_side_gets_its_turn_allotment() -> None:
    state = position({"us3": "1706", "g15": "1705"}, phase=BOMBARD, turn=10)
    assert state.markers == {"allied": 8, "german": 4}
    track = state.c.tables["artillery_track"]
    assert all(
        a + g <= track["markers"] for a, g in zip(track["allied"], track["german"], strict=True)
    )


def test_17_2_unused_markers_are_lost() -> None:
    state = position({"us3": "1706", "g15": "1705"}, phase=BOMBARD)
    rigged(state, [6])
    play(state, "bombard g15", "fire")
    assert state.markers["allied"] == 0
    assert "4 unused marker(s) are lost" in log_texts(state, "17.2")


def test_17_2_at_most_two_markers_on_one_unit() -> None:
    state = position({"us3": "1706", "g15": "1705"}, phase=BOMBARD)
    play(state, "bombard g15", "bombard g15")
    assert "bombard g15" not in legal(state)
    with pytest.raises(IllegalAction, match="fewer than two markers"):
        play(state, "bombard g15")


def test_17_3_only_adjacent_units_are_observed() -> None:
    state = position({"us3": "1706", "g15": "1705", "g1G": "1703"}, phase=BOMBARD)
    assert observed_units(state, "allied") == [unit(state, "g15")]
    assert observed_units(state, "german") == [unit(state, "us3")]


def test_17_3_an_aircraft_observes_its_hex_and_neighbours_within_three_hexes() -> None:
    state = position({"us3": "1708", "g1G": "1705", "g15": "1703"}, phase=BOMBARD)
    assert observed_units(state, "allied") == []
    play(state, "aircraft 1704")
    # Both lie in the aircraft's hex or next to it. g1G in 1705 is three hexes from us3
    # (counting the target's hex, not the Allied unit's): observed. g15 is five: not.
    assert observed_units(state, "allied") == [unit(state, "g1G")]
    assert "aircraft 1703" not in legal(state)  # beyond four hexes an aircraft sees nothing


def test_17_4_one_die_per_marker_resolved_after_all_are_placed() -> None:
    state = position({"us3": "1706", "us5": "1606", "g15": "1705", "g1G": "1605"}, phase=BOMBARD)
    rigged(state, [6, 6, 6])
    play(state, "bombard g15", "bombard g1G", "bombard g15")
    assert dice_left(state) == [6, 6, 6]
    play(state, "fire")
    assert dice_left(state) == []


def test_17_5_a_hit_depletes_or_eliminates() -> None:
    state = position({"us3": "1706", "g15": "1705"}, phase=BOMBARD, bombardment_retreat=False)
    rigged(state, [3, 2])
    play(state, "bombard g15", "bombard g15", "fire")  # clear: 3 and 2 both hit
    assert where(state, "g15") is None


def test_17_5_a_hit_unit_may_retreat_one_hex_instead() -> None:
    state = position({"us3": "1706", "g15": "1705"}, phase=BOMBARD)
    rigged(state, [1, 2])
    play(state, "bombard g15", "bombard g15", "fire")
    assert prompt(state) == "bombard_retreat" and state.current_player() == "german"
    assert "accept" in legal(state) and "retreat 1704" in legal(state)
    assert "retreat 1707" not in legal(state)  # not toward the enemy beside it
    play(state, "retreat 1704")
    assert where(state, "g15") == "1704" and not state.is_depleted(unit(state, "g15"))


def test_17_5_accepting_the_hits() -> None:
    state = position({"us3": "1706", "g15": "1705"}, phase=BOMBARD)
    rigged(state, [1])
    play(state, "bombard g15", "fire", "accept")
    assert state.is_depleted(unit(state, "g15"))


def test_17_5_modifiers_terrain_aircraft_german() -> None:
    state = position({"us3": "1706", "g15": "1705", "g1G": "1216", "us5": "1316"}, phase=BOMBARD)
    assert modifier(state, "allied", hex_index(state, "1705"), unit(state, "g15")) == 0
    # Montfaucon: town +2 and 2nd Tier +1: only the highest applies.
    assert modifier(state, "allied", hex_index(state, "1216"), unit(state, "g1G")) == 2
    play(state, "aircraft 1705")
    assert modifier(state, "allied", hex_index(state, "1705"), unit(state, "g15")) == -1
    assert modifier(state, "german", hex_index(state, "1706"), unit(state, "us3")) == 1


def test_17_6_a_hit_on_works_breaches_the_hex_instead() -> None:
    state = position({"us3": "1220", "g15": "1219"}, phase=BOMBARD)
    rigged(state, [1, 1])
    play(state, "bombard g15", "bombard g15", "fire")
    # Stellung +2: the first 1 (3) breaches; the second marker sees plain clear: 1 hits.
    assert hex_index(state, "1219") in state.breached
    assert "1219 is breached" in log_texts(state, "17.6")[0]
    if prompt(state) == "bombard_retreat":
        play(state, "accept")
    assert state.is_depleted(unit(state, "g15"))


def test_17_6_german_bombardment_breaches_too_but_not_a_fortress() -> None:
    state = position({"us3": "1219", "g15": "1218"}, phase=("german", "bombardment"))
    rigged(state, [1])
    play(state, "bombard us3", "fire")  # an Allied unit: no works modifier; 1 + 1 = 2
    assert hex_index(state, "1219") in state.breached
    state = position({"us3": "1820", "g15": "1819"}, phase=("german", "bombardment"))
    rigged(state, [1])
    play(state, "bombard us3", "fire")  # Verdun: fortress +3, German +1: 5, no hit
    assert hex_index(state, "1820") not in state.breached


def test_17_7_gas_on_the_first_turn_only() -> None:
    state = position({"us3": "1706", "g15": "1705"}, phase=BOMBARD, turn=1)
    assert "gas" in legal(state)
    play(state, "gas")
    assert modifier(state, "allied", hex_index(state, "1705"), unit(state, "g15")) == -1
    state = position({"us3": "1706", "g15": "1705"}, phase=BOMBARD, turn=2)
    assert "gas" not in legal(state)
    state = position({"us3": "1706", "g15": "1705"}, phase=("german", "bombardment"), turn=1)
    assert "gas" not in legal(state)


def test_17_5_retreat_option_off_reads_16_0_for_every_bombardment() -> None:
    """With the option off, 16.0 and the errata's 7.7.1: no retreat from any bombardment."""
    state = position({"us3": "1706", "g15": "1705"}, phase=BOMBARD)
    with_rules(state, bombardment_retreat=False)
    rigged(state, [1])
    play(state, "bombard g15", "fire")
    assert prompt(state) != "bombard_retreat" and state.is_depleted(unit(state, "g15"))
