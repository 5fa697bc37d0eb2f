"""13.x units: two-sided divisions, the US three-step divisions and their brigades."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from greatwar.games.meuse.state import BROKEN_DOWN, ELIMINATED, POOL
from tests.meuse.positions import (
    attack,
    hex_index,
    ids_in,
    legal,
    play,
    position,
    prompt,
    rigged,
    unit,
    where,
)


def test_13_1_a_division_is_flipped_then_eliminated() -> None:
    state = position({"g15": "1705"})
    g15 = unit(state, "g15")
    assert state.values(g15) == (7, 8, 4)
    state.lose_step(g15, "7.6", "test")
    assert state.is_depleted(g15) and state.values(g15) == (4, 4, 4)  # the back side
    state.lose_step(g15, "7.6", "test")
    assert state.where[g15] == ELIMINATED


def test_13_1_a_three_step_division_leaves_its_brigade_in_the_hex() -> None:
    state = position({"us4": "1722"})
    us4 = unit(state, "us4")
    state.lose_step(us4, "7.6", "test")
    state.lose_step(us4, "7.6", "test")
    assert state.where[us4] == ELIMINATED
    assert ids_in(state, "1722") == ["bde1"] and state.values(unit(state, "bde1")) == (3, 3, 4)


def test_13_1_de_on_a_three_step_division_never_takes_the_brigade_step() -> None:
    state = position({"g3G": "1706", "g1G": "1605", "us32": "1705"}, phase=("german", "combat"))
    rigged(state, [1])
    attack(state, "1705", "g3G", "g1G")  # 18 - 9 = +9: column 11, a 1 is De
    assert where(state, "us32") is None and ids_in(state, "1705") == ["bde1"]
    assert prompt(state) == "combat"  # the hex is not empty: no advance


def test_13_1_a_brigade_is_eliminated_not_flipped_and_back_in_the_pool() -> None:
    state = position({"bde2": "1722"})
    state.lose_step(unit(state, "bde2"), "7.6", "test")
    assert state.where[unit(state, "bde2")] == POOL


def test_13_1_no_free_brigade_no_third_step() -> None:
    state = position({"us79": "1722"}, depleted=["us79"])
    for i, brigade in enumerate(state.c.brigades):
        state.where[brigade] = hex_index(state, f"0{i + 1}24")  # all chits in play
    state.lose_step(unit(state, "us79"), "7.6", "test")
    assert ids_in(state, "1722") == []


def test_13_2_breakdown_into_three_brigades_or_two_when_depleted() -> None:
    state = position(
        {"us4": "1722", "us32": "1522"}, phase=("allied", "movement"), turn=3, depleted=["us32"]
    )
    assert {"breakdown us4", "breakdown us32"} <= set(legal(state))
    play(state, "breakdown us4")
    assert ids_in(state, "1722") == ["bde1", "bde2", "bde3"]
    assert state.where[unit(state, "us4")] == BROKEN_DOWN
    play(state, "breakdown us32")
    assert ids_in(state, "1522") == ["bde4", "bde5"]


def test_13_2_only_as_many_brigades_as_are_free() -> None:
    state = position(
        {"us4": "1722", "us32": "1522", "us33": "1322"}, phase=("allied", "movement"), turn=3
    )
    play(state, "breakdown us4", "breakdown us32")
    assert ids_in(state, "1522") == ["bde4", "bde5", "bde6"]
    play(state, "breakdown us33")
    assert ids_in(state, "1322") == [] and "only 0 brigade chit(s) are free" in state.log()[-1].text


def test_13_2_only_at_the_beginning_of_the_movement_phase() -> None:
    state = position({"us4": "1722", "us5": "1522"}, phase=("allied", "movement"), turn=3)
    play(state, "move us5", "to 1521")
    with pytest.raises(IllegalAction, match="beginning of the movement phase"):
        play(state, "breakdown us4")


def test_13_2_brigades_stack_up_to_three_and_separate() -> None:
    state = position({"us4": "1722"}, phase=("allied", "movement"), turn=3)
    play(state, "breakdown us4", "move bde1", "to 1721")
    assert ids_in(state, "1721") == ["bde1"]
    play(state, "move bde2", "to 1721")
    assert ids_in(state, "1721") == ["bde1", "bde2"]
    play(state, "move bde3")
    assert "to 1821" in legal(state)


def test_13_2_stacked_brigades_attack_and_defend_as_one_unit() -> None:
    state = position({"bde1": "1706", "bde2": "1706", "g15": "1705"})
    assert legal(state) == ["attack 1705", "end"]
    play(state, "attack 1705")
    assert legal(state) == ["add bde1", "cancel"]  # one choice adds the whole stack
    play(state, "add bde1")
    assert state.stack[-1]["units"] == (unit(state, "bde1"), unit(state, "bde2"))
    from greatwar.games.meuse.combat import defense_strength

    assert defense_strength(state, hex_index(state, "1706")) == 6


def test_13_2_only_three_step_divisions_break_down() -> None:
    state = position({"us3": "1722", "us4": "1622"}, phase=("allied", "movement"), turn=3)
    assert "breakdown us3" not in legal(state)
    with pytest.raises(IllegalAction, match="4th, 32nd, 33rd and 79th"):
        play(state, "breakdown us3")


def test_13_3_german_units_never_break_down() -> None:
    state = position({"g15": "1705"}, phase=("german", "movement"), turn=3)
    assert not any(a.startswith("breakdown") for a in legal(state))
    assert all(c.steps == 2 for c in state.c.counters if c.side == "german")
