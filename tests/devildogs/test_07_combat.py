"""7 and 8: line of sight, combat damage, target priority, step losses, the initiative track,
dual combats and the order of applying damage; 5.8 MG fire."""

from __future__ import annotations

import pytest

from greatwar.games.devildogs.fire import allocate, combat_fire, has_los, unit_cd
from greatwar.games.devildogs.state import DevilDogsState
from tests.devildogs.positions import blank, legal, place, play, run, sector, waiting


def hexes(state: DevilDogsState, *ids: str) -> list[int]:
    return [state.c.board.hex(h) for h in ids]


# --- 7.1 line of sight ----------------------------------------------------------------------


def test_7_1_clear_line_across_open_ground() -> None:
    state = blank("wheat")
    assert has_los(state, *hexes(state, "1112", "1116"))


def test_7_1_an_occupied_hex_blocks() -> None:
    state = blank("wheat")
    place(state, "461-1", "1114")
    assert not has_los(state, *hexes(state, "1112", "1116"))


def test_7_1_woods_block_but_adjacent_hexes_always_see() -> None:
    state = blank("wheat")
    assert not has_los(state, *hexes(state, "1212", "2012"))
    assert has_los(state, *hexes(state, "1312", "1412"))
    assert not has_los(state, *hexes(state, "1412", "1612"))


def test_7_1_slope_closer_to_the_firer_does_not_block() -> None:
    state = blank("hill142")
    crest, foot = hexes(state, "0510", "0515")
    assert state.c.board.slope[state.c.board.hex("0512")]
    assert has_los(state, crest, foot)  # the slope is 2 from the crest, 3 from the foot
    assert not has_los(state, foot, crest)  # seen from below it is nearer the target


# --- 7, 8.1 combat damage ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("unit", "cd"), [("5M-17", 1), ("5M-8MG", 2), ("2D-TM", 0), ("5M-HQ", 1), ("5M-37", 1)]
)
def test_7_combat_damage_by_unit_type(unit: str, cd: int) -> None:
    state = blank("hill142")
    assert unit_cd(state, place(state, unit, "0416")) == cd


def test_6_1_adjacent_to_the_enemy_adds_one_and_6_2_pinned_halves_after() -> None:
    state = blank("hill142")
    mg = place(state, "5M-8MG", "0514")
    place(state, "460-1", "0513")
    assert unit_cd(state, mg) == 3
    state.pinned.add(mg)
    assert unit_cd(state, mg) == 1  # (2 + 1) / 2, rounded down
    lone = place(state, "5M-17", "0418", pinned=True)
    assert unit_cd(state, lone) == 0


# --- 7.1, 8.2 target priority and damage per terrain -----------------------------------


def priority_position() -> tuple[DevilDogsState, list[int]]:
    state = blank("wheat")
    targets = [
        place(state, "5M-HQ", "1118"),  # urban (Lucy): cover
        place(state, "6M-HQ", "0916"),
        place(state, "6MG-15", "1016"),
        place(state, "5M-16", "1116"),
        place(state, "5M-20", "1017"),  # urban (Lucy): cover
    ]
    return state, targets


@pytest.mark.parametrize(
    ("cd", "hit"),
    [
        (1, ["5M-16"]),
        (2, ["5M-16", "6MG-15"]),
        (3, ["5M-16", "6MG-15", "6M-HQ"]),
        (4, ["5M-16", "6MG-15", "6M-HQ"]),  # the fourth CD cannot buy a step in cover
        (5, ["5M-16", "6MG-15", "6M-HQ", "5M-20"]),
        (9, ["5M-16", "6MG-15", "6M-HQ", "5M-20", "5M-HQ"]),  # one step per unit
    ],
)
def test_7_1_open_before_cover_infantry_heavy_weapons_hq(cd: int, hit: list[str]) -> None:
    state, targets = priority_position()
    allocate(state, "german", "k", targets, cd, "test")
    assert [c[0] for c in state.hits["k"]] == hit


def test_8_2_at_least_one_step_when_the_damage_buys_none() -> None:
    state = blank("wheat")
    target = place(state, "5M-20", "1017")
    allocate(state, "german", "k", [target], 1, "test")
    assert state.hits["k"] == [("5M-20",)]


def test_7_1_the_firing_player_chooses_within_a_class_he_cannot_fill() -> None:
    state = blank("wheat")
    targets = [place(state, "5M-16", "0916"), place(state, "5M-20", "1116")]
    allocate(state, "german", "k", targets, 1, "test")
    assert waiting(state) == ("pick", "german")
    assert legal(state) == ["hit 5M-16", "hit 5M-20"]
    play(state, "hit 5M-20")
    assert state.hits["k"] == [("5M-20",)]


# --- 7.2 steps ----------------------------------------------------------------------------------


def test_7_2_us_unit_falter_flip_falter_destroyed() -> None:
    state = blank("hill142")
    unit = place(state, "5M-17", "0416")
    seen = []
    for _ in range(3):
        state.inflict(unit, "7.2", "test")
        seen.append((state.has_falter(unit), state.is_reduced(unit)))
    assert seen == [(True, False), (False, True), (True, True)]
    state.inflict(unit, "7.2", "test")
    assert state.where[unit] < 0 and unit in state.dead_pool["us"]


def test_7_2_defensive_german_unit_flip_falter_destroyed() -> None:
    state = blank("hill142")
    unit = place(state, "460-1", "0408")
    state.inflict(unit, "7.2", "test")
    assert state.is_reduced(unit) and not state.has_falter(unit)
    state.inflict(unit, "7.2", "test")
    assert state.has_falter(unit)
    state.inflict(unit, "7.2", "test")
    assert unit in state.casualties


def test_7_2_each_step_moves_the_track_for_the_side_that_inflicted_it() -> None:
    state = blank("hill142")
    german = place(state, "460-1", "0408")
    us = place(state, "5M-17", "0416")
    state.track = 0
    state.inflict(german, "7.2", "test")
    state.inflict(german, "7.2", "test")
    state.inflict(us, "7.2", "test")
    assert state.track == 1
    state.track = 10
    state.inflict(us, "7.2", "test") or state.inflict(german, "7.2", "test")
    assert state.track == 9  # never beyond the ends of the track


# --- 5.9, 7, 7.3, 8.3 combat --------------------------------------------------------------


def combat_position() -> DevilDogsState:
    state = blank("hill142")
    place(state, "5M-17", "0514")
    place(state, "5M-49", "0615")
    place(state, "460-1", "0513")
    place(state, "460-2", "0612")
    return state


def test_7_combat_x_is_the_range_of_the_units_that_fight() -> None:
    state = combat_position()
    cd1, targets1 = combat_fire(state, "us", "A", "us", 1)
    cd2, targets2 = combat_fire(state, "us", "A", "us", 3)
    assert cd1 == 2 and len(targets1) == 1  # only 5M-17 is adjacent: 1 + 1
    assert cd2 == 3 and len(targets2) == 2  # 5M-49 reaches 460-2 at range 3


def test_7_2_combat_moves_the_track_by_the_difference_in_steps() -> None:
    state = combat_position()
    state.track = 0
    state.combats = [("us", 3)]
    state.chits["A"] = "us"
    run(state, ("combats", "A"))
    us_losses = sum(state.lost[u] for u in state.units_of("us"))
    german_losses = sum(state.lost[u] for u in state.units_of("german"))
    assert state.track == german_losses - us_losses


def test_7_3_dual_combat_the_active_players_first() -> None:
    state = combat_position()
    state.chits["A"] = "german"
    sector(state, "A", "US01", "GE01", chit="german")
    state.combats = [("us", 1), ("german", 2)]
    run(state, ("combats", "A"))
    starts = [e.text for e in state.log() if e.text.startswith("combat in sector")]
    assert starts == [
        "combat in sector A: COMBAT 2 of german",
        "combat in sector A: COMBAT 1 of us",
    ]


def test_8_3_the_reactive_players_damage_is_applied_first() -> None:
    state = combat_position()
    sector(state, "A", "US01", "GE01", chit="german")
    state.combats = [("german", 1)]
    run(state, ("combats", "A"))
    losses = [e.text for e in state.log() if "(combat," in e.text]
    assert "us fire" in losses[0] and "german fire" in losses[-1]


# --- 5.8 MG fire ---------------------------------------------------------------------------


def test_5_8_mg_fire_hits_only_what_a_friendly_unit_sees() -> None:
    state = blank("wheat")
    place(state, "5M-16", "1212")
    seen = place(state, "461-1", "1210")
    hidden = place(state, "461-2", "2012")  # beyond the wood
    state.chits["B"] = "stalemate"
    run(state, ("mg", "us", "B", 3))
    assert state.lost[seen] == 1 and state.lost[hidden] == 0


def test_5_8_an_mg_number_of_zero_fires_nothing() -> None:
    state = blank("wheat")
    place(state, "5M-16", "1212")
    seen = place(state, "461-1", "1210")
    run(state, ("mg", "us", "B", 0))
    assert state.lost[seen] == 0


def test_5_9_combat_follows_both_executions_only_when_a_combat_keyword_was_played() -> None:
    state = blank("army")
    place(state, "7I-A", "1509")
    place(state, "347-1", "1508")
    sector(state, "C", "US24", "GE09", chit="stalemate")  # no COMBAT in either reactive box
    run(state, ("execute", "german", "C"), ("execute", "us", "C"), ("combats", "C"))
    assert not any(e.text.startswith("combat in sector") for e in state.log())

    state = blank("army")
    place(state, "7I-A", "1509")
    place(state, "347-1", "1508")
    sector(state, "C", "US24", "GE30", chit="stalemate")  # GE30 Reactive: HOLD, COMBAT 1
    run(state, ("execute", "german", "C"), ("execute", "us", "C"), ("combats", "C"))
    texts = [e.text for e in state.log()]
    combat = next(i for i, t in enumerate(texts) if t.startswith("combat in sector C"))
    assert combat > max(i for i, t in enumerate(texts) if "executes its" in t)


def test_8_1_combat_is_simultaneous_a_destroyed_unit_still_fires() -> None:
    state = blank("army")
    doomed = place(state, "7I-A", "1509", lost=3)  # one step from destruction
    place(state, "7I-HQ", "1520")
    german = place(state, "347-1", "1508")
    sector(state, "C", "US19", "GE09", chit="us")
    state.combats = [("us", 1)]
    run(state, ("combats", "C"))
    assert state.where[doomed] < 0 and state.lost[german] == 1
