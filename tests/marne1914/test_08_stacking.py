"""8. Stacking by stacking points and zones of control."""

from __future__ import annotations

from greatwar.games.marne1914.combat import may_attack
from greatwar.games.marne1914.data import OTHER, SIDES
from greatwar.games.marne1914.movement import destinations, end_of_phase_stacking
from greatwar.games.marne1914.state import HELD, IN_ZOC, SIDE_CODE, MarneState, move_flags
from tests.marne1914.positions import at_phase, cleared, hx, place, random_play, set_mode


def test_8_1_sixteen_points_in_offensive_mode_twelve_otherwise() -> None:
    """8.1, 7.1.5: friendly units do not block, stacking holds at the end."""
    state = cleared()
    for i in (1, 2, 3):
        place(state, f"F18-{i}", "2818")  # 12 SP of French brigades
    mover = place(state, "F18-4", "2719")
    set_mode(state, "F18", "defensive")
    assert not state.has_room(hx(state, "2818"), [mover])
    set_mode(state, "F18", "offensive")
    assert state.has_room(hx(state, "2818"), [mover])
    assert hx(state, "2818") in destinations(state, mover)


def test_8_1_3_over_stacked_units_are_disrupted_at_the_end_of_a_phase() -> None:
    state = cleared()
    units = [place(state, f"F18-{i}", "2818") for i in (1, 2, 3, 4)]
    set_mode(state, "F18", "offensive")
    end_of_phase_stacking(state)
    assert not state.disrupted
    set_mode(state, "F18", "defensive")  # 16 SP over the limit of 12
    end_of_phase_stacking(state)
    assert set(units) <= state.disrupted


def test_8_1_4_over_stacked_units_may_not_attack() -> None:
    state = cleared()
    units = [place(state, f"F18-{i}", "2818") for i in (1, 2, 3, 4)]
    place(state, "G12-1", "2918")
    set_mode(state, "F18", "offensive")
    assert may_attack(state, units[0], hx(state, "2918"))
    set_mode(state, "F18", "offensive")
    place(state, "F18-A", "2818")  # 18 SP
    assert not may_attack(state, units[0], hx(state, "2918"))


def test_8_1_5_enemy_stack_contents_are_never_shown() -> None:
    state = cleared()
    place(state, "F18-1", "2818")
    place(state, "F18-2", "2818")
    place(state, "F18-HQ", "2720")
    view = state.observation("german")
    stacks = {s["hex"]: s for s in view["stacks"]}
    assert stacks["2818"]["count"] == 2
    assert [u["id"] for u in stacks["2818"]["units"]] == ["hidden"]
    assert "F18-1" not in str(view)
    assert [u["id"] for u in stacks["2720"]["units"]] == ["F18-HQ"]  # 5.2.5 name face up
    assert stacks["2720"]["units"][0]["mode"] == "face down"


def test_8_2_1_3_zoc_to_zoc_only_from_the_start_of_the_move() -> None:
    state = cleared()
    unit = place(state, "F18-1", "2818")
    place(state, "G12-1", "2918")
    set_mode(state, "F18", "offensive")
    at_phase(state, "movement", "allied")
    reach = destinations(state, unit)
    assert hx(state, "2817") in reach  # from one enemy ZOC hex to another
    assert hx(state, "2917") not in reach  # but not on through it (8.2.1.2)


def test_8_2_1_1_every_unit_exerts_a_zoc_hqs_too() -> None:
    state = cleared()
    place(state, "G12-HQ", "2918")
    assert hx(state, "2818") in state.zoc("german")


def _zones_as_kept_equal_fresh(state: MarneState) -> None:
    """``holder``, ``zone_count`` and ``move_flags`` equal what ``side_at``, ``zoc`` and
    ``enemy_held`` give read afresh."""
    neighbors, side_at = state.c.neighbors, state.side_at
    assert state.holder == bytes(0 if s is None else SIDE_CODE[s] for s in side_at)
    for side in SIDES:
        counts = [sum(side_at[n] == side for n in row) for row in neighbors]
        assert list(state.zone_count[side]) == counts
        zoc, held = state._zoc(OTHER[side]), state._enemy_held(side)  # (not the kept sets)
        fresh = bytes(
            (HELD if h in held else 0) | (IN_ZOC if h in zoc else 0) for h in range(len(side_at))
        )
        assert move_flags(state, side) == fresh


def test_8_2_1_the_zones_kept_by_hex_equal_fresh_ones() -> None:
    """8.2.1, 7.1.3, 13.1: the hexes each side holds and how many held neighbours each hex
    has (``holder``, ``zone_count``, kept as stacks change), and the marks by hex read off
    them (``move_flags``), equal the zones and enemy-held hexes worked out afresh after every
    action of random games (one with every option), and in a clone."""
    checked = 0
    for seed, state in random_play(range(3), all_options_at=2):
        if seed < 2 or len(state.history()) % 4 == 0:
            _zones_as_kept_equal_fresh(state)
            _zones_as_kept_equal_fresh(state.clone())
            checked += 1
    assert checked > 2000
