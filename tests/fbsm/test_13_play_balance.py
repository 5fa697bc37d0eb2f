"""Rulebook chapter 13, play balance: the 16-turn limit (13.2, 13.3) and German bombardment
deterioration from turn 9 (13.4), all behind the ``play_balance`` option (13.1)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from greatwar.core import load_game
from greatwar.games.fbsm.state import FbsmState
from tests.fbsm.positions import begin_phase, dice_left, legal, log_texts, play, position, rigged

UNITS = {"U01": "2136", "G001": "2138"}


def last_phase(turn: int, play_balance: bool) -> FbsmState:
    """Phase XII of ``turn``, the US about to finish its second bombardment phase."""
    return position(
        UNITS, turn=turn, phase="XII", prompt="bombard", side="us", play_balance=play_balance
    )


def german_markers(turn: int, dice: Sequence[int], phase: str = "III", **kw: bool) -> FbsmState:
    state = position(UNITS, turn=turn, phase=phase, play_balance=kw.get("play_balance", True))
    return begin_phase(rigged(state, dice))


def test_13_1_the_play_balance_rules_are_an_option_off_by_default() -> None:
    game = load_game("fbsm")
    assert game.options["play_balance"] is False
    assert "13." in game.option_defaults["play_balance"]["help"]


def test_13_2_13_3_the_us_wins_when_turn_16_ends_without_a_german_win() -> None:
    state = last_phase(16, play_balance=True)
    play(state, "done")
    assert state.winner() == "us"
    assert state.end_cause() == ("13.3", "the Germans have not won by the end of turn 16")


def test_13_2_earlier_turns_go_on() -> None:
    state = last_phase(15, play_balance=True)
    play(state, "done")
    assert not state.is_terminal() and state.turn == 16


def test_13_2_without_the_play_balance_rules_there_is_no_turn_limit() -> None:
    state = last_phase(16, play_balance=False)
    play(state, "done")
    assert not state.is_terminal() and state.turn == 17


@pytest.mark.parametrize(
    ("dice", "markers"),
    [
        ([2, 0, 0], ["light", "light"]),
        ([3, 5, 4, 3], ["heavy", "heavy", "heavy"]),
        ([1, 3], ["heavy"]),
        ([6, 0, 0, 0, 0, 0, 0], ["light"] * 3 + ["heavy"] * 3),
    ],
)
def test_13_4_from_turn_9_the_german_draws_a_die_of_markers(
    dice: list[int], markers: list[str]
) -> None:
    state = german_markers(9, dice)
    assert state.markers == markers and dice_left(state) == []
    assert log_texts(state, "13.4") == [
        f"rolled {dice[0]}: German markers this phase: {', '.join(markers)}"
    ]
    kinds = {a.split()[1] for a in legal(state) if a.startswith("bombard")}
    assert kinds == set(markers)


def test_13_4_applies_to_both_german_bombardment_phases() -> None:
    state = german_markers(12, [1, 0], phase="XI")
    assert state.markers == ["light"]


@pytest.mark.parametrize(
    ("turn", "phase", "play_balance"),
    [(8, "III", True), (9, "III", False), (9, "IV", True), (9, "XII", True)],
)
def test_13_4_not_before_turn_9_nor_without_the_option_nor_for_the_us(
    turn: int, phase: str, play_balance: bool
) -> None:
    state = german_markers(turn, [], phase=phase, play_balance=play_balance)
    assert state.markers == ["light"] * 3 + ["heavy"] * 3
    assert not log_texts(state, "13.4")
