"""3.1 the scenarios' victory conditions (playbook, reconstructed: PROVENANCE.md, C4)."""

from __future__ import annotations

from greatwar.games.devildogs.victory import points
from tests.devildogs.positions import blank, place, run


def test_3_1_objectives_change_hands_when_an_enemy_unit_enters() -> None:
    state = blank("hill142")
    crest = state.c.board.hex("0510")
    assert state.held[crest] == "german"
    marine = place(state, "5M-17", "0511")
    assert state.held[crest] == "german"
    state.put(marine, crest)
    assert state.held[crest] == "us"
    state.put(marine, state.c.board.hex("0511"))
    assert state.held[crest] == "us"  # held until the enemy comes back


def test_3_1_points_three_per_objective_two_per_dead_hq_one_per_other_dead_unit() -> None:
    state = blank("hill142")
    place(state, "5M-17", "0416")
    hq, company = place(state, "460-HQ", "0506"), place(state, "460-1", "0408")
    place(state, "460-2", "0708")
    for unit in (hq, company):
        while state.where[unit] >= 0:
            state.inflict(unit, "7.2", "test")
    assert points(state, "us") == 3 + 2 + 1  # Champillon, the HQ, the company
    assert points(state, "german") == 3  # Hill 142


def test_3_1_after_the_last_turn_the_attacker_needs_more_points() -> None:
    state = blank("hill142")
    place(state, "5M-17", "0416")
    place(state, "460-1", "0408")
    state.turn = state.sc.turns
    run(state, ("end_turn",))
    assert state.winner() == "german"  # 3 against 3: the defender wins ties
    assert state.end_cause() == ("3.1", "the attacker does not have more victory points")

    state = blank("hill142")
    marine = place(state, "5M-17", "0416")
    place(state, "460-1", "0408")
    state.put(marine, state.c.board.hex("0510"))
    state.turn = state.sc.turns
    run(state, ("end_turn",))
    assert state.winner() == "us"


def test_3_1_a_side_with_no_unit_left_and_none_to_come_loses_at_once() -> None:
    state = blank("hill142")
    place(state, "5M-17", "0416")
    last = place(state, "460-1", "0408")
    while state.where[last] >= 0:
        state.inflict(last, "7.2", "test")
    assert state.winner() == "us" and state.end_cause() is not None
    assert state.end_cause() == ("3.1", "no german units remain on the battlefield")


def test_3_1_reinforcements_still_to_come_keep_a_side_in_the_game() -> None:
    state = blank("campaign")
    place(state, "5M-17", "0416")
    last = place(state, "460-1", "0408")
    while state.where[last] >= 0:
        state.inflict(last, "7.2", "test")
    assert not state.is_terminal()  # the 40th Fusiliers are on the turn track
