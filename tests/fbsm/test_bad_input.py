"""Bad input: every illegal action raises IllegalAction with a reason naming the rule, and the
position (its fingerprint) is left exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from greatwar.core import IllegalAction
from greatwar.games.fbsm.state import FbsmState
from tests.fbsm.positions import new_state, play, position


def setup() -> FbsmState:
    return new_state()


def movement() -> FbsmState:
    units = {"U01": "2717", "H1": "2817", "G001": "2518", "G002": "2519"}
    return position(units, phase="V", prompt="movement", side="german")


def us_movement() -> FbsmState:
    units = {"U01": "2717", "H1": "2817", "G001": "2518"}
    return position(units, phase="VIII", prompt="movement", side="us")


def moving() -> FbsmState:
    return play(movement(), "move G001")


def us_fire() -> FbsmState:
    units = {"U01": "2035", "U02": "2030", "G001": "2036", "G002": "2042", "U03": "2037"}
    return position(units, phase="VI", prompt="fire", side="us")


def fire_group() -> FbsmState:
    return play(us_fire(), "fire 2036")


def bombard() -> FbsmState:
    return position({"U01": "2134", "G001": "2136"}, phase="IV", prompt="bombard", side="us")


def entering() -> FbsmState:
    state = position({"U01": "2717", "G001": "2518"}, phase="II")
    state.push("enter", side="german", unit=1, zone="riverbank", left=1, rule="8.3")
    return state


CASES: list[tuple[str, Callable[[], FbsmState], str, str | None, str]] = [
    # (what, position, action, side, rule the reason must name)
    ("unknown unit", movement, "move G999", None, "2.4"),
    ("unknown unit", fire_group, "add U99", None, "10.1"),
    ("unknown unit", setup, "place U99 1927", None, "3.2"),
    ("wrong side's unit", movement, "move U01", None, "9.1"),
    ("wrong side's unit", fire_group, "add G002", None, "10.1"),
    ("wrong side's unit", movement, "move H1", None, "9.1"),
    ("heavy weapons", us_movement, "move H1", None, "9.3"),
    ("enemy hex", moving, "to 2717", None, "9.7"),
    ("enemy hex", entering, "enter 2717", None, "8.3"),
    ("own hex as target", us_fire, "fire 2037", None, "10.2"),
    ("out of range", us_fire, "fire 2042", None, "10.6"),
    ("out of range", fire_group, "add U02", None, "10.6"),
    ("out of zone", setup, "place U01 2717", None, "3.3"),
    ("riverbank", bombard, "bombard light 2135", None, "11.2"),
    ("unknown marker", bombard, "bombard medium 2136", None, "11.1"),
    ("unknown verb", movement, "dance", None, "9.1"),
    ("unknown verb", fire_group, "charge 2036", None, "10.3"),
    ("unknown verb", setup, "dig 1927", None, "3.2"),
    ("malformed", setup, "place U01", None, "3.2"),
    ("malformed", movement, "move", None, "9.1"),
    ("malformed", movement, "move G001 2517", None, "9.1"),
    ("malformed", moving, "to", None, "9.1"),
    ("malformed", moving, "to 2517 2516", None, "9.1"),
    ("malformed", us_fire, "fire", None, "10.2"),
    ("malformed", us_fire, "fire 2036 2037", None, "10.2"),
    ("malformed", bombard, "bombard light", None, "11.2"),
    ("no such hex", setup, "place U01 9999", None, "2.2"),
    ("no such hex", moving, "to 0001", None, "2.2"),
    ("no such hex", us_fire, "fire 4299", None, "2.2"),
    ("no such hex", bombard, "bombard heavy 12345", None, "2.2"),
    ("no firer yet", fire_group, "resolve", None, "10.3"),
    ("already moved", movement, "move G002", None, "9.1"),
]


@pytest.mark.parametrize(
    ("what", "make", "action", "side", "rule"),
    CASES,
    ids=[f"{c[0]}: {c[2]}" for c in CASES],
)
def test_an_illegal_action_names_its_rule_and_changes_nothing(
    what: str, make: Callable[[], FbsmState], action: str, side: str | None, rule: str
) -> None:
    state = make()
    if action == "move G002":
        play(state, "move G002", "stay")
    before, history = state.fingerprint(), len(state.history())
    with pytest.raises(IllegalAction) as raised:
        state.apply_action(action, side)
    assert f"{rule}" in raised.value.reason, f"{what}: {raised.value.reason!r} lacks {rule}"
    assert raised.value.action == action
    assert state.fingerprint() == before and len(state.history()) == history


def test_the_string_and_action_forms_are_refused_alike() -> None:
    state = movement()
    with pytest.raises(IllegalAction, match="not a german unit"):
        state.apply_action("  move   U01 ")
