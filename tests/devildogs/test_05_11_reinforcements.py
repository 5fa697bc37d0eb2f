"""5.11 reinforcements: reorganisation of the turn's dead, fresh USMC replacements, the
scenario's reinforcing regiments and withdrawals."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from greatwar.games.devildogs.reinforcements import reorganisation_count
from greatwar.games.devildogs.state import OFF, WITHDRAWN, DevilDogsState
from tests.devildogs.positions import blank, legal, place, play, run, waiting


def kill(state: DevilDogsState, unit: int) -> None:
    while state.where[unit] >= 0:
        state.inflict(unit, "7.2", "test")


@pytest.mark.parametrize(
    ("side", "dead", "back"),
    [("german", 1, 1), ("german", 3, 1), ("german", 4, 2), ("us", 1, 0), ("us", 2, 1),
     ("us", 3, 1), ("us", 4, 2)],
)  # fmt: skip
def test_5_11_reorganisation_germans_one_per_three_up_us_one_per_two_down(
    side: str, dead: int, back: int
) -> None:
    state = blank()
    state.dead_pool[side] = list(range(dead))
    assert reorganisation_count(state, side) == back


def test_5_11_reconstituted_infantry_comes_back_reduced_next_to_its_hq() -> None:
    state = blank()
    hq = place(state, "460-HQ", "0506")
    infantry, mg = place(state, "460-1", "0408"), place(state, "460-MG1", "0409")
    kill(state, infantry)
    kill(state, mg)  # 5.11 counts for the number, but only infantry comes back
    run(state, ("reorganise", "german"))
    assert waiting(state) == ("reorganise", "german")
    moves = legal(state)
    assert moves and all(m.startswith("reform 460-1 ") for m in moves)
    grid = state.c.board.grid
    assert all(grid.distance(state.c.board.hex(m.split()[2]), state.where[hq]) == 1 for m in moves)
    play(state, moves[0])
    assert state.is_reduced(infantry) and state.lost[infantry] == 1


def test_5_11_no_hq_no_reconstitution() -> None:
    state = blank()
    infantry = place(state, "460-1", "0408")
    place(state, "460-2", "0708")
    kill(state, infantry)
    run(state, ("reorganise", "german"))
    assert waiting(state) == ("assign", "us")  # nothing asked
    run(state, ("set_aside",))
    assert state.dead_pool["german"] == [] and infantry in state.casualties


def test_5_11_replacements_restore_usmc_units_one_per_regiment_per_turn() -> None:
    state = blank()
    first = place(state, "5M-17", "0416", lost=2)
    second = place(state, "5M-49", "0616", lost=1, pinned=True)
    army = place(state, "2E-D", "0716", lost=1)
    run(state, ("replacements",))
    assert legal(state) == ["replace 5M-17", "replace 5M-49", "done"]
    play(state, "replace 5M-17")
    assert state.lost[first] == 0 and state.replacements == 11
    assert waiting(state) == ("assign", "us")  # the 5th Marines used this turn's point
    assert state.lost[second] == 1 and state.lost[army] == 1


def test_5_11_no_replacement_next_to_the_enemy() -> None:
    state = blank()
    place(state, "5M-17", "0514", lost=1)
    place(state, "5M-49", "0518", lost=1)
    place(state, "460-1", "0513")
    run(state, ("replacements",))
    assert legal(state) == ["replace 5M-49", "done"]
    with pytest.raises(IllegalAction, match=r"not adjacent to the enemy.*\(5.11\)"):
        state.apply_action("replace 5M-17", "us")


def test_5_11_reinforcements_enter_within_five_of_entry_never_within_three_of_an_enemy() -> None:
    state = blank("campaign")
    state.turn = 2  # the 40th Fusiliers are due on turn 3
    marine = place(state, "5M-16", "1608")
    run(state, ("deploy", "german"))
    assert waiting(state) == ("deploy", "german")
    grid = state.c.board.grid
    group = state.sc.reinforcements[state.stack[-1]["group"]]
    assert group.regiment == "40F"
    entry = group.entry
    for action in legal(state):
        h = state.c.board.hex(action.split()[2])
        assert grid.distance(h, entry) <= 5 and grid.distance(h, state.where[marine]) > 3


def test_5_11_no_reinforcements_after_the_last_turn() -> None:
    state = blank("campaign")
    state.turn = state.sc.turns
    state.arrivals = [state.turn for _ in state.arrivals]
    run(state, ("deploy", "german"), ("deploy", "us"))
    assert waiting(state) == ("assign", "us")


def test_5_11_reinforcement_phase_attacker_deploys_first() -> None:
    state = blank("campaign")
    state.turn = 7  # IR 347 and the 87th mortars (turn 7) and the 7th Infantry (turn 8)
    run(state, ("reinforcement_phase",))
    assert waiting(state) == ("deploy", "us")
    while waiting(state)[0] == "deploy" and waiting(state)[1] == "us":
        play(state, legal(state)[0])
    assert waiting(state) == ("deploy", "german")


def test_1_2_withdrawn_regiments_leave_without_counting_as_losses() -> None:
    state = blank("campaign")
    units = [place(state, "461-1", "1410"), place(state, "461-2", "1510")]
    state.turn = 6  # IR 461 is withdrawn before turn 7
    run(state, ("withdrawals",))
    assert all(state.where[u] == WITHDRAWN for u in units) and state.casualties == []
    assert state.where[state.unit_index("347-1")] == OFF
