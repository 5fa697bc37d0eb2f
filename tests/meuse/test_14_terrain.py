"""14.x terrain: rises, the German works (Stellung, 2nd Tier, Fortifications) and the extra
Allied movement cost of Fortification hexes."""

from __future__ import annotations

from greatwar.games.meuse.combat import line_for
from greatwar.games.meuse.movement import destinations, entry_cost
from tests.meuse.positions import hex_index, position, unit


def test_14_1_an_attack_on_a_rise_uses_the_rise_line() -> None:
    state = position({"g15": "0909"})
    assert line_for(state, hex_index(state, "0909"), [hex_index(state, "0808")]) == "trench2"


def test_14_2_works_lines_help_german_defenders_from_any_direction() -> None:
    state = position({"g15": "1219", "g5G": "1216", "g1G": "1014"})
    # Stellung from the north (behind the line) as from the south.
    assert line_for(state, hex_index(state, "1219"), [hex_index(state, "1218")]) == "stellung"
    assert line_for(state, hex_index(state, "1219"), [hex_index(state, "1220")]) == "stellung"
    # Montfaucon: town (Stellung line) beats its 2nd Tier trench: "Trench-Town".
    assert line_for(state, hex_index(state, "1216"), []) == "stellung"
    # Romagne: Fortifications beat the town.
    assert line_for(state, hex_index(state, "1014"), []) == "fortification"


def test_14_2_allied_units_never_benefit_from_the_works() -> None:
    state = position({"us3": "1219", "us5": "1014"})
    assert line_for(state, hex_index(state, "1219"), []) == "clear"
    assert line_for(state, hex_index(state, "1014"), []) == "stellung"  # its town only


def test_14_2_a_breached_hex_gives_no_works_benefit() -> None:
    state = position({"g15": "1219"})
    state.breached.add(hex_index(state, "1219"))
    assert line_for(state, hex_index(state, "1219"), []) == "clear"


def test_14_2_allied_zoc_does_not_reach_into_unbreached_works() -> None:
    state = position({"us3": "1115", "g1G": "1014"}, phase=("german", "movement"), turn=3)
    zoc = state.zoc("allied")
    assert hex_index(state, "1014") not in zoc and hex_index(state, "1114") not in zoc
    assert hex_index(state, "1215") in zoc  # neither works nor breached: plain ZOC
    assert hex_index(state, "1214") in destinations(state, unit(state, "g1G"))  # via 1114
    state.breached.add(hex_index(state, "1114"))
    assert hex_index(state, "1114") in state.zoc("allied")
    assert hex_index(state, "1214") not in destinations(state, unit(state, "g1G"))


def test_14_2_german_zoc_reaches_everywhere() -> None:
    state = position({"g1G": "1115"})
    assert hex_index(state, "1014") in state.zoc("german")


def test_14_3_allied_units_pay_one_more_mp_into_fortification_hexes() -> None:
    state = position({})
    here, there = hex_index(state, "1015"), hex_index(state, "1014")  # into Romagne
    assert entry_cost(state, "allied", here, there) == 2
    assert entry_cost(state, "german", here, there) == 1
    stellung = hex_index(state, "1219")  # not for Stellung or 2nd Tier hexes
    assert entry_cost(state, "allied", hex_index(state, "1220"), stellung) == 1
