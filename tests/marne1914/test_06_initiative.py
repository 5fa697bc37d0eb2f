"""6. Initiative: secret Offensive HQ counts, one die each, German initiative on turns 1-2."""

from __future__ import annotations

from greatwar.games.marne1914.modes import initiative_modifier, start_initiative
from tests.marne1914.positions import deployed, set_mode


def test_6_1_plus_one_for_every_three_offensive_hqs() -> None:
    state = deployed()
    for corps in ("G2", "G3", "G4", "G9", "G7"):
        set_mode(state, corps, "offensive")
    assert initiative_modifier(state, "german") == 1
    set_mode(state, "G10", "offensive")
    assert initiative_modifier(state, "german") == 2
    assert initiative_modifier(state, "allied") == 0


def test_6_2_the_germans_have_the_initiative_on_turns_one_and_two() -> None:
    state = deployed()
    state.apply_action("commit", "allied")
    state.apply_action("commit", "german")
    assert state.stack[-1]["p"] == "order" and state.sides_to_act() == ("german",)
    assert not any(e.dice for e in state.log() if e.rule == "6.2")
    state.apply_action("second", "german")
    assert state.first == "allied" and state.active == "allied"


def test_6_2_from_turn_three_the_higher_modified_roll_chooses() -> None:
    state = deployed(seed=3)
    state.turn = 3
    state.stack = []
    start_initiative(state)
    rolls = [e for e in state.log() if e.rule == "6.2" and e.dice]
    assert rolls, "a roll is made"
    last = rolls[-1].text
    totals = {
        s: int(last.split(f"{s} ")[1].split("(total ")[1].split(")")[0])
        for s in ("allied", "german")
    }
    assert totals["allied"] != totals["german"]  # ties are rolled again
    winner = max(totals, key=lambda s: totals[s])
    assert state.stack[-1] == {"p": "order", "side": winner}
