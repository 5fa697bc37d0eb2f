"""Rulebook chapter 4, how to win: exit or wipe out (4.3), wipe out (4.4), concession (4.5)."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from greatwar.games.fbsm.state import DEAD, EXITED
from tests.fbsm.positions import legal, play, position, unit


@pytest.mark.parametrize("hex_id", ["1900", "2600", "3300"])
def test_4_3_german_unit_moving_off_the_south_edge_wins_at_once(hex_id: str) -> None:
    state = position({"U01": "4020", "G001": hex_id}, prompt="movement", side="german")
    play(state, "move G001")
    assert "to exit" in legal(state)
    play(state, "to exit")
    assert state.is_terminal() and state.winner() == "german"
    assert state.end_cause() == ("4.3", "G001 moved off the south edge of the map")
    assert state.where[unit(state, "G001")] == EXITED


def test_4_3_exit_counts_the_mp_of_stepping_off_the_map() -> None:
    near = position({"U01": "4020", "G001": "2003"}, prompt="movement", side="german")
    play(near, "move G001")
    assert "to exit" in legal(near)  # 3 MP to 2000, 1 MP to step off: 4
    far = position({"U01": "4020", "G001": "2004"}, prompt="movement", side="german")
    play(far, "move G001")
    assert "to exit" not in legal(far)  # 4 MP to 2000 leave nothing to step off
    with pytest.raises(IllegalAction, match=r"1900-3300.*\(4\.3\)"):
        far.apply_action("to exit")


@pytest.mark.parametrize("hex_id", ["1500", "3800"])
def test_4_3_exit_only_through_hexes_1900_to_3300(hex_id: str) -> None:
    state = position({"U01": "4020", "G001": hex_id}, prompt="movement", side="german")
    play(state, "move G001")
    assert "to exit" not in legal(state)


def test_4_3_us_units_never_exit() -> None:
    state = position({"U01": "2600", "G001": "4030"}, phase="VIII", prompt="movement", side="us")
    play(state, "move U01")
    assert "to exit" not in legal(state)


def test_4_3_german_wins_the_instant_no_us_unit_is_left_on_the_map() -> None:
    state = position({"U01": "2717", "G004": "2718"}, phase="VII", prompt="fire", side="german")
    play(state, "fire 2717", "add G004", "resolve")  # 12:1 into clear: automatic (10.10)
    assert state.winner() == "german"
    assert state.end_cause() == ("4.3", "no US units remain on the map")
    assert state.where[unit(state, "U01")] == DEAD  # carnage is not a unit (2.6)


def test_4_3_a_heavy_weapons_emplacement_keeps_the_us_in_the_game() -> None:
    state = position(
        {"U01": "2717", "H1": "4020", "G004": "2718"}, phase="VII", prompt="fire", side="german"
    )
    play(state, "fire 2717", "add G004", "resolve")
    assert not state.is_terminal()
    assert state.where[unit(state, "U01")] == DEAD


def test_4_4_us_wins_when_no_german_unit_is_on_the_map_and_the_container_is_empty() -> None:
    state = position(
        {"U01": "2717", "G001": "2718"}, phase="VI", container=[], prompt="fire", side="us"
    )
    play(state, "fire 2718", "add U01", "resolve")  # 6:1 into clear: automatic
    assert state.winner() == "us"
    assert state.end_cause() == (
        "4.4",
        "no German units remain on the map or in the container",
    )


def test_4_4_no_us_victory_while_the_container_holds_units() -> None:
    state = position({"U01": "2717", "G001": "2718"}, phase="VI", prompt="fire", side="us")
    play(state, "fire 2718", "add U01", "resolve")
    assert not state.units_in(state.c.board.grid.index("2718"))
    assert not state.is_terminal() and len(state.container) == 111


@pytest.mark.parametrize("side", ["us", "german"])
def test_4_5_either_player_may_concede_at_any_time(side: str) -> None:
    state = position({"U01": "2717", "G001": "2518"}, phase="V", prompt="movement", side="german")
    state.apply_action("concede", side)
    other = "german" if side == "us" else "us"
    assert state.winner() == other
    assert state.end_cause() == ("4.5", f"{side} conceded")
    assert [str(p) for p in state.history()] == [f"{side}: concede"]


def test_4_6_a_finished_game_has_a_winner_and_a_loser() -> None:
    state = position({"U01": "2717", "G004": "2718"}, phase="VII", prompt="fire", side="german")
    play(state, "fire 2717", "add G004", "resolve")
    assert state.returns() == (-1.0, 1.0)  # in game.sides order: us, german
    assert state.legal_actions() == [] and state.current_player() == "terminal"
