"""4. The sequence of play: modes, initiative, two player turns, supply."""

from __future__ import annotations

from greatwar.games.marne1914.state import MarneState
from tests.marne1914.positions import deployed

PASS = ("commit", "first", "end", "done", "stop", "decline", "resolve", "roll", "stay", "back")


def pass_turn(state: MarneState) -> list[str]:
    """Pass every choice until the next Mode Alteration Phase; the phases met, in order."""
    seen: list[str] = []
    start = state.turn
    while not state.is_terminal() and not (state.turn > start and state.phase == "modes"):
        if not seen or seen[-1] != f"{state.phase} {state.active}":
            seen.append(f"{state.phase} {state.active}")
        side = state.sides_to_act()[0]
        legal = [str(a) for a in state.legal_actions(side)]
        action = next((a for a in PASS if a in legal), legal[0])
        state.apply_action(action, side)
    return seen


def test_4_a_to_e_the_phases_in_order() -> None:
    """4.0 A-E: mode alteration, initiative, two player turns (7.1.1 movement only in the
    friendly phase), supply (11.1.1)."""
    state = deployed()
    seen = pass_turn(state)
    assert seen == [
        "modes german",
        "initiative german",
        "movement german",
        "bombardment german",
        "combat german",
        "movement allied",
        "bombardment allied",
        "combat allied",
    ]
    phases = [e.text.split(": ", 1)[1] for e in state.log() if e.rule == "4"]
    assert phases[-3:-1] == [
        "allied Combat Phase (4.C.3, 9.2-9.5)",
        "E. Supply Determination Phase (4.E, 11)",
    ]


def test_4_a_mode_alteration_asks_both_sides_at_once() -> None:
    state = deployed()
    assert set(state.sides_to_act()) == {"allied", "german"}
    state.apply_action("commit", "german")
    assert state.sides_to_act() == ("allied",)


def test_4_the_game_ends_after_the_last_turn_with_victory_points() -> None:
    """4.0 and 14.0: the game ends after the last turn."""
    state = deployed()
    while not state.is_terminal():
        pass_turn(state)
    cause = state.end_cause()
    assert cause is not None and cause[0] == "14"
    assert state.turn == state.last_turn()
