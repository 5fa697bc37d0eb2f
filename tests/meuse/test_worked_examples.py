"""Every worked example of the exclusive rules and of the standard-rules digest, as a test."""

from __future__ import annotations

from greatwar.games.meuse.bombardment import modifier, near_allied
from greatwar.games.meuse.combat import column, line_for, result
from tests.meuse.positions import (
    attack,
    hex_index,
    ids_in,
    legal,
    new_state,
    play,
    position,
    rigged,
    scripted_setup,
    unit,
    where,
)


def test_17_1_example_turn_one_track_reads_8_4() -> None:
    """17.1: "8/4": eight Allied markers for his turn, four German for his."""
    state = scripted_setup(new_state(4))
    assert state.turn == 1 and state.markers == {"allied": 8, "german": 4}
    assert "artillery track: 8 Allied and 4 German bombardment markers" in [
        e.text for e in state.log() if e.rule == "17.1"
    ]


def test_17_4_example_town_and_woods_take_the_highest_plus_two() -> None:
    """Modifiers note: a target hex with a town and woods takes +2, not +3."""
    state = position({"g15": "0519", "us3": "0520", "us5": "0619"})
    vienne = hex_index(state, "0519")
    assert {"town", "woods"} <= state.c.board.terrain[vienne]
    assert modifier(state, "allied", vienne, unit(state, "g15")) == 2
    state = position({"us3": "0519", "g15": "0518"})
    assert modifier(state, "german", vienne, unit(state, "us3")) == 2 + 1  # German +1


def test_17_3_example_three_hexes_counting_the_target_not_the_allied_hex() -> None:
    """17.3: within three hexes of an Allied unit, its own hex not counted."""
    state = position({"us3": "1708"})
    assert near_allied(state, hex_index(state, "1705"))  # 1706, 1705: ... three steps
    assert not near_allied(state, hex_index(state, "1704"))


def test_13_1_example_a_three_step_division_takes_three_steps() -> None:
    """13.1: full strength is three steps, the depleted side two; the brigade the third."""
    state = position({"us33": "1722"})
    us33 = unit(state, "us33")
    state.lose_step(us33, "7.6", "first step")
    assert state.is_depleted(us33)
    state.lose_step(us33, "7.6", "second step")
    assert ids_in(state, "1722") == ["bde1"]
    state.lose_step(unit(state, "bde1"), "7.6", "third step")
    assert ids_in(state, "1722") == []


def test_13_2_example_full_three_brigades_depleted_two() -> None:
    """13.2: a full-strength division becomes three brigade chits, a depleted one two."""
    state = position(
        {"us79": "1722", "us4": "1622"}, phase=("allied", "movement"), turn=3, depleted=["us4"]
    )
    play(state, "breakdown us79", "breakdown us4")
    assert len(ids_in(state, "1722")) == 3 and len(ids_in(state, "1622")) == 2


def test_11_3_example_a_three_step_division_needs_two_replacements() -> None:
    """11.3: one replacement brings it back depleted, another restores it to full strength."""
    from greatwar.games.meuse.state import ELIMINATED

    state = position({}, phase=("allied", "movement"), turn=3)
    state.where[unit(state, "us32")] = ELIMINATED
    play(state, "return us32", "arrive 1024", "end")
    assert state.is_depleted(unit(state, "us32"))
    state.stack.clear()
    state.phase_starts["movement"](state, "allied")  # the next Allied movement phase
    play(state, "rebuild us32")
    assert not state.is_depleted(unit(state, "us32"))


def test_18_1_example_the_lost_battalion_line_whatever_the_differential() -> None:
    """18.1: the attack uses the Woods (Lost Battalion) line regardless of the differential."""
    state = position({"g15": "1107"})
    woods = hex_index(state, "1107")
    assert line_for(state, woods, [], lost_battalion=True) == "fortress"
    assert column(state, "fortress", 30) == 8 and column(state, "stellung", 30) == 10


def test_18_2_example_d3_retreats_only_one_hex() -> None:
    """18.2: a D3 downgraded to D1: one hex instead of three."""
    state = position({"us3": "1706", "us92": "1605", "g15": "1705"})
    rigged(state, [1])
    attack(state, "1705", "us3", "us92")  # 15 - 8 = +7: column 10, a 1 is D3
    play(state, "downgrade")
    if state.stack[-1]["p"] == "retreat":
        play(state, legal(state)[0])
    grid = state.c.board.grid
    assert grid.distance(hex_index(state, where(state, "g15") or ""), grid.index("1705")) == 1


def test_14_2_example_fortress_hexes_cannot_be_breached() -> None:
    """14.2 note: fortress hexes such as Sedan cannot be breached."""
    state = position({"us3": "0703", "g15": "0702"}, phase=("allied", "bombardment"), turn=1)
    rigged(state, [1, 1])
    play(state, "gas", "aircraft 0702", "bombard g15", "bombard g15", "fire")
    assert hex_index(state, "0702") not in state.breached  # 1 + 3 - 1 - 1 = 2: hits instead


def test_digest_7_4_example_more_defensive_lines_land_on_worse_columns() -> None:
    """Digest 7.4: the same differential lands on a worse column on a more defensive line."""
    state = position({})
    columns = [column(state, line, 4) for line in state.c.tables["crt"]["line_order"]]
    assert columns == [5, 6, 7, 8, 9]  # fortress ... clear, left to right


def test_digest_11_2_example_with_right_alignment_column_12_is_plus_ten() -> None:
    """Digest 11.2 (the right-aligned reading): +10 is always the last column."""
    state = position({}, crt_alignment="right")
    assert {column(state, line, 10) for line in state.c.tables["crt"]["line_order"]} == {12}


def test_digest_7_6_example_codes_of_the_crt() -> None:
    """Digest 7.6 and components C.3: the twelve columns read by die roll."""
    state = position({})
    assert [result(state, 1, r) for r in range(1, 7)] == ["(A)"] * 4 + ["Ae"] * 2
    assert [result(state, 12, r) for r in range(1, 7)] == ["De", "De", "D3", "D2", "D2", "Ex"]
    assert result(state, 8, 6) == "A1"  # the only A1 of the table


def test_digest_7_8_example_german_choices_on_a_d2() -> None:
    """Digest 7.8 with MA 18.2: keep the D2, downgrade to D1, or stiff resistance on the D2."""
    state = position({"us3": "1706", "g15": "1705"})
    rigged(state, [1])
    attack(state, "1705", "us3")
    assert legal(state) == ["retreat", "downgrade", "stiff 1"]


def test_digest_7_6_example_exchange_takes_defender_step_first() -> None:
    """Digest 7.6: Ex: the defender loses a step, then the attacker loses one."""
    state = position({"us3": "1706", "g13L": "1705"})
    rigged(state, [4])
    attack(state, "1705", "us3")  # +6: column 10, a 4 is Ex
    texts = [e.text for e in state.log() if e.rule == "7.6"][-2:]
    assert texts[0].startswith("g13L") and texts[1].startswith("us3")
