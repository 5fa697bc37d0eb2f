"""12.x victory: an Allied unit entering Sedan wins at once; otherwise the Germans win."""

from __future__ import annotations

from tests.meuse.positions import new_state, play, position, rigged, scripted_setup


def test_12_1_an_allied_unit_moving_into_sedan_wins_at_once() -> None:
    state = position({"us3": "0802"}, phase=("allied", "movement"), turn=8)
    play(state, "move us3", "to 0702")
    assert state.is_terminal() and state.winner() == "allied"
    assert state.end_cause() == ("12.1", "3rd Division enters Sedan")
    assert state.returns() == (1.0, -1.0)


def test_12_1_advancing_into_sedan_wins_too() -> None:
    state = position({"us3": "0802", "us5": "0801", "g13L": "0702"}, turn=5)
    rigged(state, [1])
    play(state, "attack 0702", "add us3", "add us5", "declare")  # 18 - 3 = +15 on the
    # fortress line: column 8, a 1 is D2
    play(state, "retreat")
    if state.stack and state.stack[-1]["p"] == "retreat":
        play(state, str(state.legal_actions()[0]))
    play(state, "advance us3")
    assert state.winner() == "allied"


def test_12_1_a_german_unit_in_sedan_wins_nothing() -> None:
    state = position({"g15": "0802"}, phase=("german", "movement"), turn=8)
    play(state, "move g15", "to 0702")
    assert not state.is_terminal()


def test_12_1_any_other_result_is_a_german_victory_at_the_armistice() -> None:
    state = position({"us3": "1722", "g15": "0702"}, phase=("german", "combat"), turn=24)
    assert state.stack == []  # no German attack possible: the phase ends at once
    state.advance()
    assert state.is_terminal() and state.winner() == "german"
    assert state.end_cause() == ("12.1", "the Armistice: no Allied unit has entered Sedan")


def test_19_1_the_game_has_twenty_four_turns() -> None:
    state = position({"us3": "1722", "g15": "0702"}, phase=("german", "combat"), turn=23)
    assert not state.is_terminal() and state.turn == 23
    assert state.stack == []  # no German attack possible: the phase ends at once
    state.advance()
    assert state.turn == 24 and state.date() == "Nov 11"
    assert len(state.c.tables["turns"]["dates"]) == 24


def test_12_1_the_game_goes_on_while_sedan_is_not_entered() -> None:
    state = scripted_setup(new_state(3))
    assert not state.is_terminal() and state.winner() is None
