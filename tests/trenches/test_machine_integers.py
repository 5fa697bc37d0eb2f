"""The hot paths in machine integers (movement.pxd, fire.pxd, index.pxd, geometry.pxd) give the
answers of the plain geometry they replace, at every position of random games and of their
clones: Barbed Wire, Poison Gas and Hand to hand combat on a man's way, Fire (Hot Steel) and
Bunker (Archie) targets, Leaders (who may move), the cover order and the sorted index."""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right

from greatwar.ai.random_player import RandomPlayer
from greatwar.core import load_game
from greatwar.games.trenches import fire, movement
from greatwar.games.trenches import geometry as geo
from greatwar.games.trenches.data import FORWARD, FRENCH, GERMAN, SIDES, enemy
from greatwar.games.trenches.index import FIGURE_SLOTS, Roster, SideIndex
from greatwar.games.trenches.state import TABLE, Marks, TrenchesState, in_trench
from tests.trenches.positions import fresh

SEEDS = (0, 1, 2)
STEPS = 120  # actions per game at most: a few turns, the armies in contact


def positions() -> list[TrenchesState]:
    """Positions of random games, each with a clone of it (its caches copied, not rebuilt)."""
    found: list[TrenchesState] = []
    for seed in SEEDS:
        state = fresh(seed)
        player = RandomPlayer(seed)
        for _ in range(STEPS):
            if state.is_terminal():
                break
            state.apply_action(player.choose(state, state.current_player()))
            clone = state.clone()
            assert isinstance(clone, TrenchesState)
            # the figures' data is the clone's own (Figures.copy), seen through its fields
            assert clone.f is not state.f and clone.x is clone.f.x and clone.moved is clone.f.moved
            assert (clone.x, clone.moved, clone.allow) == (state.x, state.moved, state.allow)
            assert clone.x is not state.x and clone.moved is not state.moved
            found.append(clone)
    return found


def walk_reference(state: TrenchesState, i: int, b: geo.Point2) -> geo.Point2:
    """``movement.walk`` for a man, as the geometry says it: the wire sections meeting the
    way's box, the gas clouds and every enemy figure that is not a tank."""
    c = state.c
    a = state.at(i)
    b = geo.clamp(b, c.width, c.depth)
    stop = geo.ceil_length(a, b)
    margin = movement.WAY_MARGIN
    box = (
        min(a[0], b[0]) - margin,
        min(a[1], b[1]) - margin,
        max(a[0], b[0]) + margin,
        max(a[1], b[1]) + margin,
    )
    for w in c.wire_meeting(*box):
        section = c.wire[w]
        if section.id not in state.cut:
            entry = geo.first_entry_box(a, b, section.box, section.shape)
            if entry is not None:
                stop = min(stop, entry - 1)
    radius = int(c.tables["scatter"]["gas_radius"])
    for kind, x, y in state.clouds:
        if kind == "gas":
            entry = geo.first_contact(a, b, (x, y), radius + 1)
            if entry is not None and entry > 0:
                stop = min(stop, entry - 1)
    contact = int(c.tables["fire"]["contact"]) - 1
    for e in state.on_table(enemy(state.fig(i).side)):
        if not c.tank_flags[e]:
            entry = geo.first_contact(a, b, state.at(e), contact)
            if entry is not None:
                stop = min(stop, entry)
    return geo.at_distance(a, b, max(stop, 0))


def any_target_reference(state: TrenchesState, weapon: str, men: list[int]) -> bool:
    """``fire.any_target`` from every man's nearest enemy that is not a tank."""
    if not men:
        return False
    foes = [e for e in state.on_table(enemy(state.fig(men[0]).side)) if not state.fig(e).is_tank]
    longest = fire.table(state, fire.RANGE_KEYS[weapon])
    sure = longest
    if state.clouds:
        sure = min(sure, fire.table(state, "cloud_fire"), fire.table(state, "smoke_fire"))
    if state.event == "fog":
        sure = min(sure, fire.table(state, "smoke_fire"))
    doubtful = []
    for i in men:
        d2 = min((geo.dist2(state.at(i), state.at(e)) for e in foes), default=-1)
        if 0 <= d2 <= sure * sure:
            return True
        if sure * sure < d2 <= longest * longest:
            doubtful.append(i)
    return any(fire.can_hit(state, weapon, i, e) for i in doubtful for e in foes)


def targets_reference(state: TrenchesState, weapon: str, shooter: int) -> list[int]:
    """``fire.targets``: every enemy figure ``can_hit`` says the shooter hits, by (squared
    distance, figure), the first three."""
    foes = state.on_table(enemy(state.fig(shooter).side))
    near = sorted((geo.dist2(state.at(shooter), state.at(t)), t) for t in foes)
    return [t for _, t in near if fire.can_hit(state, weapon, shooter, t)][:3]


def can_move_reference(state: TrenchesState, i: int) -> bool:
    """``movement.can_move`` as the rules word it (Leaders: within 12" of the leader)."""
    if state.status[i] != TABLE or i in state.moved or i in state.fired or i in state.pinned:
        return False
    f = state.fig(i)
    if f.kind in ("gun", "plane") or movement.allowance(state, i) <= 0 or i in state.tank_out:
        return False
    group = state.group[i]
    if state.broken.get(group, 0) > 0:
        return False
    leader = state.leader.get(group) if f.side == FRENCH else None
    if leader is not None and leader != i and state.status[leader] == TABLE:
        radius = int(state.c.tables["move"]["leader_radius"])
        return geo.within(state.at(i), state.at(leader), radius)
    return True


def test_barbed_wire_poison_gas_hand_to_hand_a_mans_way_in_machine_integers() -> None:
    for state in positions():
        for side in SIDES:
            men = [i for i in state.on_table(side) if not state.c.tank_flags[i]][::7]
            for n, i in enumerate(men):
                here = state.at(i)
                direction = list(geo.DIRECTIONS)[n % 8]
                for reach in (60, 120, 180):
                    b = geo.heading(here, direction, reach)
                    assert movement.walk(state, i, b, dry=True) == walk_reference(state, i, b)


def order_reference(state: TrenchesState, group: str, direction: str) -> list[int]:
    """``movement.order`` at full move, each man's way read afresh by ``movement.step_to``."""
    went = []
    dx, dy = geo.heading((0, 0), direction, state.allow.get(group, 0))
    for i in movement.movers(state, group):
        if movement.step_to(state, i, (state.x[i] + dx, state.y[i] + dy)):
            went.append(i)
    return went


def follow_reference(state: TrenchesState, group: str, objective: str) -> list[int]:
    """``movement.follow``, each man's way read afresh by ``movement.step_to``."""
    ref = movement.reference(state, group)
    if ref is None:
        return []
    start = state.at(ref)
    target = state.c.objectives[objective]
    others = [i for i in movement.movers(state, group) if i != ref]
    aim = geo.toward(start, target, movement.allowance(state, ref))
    went = [ref] if movement.step_to(state, ref, aim) else []
    dx, dy = state.x[ref] - start[0], state.y[ref] - start[1]
    for i in others:
        if movement.step_to(state, i, (state.x[i] + dx, state.y[i] + dy)):
            went.append(i)
    return went


def test_barbed_wire_poison_gas_hand_to_hand_an_orders_way_read_once_for_its_men() -> None:
    """A regiment-wide order reads the enemy's index, the wire and the clouds once
    (``movement.man_way``) for all its men: the same moves as each man's way read afresh."""
    for state in positions():
        for side in SIDES:
            for group in movement.groups(state, side):
                if not movement.movers(state, group):
                    continue
                for direction in ("N", "SE", "W"):
                    kept, fresh_state = state.clone(), state.clone()
                    assert isinstance(kept, TrenchesState)
                    assert isinstance(fresh_state, TrenchesState)
                    went = movement.order(kept, group, direction, "full")
                    assert went == order_reference(fresh_state, group, direction)
                    assert (kept.x, kept.y) == (fresh_state.x, fresh_state.y)
                for objective in movement.objectives(state, group)[:2]:
                    kept, fresh_state = state.clone(), state.clone()
                    assert isinstance(kept, TrenchesState)
                    assert isinstance(fresh_state, TrenchesState)
                    went = movement.follow(kept, group, objective)
                    assert went == follow_reference(fresh_state, group, objective)
                    assert (kept.x, kept.y) == (fresh_state.x, fresh_state.y)


def test_fire_hot_steel_bunker_targets_and_hand_to_hand_contacts_in_machine_integers() -> None:
    for state in positions():
        for side in SIDES:
            for group in sorted(state.roster(side).groups):
                men = fire.riflemen(state, group)
                for weapon in ("rifle", "grenade"):
                    want = any_target_reference(state, weapon, men)
                    assert fire.any_target(state, weapon, men) == want
        for side in SIDES:
            for i in state.on_table(side)[::3]:
                for weapon in ("rifle", "mg", "mortar", "ap", "grenade"):
                    want = targets_reference(state, weapon, i)
                    assert fire.targets(state, weapon, i) == want
                    # the nearest kept in machine integers (fire.nearest), with or without a
                    # cloud or fog: the first, the first two
                    assert fire.targets(state, weapon, i, 1) == want[:1]
                    assert fire.targets(state, weapon, i, 2) == want[:2]
            for group in sorted(state.roster(side).groups):
                men = fire.riflemen(state, group)
                if fire.any_target(state, "grenade", men):  # Bunker (Archie) within 8"
                    assert fire.any_target(state, "rifle", men)
        french = [i for i in state.on_table(FRENCH) if not state.c.tank_flags[i]]
        german = [i for i in state.on_table(GERMAN) if not state.c.tank_flags[i]]
        pairs = [(a, b) for a in french for b in german if geo.within(state.at(a), state.at(b), 10)]
        assert sorted(fire.contacts(state)) == pairs


def test_fortune_of_war_fog_a_weapons_targets_read_within_smokes_six_inches() -> None:
    """Fortune of War (fog: no fire beyond 6", as through smoke): a weapon's targets
    (fire.targets reads the enemy's band only within the range fog leaves) are those can_hit
    says, with and without the clouds on the table, in positions where fog is made to fall."""
    for state in positions()[::5]:
        for clouds in (state.clouds, []):
            foggy = state.clone()
            assert isinstance(foggy, TrenchesState)
            foggy.event, foggy.clouds = "fog", list(clouds)
            for side in SIDES:
                for i in foggy.on_table(side)[::2]:
                    for weapon in ("rifle", "mg", "mortar", "ap", "grenade"):
                        want = targets_reference(foggy, weapon, i)
                        assert fire.targets(foggy, weapon, i) == want
                        assert fire.targets(foggy, weapon, i, 1) == want[:1]
                roster = foggy.roster(side)
                if not fire.any_in_reach(foggy, roster.figures, movement.FIRE_REACH, True):
                    for i in roster.figures:  # nobody within 6" north or south: no target
                        for weapon in ("rifle", "mg", "mortar", "grenade"):
                            assert targets_reference(foggy, weapon, i) == []


def test_german_return_fire_french_fire_the_offer_reads_each_groups_band_once() -> None:
    """German Return Fire and French Fire: the offer, each group's volley and grenades asked
    with the enemy's index and the kit's ranges (movement.return_fire_offer), is the one the
    rules give (any_target for each group's riflemen, each weapon's nearest targets), at
    every position of whole random games (where the sides meet), for both sides; a tank's HE
    targets (specials.he_targets, the nearest kept in machine integers) are the three nearest
    soft figures in its HE range."""
    met = 0  # the positions with an enemy within a weapon's range: most of the checks
    for seed in range(4):
        state = fresh(seed)
        player = RandomPlayer(seed)
        while not state.is_terminal():
            state.apply_action(player.choose(state, state.current_player()))
            for side in SIDES:
                met += check_return_fire(state, side)
    assert met > 100


def check_return_fire(state: TrenchesState, side: str) -> bool:
    """One position's and side's check of
    ``test_german_return_fire_french_fire_the_offer_reads_each_groups_band_once``: whether
    an enemy stands within a weapon's range."""
    from greatwar.core import act
    from greatwar.games.trenches import specials

    roster = state.roster(side)
    want = []
    met = fire.any_in_reach(state, roster.figures, movement.FIRE_REACH)
    if met:
        for group in sorted(roster.groups):
            men = fire.riflemen_among(state, roster.infantry.get(group, ()))
            volleys = fire.any_target(state, "rifle", men)
            if volleys:
                want.append(act("volley", group))
            if (volleys or not fire.grenade_within_rifle(state.c)) and fire.any_target(
                state, "grenade", men
            ):
                want.append(act("grenade", group))
        for i in state.of_kind(side, ("mg", "mortar")):
            if i not in state.fired and i not in state.pinned:
                for t in fire.targets(state, movement.weapon_of(state, i), i):
                    want.append(act("fire", state.fig(i).id, state.fig(t).id))
    want.append(act("done"))
    assert movement.return_fire_offer(state, side) == want
    reach = int(state.c.tables["scatter"]["tank_he_range"])
    for i in state.on_table(side):
        if state.c.tank_flags[i]:
            x, y = state.at(i)
            near = fire.in_reach(state, enemy(side), x, y, reach, True)
            assert specials.he_targets(state, i) == near[:3]
    return met


def test_leaders_movers_cover_and_wire_cutters_in_machine_integers() -> None:
    for state in positions():
        for side in SIDES:
            for group in sorted(state.roster(side).groups):
                members = state.members(group)
                want = [i for i in members if not state.c.tank_flags[i]]
                want = [i for i in want if can_move_reference(state, i)]
                assert movement.movers(state, group) == want
                assert movement.first_mover(state, group) == (want[0] if want else None)
                for i in members:
                    assert movement.can_move(state, i) == can_move_reference(state, i)
                men = fire.riflemen(state, group)
                expected = cutters_reference(state, men)
                assert movement.cutters_among(state, men) == expected
                assert bool(movement.cutters_among(state, men, True)) == bool(expected)
                assert movement.any_cutter(state, men) == bool(expected)
            for i in state.on_table(side)[::5]:
                here, reach = state.at(i), 120
                anchors = movement.anchors_between(state.c, here[1] - reach, here[1] + reach)
                best = None
                for p in anchors:
                    if (p[1] - here[1]) * FORWARD[side] < -20 or not geo.within(here, p, reach):
                        continue
                    key = (geo.dist2(here, p), p)
                    best = key if best is None or key < best else best
                found = movement.nearest_cover(anchors, here[0], here[1], reach, FORWARD[side])
                assert found == (best[1] if best else None)
                for far in (20, 60, reach, 240):  # to_cover's: its band bisected and cut back
                    near = movement.anchors_between(state.c, here[1] - far, here[1] + far)
                    for forward in (1, -1):
                        assert movement.cover_point(
                            state.c, here[0], here[1], far, forward
                        ) == movement.nearest_cover(near, here[0], here[1], far, forward)


def test_barbed_wire_a_wire_cutters_row_is_within_a_belts_band_at_every_tenth() -> None:
    """Barbed Wire (cutting, within 1" of the wire): the byte of each y of the table
    (movement.belt_rows) says what the belts' edges say, an odd number at or below it."""
    c = fresh().c
    edges = movement.belt_edges(c)
    rows = movement.belt_rows(edges)
    assert edges and len(rows) == edges[-1]
    for y in range(c.depth + 30):
        within = edges[0] <= y < edges[-1] and bisect_right(edges, y) % 2 == 1
        assert (y < len(rows) and rows[y] == 1) == within


def opportunity_reference(state: TrenchesState, side: str) -> list[str]:
    """``movement.opportunity_offers``: each gunner with shots left, his three nearest
    just-moved figures within 12" that ``can_hit`` allows."""
    found = []
    moved = [t for t in state.just_moved if state.status[t] == TABLE]
    for g in gunners_reference(state, side):
        near = sorted((geo.dist2(state.at(g), state.at(t)), t) for t in moved)
        hits = [t for d2, t in near if d2 <= 120 * 120 and fire.can_hit(state, "mg", g, t)]
        found += [f"opfire {state.fig(g).id} {state.fig(t).id}" for t in hits[:3]]
    return found


def gunners_reference(state: TrenchesState, side: str) -> list[int]:
    """``movement.gunners`` by a test of every figure of the side on the table."""
    if side == GERMAN and state.event == "jammed":
        return []
    shots, pinned = state.shots, state.pinned
    return [i for i in state.on_table(side) if i in shots and shots[i] > 0 and i not in pinned]


def test_german_move_machine_gun_opportunity_fire_gunners_from_the_loaded_guns() -> None:
    for state in positions():
        for side in SIDES:
            assert movement.gunners(state, side) == gunners_reference(state, side)


def test_german_move_machine_gun_opportunity_fire_in_machine_integers() -> None:
    for state in positions():
        for side in SIDES:
            offers = [str(a) for a in movement.opportunity_offers(state, side)]
            assert offers == opportunity_reference(state, side)
            assert bool(movement.opportunity_shots(state, side, True)) == bool(offers)


def cutters_reference(state: TrenchesState, men: list[int]) -> dict[int, list[int]]:
    """``movement.cutters_among``: the first uncut section within 1" of each unmoved man."""
    at: dict[int, list[int]] = {}
    for i in men:
        if i in state.moved:
            continue
        x, y = state.at(i)
        for w in state.c.wire_meeting(x - 10, y - 10, x + 10, y + 10):
            if state.c.wire[w].id not in state.cut:
                at.setdefault(w, []).append(i)
                break
    return at


def test_the_game_sequence_index_by_y_and_its_bands() -> None:
    assert len(fresh().c.figures) < FIGURE_SLOTS
    for state in positions()[::4]:
        for side in (FRENCH, GERMAN, None):
            roster = state.roster(side)  # kept through casualties (Roster.without)
            ground = [i for i in range(len(state.c.figures)) if state.c.kinds[i] != "plane"]
            on_table = [i for i in ground if state.status[i] == TABLE]
            if side is not None:
                on_table = [i for i in on_table if state.fig(i).side == side]
            afresh = Roster(state.c, tuple(on_table), state.group)
            assert roster.figures == afresh.figures  # (a casualty leaves an empty entry)
            assert roster.names == tuple(sorted(roster.groups))
            for kept, made in (
                (roster.groups, afresh.groups),
                (roster.kinds, afresh.kinds),
                (roster.infantry, afresh.infantry),
            ):
                assert {k: v for k, v in kept.items() if v} == {k: v for k, v in made.items() if v}
            index = state.index(side)
            by_y = sorted(state.on_table(side), key=lambda i: (state.y[i], i))
            assert list(index.by_y) == by_y
            band = [state.y[i] for i in by_y]
            for lo in range(-40, state.c.depth + 40, 37):
                for hi in (lo - 1, lo, lo + 10, lo + 85):
                    want = tuple(by_y[bisect_left(band, lo) : bisect_right(band, hi)])
                    assert index.between(lo, hi) == want
                    assert index.any_between(lo, hi) == bool(want)


def test_french_move_and_fire_german_move_the_offer_kept_by_group_is_the_offer_made_afresh() -> (
    None
):
    """Move and Fire's offer, kept by group and by weapon for the phase (movement.offer_basis),
    and by the groups that acted since the last offer (movement.made_again), equals the offer
    a clone (which keeps nothing) makes from scratch, at every offer of random games; asked
    again, it is the same."""
    prompt = movement.MoveFire()
    for seed in range(12):  # more games than SEEDS: the parts made again are a few each offer
        state = fresh(seed)
        player = RandomPlayer(seed)
        for _ in range(STEPS * 2):
            if state.is_terminal():
                break
            frame = state.stack[-1]
            if frame["p"] == "move_fire":
                side = frame["side"]
                offered = prompt.offer(state, frame, side)
                clone = state.clone()
                assert isinstance(clone, TrenchesState)
                assert clone.offer_parts is None and not clone.touched
                assert prompt.offer(clone, clone.stack[-1], side) == offered
                assert prompt.offer(state, frame, side) == offered  # kept
            state.apply_action(player.choose(state, state.current_player()))


def test_german_morale_a_trench_line_in_exact_integers_is_shapelys_at_every_point() -> None:
    """German morale (who holds a line) and French reinforcements (entering one): a point is
    in a trench in exact integers (geo.in_mitred_band) as shapely says, at every whole tenth
    of the table in and around each line; undecided only on a flat end."""
    c = fresh().c
    for t in c.trenches:
        x0, y0, x1, y1 = (int(v) for v in t.shape.bounds)
        points = [(x, y) for y in range(y0 - 2, y1 + 3) for x in range(x0 - 2, x1 + 3)]
        for (x, y), inside in zip(points, geo.covered(t.shape, points), strict=True):
            found = geo.in_mitred_band(t.points, t.half, x, y)
            assert found == inside or found == -1  # -1: shapely decides (in_trench)


def test_french_reinforcements_a_shell_hole_in_machine_integers() -> None:
    """French reinforcements (capturing a large shell hole): the first hole whose disc holds
    a point (geo.first_disc), at every whole tenth in and around each hole."""
    state = fresh()
    for h in state.c.holes:
        for y in range(h.at[1] - h.radius - 2, h.at[1] + h.radius + 3):
            for x in range(h.at[0] - h.radius - 2, h.at[0] + h.radius + 3):
                want = next(
                    (g.id for g in state.c.holes if geo.within((x, y), g.at, g.radius)), None
                )
                assert state.hole_of((x, y)) == want


def test_barbed_wire_entry_along_an_axis_is_shapelys_at_every_distance() -> None:
    """Barbed Wire: a path north, south, east or west that enters a section at a whole tenth
    (where first_entry_box cannot decide in integers) stops where shapely says
    (geo.axis_entry), for every distance to the section and every length to AXIS_CHECKED."""
    c = fresh().c
    w = c.wire[len(c.wire) // 2]
    x0, y0, x1, y1 = w.box
    mid_x, mid_y = (x0 + x1) // 2, (y0 + y1) // 2
    reach = geo.AXIS_CHECKED
    for gap in range(1, reach + 1):
        for length in range(gap, reach + 1):
            edge_x = (x0, x1)[length % 2]  # along a side of the box now and then
            edge_y = (y0, y1)[length % 2]
            for a, b in (
                ((mid_x, y0 - gap), (mid_x, y0 - gap + length)),  # north
                ((mid_x, y1 + gap), (mid_x, y1 + gap - length)),  # south
                ((x0 - gap, mid_y), (x0 - gap + length, mid_y)),  # east
                ((x1 + gap, mid_y), (x1 + gap - length, mid_y)),  # west
                ((edge_x, y0 - gap), (edge_x, y0 - gap + length)),
                ((x0 - gap, edge_y), (x0 - gap + length, edge_y)),
            ):
                assert geo.axis_entry(a, b, w.box) == geo.first_entry(a, b, w.shape)


def test_bombardment_phase_the_lines_aimed_at_kept_by_owner() -> None:
    """Bombardment Phase, German Bombardment: the thirds and bunkers aimed at, kept for each
    way the lines can be owned (and by aims, by the side and the lines French), are those the
    objectives give."""
    from itertools import product

    from greatwar.games.trenches import bombardment

    state = fresh()
    c = state.c
    for owner in product((FRENCH, GERMAN), repeat=3):
        state.owner = list(owner)
        for side in SIDES:
            want = []
            for name, p in c.objectives.items():
                if name[0] in "LB" and (owner[int(name[1]) - 1] == GERMAN) == (side == FRENCH):
                    want.append((name, p))
            assert list(bombardment.line_aims(c, side, owner)) == want
            # aims reads them kept by the side and the lines French (bombardment.LINE_AIMS)
            assert list(bombardment.aims(state, side).items())[: len(want)] == want


def test_bombardment_phase_the_barrage_and_guns_offers_kept_by_aim_are_made_afresh() -> None:
    """Bombardment Phase, German Bombardment (the barrage) and the on-board artillery: the
    actions kept by the aims' names (and the gun; its "ap" and "hold" by the gun and target,
    bombardment.gun_action), the names read without the aims' points (aim_names), are those
    made afresh, at every position of random games and of their clones, for both sides (the
    guns none of which has fired)."""
    from greatwar.core import act
    from greatwar.games.trenches import bombardment

    for state in positions():
        for side in SIDES:
            names = list(bombardment.aims(state, side))
            assert bombardment.aim_names(state, side) == tuple(names)  # the names alone
            want = [act("barrage", m, name) for m in bombardment.MUNITIONS for name in names]
            assert bombardment.Barrage().offer(state, {}, side) == want
            want = []
            for g in bombardment.guns(state, side):
                gid = state.fig(g).id
                want += [act("shell", gid, name) for name in names]
                want += [act("ap", gid, state.fig(t).id) for t in fire.targets(state, "ap", g)]
                want.append(act("hold", gid))
            assert bombardment.Guns().offer(state, {"done": ()}, side) == want


def test_bombardment_phase_a_named_aim_is_the_aims_entry() -> None:
    """Bombardment Phase, German Bombardment: the point of an aim named in a shot
    (``named_aim``, read without making every aim) is the aims' entry of that name, at every
    position of random games and of their clones, for both sides, for every name and for
    names that are none of them (the HQ, a regiment, a line and a group with no leader)."""
    from greatwar.games.trenches import bombardment

    for state in positions():
        for side in SIDES:
            named = bombardment.aims(state, side)
            for name in [*named, "HQ", "L1a", "B3", "nobody", *state.c.objectives]:
                assert bombardment.named_aim(state, side, name) == named.get(name)
                assert bombardment.aim_point(state, side, (name,)) == named.get(name)


def test_german_morale_a_garrison_counted_only_as_far_as_needed() -> None:
    """German morale: the garrison counted up to one more than surrenders is the start of the
    whole garrison, in figure order."""
    from greatwar.games.trenches.sequence import garrison

    for state in positions()[::3]:
        for t in state.c.trenches:
            whole = garrison(state, t.line)
            assert whole == [
                i
                for i in sorted(state.on_table(GERMAN))
                if not state.c.tank_flags[i] and state.line_of(state.at(i)) == t.line
            ]
            for beyond in (0, 5, 12):
                assert garrison(state, t.line, beyond) == whole[: beyond + 1]


def test_german_morale_french_reinforcements_a_points_line_read_from_a_row_of_bytes() -> None:
    """German morale and French reinforcements (entering a line): a point's trench line read
    from its row of bytes (``sequence.line_at``, rows made when first asked) is line_of's, at
    every whole tenth of every line's band and around it, and off the table."""
    from greatwar.games.trenches.sequence import line_at, line_rows
    from greatwar.games.trenches.state import line_band

    state = fresh()
    c = state.c
    rows = line_rows(c)
    for t in c.trenches:
        lo, hi = line_band(c, t.line)
        for y in range(lo - 2, hi + 3):
            for x in range(-3, c.width + 4):
                assert line_at(c, rows, x, y) == (state.line_of((x, y)) or 0)
    for x, y in ((-5, 300), (c.width + 5, 490), (400, -1), (400, c.depth + 1)):
        assert line_at(c, rows, x, y) == (state.line_of((x, y)) or 0)


def test_french_reinforcements_a_points_shell_hole_read_from_a_row_of_bytes() -> None:
    """French reinforcements (capturing a large shell hole): a point's hole read from its row
    of bytes (``sequence.hole_at``) is hole_of's, at every whole tenth of every hole's band
    and around it, and off the table."""
    from greatwar.games.trenches.sequence import hole_at, line_rows
    from greatwar.games.trenches.state import terrain

    state = fresh()
    c = state.c
    ground, rows = terrain(c), line_rows(c)
    for h in c.holes:
        for y in range(h.at[1] - h.radius - 2, h.at[1] + h.radius + 3):
            for x in range(-3, c.width + 4):
                assert hole_at(c, ground, rows, x, y) == state.hole_of((x, y))
    for x, y in ((-5, 130), (c.width + 5, 130), (400, -1), (400, c.depth + 1)):
        assert hole_at(c, ground, rows, x, y) == state.hole_of((x, y))


def test_the_game_sequence_an_index_kept_through_a_casualty_is_the_index_made_afresh() -> None:
    """An index a casualty leaves standing (``SideIndex.without``: nobody moved, so no sort)
    holds what an index made afresh holds, after every action of random games and in their
    clones."""
    for state in positions():
        for side in (*SIDES, None):
            kept = state.kept_index(side)
            if kept is None:
                continue
            made = SideIndex(state.c, state.roster(side), tuple(state.x), tuple(state.y))
            assert kept.figures == made.figures == state.on_table(side)
            assert kept.by_y == made.by_y
            assert kept.band == made.band and kept.keys == made.keys
            if made.by_y:  # the ends and bands read from the typed view of its keys
                assert (kept.first_y(), kept.last_y()) == (made.band[0], made.band[-1])
            for lo in range(-30, state.c.depth + 31, 45):
                assert kept.between(lo, lo + 60) == made.between(lo, lo + 60)
                assert kept.any_between(lo, lo + 10) == bool(made.between(lo, lo + 10))
            assert list(kept.xs) == list(made.xs) and list(kept.ys) == list(made.ys)
            assert list(kept.soft) == list(made.soft)


def test_tanks_a_crossing_looks_only_at_trenches_whose_box_the_way_meets() -> None:
    """Tanks: where a tank halts at a trench (dry: no dice) is the same when the trench lines
    whose bounding box the way misses are passed over before shapely is asked."""
    state = fresh()
    for ax in range(0, state.c.width + 1, 80):
        for ay in range(0, state.c.depth + 1, 30):
            a = (ax, ay)
            for dx, dy in geo.DIRECTIONS.values():
                b = (ax + dx * 3 // 10, ay + dy * 3 // 10)  # 30" that way
                whole = geo.ceil_length(a, b)
                want = whole
                for t in state.c.trenches:
                    if in_trench(t, a):
                        continue
                    entry = geo.first_entry(a, b, t.shape)
                    if entry is not None and entry < whole:
                        want = entry - 1
                        break
                assert movement.crossing(state, 0, a, b, dry=True) == want


def beside_reference(state: TrenchesState, p: geo.Point2, n: int) -> geo.Point2:
    """French reinforcements' free place, as the rules word it (geo's points)."""
    wire = [state.c.wire[w].box for w in state.uncut_wire()]
    radius = int(state.c.tables["scatter"]["gas_radius"])
    free = 0
    for k in range(8 * 12):
        ring, slot = divmod(k, 8)
        spot = geo.heading(p, list(geo.DIRECTIONS)[slot], 15 * (ring + 1))
        x, y = geo.clamp(spot, state.c.width, state.c.depth)
        if any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in wire):
            continue
        if any(g == "gas" and geo.within((x, y), (gx, gy), radius) for g, gx, gy in state.clouds):
            continue
        if free == n:
            return (x, y)
        free += 1
    return p


def test_french_reinforcements_a_free_place_beside_the_leader_in_machine_integers() -> None:
    """French reinforcements: the n-th free place around a point (``sequence.beside``, in
    machine integers) is the rules' wording's, near the wire, under gas, at the table's edges."""
    from greatwar.games.trenches.sequence import beside

    state = fresh()
    rng = random.Random(3)
    belts = [w.box for w in state.c.wire]
    for trial in range(300):
        if trial % 3 == 0:
            x0, y0, x1, y1 = belts[rng.randrange(len(belts))]
            p = (rng.randint(x0 - 30, x1 + 30), rng.randint(y0 - 30, y1 + 30))
        else:
            p = (rng.randint(-5, state.c.width + 5), rng.randint(-5, state.c.depth + 5))
        state.clouds = [("gas", p[0] + rng.randint(-60, 60), p[1] + rng.randint(-60, 60))]
        if trial % 2:
            state.clouds.append(("smoke", p[0], p[1]))
        state.cut = {w.id for w in state.c.wire if rng.random() < 0.3}
        for n in (0, 1, 5, 40):
            assert beside(state, p, n) == beside_reference(state, p, n)


def test_poison_gas_a_ways_gas_clouds_kept_for_the_clouds_last_read_are_those_found_afresh() -> (
    None
):
    """Poison Gas: the gas clouds' centres a man's way reads (``movement.man_way``, kept for
    the clouds it last read) are those of the position's clouds, after every action of random
    games and in positions whose clouds changed in between."""
    for state in positions():
        for clouds in (list(state.clouds), [("gas", 100, 200), ("smoke", 5, 6)], []):
            state.clouds = clouds
            want = tuple((x, y) for kind, x, y in clouds if kind == "gas")
            for side in SIDES:
                way = movement.man_way(state, side)
                assert way.clouds == want and (way.gas >= 0) == bool(want)


def test_tanks_a_ways_entry_into_a_trench_line_in_doubles_is_shapelys() -> None:
    """Tanks (a trench crossed straight on): where a way first enters a trench line, worked
    out in doubles from the line's boundary (``movement.ring_entry``), is shapely's
    (geo.first_entry) wherever it decides, for ways in the eight directions from every 3rd
    tenth of y and 11th of x in and around each line and for random ways; undecided seldom."""
    state = fresh()
    c = state.c
    rings = movement.trench_rings(c)
    rng = random.Random(14)
    decided = undecided = 0
    for k, t in enumerate(c.trenches):
        x0, y0, x1, y1 = (int(v) for v in t.shape.bounds)
        ways = [
            ((ax, ay), (ax + dx * reach // 1000, ay + dy * reach // 1000))
            for ay in range(y0 - 40, y1 + 41, 3)
            for ax in range(x0 - 10, x1 + 11, 11 * 3)
            for dx, dy in geo.DIRECTIONS.values()
            for reach in (30, 90, 360)
        ]
        for _ in range(3000):
            a = (rng.randint(x0 - 30, x1 + 30), rng.randint(y0 - 60, y1 + 60))
            ways.append(
                (a, (rng.randint(a[0] - 200, a[0] + 200), rng.randint(a[1] - 200, a[1] + 200)))
            )
        for a, b in ways:
            if in_trench(t, a):
                continue
            found = movement.ring_entry(rings[k], a[0], a[1], b[0], b[1])
            if found == movement.UNDECIDED:
                undecided += 1
                continue
            want = geo.first_entry(a, b, t.shape)
            assert found == (-1 if want is None else want), (a, b)
            decided += 1
    assert undecided * 100 < decided


def test_french_reinforcements_german_morale_the_terrain_of_a_point_in_machine_integers() -> None:
    """French reinforcements (a shell hole, a bunker, a trench entered) and German morale (who
    holds a line): the terrain read as plain tuples (``state.terrain``: hole_in, bunker_in,
    line_in) gives what hole_of, bunker_of and line_of give, at every whole tenth in and
    around each hole and line, and every 7th tenth of the table."""
    from greatwar.games.trenches.state import bunker_in, hole_in, line_in, terrain

    state = fresh()
    c = state.c
    ground = terrain(c)
    points = {(x, y) for y in range(0, c.depth + 1, 7) for x in range(0, c.width + 1, 7)}
    for h in c.holes:
        points |= {
            (x, y)
            for y in range(h.at[1] - h.radius - 2, h.at[1] + h.radius + 3)
            for x in range(h.at[0] - h.radius - 2, h.at[0] + h.radius + 3, 3)
        }
    for t in c.trenches:
        x0, y0, x1, y1 = (int(v) for v in t.shape.bounds)
        bx0, by0, bx1, by1 = t.bunker_box
        points |= {(x, y) for y in range(y0 - 2, y1 + 3) for x in range(x0 - 2, x1 + 3, 5)}
        points |= {(x, y) for y in range(by0 - 2, by1 + 3) for x in range(bx0 - 2, bx1 + 3)}
    for x, y in sorted(points):
        assert hole_in(ground, x, y) == state.hole_of((x, y))
        assert bunker_in(ground, x, y) == state.bunker_of((x, y))
        assert line_in(c, ground, x, y) == state.line_of((x, y))


def test_hand_to_hand_poison_gas_a_ways_length_in_machine_integers_is_math_isqrt() -> None:
    """Hand to hand combat and Poison Gas measure a man's way with ``geometry._isqrt``: the
    integer square root of math.isqrt, for every square of the table's lengths and beyond."""
    import math

    values = list(range(20_000))
    values += [k * k + d for k in range(1, 1 << 31, 65_521) for d in (-1, 0, 1)]
    # across every block of geometry.ROOTS' starts: the squares of lengths to 2048 tenths
    values += list(range(20_000, 2048 * 2048 + 1_000, 61))
    values += [k * k + d for k in range(2100) for d in (-1, 0, 1) if k * k + d >= 0]
    values += [(1 << bits) + d for bits in range(1, 62) for d in (-1, 0, 1)]
    for n in values:
        assert geo._isqrt(n) == math.isqrt(n)


def test_the_german_airplane_tapes_kept_by_point_are_the_tapes_drawn_afresh() -> None:
    """The German Airplane: the four tapes kept for a leader's point (specials.strafe_tapes,
    in exact integers: specials.tape_ends) are those geo.tape_line draws, at points across
    the table, along its edges and at its corners."""
    from greatwar.games.trenches import specials

    c = fresh().c
    w, d = c.width, c.depth
    assert (w, d) == specials.EXACT_TABLE
    points = {(x, y) for x in range(0, w + 1, 11) for y in range(0, d + 1, 7)}
    points |= {(x, y) for x in range(0, w + 1, 5) for y in (0, 1, d - 1, d)}
    points |= {(x, y) for y in range(0, d + 1, 5) for x in (0, 1, w - 1, w)}
    for x, y in sorted(points):
        kept = specials.strafe_tapes(x, y, w, d)
        for (key, action), (dx, dy) in zip(kept, specials.STRAFE_SLOPES, strict=True):
            tape = geo.tape_line((x, y), (x + dx * 100, y + dy * 100), w, d)
            (x1, y1), (x2, y2) = [(int(p[0]), int(p[1])) for p in tape.coords[:2]]
            assert key == (x1, y1, x2, y2)
            assert str(action) == f"strafe {x1} {y1} {x2} {y2}"


def test_the_german_airplane_who_the_tape_crosses_is_who_its_band_covers() -> None:
    """The German Airplane: the Frenchmen under a strafing tape (``geo.under_tape``: in
    integers or with a margin, shapely only at a band's edge) are those its 1" band, drawn by
    shapely (``specials.tape_band``), covers: the offered tapes through points across the
    table and tapes at any angle, every whole point in and around their bands."""
    from greatwar.core.rng import Rng
    from greatwar.games.trenches import specials

    state = fresh()
    c = state.c
    w, d = c.width, c.depth
    half = int(c.tables["airplane"]["tape"])
    rng = Rng(16)
    for k in range(10):
        x, y = rng.below(w + 1), rng.below(d + 1)
        if k % 3:
            tapes = [ends for ends, _ in specials.strafe_tapes(x, y, w, d)]
        else:
            tapes = [(x, y, rng.below(w + 1), rng.below(d + 1))]
        for x1, y1, x2, y2 in tapes:
            if (x1, y1) == (x2, y2):
                continue
            tape = geo.tape_line((x1, y1), (x2, y2), w, d)
            (px, py), (qx, qy) = tape.coords
            steps = int(max(abs(qx - px), abs(qy - py))) // 3 + 1
            points = sorted(
                {
                    (round(px + (qx - px) * s / steps) + ox, round(py + (qy - py) * s / steps) + oy)
                    for s in range(steps + 1)
                    for ox in range(-half - 2, half + 3)
                    for oy in range(-half - 2, half + 3)
                }
            )
            band = specials.tape_band(state, (x1, y1), (x2, y2))
            assert geo.under_tape(tape, half, points) == geo.covered(band, points)


def test_the_game_sequence_the_log_writes_tenths_as_the_float_format_does() -> None:
    """The log's inches (Fortune of War, Bombardment Phase, Tanks...): ``geo.tenths`` writes
    a whole number of tenths as ``f"{v / 10:g}"`` does, across and far beyond the table."""
    values = list(range(-20_000, 20_001))
    values += range(-2_000_000, 2_000_001, 997)
    values += [10**7, -(10**7), 10**9]
    for v in values:
        assert geo.tenths(v) == f"{v / 10:g}"


def test_the_game_sequence_a_new_games_shared_rosters_and_indexes_are_made_afresh() -> None:
    """A new game's rosters and indexes, made once for every game that opens alike, are what
    the state makes afresh from its figures, with the French tank and without it."""
    for tank in (True, False):
        game = load_game("trenches", {"french_tank": tank})
        for seed in (0, 1):
            state = TrenchesState(game, seed)  # as made, before its first step
            rosters = {side: state.kept_roster(side) for side in SIDES}
            indexes = {side: state.kept_index(side) for side in SIDES}
            state.forget_cached()
            for side in SIDES:
                kept, kept_index = rosters[side], indexes[side]
                assert kept is not None and kept_index is not None
                made, made_index = state.roster(side), state.index(side)
                assert kept.figures == made.figures
                assert (kept.groups, kept.kinds, kept.infantry) == (
                    made.groups,
                    made.kinds,
                    made.infantry,
                )
                assert kept_index.figures == made_index.figures
                assert (kept_index.x, kept_index.y) == (made_index.x, made_index.y)
                assert kept_index.by_y == made_index.by_y


def test_fire_hot_steel_nobody_in_reach_north_or_south_has_no_target() -> None:
    """Move and Fire, German Return Fire and French Fire look for no target when no enemy
    stands within the longest range north or south of the side's men (``fire.any_in_reach``;
    under fog (Fortune of War), within smoke's 6"): then no group has a rifle or grenade
    target and no machine gun or mortar a target."""
    for state in positions():
        for side in SIDES:
            roster = state.roster(side)
            if fire.any_in_reach(state, roster.figures, movement.FIRE_REACH, True):
                continue
            for group in sorted(roster.groups):
                men = fire.riflemen(state, group)
                assert not any_target_reference(state, "rifle", men)
                assert not any_target_reference(state, "grenade", men)
            for i in roster.figures:
                for weapon in ("mg", "mortar"):
                    assert targets_reference(state, weapon, i) == []


def reach_reference(state: TrenchesState, weapon: str, a: geo.Point2, b: geo.Point2) -> int:
    """``fire.reach`` asking every cloud (Fortune of War's fog, Poison Gas, Smoke)."""
    limit = fire.table(state, fire.RANGE_KEYS[weapon])
    if state.event == "fog":
        limit = min(limit, fire.table(state, "smoke_fire"))
    radius = int(state.c.tables["scatter"]["gas_radius"])
    for kind, x, y in state.clouds:
        if geo.within(a, (x, y), radius) or geo.within(b, (x, y), radius):
            limit = min(limit, fire.table(state, "cloud_fire"))
        elif kind == "smoke" and geo.segment_meets_disc(a, b, (x, y), radius):
            limit = min(limit, fire.table(state, "smoke_fire"))
    return limit


def test_poison_gas_smoke_a_weapons_reach_reads_only_the_clouds_near_its_line() -> None:
    """Poison Gas and Smoke: the reach of a shot between two figures, skipping the clouds
    farther than their radius from the line's box, is the reach that asks every cloud."""
    for state in positions()[::3]:
        if not state.clouds:
            continue
        figures = state.on_table()[::7]
        for a in figures:
            for b in figures:
                for weapon in ("rifle", "mg"):
                    want = reach_reference(state, weapon, state.at(a), state.at(b))
                    assert fire.reach(state, weapon, state.at(a), state.at(b)) == want


def test_barbed_wire_a_wire_entrys_rounding_check_in_64_bits_is_the_wide_integers() -> None:
    """Barbed Wire: first_entry_box's check whether a way's length into a wire box lies within
    a ten-millionth of a whole tenth (``geometry.near_whole``, 64-bit integers) answers as the
    squares in Python's integers (``near_whole_wide``): at lengths just past and just short of
    whole tenths, and across the table's lengths and slopes."""
    import math
    import random

    big = math.isqrt(geo.NEAR_WHOLE_2)  # NEAR_WHOLE: a C constant once compiled (geometry.pxd)
    rng = random.Random(14)
    qs = [1, 2, 3, 7, 10, 99, 100, 240, 719, 720, 959, 960, 1200, 3162, 3163, 5000]
    qs += [rng.randint(1, 3162) for _ in range(60)]
    checked = 0
    for q in qs:
        wholes = [0, 1, 2, 9, 10, 179, 180, 1199, 1200] + [rng.randint(0, 1200) for _ in range(8)]
        for whole in wholes:
            lo, hi = (q * whole) ** 2, (q * (whole + 1)) ** 2  # isqrt(n) // q == whole here
            ns = [lo + k for k in range(0, 40)] + [hi - k for k in range(1, 40)]
            ns += [rng.randrange(lo, hi) for _ in range(40)]
            # the ten-millionth's own edges: sqrt(n) / q = whole + 1/N and whole + 1 - 1/N
            n_low = (q * (whole * big + 1)) ** 2 // big**2
            n_high = (q * ((whole + 1) * big - 1)) ** 2 // big**2
            ns += [n_low + d for d in (-2, -1, 0, 1, 2)] + [n_high + d for d in (-2, -1, 0, 1, 2)]
            for n in ns:
                if not lo <= n < hi or n >= 1 << 41:
                    continue
                assert math.isqrt(n) // q == whole
                assert geo.near_whole(n, q, whole) == geo.near_whole_wide(n, q, whole), (n, q)
                checked += 1
    assert checked > 50_000


def test_french_move_and_fire_who_moved_fired_or_is_pinned_as_a_byte_per_figure_is_a_set() -> None:
    """French Move and Fire, Poison Gas: who moved, fired or is pinned (state.Marks, one byte
    per figure, asked in C) answers as a set of the same figures would, through random adds,
    discards, updates and clears; a copy is its own; a Marks equals the set it holds."""
    rng = random.Random(14)
    marks, kept = Marks(40), set()
    for _ in range(2000):
        i = rng.randrange(40)
        step = rng.randrange(10)
        if step < 5:
            marks.add(i)
            kept.add(i)
        elif step < 8:
            marks.discard(i)
            kept.discard(i)
        elif step == 8:
            men = [rng.randrange(40) for _ in range(rng.randrange(5))]
            marks.update(men)
            kept.update(men)
        elif rng.randrange(10) == 0:
            marks.clear()
            kept.clear()
        assert marks == kept and list(marks) == sorted(kept)
        assert len(marks) == len(kept) and bool(marks) == bool(kept)
        assert all((j in marks) == (j in kept) == marks.has(j) for j in range(40))
    assert 40 not in marks and -1 not in marks and "0" not in marks
    copy = marks.copy()
    copy.add(rng.randrange(40))
    copy.clear()
    assert marks == kept and copy == set()


def test_fire_hot_steel_cover_outside_every_pieces_box_is_open_ground() -> None:
    """Fire (Hot Steel): a point outside every piece of cover's box (``state.cover_boxes``,
    told in machine integers) is in none of the cover's shape; ``in_cover`` gives what the
    shape gives for every figure of random games and every 7th tenth of the table."""
    from greatwar.games.trenches.state import cover_boxes, in_boxes

    state = fresh()
    c = state.c
    boxes = cover_boxes(c)
    points = {(x, y) for y in range(0, c.depth + 1, 7) for x in range(0, c.width + 1, 7)}
    outside = 0
    for x, y in sorted(points):
        if not in_boxes(boxes, x, y):
            assert not geo.inside(c.cover, (x, y))
            outside += 1
    assert outside > len(points) // 10  # (the open ground is told apart)
    for position in positions():
        for i in position.on_table():
            assert position.in_cover(i) == geo.inside(c.cover, position.at(i))


def test_french_move_and_fire_the_objectives_kept_by_point_are_those_found_afresh() -> None:
    """French Move and Fire: the objectives a group may follow (movement.objectives, kept by
    its reference figure's y, its direction and the lines French) are those ahead of it in
    lines not yet French, as found from the objectives themselves, at every position of
    random games and of their clones."""
    asked = 0
    for state in positions():
        c = state.c
        for group in sorted(state.roster(FRENCH).groups):
            ref = movement.reference(state, group)
            if ref is None:
                assert movement.objectives(state, group) == []
                continue
            y, forward = state.y[ref], FORWARD[c.sides[ref]]
            fresh_names = [
                name
                for name, (_, oy) in c.objectives.items()
                if not (name[0] in "LB" and state.owner[int(name[1]) - 1] == FRENCH)
                and -40 <= (oy - y) * forward <= 300
            ]
            assert movement.objectives(state, group) == fresh_names
            asked += 1
    assert asked > 100


def test_french_move_and_fire_german_move_the_objectives_kept_by_band_are_those_at_every_y() -> (
    None
):
    """French Move and Fire, German Move: the objectives ahead of a figure, kept by the band
    of y between two of the points where an objective comes within reach or goes out of it
    (movement.ahead_of), are those found afresh (movement.marching_on) at every y of the table
    and past it, going north and south, whichever lines are French."""
    c = fresh(0).c
    for forward in (-1, 1):
        for french in range(8):
            for y in range(-400, c.depth + 400):
                want = tuple(movement.marching_on(c, y, forward, french))
                assert movement.ahead_of(c, y, forward, french) == want
