"""11.x set-up, reinforcements and replacements (with the 19.x lists they point to)."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from greatwar.games.meuse.state import BROKEN_DOWN, ELIMINATED
from tests.meuse.positions import (
    hex_index,
    legal,
    new_state,
    play,
    position,
    prompt,
    scripted_setup,
    unit,
    where,
)


def test_11_1_the_allied_player_sets_up_first_then_the_german() -> None:
    state = new_state()
    assert state.current_player() == "allied" and prompt(state) == "allied_setup"
    for _ in range(14):  # 19.2: fourteen divisions
        assert state.current_player() == "allied"
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == "german" and prompt(state) == "german_setup"


def test_11_1_bombardment_markers_allotted_from_the_artillery_track() -> None:
    state = scripted_setup(new_state())
    assert state.turn == 1
    assert state.markers == {"allied": 8, "german": 4}  # 17.1 "8/4"


def test_11_2_allied_set_up_anywhere_south_of_the_stellung_line() -> None:
    state = new_state()
    offered = {a.split()[2] for a in legal(state)}
    assert offered == {state.hex_id(h) for h in state.c.board.south_zone}
    assert "1216" not in offered and "1219" not in offered  # Montfaucon; a Stellung hex
    assert "1820" in offered  # Verdun
    with pytest.raises(IllegalAction, match="south of the Stellung line"):
        play(state, "place us3 1219")


def test_11_2_one_division_per_hex() -> None:
    state = new_state()
    play(state, "place us3 1820")
    assert "place us4 1820" not in legal(state)


def test_11_5_german_set_up_after_the_allies_in_or_north_of_the_line() -> None:
    state = new_state()
    while prompt(state) == "allied_setup":
        state.apply_action(state.legal_actions()[0])
    offered = {a.split()[2] for a in legal(state)}
    assert offered == {state.hex_id(h) for h in state.c.board.stellung}  # 19.4 first
    assert all(hex_index(state, h) not in state.c.board.south_zone for h in offered)


def test_11_3_one_allied_replacement_brings_back_a_division_at_full_strength() -> None:
    state = position({"us5": "1722"}, phase=("allied", "movement"), turn=3)
    state.where[unit(state, "us3")] = ELIMINATED
    assert "return us3" in legal(state)
    play(state, "return us3")
    arrivals = {a.split()[1] for a in legal(state) if a.startswith("arrive")}
    edges = state.c.board.south_edge | state.c.board.west_edge | state.c.board.east_edge
    assert arrivals == {state.hex_id(h) for h in edges & state.c.board.south_zone} - {"1722"}
    play(state, "arrive 1024")
    assert where(state, "us3") == "1024" and not state.is_depleted(unit(state, "us3"))
    assert not any(a.startswith(("return", "rebuild")) for a in legal(state))  # one per phase


def test_11_3_a_replacement_rebuilds_two_depleted_units_not_in_a_forest() -> None:
    units = {"us3": "1722", "us5": "1622", "us28": "0623"}  # 0623 is in the Argonne woods
    state = position(units, phase=("allied", "movement"), turn=3, depleted=list(units))
    assert {a for a in legal(state) if a.startswith("rebuild")} == {"rebuild us3", "rebuild us5"}
    play(state, "rebuild us3")
    assert "rebuild us5" in legal(state) and "return us3" not in legal(state)
    play(state, "rebuild us5")
    assert not state.is_depleted(unit(state, "us5"))
    assert not any(a.startswith("rebuild") for a in legal(state))


def test_11_3_a_three_step_division_returns_depleted_and_never_a_brigade() -> None:
    state = position({}, phase=("allied", "movement"), turn=3)
    state.where[unit(state, "us4")] = ELIMINATED
    state.where[unit(state, "bde1")] = ELIMINATED
    assert "return bde1" not in legal(state)  # 11.3 exception: never a brigade chit
    play(state, "return us4", "arrive 1024")
    assert state.is_depleted(unit(state, "us4"))


def test_11_3_option_all_returns_depleted() -> None:
    state = position({}, phase=("allied", "movement"), turn=3, allied_returns="depleted")
    state.where[unit(state, "us3")] = ELIMINATED
    play(state, "return us3", "arrive 1024")
    assert state.is_depleted(unit(state, "us3"))


def test_11_4_allied_reinforcements_on_the_south_edge() -> None:
    state = position({}, phase=("allied", "movement"), turn=4)  # 19.3 Oct 2-3: 1st Division
    assert prompt(state) == "reinforce" and state.stack[-1]["unit"] == unit(state, "us1")
    offered = {a.split()[1] for a in legal(state)}
    assert offered == {state.hex_id(h) for h in state.c.board.south_edge}
    play(state, "enter 1224")
    assert where(state, "us1") == "1224" and prompt(state) == "movement"
    assert "move us1" in legal(state)  # it moves in the phase it arrives


def test_11_4_option_any_edge_hex_south_of_the_stellung() -> None:
    state = position(
        {}, phase=("allied", "movement"), turn=4, allied_reinforcement_edge="south_of_stellung"
    )
    offered = {a.split()[1] for a in legal(state)}
    assert "0120" in offered and "2020" in offered and "1224" in offered


def test_11_6_german_replacement_once_per_game_arriving_depleted() -> None:
    state = position({"us3": "1702"}, phase=("german", "movement"), turn=3)
    state.where[unit(state, "g15")] = ELIMINATED
    play(state, "return g15")
    arrivals = {a.split()[1] for a in legal(state) if a.startswith("arrive")}
    assert "1701" not in arrivals and "1601" not in arrivals  # in the ZOC of us3
    assert "1001" in arrivals and "2010" in arrivals  # north and east edges
    assert "0124" not in arrivals
    play(state, "arrive 2010")
    assert state.is_depleted(unit(state, "g15")) and state.german_replacement_used
    state.where[unit(state, "g1G")] = ELIMINATED
    assert "return g1G" not in legal(state)


def test_11_6_the_german_replacement_may_wait_or_rebuild_one_unit() -> None:
    units = {"g15": "1705", "g1G": "1710"}
    state = position(units, phase=("german", "movement"), turn=3, depleted=list(units))
    rebuilds = {a for a in legal(state) if a.startswith("rebuild")}
    assert rebuilds == {"rebuild g15", "rebuild g1G"}
    play(state, "rebuild g15")
    assert not any(a.startswith("rebuild") for a in legal(state))


def test_11_7_german_reinforcements_in_towns_on_the_north_and_east_edges() -> None:
    state = position({}, phase=("german", "movement"), turn=2)  # 19.6 Sep 28-29: 52nd, 53rd
    towns = {state.hex_id(h) for h in state.c.entry_towns}
    assert towns == {"0501", "0901", "1301", "2006", "2013"}
    assert {a.split()[1] for a in legal(state)} == towns
    play(state, "enter 0901")
    assert {a.split()[1] for a in legal(state)} == towns - {"0901"}


def test_11_7_a_blocked_reinforcement_waits_for_the_next_turn() -> None:
    blockers = {"us3": "0501", "us5": "0901", "us28": "1301", "us32": "2006", "us33": "2013"}
    state = position(blockers, phase=("german", "movement"), turn=2)
    assert prompt(state) == "movement" and len(state.delayed) == 2
    assert "finds no free entry hex" in state.log()[-1].text


def test_13_2_a_broken_down_division_returns_only_with_three_free_chits() -> None:
    state = position({}, phase=("allied", "movement"), turn=3)
    state.where[unit(state, "us4")] = BROKEN_DOWN
    assert "return us4" in legal(state)
    for brigade, hex_id in (("bde1", "1224"), ("bde2", "1224"), ("bde3", "1124"), ("bde4", "1124")):
        state.put(unit(state, brigade), hex_index(state, hex_id))
    state._legal_cache = None
    assert "return us4" not in legal(state)  # only two chits are free
