"""9. Combat: bombardment, declaration, defense fire, regular attacks, counter attacks,
results, modifiers, retreats, HQs and advance after combat."""

from __future__ import annotations

import pytest

from greatwar.core.errors import IllegalAction
from greatwar.games.marne1914.combat import (
    GARRISON,
    bombard_column,
    bombard_result,
    bombard_targets,
    coordination_drm,
    crossing_drm,
    crt_column,
    crt_result,
    firers,
    target_line,
)
from greatwar.games.marne1914.state import ELIMINATED, MarneState
from tests.marne1914.positions import actions, at_phase, cleared, hx, place, random_play, set_mode


def battle() -> MarneState:
    """Two French brigades (2818, 2719) facing a German regiment in 2918's neighbour 2817."""
    state = cleared()
    place(state, "F18-1", "2818")
    place(state, "F18-2", "2718")
    place(state, "G12-1", "2817")
    place(state, "G12-HQ", "2815")
    place(state, "F18-HQ", "2720")
    set_mode(state, "F18", "offensive")
    set_mode(state, "G12", "defensive")
    return at_phase(state, "combat", "allied")


def test_9_1_bombardment_at_two_hexes_not_in_transfer_nor_in_a_zoc() -> None:
    """9.1.1, 9.1.2, 9.1.3, 9.1.6: range two, not in an enemy ZOC, not in Transfer mode."""
    state = cleared()
    art = place(state, "F18-A", "2720")
    place(state, "G12-1", "2818")  # two hexes from 2720
    set_mode(state, "F18", "offensive")
    assert bombard_targets(state, "allied") == [hx(state, "2818")]
    set_mode(state, "F18", "transfer")
    assert bombard_targets(state, "allied") == []  # 9.1.6
    set_mode(state, "F18", "defensive")
    assert bombard_targets(state, "allied") == [hx(state, "2818")]  # 5.1.2
    place(state, "G12-2", "2820")  # next to 2720: the artillery is in an enemy ZOC
    assert bombard_targets(state, "allied") == []  # 9.1.3
    assert art in state.units_on_map("allied")


def test_9_1_4_artillery_may_split_its_factor() -> None:
    """9.1.4, 9.1.7: one target at a time, factors split."""
    state = cleared()
    place(state, "F18-A", "2720")
    place(state, "G12-1", "2818")
    set_mode(state, "F18", "offensive")
    at_phase(state, "bombardment", "allied")
    state.apply_action("bombard 2818", "allied")
    offered = actions(state, "allied")
    assert {"add F18-A 4", "add F18-A 1"} <= set(offered)
    state.apply_action("add F18-A 1", "allied")
    assert "add F18-A 3" in actions(state, "allied") and "add F18-A 4" not in actions(state)
    state.apply_action("fire", "allied")
    assert state.bombarded[state.unit("F18-A")] == 1


def test_9_1_5_bombardment_table_d3() -> None:
    state = cleared()
    assert bombard_column(state, 2) == 1 and bombard_column(state, 21) == 8
    assert bombard_result(state, 1, 1) == "d"
    assert bombard_result(state, 8, 1) == "D2"
    assert bombard_result(state, 4, 4) == "d"
    assert bombard_result(state, 8, 11) == "-"  # 9.7.2.1 above 10 no effect
    assert bombard_result(state, 8, -3) == "D2"  # below 1 is 1


def test_9_2_1_declared_attackers_are_committed_and_totals_known_8_1_5() -> None:
    """9.2, 9.4.1, 9.4.2, 9.4.3: declared attackers are committed."""
    state = battle()
    assert "attack 2817" in actions(state, "allied")
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-1", "allied")
    state.apply_action("add F18-2", "allied")
    state.apply_action("declare", "allied")
    assert state.sides_to_act() == ("german",)  # 9.3 defense fire first
    view = state.observation("german")
    assert view["combat"]["attack"] == 10 and view["combat"]["defense"] == 3
    assert "F18-1" not in str(view["stacks"])
    assert state.unit("F18-1") in state.attacked


def test_9_3_2_supporting_fire_at_half_and_9_3_3_artillery_in_range() -> None:
    """9.3, 9.3.1, 9.3.3, 9.3.4: who fires, at which hexes, with how much."""
    state = battle()
    place(state, "G12-2", "2717")  # next to 2718: supporting, 3 // 2 = 1
    place(state, "G12-A", "2616")  # artillery within two hexes of 2718
    place(state, "G12-3", "2916")  # next to no attacking hex
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-1", "allied")
    state.apply_action("add F18-2", "allied")
    state.apply_action("declare", "allied")
    power = firers(state)
    assert power["G12-1"] == (3, [hx(state, "2718"), hx(state, "2818")])
    assert power["G12-2"] == (1, [hx(state, "2718")])
    assert power["G12-A"][0] == 2
    assert "G12-3" not in power


def test_9_3_2_a_hex_that_was_a_target_gives_no_supporting_fire() -> None:
    """9.3.2 with 9.2.2: 2717, declared a target with 2817, gives 2817 no supporting fire."""
    state = battle()
    place(state, "G12-2", "2717")
    place(state, "F18-3", "2616")  # next to 2717, not to 2817
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-2", "allied")
    state.apply_action("also_attack 2717", "allied")
    state.apply_action("add F18-3", "allied")
    state.apply_action("declare", "allied")
    assert state.combat is not None and state.combat["target"] == hx(state, "2817")
    assert "G12-2" not in firers(state)


def test_9_2_2_attacks_declared_at_the_same_time_are_resolved_in_turn() -> None:
    """9.2.2: both attacks are declared (and known, 8.1.5) at once, then resolved one after
    the other with no new declaration in between."""
    state = battle()
    place(state, "G12-2", "2717")
    place(state, "F18-3", "2616")
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-2", "allied")
    assert "also_attack 2717" in actions(state, "allied")
    state.apply_action("also_attack 2717", "allied")
    assert "add F18-2" not in actions(state, "allied")  # committed to 2817 already
    prompt = state.observation("allied")["prompt"]
    assert prompt["target"] == "2717" and prompt["declared"] == []
    assert prompt["with"] == [{"target": "2817", "units": ["F18-2"], "attack": 5}]
    state.apply_action("add F18-3", "allied")
    state.apply_action("declare", "allied")
    assert hx(state, "2717") in state.targets and hx(state, "2817") in state.targets
    assert any(e.rule == "9.2.2" and "2817, 2717" in e.text for e in state.log())
    declared = [e.text for e in state.log() if e.rule == "9.2.1" and e.to != "allied"]
    assert len(declared) == 2  # the German reads both totals (8.1.5)
    while state.combat is not None and state.combat["target"] == hx(state, "2817"):
        side = state.sides_to_act()[0]
        legal = actions(state, side)
        pick = next((a for a in ("resolve", "roll", "decline", "stop") if a in legal), legal[0])
        state.apply_action(pick, side)
    assert state.combat is not None and state.combat["target"] == hx(state, "2717")
    assert state.combat["units"] == [state.unit("F18-3")]


def test_9_2_2_a_hex_that_could_support_may_not_be_attacked_after_waiting() -> None:
    """9.2.2: 2717 could give supporting fire at the attackers of 2817 (from 2718): once 2817
    was declared alone, 2717 may not be attacked this phase."""
    state = battle()
    place(state, "G12-2", "2717")
    place(state, "F18-3", "2616")
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-2", "allied")
    state.apply_action("declare", "allied")
    assert state.barred == {hx(state, "2717"): hx(state, "2817")}
    while state.stack[-1]["p"] != "combat":
        side = state.sides_to_act()[0]
        legal = actions(state, side)
        pick = next(
            (a for a in ("resolve", "roll", "decline", "stop", "steps 1") if a in legal), legal[0]
        )
        state.apply_action(pick, side)
    assert state.where[state.unit("G12-2")] == hx(state, "2717")  # never attacked
    assert "attack 2717" not in actions(state, "allied")
    with pytest.raises(IllegalAction, match=r"declared at the same time \(9\.2\.2\)"):
        state.apply_action("attack 2717", "allied")


def test_9_2_2_units_next_to_an_earlier_target_may_not_attack_after_waiting() -> None:
    """9.2.2: 2717 was attacked first; its units could have fired in support at 2718, so a
    unit there may no longer join an attack on 2817; a unit not next to 2717 may."""
    state = battle()
    place(state, "G12-2", "2717")
    state.targets.add(hx(state, "2717"))  # declared and resolved alone, still held
    state.apply_action("attack 2817", "allied")
    offered = actions(state, "allied")
    assert "add F18-1" in offered and "add F18-2" not in offered
    with pytest.raises(IllegalAction, match=r"next to 2717, attacked earlier.*\(9\.2\.2\)"):
        state.apply_action("add F18-2", "allied")


def test_9_2_2_an_engaged_attack_is_never_barred() -> None:
    """9.6.2 over 9.2.2: engaged units attack their enemy even in a barred hex."""
    state = battle()
    place(state, "G12-2", "2717")
    state.barred[hx(state, "2717")] = hx(state, "2817")
    state.engaged.add(frozenset((hx(state, "2717"), hx(state, "2718"))))
    assert actions(state, "allied") == ["attack 2717"]
    state.apply_action("attack 2717", "allied")
    assert state.stack[-1]["units"] == [state.unit("F18-2")]


def test_9_3_6_engaged_is_no_effect_in_defense_fire_and_9_3_5_offensive_line() -> None:
    """9.3.5, 9.3.6: Defense Fire reads the Offensive line."""
    state = battle()
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-1", "allied")
    state.apply_action("declare", "allied")
    state.apply_action("fire G12-1 2818", "allied" if False else "german")
    state.apply_action("resolve", "german")
    fire = [e for e in state.log() if e.rule == "9.3.5"]
    assert fire and "column 2" in fire[0].text  # 3 factors on the Offensive line
    assert not fire[0].text.endswith("EN")


def test_9_7_2_defense_fire_across_a_river_or_bridge() -> None:
    """9.3.7, 9.7: only the crossing modifiers help Defense Fire."""
    state = cleared()
    assert crossing_drm(state, hx(state, "3112"), hx(state, "3211"))[0] == -3
    assert crossing_drm(state, hx(state, "1213"), hx(state, "1214"))[0] == -2
    assert crossing_drm(state, hx(state, "2818"), hx(state, "2918"))[0] == 0


def test_9_7_2_g_h_corps_and_army_coordination() -> None:
    state = cleared()
    same = [state.unit("F18-1"), state.unit("F18-2")]
    corps = [state.unit("F18-1"), state.unit("F3-1")]
    armies = [state.unit("F18-1"), state.unit("B1-1")]
    assert coordination_drm(state, same)[0] == 0
    assert coordination_drm(state, corps)[0] == 1
    assert coordination_drm(state, armies)[0] == 3  # not +4: G is not added to H


def test_9_7_2_2_crt_clamps_and_columns() -> None:
    state = cleared()
    assert crt_column(state, "transfer", 13) == 10
    assert crt_column(state, "defensive", 13) == 6
    assert crt_column(state, "offensive", 0) == 0
    assert crt_result(state, 1, 1) == "1"
    assert crt_result(state, 10, 1) == "4"
    assert crt_result(state, 5, 11) == "EN"  # above 10 Engaged
    assert crt_result(state, 5, -2) == crt_result(state, 5, 1)  # below 1 is 1


def test_9_4_6_the_majority_mode_and_ties_to_the_least_advantageous() -> None:
    state = cleared()
    a, b = place(state, "G12-1", "2817"), place(state, "G19-1", "2817")
    set_mode(state, "G12", "defensive")
    set_mode(state, "G19", "transfer")
    assert target_line(state, [a, b]) == "transfer"  # equal steps: the worse line
    state.steps[b] = 1
    assert target_line(state, [a, b]) == "defensive"


def test_9_4_8_artillery_attacks_with_its_bombardment_factor() -> None:
    state = cleared()
    art = state.unit("G12-A")
    assert state.attack(art) == 6


def test_9_6_5_above_seven_to_one_the_defender_is_eliminated() -> None:
    """9.4, 9.4.4, 9.6.5."""
    state = battle()
    victim = state.unit("G12-1")
    state.steps[victim] = 1  # reduced: defense 1
    state.disrupted.add(victim)  # 10.1.2: defense 1 - 2 = 0
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-1", "allied")
    state.apply_action("declare", "allied")
    if state.stack[-1]["p"] == "defense_fire":
        state.apply_action("resolve", "german")
    while state.stack[-1]["p"] in ("lose", "disrupt_one", "split"):
        side = state.sides_to_act()[0]
        state.apply_action(actions(state, side)[0], side)
    if state.stack[-1]["p"] == "roll":
        state.apply_action("roll", "allied")
    assert state.where[victim] == ELIMINATED
    assert any(e.rule == "9.6.5" for e in state.log())


# Allied units closing every retreat hex of 2817 with their ZOCs (9.8.2).
OTHER_HEXES = {"F18-3": "2716", "F18-4": "2617", "F3-1": "3017"}


def result_position(code: str, *others: str) -> tuple[MarneState, list[int]]:
    """A result ``code`` against 2817's G12-1 and ``others`` (Allied units, then German)."""
    state = battle()
    for unit in others:
        place(state, unit, "2817" if unit.startswith("G") else OTHER_HEXES[unit])
    units = [state.unit("G12-1"), *(state.unit(u) for u in others if u.startswith("G"))]
    state.stack = [{"p": "combat", "side": "allied"}]
    state.combat = {
        "attacker": "allied",
        "target": hx(state, "2817"),
        "units": [state.unit("F18-1")],
        "hexes": [hx(state, "2818")],
        "was_disrupted": [],
        "fire": [],
        "result": code,
        "counter_hex": -1,
    }
    state.then(
        ("result", code, units, hx(state, "2817"), [hx(state, "2818")], "attack"), ("advance",)
    )
    state.advance()
    return state, units


def test_9_6_2_worked_example_a_3_is_three_steps_two_and_one_hex_or_one_and_two() -> None:
    """9.6, 9.6.1, 9.6.2: the rulebook example of a 3."""
    state, _ = result_position("3")
    assert state.stack[-1]["p"] == "split"
    assert actions(state, "german") == ["steps 1", "steps 2", "steps 3"]


def test_9_6_2_mostly_disrupted_units_take_the_longest_retreat() -> None:
    state = battle()
    state.disrupted.add(state.unit("G12-1"))
    state.stack = [{"p": "combat", "side": "allied"}]
    state.combat = {
        "attacker": "allied",
        "target": hx(state, "2817"),
        "units": [],
        "hexes": [hx(state, "2818")],
        "was_disrupted": [],
        "fire": [],
        "result": "2",
        "counter_hex": -1,
    }
    state.then(
        ("result", "2", [state.unit("G12-1")], hx(state, "2817"), [hx(state, "2818")], "attack")
    )
    state.advance()
    assert state.stack[-1]["p"] == "retreat"  # one step lost, one hex of retreat
    assert state.is_reduced(state.unit("G12-1"))


def test_9_6_2_d1_disrupts_all_and_out_of_supply_adds_a_step() -> None:
    """9.6.2, 9.6.4, 11.2, 11.2.2: a reduced unit losing a step is eliminated."""
    state = battle()
    unit = state.unit("G12-1")
    state.oos.add(unit)
    state.then(("result", "D1", [unit], hx(state, "2817"), [], "bombardment"))
    state.advance()
    assert state.where[unit] == ELIMINATED  # 1 + 1 steps: both steps of the regiment


def test_9_6_2_en_engages_both_hexes() -> None:
    from greatwar.games.marne1914.combat import apply_attack_result

    state = battle()
    apply_attack_result(
        state, "EN", [state.unit("G12-1")], hx(state, "2817"), [hx(state, "2818")], "attack"
    )
    assert frozenset((hx(state, "2817"), hx(state, "2818"))) in state.engaged
    assert "move F18-1" not in actions(at_phase(state, "movement", "allied"), "allied")


def test_9_8_2_retreats_avoid_enemy_zocs_and_9_8_4_disrupt() -> None:
    """9.8, 9.8.1, 9.8.2, 9.8.4, 9.6.3: retreats end away from the victors and disrupt."""
    state, units = result_position("2")
    state.apply_action("steps 1", "german")
    assert state.stack[-1]["p"] == "retreat"
    options = actions(state, "german")
    zoc = state.zoc("allied")
    assert all(hx(state, a.split()[1]) not in zoc for a in options)
    state.apply_action(options[0], "german")
    assert units[0] in state.disrupted


def test_9_9_an_hq_in_an_enemy_zoc_is_displaced_where_its_owner_chooses() -> None:
    """9.9: the owner picks among the nearest hexes out of the enemy ZOC; others are refused."""
    from greatwar.games.marne1914.results import displace_hqs

    state = at_phase(cleared(), "combat", "allied")
    hq = place(state, "G12-HQ", "2817")
    place(state, "F18-1", "2818")
    assert displace_hqs(state, "german")
    assert state.stack[-1]["p"] == "hq_retreat" and state.sides_to_act() == ("german",)
    offered = actions(state, "german")
    zoc = state.zoc("allied")
    assert len(offered) > 1 and all(a.startswith("retreat ") for a in offered)
    assert all(hx(state, a.split()[1]) not in zoc for a in offered)
    # "as many hexes as necessary": one hex here, never farther
    assert {state.c.board.grid.distance(hq_hex(state, a), hx(state, "2817")) for a in offered} == {
        1
    }
    with pytest.raises(IllegalAction, match=r"fewest hexes needed.*\(9\.9\)"):
        state.apply_action("retreat 2918", "german")  # still in the ZOC
    state.apply_action(offered[-1], "german")
    assert state.where[hq] == hq_hex(state, offered[-1])
    assert hq not in state.cut_off and state.stack[-1]["p"] == "combat"


def hq_hex(state: MarneState, action: str) -> int:
    return hx(state, action.split()[1])


def test_9_9_displaced_are_the_hqs_on_the_map_in_an_enemy_zoc() -> None:
    """9.9: the typed test of every HQ (results.pxd), kept between moves, names exactly the
    side's HQs on the map next to an enemy unit (8.2.1), in counter order, after every action
    of random games (in the last only every few actions: the kept answer read after several
    changes)."""
    from greatwar.games.marne1914.results import displaced

    checked = 0
    for seed, state in random_play(range(3)):
        for side in ("allied", "german"):
            if seed == 2 and len(state.history()) % 5:
                continue
            expected = [
                hq
                for hq in state.c.side_hqs[side]
                if state.where[hq] >= 0 and state.in_enemy_zoc(hq)
            ]
            assert displaced(state, side) == expected
            assert displaced(state.clone(), side) == expected
            checked += 1
    assert checked > 1000


def test_9_9_an_hq_that_must_pass_enemy_units_is_out_of_supply_for_the_game() -> None:
    from greatwar.games.marne1914.results import displace_hqs, refuges

    state = at_phase(cleared(), "combat", "allied")
    hq = place(state, "G12-HQ", "2817")
    ring = ["2816", "2917", "2918", "2818", "2718", "2717"]
    for unit, h in zip(["F18-1", "F18-2", "F18-3", "F18-4", "F3-1", "F3-2"], ring, strict=True):
        place(state, unit, h)
    options, cut = refuges(state, hq)
    assert cut and options
    displace_hqs(state, "german")
    if state.stack[-1]["p"] == "hq_retreat":
        state.apply_action(actions(state, "german")[0], "german")
    assert state.where[hq] in options and hq in state.cut_off and hq in state.oos


def test_9_8_2_the_owner_chooses_the_unit_losing_a_step_in_an_enemy_zoc() -> None:
    """9.8.2: a retreat forced into an enemy ZOC costs one step of "any one retreating unit",
    the owner's choice; 9.8.4 all are disrupted."""
    state, (two, one) = result_position("2", "F18-3", "F18-4", "F3-1", "G12-2")
    state.apply_action("steps 1", "german")
    state.apply_action("lose G12-1", "german")  # 9.6.2: the split result's step
    assert state.stack[-1]["p"] == "retreat"
    options = actions(state, "german")
    assert all(hx(state, a.split()[1]) in state.zoc("allied") for a in options)
    state.apply_action(options[0], "german")
    assert state.stack[-1]["p"] == "retreat_loss"
    assert actions(state, "german") == ["lose G12-1", "lose G12-2"]
    with pytest.raises(IllegalAction, match=r"retreating into the enemy ZOC.*\(9\.8\.2\)"):
        state.apply_action("lose F18-1", "german")
    state.apply_action("lose G12-2", "german")
    assert state.is_reduced(one) and state.where[one] >= 0
    assert state.is_reduced(two)  # its step of the split result, not the ZOC's
    assert {one, two} <= state.disrupted
    assert state.stack[-1]["p"] != "retreat_loss"


def test_9_4_7_victors_may_advance_into_the_vacated_hex() -> None:
    state, _ = result_position("4")
    state.apply_action("steps 2", "german")
    while state.stack[-1]["p"] == "retreat":
        state.apply_action(actions(state, "german")[0], "german")
    assert state.stack[-1]["p"] == "advance"
    state.apply_action("advance F18-1", "allied")
    assert state.where[state.unit("F18-1")] == hx(state, "2817")
    assert state.control[hx(state, "2817")] in ("", "allied")


def test_9_5_counter_attack_after_engaged_for_defensive_units() -> None:
    """9.5.1, 9.5.8: Defensive units just Engaged, in supply."""
    state = battle()
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-1", "allied")
    state.apply_action("declare", "allied")
    state.apply_action("resolve", "german")
    assert state.combat is not None
    state.combat["result"] = "EN"
    from greatwar.games.marne1914.combat import counter_attackers

    assert counter_attackers(state) == [state.unit("G12-1")]
    set_mode(state, "G12", "offensive")
    assert counter_attackers(state) == []  # 9.5.1 Defensive mode only


def test_13_1_1_the_paris_garrison_fires_with_ten() -> None:
    state = cleared()
    place(state, "G4R-1", "0412")  # next to Paris hex 0413
    set_mode(state, "G4R", "offensive")
    at_phase(state, "combat", "german")
    assert "attack 0413" in actions(state, "german")
    state.apply_action("attack 0413", "german")
    state.apply_action("add G4R-1", "german")
    state.apply_action("declare", "german")
    assert firers(state)[GARRISON][0] == 10


def test_9_7_1_modifiers_add_up() -> None:
    """9.7.1, 9.7.2: terrain, massed target and coordination together."""
    from greatwar.games.marne1914.combat import attack_box

    state = battle()
    place(state, "F3-1", "2718")
    for i in (2, 3, 4, 5, 6):
        place(state, f"G12-{i}" if i < 5 else f"G19-{i - 4}", "2817")  # 12 SP: massed
    state.combat = {
        "attacker": "allied",
        "target": hx(state, "2817"),
        "units": [state.unit("F18-1"), state.unit("F3-1")],
        "hexes": [],
        "was_disrupted": [],
        "fire": [],
        "result": "",
        "counter_hex": -1,
    }
    box = attack_box(state)
    assert box["drm"] == 2  # massed +1, corps coordination +1 (2817 is clear)


def test_9_5_2_to_9_5_7_a_counter_attack_hits_only_the_hex_chosen() -> None:
    """9.5.2, 9.5.3, 9.5.4, 9.5.5, 9.5.6, 9.5.7: one attacking hex, no terrain modifier, no
    Defense Fire, artillery with its bombardment factor."""
    from greatwar.games.marne1914.combat import counter_attack

    state = battle()
    place(state, "G12-A", "2817")
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-1", "allied")
    state.apply_action("add F18-2", "allied")
    state.apply_action("declare", "allied")
    state.apply_action("resolve", "german")
    assert state.combat is not None
    state.combat["result"] = "EN"
    state.stack = []
    state.tasks = []
    counter_attack(state, hx(state, "2818"))
    note = [e for e in state.log() if e.rule == "9.5.4"][-1].text
    assert "9 factors" in note  # 3 + 6 (artillery bombardment factor)
    assert "forest" not in note and "town" not in note


def test_9_4_5_attacks_one_at_a_time_and_the_combat_phase_waits_again() -> None:
    """9.4.5, 9.2.2: an attack that no supporting fire links to the first waits for it."""
    state = battle()
    place(state, "F18-2", "2616")
    place(state, "G12-2", "2615")
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-1", "allied")
    state.apply_action("declare", "allied")
    while state.stack[-1]["p"] != "combat":
        side = state.sides_to_act()[0]
        legal = actions(state, side)
        pick = next(
            (a for a in ("resolve", "roll", "decline", "stop", "steps 1") if a in legal), legal[0]
        )
        state.apply_action(pick, side)
    assert state.combat is None
    assert "attack 2615" in actions(state, "allied")


def test_9_8_3_units_that_retreated_into_a_hex_fall_with_its_defenders() -> None:
    from greatwar.games.marne1914.results import recent_check_task

    state = battle()
    refugee = place(state, "G12-2", "2817")
    state.recent.add(refugee)
    state.lift(state.unit("G12-1"))
    state.where[state.unit("G12-1")] = ELIMINATED
    recent_check_task(state, ("recent_check", hx(state, "2817")))
    assert state.where[refugee] == ELIMINATED


def test_13_1_2_unoccupied_paris_defends_on_the_defensive_line_without_counter_attacks() -> None:
    from greatwar.games.marne1914.combat import attack_box, counter_attackers

    state = cleared()
    place(state, "G4R-1", "0412")
    state.combat = {
        "attacker": "german",
        "target": hx(state, "0413"),
        "units": [state.unit("G4R-1")],
        "hexes": [hx(state, "0412")],
        "was_disrupted": [],
        "fire": [],
        "result": "EN",
        "counter_hex": -1,
    }
    box = attack_box(state)
    assert box["line"] == "defensive" and box["defense"] == 10
    assert counter_attackers(state) == []


def test_9_4_7_victors_may_follow_the_retreat_path_until_an_enemy_zoc() -> None:
    state, units = result_position("2")
    state.apply_action("steps 1", "german")
    while state.stack[-1]["p"] == "retreat":
        state.apply_action(actions(state, "german")[0], "german")
    assert state.combat is not None and len(state.combat["path"]) == 1
    state.apply_action("advance F18-1", "allied")
    offered = actions(state, "allied")
    # the defeated regiment stands at the path's end: the victors may not enter its hex
    assert "follow F18-1" not in offered
    assert state.where[units[0]] == state.combat["path"][-1]


def test_9_4_7_a_two_hex_retreat_lets_the_victors_follow_one_hex() -> None:
    state, units = result_position("3")
    state.apply_action("steps 1", "german")
    while state.stack[-1]["p"] == "retreat":
        state.apply_action(actions(state, "german")[0], "german")
    assert state.combat is not None
    path = state.combat["path"]
    assert len(path) == 2 and state.where[units[0]] == path[1]
    state.apply_action("advance F18-1", "allied")
    assert "follow F18-1" in actions(state, "allied")
    state.apply_action("follow F18-1", "allied")
    assert state.where[state.unit("F18-1")] == path[0]
    assert "follow F18-1" not in actions(state, "allied")  # next to the enemy: it stops


def test_9_3_4_a_unit_may_split_its_defense_factor_between_attacking_hexes() -> None:
    state = battle()
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-1", "allied")
    state.apply_action("add F18-2", "allied")
    state.apply_action("declare", "allied")
    offered = actions(state, "german")
    assert {"fire G12-1 2818", "fire G12-1 2818 2", "fire G12-1 2718 1"} <= set(offered)
    state.apply_action("fire G12-1 2818 2", "german")
    offered = actions(state, "german")
    assert "fire G12-1 2718" in offered and "fire G12-1 2718 1" not in offered  # 1 left
    state.apply_action("fire G12-1 2718", "german")
    assert not any(a.startswith("fire G12-1") for a in actions(state, "german"))
    state.apply_action("resolve", "german")
    fire = [e.text for e in state.log() if e.rule == "9.3.5"]
    assert any("at 2818: 2 factors" in t for t in fire) and any(
        "at 2718: 1 factors" in t for t in fire
    )


def logged_column(state: MarneState, rule: str) -> str:
    """The ``column N`` and modifier total of the last roll logged under ``rule``."""
    text = [e.text for e in state.log() if e.rule == rule][-1]
    return text.split("(column ")[1].split(")")[0]


def test_9_3_5_defense_fire_prompt_shows_the_column_and_modifiers_before_the_roll() -> None:
    """9.3.5, 9.3.7, 9.7.2: the firing side sees each attacking hex's column on the Offensive
    line and its modifiers (a river -3) before it resolves; the roll uses the same."""
    state = battle()
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-1", "allied")
    state.apply_action("declare", "allied")
    fire = state.observation("german")["prompt"]["fire"]
    assert fire["odds"].startswith("no Defense Fire allotted yet") and fire["strength"] == 0
    state.apply_action("fire G12-1 2818", "german")
    fire = state.observation("german")["prompt"]["fire"]
    assert fire["firers"] == ["G12-1"] and fire["strength"] == 3 and fire["target"] == "2818"
    assert fire["odds"] == "at 2818: 3 factors, column 2 on the offensive line, +0 (no modifiers)"
    assert "fire" not in (state.observation("allied")["prompt"] or {})  # the firer's alone
    state.apply_action("resolve", "german")
    assert logged_column(state, "9.3.5") == "2"


def test_9_3_7_defense_fire_prompt_shows_the_river_modifier() -> None:
    from greatwar.games.marne1914.view import defense_fire_view

    state = battle()
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-1", "allied")
    state.apply_action("declare", "allied")
    state.apply_action("fire G12-1 2818", "german")
    assert state.combat is not None
    state.c.board.rivers.add(frozenset((hx(state, "2817"), hx(state, "2818"))))
    try:
        assert "-3 (across a river -3)" in defense_fire_view(state)["odds"]
    finally:
        state.c.board.rivers.discard(frozenset((hx(state, "2817"), hx(state, "2818"))))


def test_9_5_4_counter_attack_prompt_shows_the_column_and_modifiers_before_the_roll() -> None:
    """9.5.4, 9.5.5, 9.5.6: the counter attack's total (artillery with its bombardment factor),
    the attackers' line and the modifiers, terrain never, shown with the choice."""
    state = battle()
    place(state, "G12-A", "2817")
    state.apply_action("attack 2817", "allied")
    state.apply_action("add F18-1", "allied")
    state.apply_action("add F18-2", "allied")
    state.apply_action("declare", "allied")
    state.apply_action("resolve", "german")
    assert state.combat is not None
    state.combat["result"] = "EN"
    state.stack = [{"p": "combat", "side": "allied"}]
    state.tasks = [("counter",), ("end_attack",)]
    state.advance()
    state._legal_cache = None
    prompt = state.observation("german")["prompt"]
    assert prompt["name"] == "counter"
    fire = prompt["fire"]
    assert fire["firers"] == ["G12-1", "G12-A"] and fire["strength"] == 9
    assert "defense" not in fire  # 8.1.5: the attackers' Defense factors stay hidden
    assert fire["odds"].startswith("at 2718: column ") and "; at 2818: column " in fire["odds"]
    assert "army coordination" not in fire["odds"] and "forest" not in fire["odds"]
    column = fire["odds"].split("; at 2818: column ")[1].split(" ")[0]
    state.apply_action("counter 2818", "german")
    assert logged_column(state, "9.5.4") == column


def test_9_1_5_bombardment_prompt_shows_the_column_and_known_modifiers() -> None:
    """9.1.5, 9.7.2: the allotted factors' Bombardment Table column and the modifiers the
    bombarding side may know (the target stack's points stay hidden, 8.1.5)."""
    state = cleared()
    place(state, "F18-A", "2720")
    place(state, "F3-A", "2820")
    place(state, "G12-1", "2818")
    set_mode(state, "F18", "offensive")
    set_mode(state, "F3", "offensive")
    at_phase(state, "bombardment", "allied")
    state.apply_action("bombard 2818", "allied")
    fire = state.observation("allied")["prompt"]["fire"]
    assert fire["odds"].startswith("no factors allotted yet") and fire["target"] == "2818"
    state.apply_action("add F18-A 4", "allied")
    state.apply_action("add F3-A 4", "allied")
    fire = state.observation("allied")["prompt"]["fire"]
    assert fire["firers"] == ["F18-A", "F3-A"] and fire["strength"] == 8
    assert fire["odds"].startswith("column B") and "+1 (corps coordination +1)" in fire["odds"]
    assert "11 or more stacking points" in fire["odds"]
    column = fire["odds"].split(" ")[1][1:]
    state.apply_action("fire", "allied")
    assert logged_column(state, "9.1.5") == f"B{column}"


def test_9_4_2_the_attack_targets_kept_equal_fresh_ones() -> None:
    """9.4.2: ``attack_targets`` (kept while the stacks and what may_attack reads stay as they
    were) equals the targets read afresh, for both sides after every action of random games
    (in the last only every few actions), and in a clone."""
    from greatwar.games.marne1914.combat import _attack_targets, attack_targets

    checked = found = 0
    for seed, state in random_play(range(3)):
        if state.phase == "combat" and (seed < 2 or len(state.history()) % 4 == 0):
            for side in ("allied", "german"):
                fresh = _attack_targets(state, side)
                assert attack_targets(state, side) == fresh
                assert attack_targets(state, side) == fresh  # (the kept answer)
                assert attack_targets(state.clone(), side) == fresh
                checked += 1
                found += bool(fresh)
    assert checked > 500 and found > 100


def test_9_3_the_firers_kept_equal_fresh_ones() -> None:
    """9.3.1-9.3.3: ``firers`` (kept while the attack, the stacks and what it reads stay as
    they were) equals the firers read afresh after every action of random games during an
    attack (in the last only every few actions), and in a clone."""
    from greatwar.games.marne1914.combat import _firers

    checked = 0
    for seed, state in random_play(range(3)):
        combat = state.combat
        if combat is not None and (seed < 2 or len(state.history()) % 3 == 0):
            fresh = _firers(state, combat)
            assert firers(state) == fresh
            assert firers(state) == fresh  # (the kept answer)
            copy = state.clone()
            assert copy.combat is not None and firers(copy) == fresh
            checked += 1
    assert checked > 150
