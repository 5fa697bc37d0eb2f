"""Every worked example and numbered instance the rulebook gives, as a test."""

from __future__ import annotations

from tests.devildogs.positions import blank, new_state, place, play, run, sector, top


def test_5_1_full_battlefield_sectors_a_to_d_give_a_hand_of_five() -> None:
    # 5.1: "In full battlefield scenarios involving Sectors A-D this will mean a hand size of 5."
    state = new_state("campaign")
    assert state.sc.sectors == ("A", "B", "C", "D")
    assert len(state.hands["us"]) == len(state.hands["german"]) == 5


def test_5_5_mortar_fire_may_land_six_hexes_away() -> None:
    # 5.5: "Deviation may allow the attack to land 1 or 6 spaces away from the firing unit,
    # this is legal and is resolved normally."
    state = blank("wheat")
    place(state, "2D-TM", "1220")
    far = place(state, "461-1", "1214")
    top(state, "us", 1)  # north
    run(state, ("mortars", "us"))
    play(state, "fire 2D-TM 1215")
    assert state.c.board.grid.distance(state.c.board.hex("1220"), state.where[far]) == 6
    assert far in state.pinned


def test_5_5_mortar_fire_may_land_next_to_the_mortar() -> None:
    state = blank("wheat")
    place(state, "2D-TM", "1220")
    near = place(state, "5M-16", "1219")
    top(state, "us", 4)  # south, back towards the mortar
    run(state, ("mortars", "us"))
    play(state, "fire 2D-TM 1218")
    assert near in state.pinned  # friend or foe (5.5)


def test_9_barrage_moves_the_track_at_most_five_spaces() -> None:
    # 9 BARRAGE: "If one to four steps are lost the marker is shifted that many spaces, but if
    # five or more steps are lost, the marker is only shifted five spaces."
    state = blank("wheat")
    for unit, h in (("461-1", "1214"), ("461-2", "1213"), ("461-3", "1215"), ("461-4", "1114"),
                    ("461-5", "1115"), ("461-6", "1314"), ("461-7", "1315")):  # fmt: skip
        place(state, unit, h)
    state.track = 0
    top(state, "us", None)
    run(state, ("keyword", "us", "B", "sausage_barrage", 0))
    play(state, "target 1214", "direction N")
    assert sum(state.lost) >= 6 and state.track == 5


def test_9_barrage_of_three_steps_moves_the_track_three_spaces() -> None:
    state = blank("wheat")
    for unit, h in (("461-1", "1214"), ("461-2", "1213"), ("461-3", "1215")):
        place(state, unit, h)
    state.track = 0
    top(state, "us", None)
    run(state, ("keyword", "us", "B", "sausage_barrage", 0))
    play(state, "target 1214", "direction S")
    assert state.track == 3


def test_8_2_us_units_four_damage_steps() -> None:
    # 8.2: "1. Full strength with a falter token, 2. Flip to reduced side, 3. Reduced side with
    # a Falter token, 4. Destroyed."
    state = blank()
    unit = place(state, "5M-17", "0416")
    place(state, "460-1", "0408")
    faces = []
    for _ in range(3):
        state.inflict(unit, "8.2", "test")
        faces.append((state.is_reduced(unit), state.has_falter(unit)))
    assert faces == [(False, True), (True, False), (True, True)]
    state.inflict(unit, "8.2", "test")
    assert state.where[unit] < 0 and unit in state.dead_pool["us"]


def test_8_2_french_units_three_damage_steps() -> None:
    # 8.2: "1. Flip to reduced side, 2. Reduced side with a falter token, 3. Destroyed."
    state = blank()
    unit = place(state, "FR-1", "0114")
    place(state, "460-1", "0408")
    state.inflict(unit, "8.2", "test")
    assert state.is_reduced(unit) and not state.has_falter(unit)
    state.inflict(unit, "8.2", "test")
    assert state.has_falter(unit)
    state.inflict(unit, "8.2", "test")
    assert state.where[unit] < 0


def test_7_2_equal_losses_leave_the_track_and_the_difference_moves_it() -> None:
    # 7.2: "If players apply equal step losses the Initiative track is unaffected. However,
    # if one player causes more step losses than his opponent, the difference is noted."
    state = blank()
    us, german = place(state, "5M-17", "0416"), place(state, "460-1", "0408")
    place(state, "460-2", "0708")
    state.track = 0
    state.inflict(us, "7.2", "test")
    state.inflict(german, "7.2", "test")
    assert state.track == 0
    state.inflict(german, "7.2", "test")
    assert state.track == 1


def test_5_3_2_stalemate_both_reactive_non_battlefield_player_first() -> None:
    # 5.3.2: "Both players are REACTIVE players in this sector ... The player who does not
    # have Battlefield Initiative acts on his orders first."
    state = blank("army")
    place(state, "7I-A", "1512")
    place(state, "347-1", "1505")
    sector(state, "C", "US24", "GE09", chit="stalemate")
    state.battlefield = state.chooser = "us"
    run(state, ("activation",))
    play(state, "activate C")
    executions = [e.text for e in state.log() if "executes its" in e.text]
    assert executions == [
        "german executes its reactive order in sector C",
        "us executes its reactive order in sector C",
    ]
