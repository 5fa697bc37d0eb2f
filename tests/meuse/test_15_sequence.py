"""15.x turn sequence: the Allies move first; the game begins at H-Hour, the Allied combat
phase of Sep 26/27 (with the Allied bombardment just before it, digest 4.3)."""

from __future__ import annotations

from greatwar.games.meuse.state import PHASES
from tests.meuse.positions import new_state, pass_action, play, prompt, scripted_setup


def phases_seen(state, count: int) -> list[tuple[int, str]]:
    """(turn, phase title) of each phase begun, passing every choice, until ``count``."""
    seen: list[tuple[int, str]] = []
    while len(seen) < count and not state.is_terminal():
        marks = [e.text for e in state.log() if e.rule == "15.1"]
        seen = [(int(t.split()[1]), t.split(": ", 1)[1]) for t in marks]
        if len(seen) >= count:
            break
        play(state, pass_action(state))
    return seen[:count]


def test_15_1_the_allied_player_is_the_first_player() -> None:
    assert [side for side, _, _ in PHASES[:3]] == ["allied"] * 3
    assert [side for side, _, _ in PHASES[3:]] == ["german"] * 3


def test_15_2_h_hour_begins_with_the_allied_combat_phase() -> None:
    state = scripted_setup(new_state(2))
    seen = phases_seen(state, 6)
    assert seen == [
        (1, "Allied Bombardment (end of movement, 17.2)"),
        (1, "Allied Combat Phase"),
        (1, "German Movement Phase"),
        (1, "German Bombardment (end of movement, 17.2)"),
        (1, "German Combat Phase"),
        (2, "Allied Movement Phase"),
    ]


def test_15_2_option_starts_at_the_combat_phase_itself() -> None:
    state = scripted_setup(new_state(2, turn1_bombardment_first=False))
    assert phases_seen(state, 2) == [(1, "Allied Combat Phase"), (1, "German Movement Phase")]


def test_15_2_the_allies_do_not_move_on_the_first_turn() -> None:
    state = scripted_setup(new_state(2))
    assert prompt(state) == "bombard" and state.turn == 1
    assert all(e.rule != "5.1" for e in state.log())
