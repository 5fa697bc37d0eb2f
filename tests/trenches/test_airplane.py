"""The German Airplane (Red Baron): the tape and the return-fire table (anomaly D2)."""

from __future__ import annotations

from greatwar.core import act
from greatwar.games.trenches import specials
from greatwar.games.trenches.data import FRENCH
from greatwar.games.trenches.state import DEAD, GONE, TABLE
from tests.trenches.positions import empty, first, put, rig


def setup() -> tuple[object, list[int]]:
    state = empty()
    men = [put(state, first(state, FRENCH, "rifle", n), 100 + 100 * n, 200) for n in range(3)]
    put(state, first(state, FRENCH, "rifle", 5), 100, 300)  # off the tape
    state.plane = "ready"
    return state, men


def test_the_german_airplane_every_frenchman_under_the_tape_killed_on_4_to_6() -> None:
    state, men = setup()
    rig(state, [4, 3, 6])
    specials.strafe(state, act("strafe", 0, 200, 960, 200))  # type: ignore[arg-type]
    assert [state.status[m] for m in men] == [DEAD, TABLE, DEAD]  # type: ignore[attr-defined]


def test_the_german_airplane_return_shot_wing_breaks_off_crashes() -> None:
    state, men = setup()
    rig(state, [1, 2, 1, 4])  # a wing hit, then the plane breaks off
    specials.strafe(state, act("strafe", 0, 200, 960, 200))  # type: ignore[arg-type]
    assert state.plane == "off"  # type: ignore[attr-defined]
    assert state.status[men[2]] == TABLE  # type: ignore[attr-defined]
    state.plane = "ready"  # type: ignore[attr-defined]
    state.strafed = False  # type: ignore[attr-defined]
    rig(state, [1, 5])
    specials.strafe(state, act("strafe", 0, 200, 960, 200))  # type: ignore[arg-type]
    assert state.plane == "crashed"  # type: ignore[attr-defined]
    plane = next(f for f in state.c.figures if f.kind == "plane")  # type: ignore[attr-defined]
    assert state.status[plane.index] == GONE  # type: ignore[attr-defined]


def test_the_german_airplane_a_tape_at_any_angle() -> None:
    state, _ = setup()
    from greatwar.core import Action

    ok = Action("strafe", ("0", "0", "960", "720"))
    assert specials.strafe_accepts(state, ok, "german")  # type: ignore[arg-type]
    assert not specials.strafe_accepts(state, Action("strafe", ("5", "5", "5", "5")), "german")  # type: ignore[arg-type]
    assert not specials.strafe_accepts(state, ok, "french")  # type: ignore[arg-type]
