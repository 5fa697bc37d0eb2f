"""Fire (Hot Steel), Saving Rolls, Bunker, Smoke and Poison Gas on lines of fire."""

from __future__ import annotations

from greatwar.games.trenches import fire
from greatwar.games.trenches.data import FRENCH, GERMAN
from greatwar.games.trenches.state import DEAD, TABLE
from tests.trenches.positions import empty, first, put, rig


def test_fire_hot_steel_rifle_reaches_exactly_8_inches() -> None:
    state = empty()
    a = put(state, first(state, FRENCH, "rifle"), 100, 100)
    b = put(state, first(state, GERMAN, "rifle"), 100, 180)
    assert fire.can_hit(state, "rifle", a, b)
    state.place(b, (100, 181))
    assert not fire.can_hit(state, "rifle", a, b)


def test_fire_hot_steel_open_5_6_cover_6() -> None:
    state = empty()
    a = put(state, first(state, FRENCH, "rifle"), 100, 100)
    b = put(state, first(state, GERMAN, "rifle"), 100, 150)  # open ground
    assert fire.to_hit(state, "rifle", b) == 5
    state.place(b, (160, 140))  # shell hole H1
    assert fire.to_hit(state, "rifle", b) == 6
    rig(state, [5])
    assert not fire.shoot(state, "rifle", a, b, "Fire (Hot Steel)")
    assert state.status[b] == TABLE
    rig(state, [6])
    assert fire.shoot(state, "rifle", a, b, "Fire (Hot Steel)")
    assert state.status[b] == DEAD


def test_fire_hot_steel_machine_gun_12_inches_mortar_2_to_12() -> None:
    state = empty()
    mg = put(state, first(state, GERMAN, "mg"), 400, 300)
    mortar = put(state, first(state, GERMAN, "mortar"), 600, 300)
    t = put(state, first(state, FRENCH, "rifle"), 400, 180)
    assert fire.can_hit(state, "mg", mg, t)
    state.place(t, (400, 179))
    assert not fire.can_hit(state, "mg", mg, t)
    state.place(t, (600, 281))
    assert not fire.can_hit(state, "mortar", mortar, t)  # under 2"
    state.place(t, (600, 280))
    assert fire.can_hit(state, "mortar", mortar, t)
    state.place(t, (160, 140))  # a mortar hits on 5-6 in or out of cover
    assert fire.to_hit(state, "mortar", t) == 5


def test_saving_rolls_elite_save_on_4() -> None:
    state = empty()
    e = put(state, first(state, GERMAN, "elite"), 500, 500)
    rig(state, [4])
    assert not fire.casualty(state, e, "Fire (Hot Steel)", "rifle")
    rig(state, [3])
    assert fire.casualty(state, e, "Fire (Hot Steel)", "rifle")


def test_bunker_saves_on_6_and_on_5_against_grenades() -> None:
    state = empty()
    g = put(state, first(state, GERMAN, "rifle"), 480, 322)  # bunker of line 1
    rig(state, [6])
    assert not fire.casualty(state, g, "Fire (Hot Steel)", "rifle")
    rig(state, [5])
    assert fire.casualty(state, g, "Fire (Hot Steel)", "rifle")
    state.set_status(g, TABLE)
    rig(state, [5])
    assert not fire.casualty(state, g, "Bunker", "grenade")


def test_bunker_grenade_within_3_inches_target_not_in_cover() -> None:
    state = empty()
    thrower = put(state, first(state, FRENCH, "rifle"), 480, 292, "R1")
    g = put(state, first(state, GERMAN, "rifle"), 480, 322)
    assert fire.can_hit(state, "grenade", thrower, g)
    assert fire.to_hit(state, "grenade", g) == 5
    assert fire.grenadiers(state, "R1") == [(thrower, g)]
    state.place(thrower, (480, 291))
    assert fire.grenadiers(state, "R1") == []


def test_smoke_stops_fire_over_6_inches_through_it() -> None:
    state = empty()
    a = put(state, first(state, FRENCH, "rifle"), 100, 100)
    b = put(state, first(state, GERMAN, "rifle"), 100, 175)
    state.clouds = [("smoke", 100, 150)]
    assert fire.reach(state, "rifle", state.at(a), state.at(b)) == 40  # b is inside it: 4"
    state.clouds = [("smoke", 125, 140)]  # the line passes through the cloud
    assert fire.reach(state, "rifle", state.at(a), state.at(b)) == 60
    assert not fire.can_hit(state, "rifle", a, b)


def test_poison_gas_fire_in_or_out_only_at_4_inches() -> None:
    state = empty()
    a = put(state, first(state, FRENCH, "rifle"), 100, 100)
    b = put(state, first(state, GERMAN, "rifle"), 100, 141)
    state.clouds = [("gas", 100, 100)]
    assert not fire.can_hit(state, "rifle", a, b)
    state.place(b, (100, 140))
    assert fire.can_hit(state, "rifle", a, b)


def test_tanks_only_armour_piercing_kills_them() -> None:
    state = empty()
    gun = put(state, first(state, FRENCH, "gun"), 480, 100)
    tank = put(state, first(state, GERMAN, "a7v"), 480, 330)
    assert not fire.can_hit(state, "rifle", gun, tank)
    assert not fire.casualty(state, tank, "Fire (Hot Steel)", "shell")
    assert fire.can_hit(state, "ap", gun, tank)
    rig(state, [6])
    assert fire.shoot(state, "ap", gun, tank, "Bombardment Phase")
    assert state.status[tank] == DEAD


def test_smoke_on_the_line_in_integers_agrees_with_shapely() -> None:
    """Smoke (Gets in Your Eyes): whether a line of fire passes within a cloud's radius, in
    exact integers, is what shapely measures."""
    import shapely
    from shapely.geometry import LineString

    from greatwar.core.rng import Rng
    from greatwar.games.trenches import geometry as geo

    rng = Rng(15)
    for _ in range(3000):
        a = (rng.below(200), rng.below(200))
        b = (rng.below(200), rng.below(200)) if rng.below(4) else a
        centre, radius = (rng.below(200), rng.below(200)), 1 + rng.below(40)
        line = LineString([a, b]) if a != b else shapely.points(a)
        expected = bool(line.dwithin(shapely.points(centre), radius))
        assert geo.segment_meets_disc(a, b, centre, radius) == expected
