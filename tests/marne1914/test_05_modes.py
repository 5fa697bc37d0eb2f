"""5. Unit modes: what each allows, and the simultaneous face-down change (5.2)."""

from __future__ import annotations

from greatwar.games.marne1914.movement import destinations
from tests.marne1914.positions import (
    actions,
    at_phase,
    cleared,
    deployed,
    hx,
    place,
    random_play,
    set_mode,
)


def test_5_2_5_modes_are_chosen_face_down_and_hidden_from_the_enemy() -> None:
    """5.2, 5.2.3, 5.2.5: HQ counters face down."""
    state = deployed()
    state.apply_action("mode G2-HQ transfer", "german")
    allied = state.observation("allied")
    assert "transfer" not in str(allied["panels"][1])  # the enemy HQ panel
    assert all("G2-HQ transfer" not in e["text"] for e in allied["log"])
    state.apply_action("commit", "german")
    state.apply_action("commit", "allied")
    assert state.mode[state.unit("G2-HQ")] == "transfer"
    view = state.observation("allied")
    faces = [u for s in view["stacks"] for u in s["units"] if u["id"] == "G2-HQ"]
    assert faces and faces[0]["mode"] == "face down"
    own = [
        u for s in state.observation("german")["stacks"] for u in s["units"] if u["id"] == "G2-HQ"
    ]
    assert own[0]["mode"] == "transfer"


def test_5_2_1_any_mode_to_begin_the_game() -> None:
    state = deployed()
    set_mode(state, "F7", "regroup")
    assert "mode F7-HQ offensive" in actions(state, "allied")


def test_5_2_6_regroup_never_straight_to_offensive() -> None:
    state = deployed()
    state.turn = 2
    set_mode(state, "F7", "regroup")
    legal = actions(state, "allied")
    assert "mode F7-HQ offensive" not in legal
    assert "mode F7-HQ defensive" in legal and "mode F7-HQ transfer" in legal


def test_5_2_4_units_take_their_hq_mode() -> None:
    state = deployed()
    set_mode(state, "G2", "offensive")
    assert state.unit_mode(state.unit("G2-1")) == "offensive"
    assert state.unit_mode(state.unit("G2-A")) == "offensive"


def test_5_1_2_and_5_1_4_half_movement_allowance() -> None:
    state = cleared()
    unit = place(state, "F18-1", "2818")
    for mode, allowance in (("offensive", 4), ("defensive", 2), ("regroup", 2), ("transfer", 4)):
        set_mode(state, "F18", mode)
        assert state.allowance(unit) == allowance


def test_5_1_3_transfer_mode_uses_roads_and_leaves_zoc_without_the_extra_cost() -> None:
    state = cleared()
    unit = place(state, "F18-1", "2818")
    at_phase(state, "movement", "allied")
    set_mode(state, "F18", "offensive")
    normal = destinations(state, unit)
    set_mode(state, "F18", "transfer")
    by_road = destinations(state, unit)
    assert len(by_road) > len(normal)  # 7.1.2.2 road at 1/2 MP
    place(state, "G12-1", "2918")  # the unit starts in an enemy ZOC (2818 is next to 2918)
    zoc_transfer = destinations(state, unit)
    set_mode(state, "F18", "offensive")
    zoc_offensive = destinations(state, unit)
    assert hx(state, "2719") in zoc_transfer and hx(state, "2719") in zoc_offensive
    assert zoc_offensive[hx(state, "2719")] == 3.0  # 1 MP + 2 to leave the ZOC (7.1.3.1)
    assert zoc_transfer[hx(state, "2719")] == 1.0


def test_5_1_1_offensive_units_may_attack_and_regroup_units_may_not() -> None:
    from greatwar.games.marne1914.combat import may_attack

    state = cleared()
    unit = place(state, "F18-1", "2818")
    place(state, "G12-1", "2918")
    set_mode(state, "F18", "offensive")
    assert may_attack(state, unit, hx(state, "2918"))
    for mode in ("regroup", "transfer"):
        set_mode(state, "F18", mode)
        assert not may_attack(state, unit, hx(state, "2918"))


def test_5_1_2_defensive_units_attack_only_from_reserve_or_engaged() -> None:
    from greatwar.games.marne1914.combat import may_attack

    state = cleared()
    unit = place(state, "F18-1", "2818")
    place(state, "G12-1", "2918")
    set_mode(state, "F18", "defensive")
    target = hx(state, "2918")
    assert not may_attack(state, unit, target)
    state.reserve.add(unit)
    assert may_attack(state, unit, target)
    state.reserve.clear()
    state.engaged.add(frozenset((hx(state, "2818"), target)))
    assert may_attack(state, unit, target)


def test_11_2_3_an_hq_out_of_supply_may_not_be_offensive_and_must_leave_it() -> None:
    state = deployed()
    state.turn = 2
    hq = state.unit("F7-HQ")
    state.oos.add(hq)
    set_mode(state, "F7", "offensive")
    legal = actions(state, "allied")
    assert "commit" not in legal  # 5.1.1: changes at the first opportunity
    assert "mode F7-HQ offensive" not in legal
    state.apply_action("mode F7-HQ defensive", "allied")
    assert "commit" in actions(state, "allied")


def test_5_2_2_modes_change_only_in_the_mode_alteration_phase() -> None:
    state = cleared()
    place(state, "F18-HQ", "2818")
    at_phase(state, "movement", "allied")
    assert not any(a.startswith("mode") for a in actions(state, "allied"))


def test_5_2_the_modes_offer_kept_at_its_prompt_equals_a_fresh_one() -> None:
    """The modes prompt reads again only the HQs whose face-down choice changed since its last
    offer (``ModesMemo``): after every action of random games it offers what a clone, which
    reads every HQ afresh, offers."""
    checked = 0
    for _, state in random_play(range(3)):
        frame = state.stack[-1] if state.stack else None
        if frame is not None and frame["p"] == "modes":
            prompt = state.prompts["modes"]
            for side in prompt.sides(state, frame):
                copy = state.clone()
                fresh = prompt.offer(copy, copy.stack[-1], side)
                assert prompt.offer(state, frame, side) == fresh
                checked += 1
    assert checked > 300
