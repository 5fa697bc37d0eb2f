"""The Game Sequence, Fortune of War, Determine Winds, the clouds' drift, Combat, Morale,
French reinforcements, German New Units, German morale and the end of the game."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from greatwar.games.trenches import sequence
from greatwar.games.trenches.data import FRENCH, GERMAN, GM
from greatwar.games.trenches.state import DEAD, GONE, POOL, TABLE, TURN_PLAN
from tests.trenches.positions import empty, first, fresh, hold, on_line, put, rig


def test_the_game_sequence_french_phase_before_german_phase() -> None:
    steps = [s[0] if len(s) == 1 else f"{s[0]}:{s[1]}" for s in TURN_PLAN]
    assert steps.index("off_board:french") < steps.index("move_phase:french")
    assert steps.index("move_phase:french") < steps.index("return_fire:german")
    assert (
        steps.index("reinforcements") < steps.index("new_units") < steps.index("move_phase:german")
    )
    assert steps[-2:] == ["surrender", "end_turn"]


def test_fortune_of_war_computer_rolls_the_event_table() -> None:
    state = empty()
    rig(state, [2])
    sequence.fortune(state)
    assert state.event == "fog" and state.turn == 1 and not state.stack


def test_fortune_of_war_a_person_game_master_chooses_and_plans_in_secret() -> None:
    state = fresh(1, game_master="person")
    assert state.current_player() == GM
    state.apply_action("plan mud 3", GM)
    assert state.plans == {3: "mud"}
    assert state.can_undo(GM)
    state.apply_action("event fog", GM)
    assert state.event == "fog"
    with pytest.raises(IllegalAction):
        state.apply_action("plan mud 3", GM)  # not the GM's turn now


def test_fortune_of_war_a_plan_is_revealed_on_its_turn() -> None:
    state = empty(game_master="person")
    state.turn = 2
    state.plans = {3: "mud"}
    sequence.fortune(state)
    assert state.event == "mud" and state.plans == {}
    assert state.stack[-1]["p"] == "gm" and state.stack[-1]["chosen"]


@pytest.mark.parametrize(
    ("dice", "wind"),
    [
        ([5], "left"),
        ([6, 1], "left"),
        ([6, 2], "right"),
        ([6, 3], "rear"),
        ([6, 5], "front"),
        ([6, 6], "front"),
    ],
)
def test_determine_winds(dice: list[int], wind: str) -> None:
    state = empty()
    state.wind = "left"
    rig(state, dice)
    sequence.winds(state)
    assert state.wind == wind


def test_move_the_poison_gas_clouds_and_smoke_12_inches_and_pin() -> None:
    state = empty()
    state.wind = "rear"
    man = put(state, first(state, GERMAN, "rifle"), 300, 420)
    state.clouds = [("gas", 300, 300), ("smoke", 100, 700)]
    sequence.clouds(state)
    assert state.clouds == [("gas", 300, 420)]  # the smoke blew off the table
    assert state.pinned == {man}


def test_poison_gas_troops_will_not_move_into_the_cloud() -> None:
    from greatwar.games.trenches import movement

    state = empty()
    man = put(state, first(state, FRENCH, "rifle"), 100, 100, "R1")
    state.clouds = [("gas", 100, 200)]
    end = movement.walk(state, man, (100, 200))
    assert end[1] < 170


def test_combat_hand_to_hand_high_die_plus_extra_men_and_elite() -> None:
    state = empty()
    f1 = put(state, first(state, FRENCH, "rifle", 0), 100, 100)
    f2 = put(state, first(state, FRENCH, "rifle", 1), 105, 100)
    g = put(state, first(state, GERMAN, "elite"), 100, 108)
    # French 3 + 1 (one extra man) = 4 against German 3 + 1 (elite) = 4: even, throw again;
    # then French 5 + 1 beats German 2 + 1; the elite saves on 4 (no), killed.
    rig(state, [3, 3, 5, 2, 1])
    sequence.hand_to_hand(state)
    assert state.status[g] == DEAD and state.status[f1] == TABLE and state.status[f2] == TABLE


def test_hand_to_hand_combat_until_one_or_the_other_is_killed() -> None:
    state = empty()
    f = put(state, first(state, FRENCH, "rifle"), 100, 100)
    g = put(state, first(state, GERMAN, "rifle"), 100, 105)
    rig(state, [2, 5])
    sequence.hand_to_hand(state)
    assert state.status[f] == DEAD and state.status[g] == TABLE


def test_morale_under_50_percent_rolls_hq_within_12_inches_adds_1() -> None:
    state = empty()
    leader = put(state, first(state, FRENCH, "leader"), 400, 200, "R1")
    men = [put(state, first(state, FRENCH, "rifle", n), 400 + n, 190, "R1") for n in range(5)]
    state.leader["R1"] = leader
    state.strength["R1"] = 25
    state.moved.add(men[0])  # attacking: 1 or 2 breaks
    rig(state, [2, 3, 3])
    sequence.morale(state)
    assert state.broken == {"R1": 1} and state.y[leader] == 140
    state.place(leader, (400, 200))
    state.broken = {}
    put(state, first(state, FRENCH, "hq"), 400, 100)
    rig(state, [2])
    sequence.morale(state)
    assert state.broken == {}  # 2 + 1 for the HQ holds


def test_morale_a_broken_regiment_falls_back_but_not_through_wire() -> None:
    state = empty()
    leader = put(state, first(state, FRENCH, "leader"), 400, 300, "R1")
    state.leader["R1"] = leader
    state.strength["R1"] = 25
    rig(state, [1, 3, 3])
    sequence.morale(state)
    assert state.broken == {"R1": 1} and state.y[leader] == 271


def test_morale_defending_breaks_only_on_a_1() -> None:
    state = empty()
    leader = put(state, first(state, FRENCH, "leader"), 400, 300, "R1")
    state.leader["R1"] = leader
    state.strength["R1"] = 25
    rig(state, [2])
    sequence.morale(state)
    assert state.broken == {}


def test_french_reinforcements_shell_hole_1_die_from_the_dead_pile_next_to_the_leader() -> None:
    state = empty()
    leader = put(state, first(state, FRENCH, "leader"), 160, 140, "R1")  # in H1
    state.leader["R1"] = leader
    dead = [state.c.figure(first(state, FRENCH, "rifle", n)) for n in range(6)]
    for f in dead:
        assert f is not None
        state.set_status(f.index, DEAD)
    rig(state, [4])
    sequence.reinforcements(state)
    back = [f for f in dead if f is not None and state.status[f.index] == TABLE]
    assert len(back) == 4
    assert all(abs(state.x[f.index] - 160) <= 30 for f in back)
    rig(state, [])
    sequence.reinforcements(state)  # the hole was already taken: nothing more
    assert sum(1 for f in dead if f is not None and state.status[f.index] == TABLE) == 4


def test_french_reinforcements_trench_3_dice_bunker_2_and_the_support_table() -> None:
    state = empty()
    l1 = put(state, first(state, FRENCH, "leader", 0), 480, 322, "R1")  # bunker 1, line 1
    l2 = put(state, first(state, FRENCH, "leader", 1), 160, 140, "R2")  # H1
    state.leader = {"R1": l1, "R2": l2}
    put(state, first(state, FRENCH, "hq"), 480, 50, "HQ")
    rig(state, [1, 1, 1, 1, 1, 1, 5])  # R1 3 + 2 dice, R2 1 die, support: 5 a Whippet
    sequence.reinforcements(state)
    whippet = state.c.figure(first(state, FRENCH, "whippet"))
    assert whippet is not None and state.status[whippet.index] == TABLE


def test_german_new_units_5_or_6_then_the_unit_table() -> None:
    state = empty()
    hold(state)
    rig(state, [5, 2])
    sequence.new_units(state)
    assert state.stack[-1]["p"] == "arrive" and len(state.arrivals) == 1
    mg = state.arrivals[0]
    assert state.fig(mg).kind == "mg"
    state.apply_action("arrive line2 C", GERMAN)
    assert state.status[mg] == TABLE and state.line_of(state.at(mg)) == 2
    rig(state, [4])
    sequence.new_units(state)
    assert state.stack[-1]["p"] == "return_fire"


def test_german_new_units_specials_airplane_and_roll_again() -> None:
    state = empty()
    rig(state, [6, 6, 4, 6, 3])  # special, 4: roll again; special, 3: the airplane
    sequence.new_units(state)
    assert state.plane == "ready" and not state.stack


def test_german_new_units_come_only_from_the_pool() -> None:
    state = empty()
    for f in state.c.figures:
        if f.side == GERMAN and f.kind == "gun":
            state.set_status(f.index, DEAD)
    rig(state, [6, 4])
    sequence.new_units(state)
    assert not state.stack and not state.arrivals


def test_german_morale_5_or_less_in_a_line_surrender() -> None:
    state = empty()
    for n in range(12):
        put(state, first(state, FRENCH, "rifle", n), 100 + 10 * n, 100)
    line2 = [
        put(state, first(state, GERMAN, "rifle", n), *on_line(state, 2, 100 + 20 * n))
        for n in range(6)
    ]
    line3 = [
        put(state, first(state, GERMAN, "rifle", 10 + n), *on_line(state, 3, 100 + 20 * n))
        for n in range(6)
    ]
    for n in range(3):
        put(state, first(state, GERMAN, "rifle", 20 + n), *on_line(state, 1, 100 + 20 * n))
    sequence.surrender(state)
    assert state.owner == [FRENCH, GERMAN, GERMAN]
    assert not state.is_terminal()
    state.set_status(line2[0], DEAD)
    state.set_status(line3[0], DEAD)
    sequence.surrender(state)
    assert state.owner == [FRENCH, FRENCH, FRENCH]
    assert state.winner() == FRENCH and all(state.status[i] == GONE for i in line2[1:])


def test_the_game_sequence_proposed_german_victory_turn_limit() -> None:
    state = empty(turn_limit=5)
    put(state, first(state, FRENCH, "rifle"), 100, 100)
    state.turn = 5
    sequence.end_turn(state)
    assert state.winner() == GERMAN


def test_the_game_sequence_proposed_german_victory_turns_only_ignores_spent() -> None:
    state = empty(german_victory="turns")
    for line in (1, 2, 3):
        for n in range(6):
            put(
                state,
                first(state, GERMAN, "rifle", 6 * line + n),
                *on_line(state, line, 100 + 20 * n),
            )
    sequence.surrender(state)
    assert state.winner() is None


def test_the_game_sequence_proposed_german_victory_french_spent() -> None:
    state = empty()
    for n in range(9):
        put(state, first(state, FRENCH, "rifle", n), 100 + n, 100)
    for line in (1, 2, 3):
        for n in range(6):
            put(
                state,
                first(state, GERMAN, "rifle", 6 * line + n),
                *on_line(state, line, 100 + 20 * n),
            )
    sequence.surrender(state)
    assert state.owner == [GERMAN, GERMAN, GERMAN] and state.winner() == GERMAN


def test_german_new_units_pool_stays_off_the_table() -> None:
    state = fresh(0)
    pool = [f for f in state.c.figures if state.status[f.index] == POOL and f.side == GERMAN]
    assert len(pool) == 60
