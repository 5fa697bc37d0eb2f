"""French Move and Fire, German Move, Leaders, Barbed Wire, Tanks, The German Tank."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from greatwar.games.trenches import movement
from greatwar.games.trenches.data import FRENCH, GERMAN
from greatwar.games.trenches.state import DEAD, GONE
from tests.trenches.positions import empty, first, fresh, hold, put, rig


def test_french_move_and_fire_each_regiment_rolls_2_dice_in_inches() -> None:
    state = fresh(3)
    assert state.stack[-1]["p"] in ("move_fire", "barrage", "guns")
    while state.stack[-1]["p"] != "move_fire":
        state.apply_action(state.legal_actions()[-1])
    for group in ("R1", "R2", "R3", "HQ"):
        assert 20 <= state.allow[group] <= 120 and state.allow[group] % 10 == 0


def test_french_move_and_fire_firing_ends_a_mans_move() -> None:
    state = empty()
    a = put(state, first(state, FRENCH, "rifle"), 100, 100, "R1")
    state.fired.add(a)
    state.allow = {"R1": 60}
    assert not movement.can_move(state, a)
    state.fired.clear()
    assert movement.can_move(state, a)
    state.moved.add(a)  # once you remove your hand from any piece that is it for that piece
    assert not movement.can_move(state, a)


def test_leaders_12_inch_radius_to_move() -> None:
    state = empty()
    leader = put(state, first(state, FRENCH, "leader"), 100, 100, "R1")
    man = put(state, first(state, FRENCH, "rifle"), 220, 100, "R1")
    state.leader["R1"] = leader
    state.allow = {"R1": 60}
    assert movement.can_move(state, man)
    state.place(man, (221, 100))
    assert not movement.can_move(state, man)
    assert movement.movers(state, "R1") == [leader]


def test_leaders_follow_keeps_the_formation() -> None:
    state = empty()
    leader = put(state, first(state, FRENCH, "leader"), 180, 60, "R1")
    man = put(state, first(state, FRENCH, "rifle"), 100, 40, "R1")
    state.leader["R1"] = leader
    state.allow = {"R1": 70}
    movement.follow(state, "R1", "L1W")  # toward (160, 298)
    dx, dy = state.x[leader] - 180, state.y[leader] - 60
    assert 65 <= (dx * dx + dy * dy) ** 0.5 <= 70
    assert state.at(man) == (100 + dx, 40 + dy)


def test_barbed_wire_stops_a_man_before_it() -> None:
    state = empty()
    man = put(state, first(state, FRENCH, "rifle"), 100, 200, "R1")
    state.allow = {"R1": 120}
    assert movement.walk(state, man, (100, 320)) == (100, 249)  # the belt starts at 25"
    state.cut.add("W102")  # the section from 8" to 16"
    assert movement.walk(state, man, (100, 320)) == (100, 320)


@pytest.mark.parametrize(
    ("men", "roll", "cut"), [(1, 5, False), (1, 6, True), (2, 5, True), (5, 2, True), (4, 2, False)]
)
def test_barbed_wire_n_men_cut_on_7_minus_n(men: int, roll: int, cut: bool) -> None:
    state = empty()
    for n in range(men):
        put(state, first(state, FRENCH, "rifle", n), 100 + n, 245, "R1")
    rig(state, [roll])
    movement.cut(state, "R1")
    assert ("W102" in state.cut) == cut


def test_barbed_wire_six_men_cut_automatically_and_it_is_their_whole_activity() -> None:
    state = empty()
    men = [put(state, first(state, FRENCH, "rifle", n), 100 + n, 245, "R1") for n in range(6)]
    rig(state, [])
    movement.cut(state, "R1")
    assert "W102" in state.cut
    assert all(m in state.moved and m in state.fired for m in men)


def test_barbed_wire_no_cutting_after_moving() -> None:
    state = empty()
    man = put(state, first(state, FRENCH, "rifle"), 100, 245, "R1")
    state.moved.add(man)
    assert movement.cutters(state, "R1") == {}


def test_hand_to_hand_combat_a_move_stops_on_contact() -> None:
    state = empty()
    man = put(state, first(state, FRENCH, "rifle"), 100, 100, "R1")
    put(state, first(state, GERMAN, "rifle"), 100, 150)
    end = movement.walk(state, man, (100, 200))
    assert end[0] == 100 and 140 <= end[1] <= 141


def test_tanks_cross_wire_at_will_and_trenches_only_straight_on() -> None:
    state = empty()
    tank = put(state, first(state, FRENCH, "schneider"), 480, 200, "T1")
    state.fascines.discard(tank)
    rig(state, [6, 4, 3])  # 13: crosses
    assert movement.walk(state, tank, (480, 400)) == (480, 400)
    state.place(tank, (480, 200))
    rig(state, [6, 4, 2])  # 12: halts at the trench
    end = movement.walk(state, tank, (480, 400))
    assert end[0] == 480 and 290 <= end[1] < 310
    state.place(tank, (480, 200))
    assert movement.walk(state, tank, (680, 400))[1] < 310  # at an angle: never


def test_tanks_a_fascine_crosses_at_once() -> None:
    state = empty()
    tank = put(state, first(state, FRENCH, "schneider"), 480, 200, "T1")
    assert tank in state.fascines
    rig(state, [])
    assert movement.walk(state, tank, (480, 400)) == (480, 400)
    assert tank not in state.fascines


def test_the_german_tank_crosses_a_trench_at_will() -> None:
    state = empty()
    tank = put(state, first(state, GERMAN, "a7v"), 600, 400, "A")
    rig(state, [])
    assert movement.walk(state, tank, (700, 200)) == (700, 200)


def test_tanks_single_one_no_fire_two_ones_breakdown_three_ones_lost() -> None:
    from greatwar.games.trenches.specials import roll_tank

    state = empty()
    tank = put(state, first(state, FRENCH, "schneider"), 480, 100, "T1")
    rig(state, [1, 4, 5])
    roll_tank(state, tank)
    assert tank in state.no_fire and state.allow["T1"] == 100
    rig(state, [1, 1, 3])
    roll_tank(state, tank)
    assert state.tank_out[tank] == 3 and state.allow["T1"] == 0
    state.tank_out.clear()
    rig(state, [1, 1, 1])
    roll_tank(state, tank)
    assert state.status[tank] == GONE


def test_french_move_and_fire_any_point_that_validates() -> None:
    state = fresh(3)
    while state.stack[-1]["p"] != "move_fire":
        state.apply_action(state.legal_actions()[-1])
    mg = state.c.figure("F26")
    assert mg is not None and mg.kind == "mg"
    x, y = state.at(mg.index)
    state.apply_action(f"move F26 {x + 3} {y + 13}")
    assert state.at(mg.index) == (x + 3, y + 13)
    with pytest.raises(IllegalAction, match="may not move now"):
        state.apply_action("move F26 100 100")  # it has moved
    with pytest.raises(IllegalAction, match="moves at most"):
        state.apply_action(f"move F1 {state.x[0]} {state.y[0] + 500}")  # beyond its move
    with pytest.raises(IllegalAction, match="off the table"):
        state.apply_action("move F1 -5 10")


def test_german_move_machine_guns_fire_three_times_during_the_enemy_move() -> None:
    state = empty()
    man = put(state, first(state, FRENCH, "rifle"), 480, 150, "R1")
    mg = put(state, first(state, GERMAN, "mg"), 480, 290, "L1")
    state.allow = {"R1": 60}
    state.shots = {mg: 3}
    state.push("move_fire", side=FRENCH)
    state.apply_action("order R1 N full", FRENCH)
    assert state.stack[-1]["p"] == "opfire" and state.current_player() == GERMAN
    rig(state, [1, 1, 1])
    for _ in range(3):
        state.apply_action(f"opfire {state.fig(mg).id} {state.fig(man).id}", GERMAN)
    assert state.shots[mg] == 0 and state.stack[-1]["p"] == "move_fire"
    assert state.status[man] != DEAD


def test_german_return_fire_after_the_french_move_with_all_weapons() -> None:
    state = empty()
    man = put(state, first(state, FRENCH, "rifle"), 480, 230, "R1")
    rifle = put(state, first(state, GERMAN, "rifle"), 480, 300, "L1")
    mg = put(state, first(state, GERMAN, "mg"), 400, 300, "L1")
    hold(state)
    from greatwar.games.trenches import sequence

    sequence.return_fire(state, GERMAN)
    legal = [str(a) for a in state.legal_actions(GERMAN)]
    assert "volley L1" in legal and f"fire {state.fig(mg).id} {state.fig(man).id}" in legal
    rig(state, [6])
    state.apply_action("volley L1", GERMAN)
    assert state.status[man] == DEAD and rifle in state.fired


def test_french_fire_after_the_german_move() -> None:
    from greatwar.games.trenches import sequence

    for german_at, offered in ((400, ["done"]), (300, ["volley R1", "done"])):
        state = empty()
        put(state, first(state, FRENCH, "rifle"), 480, 230, "R1")
        put(state, first(state, GERMAN, "rifle"), 480, german_at, "L1")
        hold(state)
        sequence.return_fire(state, FRENCH)
        assert state.current_player() == FRENCH
        assert [str(a) for a in state.legal_actions(FRENCH)] == offered


def test_barbed_wire_entry_in_integers_agrees_with_shapely() -> None:
    """Where a path enters a wire section, found in exact integers, is the tenth shapely gives
    (paths in the eight directions and at any angle, from outside, inside and on the wire)."""
    from greatwar.core.rng import Rng
    from greatwar.games.trenches import geometry as geo

    state = fresh()
    rng = Rng(14)
    for _ in range(3000):
        w = state.c.wire[rng.below(len(state.c.wire))]
        x0, y0, x1, y1 = w.box
        a = (x0 - 100 + rng.below(x1 - x0 + 200), y0 - 100 + rng.below(y1 - y0 + 200))
        if rng.below(2):
            b = geo.heading(a, list(geo.DIRECTIONS)[rng.below(8)], rng.below(121))
        else:
            b = (a[0] - 120 + rng.below(241), a[1] - 120 + rng.below(241))
        assert geo.first_entry_box(a, b, w.box, w.shape) == geo.first_entry(a, b, w.shape)


def test_tanks_where_a_way_first_enters_a_trench_is_shapelys_point_by_point() -> None:
    """Tanks: where a way first meets a trench line, wire or a bunker (``geo.first_entry``:
    one intersection and its points located along the way at once) is the tenth found by
    asking shapely whether the way meets the shape, whether it starts in it, then locating
    each point of their intersection one by one; ways from outside, inside and on the edge."""
    import math

    import shapely
    from shapely.geometry import LineString

    from greatwar.core.rng import Rng
    from greatwar.games.trenches import geometry as geo

    def one_by_one(a: tuple[int, int], b: tuple[int, int], shape: object) -> int | None:
        if a == b:
            return None
        path = LineString([a, b])
        if not path.intersects(shape):
            return None
        if shapely.intersects(shape, shapely.points(a)):
            return 0
        coords = shapely.get_coordinates(path.intersection(shape))
        if len(coords) == 0:
            return None
        return max(0, math.floor(min(float(path.project(shapely.points(c))) for c in coords)))

    state = fresh()
    c = state.c
    shapes = [t.shape for t in c.trenches] + [t.bunker for t in c.trenches]
    shapes += [w.shape for w in c.wire]
    rng = Rng(15)
    met = 0
    for _ in range(4000):
        shape = shapes[rng.below(len(shapes))]
        x0, y0, x1, y1 = (int(v) for v in shape.bounds)
        a = (x0 - 60 + rng.below(x1 - x0 + 121), y0 - 60 + rng.below(y1 - y0 + 121))
        if rng.below(2):
            b = geo.heading(a, list(geo.DIRECTIONS)[rng.below(8)], rng.below(401))
        else:
            b = (a[0] - 300 + rng.below(601), a[1] - 300 + rng.below(601))
        want = one_by_one(a, b, shape)
        met += want is not None
        assert geo.first_entry(a, b, shape) == want
    assert met > 500  # the ways meet the shapes often
