"""The Fire & Movement standard rules as reconstructed (digest 5.x-9.x): movement, zones of
control, combat by differential, results, retreats, stiff resistance, advance, support fire
and supply. Tests are named by the digest's numbers; each proposed rule is tested with its
default and, where the digest asks (7.4, 7.8, 8.3), with an alternative."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from greatwar.games.meuse.combat import column, differential, line_for
from greatwar.games.meuse.movement import destinations, entry_cost
from greatwar.games.meuse.supply import in_supply
from tests.meuse.positions import (
    attack,
    hex_index,
    ids_in,
    legal,
    log_texts,
    play,
    position,
    prompt,
    rigged,
    unit,
    where,
    with_rules,
)

# --- 5. movement ------------------------------------------------------------------------


def dests(state, unit_id: str) -> set[str]:
    return {state.hex_id(h) for h in destinations(state, unit(state, unit_id))}


def test_5_1_a_unit_spends_its_movement_allowance_hex_by_hex() -> None:
    state = position({"us3": "1706"}, phase=("allied", "movement"))
    reached = dests(state, "us3")
    assert "1702" in reached  # four clear hexes north (MA 4)
    assert "1701" not in reached  # five
    assert "move us3" in legal(state)
    play(state, "move us3", "to 1702")
    assert where(state, "us3") == "1702"
    assert "move us3" not in legal(state)  # 5.1 each unit moves once per phase


def test_5_1_never_into_an_enemy_hex_but_through_friends() -> None:
    state = position({"us3": "1706", "us5": "1705", "g15": "1708"}, phase=("allied", "movement"))
    spent = {state.hex_id(h): mp for h, mp in destinations(state, unit(state, "us3")).items()}
    assert "1708" not in spent and "1705" not in spent  # enemy; friend (5.3 at the end)
    assert spent["1704"] == 2  # straight through the friendly 5th Division


def test_5_1_minimum_move_of_one_hex() -> None:
    # g53R (MA 2) from 0424 into the Argonne woods across the Aire: 2 + 1 = 3 MP.
    state = position({"g53R": "0424"}, phase=("german", "movement"), turn=3)
    assert entry_cost(state, "german", hex_index(state, "0424"), hex_index(state, "0524")) == 3
    assert "0524" in dests(state, "g53R")
    with_rules(state, minimum_move=False)
    assert "0524" not in dests(state, "g53R")


def test_5_2_terrain_and_hexside_costs() -> None:
    state = position({}, phase=("allied", "movement"))
    cost = lambda a, b, side="allied": entry_cost(  # noqa: E731
        state, side, hex_index(state, a), hex_index(state, b)
    )
    assert cost("1706", "1705") == 1  # clear
    assert cost("0908", "1008") == 2  # woods
    assert cost("1212", "1312") == 3  # town 1 + Meuse 2
    assert cost("1313", "1312") == 1  # 5.2 the bridge cancels the Meuse
    assert cost("0315", "0415") == 2  # clear 1 + river 1


def test_5_3_one_unit_per_hex_at_the_end_of_a_move() -> None:
    state = position({"us3": "1706", "us5": "1704"}, phase=("allied", "movement"))
    assert "1704" not in dests(state, "us3")
    with pytest.raises(IllegalAction, match="full"):
        play(state, "move us3", "to 1704")


# --- 6. zones of control ----------------------------------------------------------------


def test_6_1_entering_an_enemy_zoc_ends_the_move() -> None:
    state = position({"us3": "1708", "g15": "1705"}, phase=("allied", "movement"))
    reached = dests(state, "us3")
    assert "1706" in reached  # in the ZOC of 1705: it stops there
    assert "1704" not in reached and "1604" not in reached  # beyond it, past the ZOC


def test_6_1_no_first_step_from_one_enemy_zoc_hex_into_another() -> None:
    state = position({"us3": "1706", "g15": "1705"}, phase=("allied", "movement"))
    spent = {state.hex_id(h): mp for h, mp in destinations(state, unit(state, "us3")).items()}
    # 1805 and 1605 are in the ZOC of 1705 like 1706: not in one step, only by going round.
    assert spent["1805"] == 2 and spent["1605"] == 2
    assert spent["1806"] == spent["1606"] == spent["1707"] == 1
    with_rules(state, zoc_to_zoc=True)
    assert destinations(state, unit(state, "us3"))[hex_index(state, "1805")] == 1


def test_6_2_a_retreat_never_enters_an_enemy_zoc() -> None:
    # g15 in 1705 must retreat from us3 (1706); 1704 and 1604 lie in the ZOC of us5 (1703).
    state = position({"us3": "1706", "g15": "1705", "us5": "1703", "us28": "1906"})
    rigged(state, [1])
    attack(state, "1705", "us3")  # 9 - 8 = +1 on the clear line: column 7, a 1 is D2
    assert prompt(state) == "defender_choice"
    play(state, "retreat")
    ends = [a.split()[1] for a in legal(state)] if prompt(state) == "retreat" else []
    allied_zoc = {state.hex_id(h) for h in state.zoc("allied")}
    assert ends and allied_zoc.isdisjoint(ends)
    play(state, f"retreat {ends[0]}")
    assert where(state, "g15") not in allied_zoc


# --- 7. combat --------------------------------------------------------------------------


def test_7_1_attacks_on_adjacent_hexes_once_per_unit_and_hex() -> None:
    state = position({"us3": "1706", "us5": "1807", "g13L": "1705", "g15": "1505"})
    assert legal(state) == ["attack 1705", "end"]  # 1505 is not adjacent to an Allied unit
    play(state, "attack 1705")
    assert legal(state) == ["add us3", "cancel"]  # us5 in 1807 is not adjacent
    rigged(state, [4])
    play(state, "add us3", "declare")  # 9 - 3 = +6: column 10, a 4 is Ex
    assert "attack 1705" not in legal(state)


def test_7_3_differential_is_attack_minus_defense_with_support() -> None:
    state = position({"us3": "1706", "us5": "1605", "g15": "1705"}, support=True)
    play(state, "attack 1705", "add us3", "add us5", "declare", "support 2", "support 2")
    assert state.combat is not None and state.combat["attacker_support"] == (2, 2)
    play(state, "support 2")  # the German answers with one marker
    assert differential(state) == 9 + 9 + 4 - (8 + 2)


def test_7_4_terrain_line_of_the_defender_hex() -> None:
    state = position({"g15": "1107", "g13L": "0909", "g5G": "1705"})
    assert line_for(state, hex_index(state, "1107"), []) == "stellung"  # woods
    assert line_for(state, hex_index(state, "0909"), []) == "trench2"  # rise
    assert line_for(state, hex_index(state, "1705"), []) == "clear"


@pytest.mark.parametrize("rule, expected", [("all", "stellung"), ("any", "fortification")])
def test_7_4_a_river_line_counts_when_all_or_any_attackers_cross(rule: str, expected: str) -> None:
    # Dun-sur-Meuse (town): from 1212 across the Meuse, from 1313 over the bridge.
    state = position({"g15": "1312"}, river_line=rule)
    across, bridge = hex_index(state, "1212"), hex_index(state, "1313")
    target = hex_index(state, "1312")
    assert line_for(state, target, [across]) == "fortification"  # Meuse line beats town
    assert line_for(state, target, [bridge]) == "stellung"  # 7.4 a bridge: no river
    assert line_for(state, target, [across, bridge]) == expected


@pytest.mark.parametrize(
    "alignment, expected", [("left", (1, 6, 12, 8)), ("right", (1, 6, 12, 12))]
)
def test_7_4_columns_of_the_terrain_lines(alignment: str, expected: tuple[int, ...]) -> None:
    state = position({}, crt_alignment=alignment)
    found = (
        column(state, "clear", -9),  # below the first heading: the first column
        column(state, "clear", 0),
        column(state, "clear", 25),  # above +10: the last column
        column(state, "fortress", 10),
    )
    assert found == expected


def test_7_6_a_one_step_loss_for_the_attacker() -> None:
    state = position({"us92": "1706", "g1G": "1705"})
    rigged(state, [1])
    attack(state, "1705", "us92")  # 6 - 9 = -3: column 3, a 1 is A2
    assert where(state, "us92") is not None
    state = position({"us92": "1706", "g1G": "1705"})
    rigged(state, [4])
    attack(state, "1705", "us92")  # column 3, a 4 is (A)
    assert state.is_depleted(unit(state, "us92")) and where(state, "us92") == "1706"


def test_7_6_attacker_eliminated_on_ae() -> None:
    state = position({"us92": "1706", "g52R": "1705"})
    rigged(state, [5])
    attack(state, "1705", "us92")  # 6 - 11 = -5: column 1, a 5 is Ae
    assert where(state, "us92") is None


def test_7_6_exchange_defender_then_attacker_and_advance() -> None:
    state = position({"us3": "1706", "us5": "1605", "g13L": "1705"}, depleted=["g13L"])
    rigged(state, [6])
    attack(state, "1705", "us3", "us5")  # 18 - 2 = +16: column 12, a 6 is Ex
    assert where(state, "g13L") is None  # the depleted defender is eliminated
    assert prompt(state) == "step_loss"  # the attacker chooses which unit loses the step
    play(state, "lose us5")
    assert state.is_depleted(unit(state, "us5"))
    assert prompt(state) == "advance"  # 7.9 the hex is empty
    play(state, "advance us3")
    assert where(state, "us3") == "1705"


def test_7_6_de_eliminates_every_defender() -> None:
    state = position({"us3": "1706", "us5": "1605", "g13L": "1705"})
    rigged(state, [1])
    attack(state, "1705", "us3", "us5")  # +15: column 12, a 1 is De
    assert where(state, "g13L") is None and prompt(state) == "advance"


def test_7_7_attacker_retreat_away_from_the_defender() -> None:
    state = position({"us92": "1706", "g1G": "1705"})
    rigged(state, [1])
    attack(state, "1705", "us92")  # A2
    if prompt(state) == "retreat":
        play(state, legal(state)[0])
    grid = state.c.board.grid
    assert (
        grid.distance(hex_index(state, where(state, "us92") or ""), hex_index(state, "1705")) == 3
    )


def test_7_7_a_step_for_each_hex_not_retreated() -> None:
    # g15 in the map corner 0101: its only other neighbour 0201 is in the ZOC of us3 (0102).
    state = position({"us3": "0102", "g15": "0101"})
    rigged(state, [1])
    attack(state, "0101", "us3")  # 9 - 8 = +1: column 7, a 1 is D2
    play(state, "downgrade")  # 18.2: one hex, still none to go to
    assert "the retreat falls 1 hex(es) short: a step for each" in log_texts(state, "18.2")
    assert where(state, "g15") == "0101" and state.is_depleted(unit(state, "g15"))
    state = position({"us3": "0102", "g15": "0101"})
    rigged(state, [1])
    attack(state, "0101", "us3")
    play(state, "retreat")
    assert where(state, "g15") is None  # two hexes short: both steps


@pytest.mark.parametrize(
    "mode, offered",
    [
        ("any", ["retreat", "downgrade", "stiff 1"]),
        ("d1_only", ["retreat", "downgrade"]),
        ("per_hex", ["retreat", "downgrade", "stiff 1", "stiff 2"]),
        ("off", ["retreat", "downgrade"]),
    ],
)
def test_7_8_stiff_resistance_readings(mode: str, offered: list[str]) -> None:
    state = position({"us3": "1706", "g15": "1705"}, stiff_resistance=mode)
    rigged(state, [1])
    attack(state, "1705", "us3")  # D2
    assert legal(state) == offered


def test_7_8_stiff_resistance_holds_the_hex_for_a_step() -> None:
    state = position({"us3": "1706", "g15": "1705"})
    rigged(state, [1])
    attack(state, "1705", "us3")
    play(state, "stiff 1")
    assert where(state, "g15") == "1705" and state.is_depleted(unit(state, "g15"))
    assert prompt(state) == "combat"  # no advance after stiff resistance


def test_7_8_per_hex_stiff_resistance_retreats_the_rest() -> None:
    state = position({"us3": "1706", "g15": "1705"}, stiff_resistance="per_hex")
    rigged(state, [1])
    attack(state, "1705", "us3")
    play(state, "stiff 1")
    if prompt(state) == "retreat":
        play(state, legal(state)[0])
    assert state.is_depleted(unit(state, "g15")) and where(state, "g15") != "1705"


def test_7_9_advance_ignores_zoc_and_is_optional() -> None:
    state = position({"us3": "1706", "us5": "1605", "g13L": "1705", "g15": "1604"})
    rigged(state, [1])
    attack(state, "1705", "us3", "us5")  # De
    assert set(legal(state)) == {"advance us3", "advance us5", "done"}
    play(state, "advance us5")  # into the ZOC of g15: advance ignores it
    assert ids_in(state, "1705") == ["us5"] and prompt(state) == "combat"


# --- 8. support fire --------------------------------------------------------------------


@pytest.mark.parametrize("cap, markers", [(2, 2), (0, 4)])
def test_8_3_support_markers_per_side_per_combat(cap: int, markers: int) -> None:
    state = position({"us3": "1706", "g15": "1705"}, support=True, support_cap=cap)
    play(state, "attack 1705", "add us3", "declare")
    added = 0
    while prompt(state) == "support" and state.stack[-1]["side"] == "allied":
        options = [a for a in legal(state) if a.startswith("support")]
        if not options:
            break
        play(state, options[0])
        added += 1
    assert added == markers


def test_8_4_support_fire_bombardment_costs_a_step_and_no_retreat() -> None:
    state = position({"us3": "1706", "g15": "1705"}, support=True)
    assert "shell 1705" in legal(state)
    rigged(state, [1])
    play(state, "shell 1705", "support 2", "support 2", "resolve")  # 4 - 8 = -4: column 2
    # column 2, die 1: A3, an attacker result: no effect on the target.
    assert not state.is_depleted(unit(state, "g15"))
    state = position({"us3": "1706", "g13L": "1705"}, support=True, support_cap=0)
    rigged(state, [1])
    play(state, "shell 1705", "support 2", "support 2", "support 1", "support 1", "resolve")
    # 6 - 3 = +3: column 8, a 1 is D2: one step, never a retreat (16.0, 7.7.1)
    assert where(state, "g13L") == "1705" and state.is_depleted(unit(state, "g13L"))


# --- 9. supply ----------------------------------------------------------------------------


def test_9_1_supply_traced_to_a_friendly_edge() -> None:
    # us3 in 0102: its way out (0103, 0201) lies in the ZOC of g13L (0202), 0101 is a corner.
    state = position({"us3": "0102", "g13L": "0202", "us5": "1706"})
    assert in_supply(state, unit(state, "g13L"))  # the north edge at 0301
    assert in_supply(state, unit(state, "us5"))  # an open road to the south edge
    assert not in_supply(state, unit(state, "us3"))
    with_rules(state, supply=False)
    assert in_supply(state, unit(state, "us3"))


def test_9_3_out_of_supply_attacks_at_half_and_does_not_advance() -> None:
    state = position({"us3": "0102", "g13L": "0202"})
    rigged(state, [1])
    attack(state, "0202", "us3")  # 9 // 2 = 4; 4 - 3 = +1: column 7, a 1 is D2
    assert log_texts(state, "7.6")[-1].startswith("differential +1")
    play(state, "retreat")
    if prompt(state) == "retreat":
        play(state, legal(state)[0])
    assert where(state, "g13L") != "0202" and prompt(state) == "combat"  # no advance
