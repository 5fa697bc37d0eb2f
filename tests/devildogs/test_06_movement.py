"""5.8 and 6: movement orders, 6.1 zone of control, 6.2 pinning, 4.1 stacking, 8 refusing."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from tests.devildogs.positions import blank, hex_of, legal, place, play, run, waiting


def moves_of(actions: list[str], unit_id: str) -> set[str]:
    return {a.split()[2] for a in actions if a.startswith(f"move {unit_id} ")}


def test_6_advance_must_end_closer_to_the_enemy_edge() -> None:
    state = blank()
    place(state, "5M-17", "0416")
    run(state, ("movement", "us", "A", "ADV", 2))
    actions = legal(state)
    ends = moves_of(actions, "5M-17")
    assert ends and all(int(h[2:]) < 16 for h in ends)  # 3: the US advance north
    assert "0414" in ends and "0516" not in ends  # lateral only as part of an advance
    assert "refuse 5M-17" in actions and "stay 5M-17" not in actions


def test_6_german_advance_goes_south() -> None:
    state = blank()
    place(state, "460-1", "0408")
    run(state, ("movement", "german", "A", "ADV", 1))
    assert moves_of(legal(state), "460-1") == {"0409", "0509", "0309"}


def test_5_8_retreat_goes_back_and_removes_the_pin() -> None:
    state = blank()
    place(state, "5M-17", "0416", pinned=True)
    run(state, ("movement", "us", "A", "RET", 1))
    ends = moves_of(legal(state), "5M-17")
    assert ends == {"0417", "0517", "0317"}
    play(state, "move 5M-17 0417")
    assert state.unit_index("5M-17") not in state.pinned


def test_8_refusing_a_retreat_when_pinned_costs_a_step() -> None:
    state = blank()
    unit = place(state, "5M-17", "0416", pinned=True)
    run(state, ("movement", "us", "A", "RET", 1))
    play(state, "refuse 5M-17")
    assert state.lost[unit] == 1 and unit in state.pinned


def test_8_refusing_an_advance_pins_the_unit() -> None:
    state = blank()
    unit = place(state, "5M-17", "0416")
    run(state, ("movement", "us", "A", "ADV", 2))
    play(state, "refuse 5M-17")
    assert unit in state.pinned and state.lost[unit] == 0


def test_6_reposition_any_direction_or_stay() -> None:
    state = blank()
    place(state, "5M-17", "0416")
    run(state, ("movement", "us", "A", "REP", 1))
    actions = legal(state)
    assert moves_of(actions, "5M-17") == {"0415", "0417", "0516", "0517", "0316", "0317"}
    assert "stay 5M-17" in actions and "done" in actions


def test_6_hold_moves_nothing() -> None:
    state = blank()
    place(state, "5M-17", "0416")
    run(state, ("movement", "us", "A", "HOLD", 0))
    assert waiting(state) == ("assign", "us")  # no movement prompt


def test_6_2_a_pinned_unit_may_not_advance_and_suffers_nothing() -> None:
    state = blank()
    place(state, "5M-17", "0416", pinned=True)
    place(state, "5M-49", "0616")
    run(state, ("movement", "us", "A", "ADV", 2))
    actions = legal(state)
    assert moves_of(actions, "5M-17") == set() and "stay 5M-17" in actions
    with pytest.raises(IllegalAction, match=r"pinned and may not move \(6.2\)"):
        state.apply_action("move 5M-17 0415")


def test_5_8_a_unit_already_adjacent_to_the_enemy_need_not_advance() -> None:
    state = blank()
    place(state, "5M-17", "0514")
    place(state, "460-1", "0513")
    run(state, ("movement", "us", "A", "ADV", 2))
    assert "stay 5M-17" in legal(state)


def test_6_1_moving_next_to_the_enemy_ends_the_move() -> None:
    state = blank()
    place(state, "5M-17", "0516")
    place(state, "460-1", "0513")
    run(state, ("movement", "us", "A", "REP", 4))
    ends = moves_of(legal(state), "5M-17")
    assert "0514" in ends  # it may stop next to the enemy
    assert "0412" not in ends and "0612" not in ends  # but not go on past it


def test_6_1_a_unit_starting_adjacent_may_step_to_another_adjacent_hex_and_stop() -> None:
    state = blank()
    place(state, "5M-17", "0514")
    place(state, "460-1", "0513")
    run(state, ("movement", "us", "A", "REP", 2))
    ends = moves_of(legal(state), "5M-17")
    assert "0413" in ends and "0313" not in ends


def test_4_1_units_pass_through_friends_but_never_end_on_them_or_enter_enemies() -> None:
    state = blank()
    place(state, "5M-17", "0516")
    for friend in ("0515", "0615", "0415"):
        place(state, {"0515": "5M-49", "0615": "5M-66", "0415": "5M-67"}[friend], friend)
    run(state, ("movement", "us", "A", "ADV", 2))
    ends = moves_of(legal(state), "5M-17")
    assert "0514" in ends and "0515" not in ends

    state = blank()
    place(state, "5M-17", "0516")
    for enemy_hex, unit in (("0515", "460-1"), ("0615", "460-2"), ("0415", "460-5")):
        place(state, unit, enemy_hex)
    run(state, ("movement", "us", "A", "ADV", 2))
    assert waiting(state) == ("assign", "us")  # boxed in: no hex to advance to


def test_5_8_units_in_a_bisected_hex_follow_either_sector() -> None:
    state = blank("wheat")
    place(state, "5M-16", "1416")  # column 14 is bisected by the B/C border
    assert state.in_sector("us", "B") == state.in_sector("us", "C") == [state.unit_index("5M-16")]


def test_9_hesitation_cuts_enemy_movement_by_two_to_at_least_one() -> None:
    state = blank()
    place(state, "5M-17", "0416")
    state.effects["hesitation:us:A"] = 2
    run(state, ("movement", "us", "A", "ADV", 4))
    assert state.stack[-1]["n"] == 2
    state = blank()
    place(state, "5M-17", "0416")
    state.effects["hesitation:us:A"] = 2
    run(state, ("movement", "us", "A", "ADV", 2))
    assert state.stack[-1]["n"] == 1


def test_5_8_moves_are_made_one_unit_at_a_time_and_logged() -> None:
    state = blank()
    place(state, "5M-17", "0416")
    place(state, "5M-49", "0616")
    run(state, ("movement", "us", "A", "ADV", 1))
    play(state, "move 5M-17 0415")
    assert hex_of(state, "5M-17") == "0415"
    assert "move 5M-17 0414" not in legal(state)
    assert any(a.startswith("move 5M-49") for a in legal(state))
    play(state, "move 5M-49 0615")
    assert waiting(state) == ("assign", "us")
