"""Rulebook chapter 10, fire: targets, odds by terrain, a die per defender, close assault and
advance after combat (10.1-10.12)."""

from __future__ import annotations

from typing import Any

import pytest

from greatwar.core import IllegalAction
from greatwar.games.fbsm.fire import odds
from greatwar.games.fbsm.state import DEAD, FbsmState
from tests.fbsm.positions import (
    dice_left,
    hex_index,
    ids_in,
    legal,
    log_texts,
    play,
    position,
    rigged,
    unit,
    where,
    with_blocking,
)

FAR_US = {"U40": "4020"}
FAR_GERMAN = {"G100": "1042"}


def us_fire(units: dict[str, str], **kw: Any) -> FbsmState:
    return position({**FAR_GERMAN, **units}, phase="VI", prompt="fire", side="us", **kw)


def german_fire(units: dict[str, str], **kw: Any) -> FbsmState:
    return position({**FAR_US, **units}, phase="VII", prompt="fire", side="german", **kw)


def targets(state: FbsmState) -> set[str]:
    return {a.split()[1] for a in legal(state) if a.startswith("fire ")}


def test_10_1_units_fire_at_enemy_units_within_range() -> None:
    state = us_fire({"U01": "2035", "G001": "2036", "G002": "2039", "G003": "2040"})
    assert targets(state) == {"2036", "2039"}  # 2040 is 5 hexes away (range 4)


def test_10_2_each_unit_fires_at_most_once_per_fire_phase() -> None:
    state = us_fire({"U01": "2035", "G001": "2036", "U02": "2037", "G002": "2038"})
    play(state, "fire 2036", "add U01", "resolve")  # adjacent, 6:1 in clear: automatic
    play(state, "done", "fire 2038")
    assert legal(state) == ["add U02", "cancel"]
    with pytest.raises(IllegalAction, match=r"U01 has already fired this phase \(10\.2\)"):
        state.apply_action("add U01")


def test_10_2_the_target_hex_must_hold_an_enemy_unit() -> None:
    state = us_fire({"U01": "2035", "U02": "2036", "G001": "2037"})
    for hex_id in ("2036", "2135"):
        with pytest.raises(IllegalAction, match=rf"{hex_id} holds no enemy unit \(10\.2\)"):
            state.apply_action(f"fire {hex_id}")


def test_10_2_no_unit_is_ever_forced_to_fire() -> None:
    state = us_fire({"U01": "2035", "G001": "2036"})
    assert "end" in legal(state)
    play(state, "fire 2036")
    assert "cancel" in legal(state) and "resolve" not in legal(state)
    play(state, "cancel")
    assert targets(state) == {"2036"} and unit(state, "U01") not in state.done


def test_10_2_each_unit_in_the_target_hex_has_its_own_die_roll() -> None:
    state = us_fire({"U01": "2034", "G001": "2036", "G002": "2036", "G003": "2036"})
    rigged(state, [1, 4, 3])  # 3 factors into clear at range 2: 3:1
    play(state, "fire 2036", "add U01", "resolve")
    assert ids_in(state, "2036") == ["G002"]
    assert dice_left(state) == []


def test_10_3_odds_are_fire_over_the_target_hex_defence_rounded_down() -> None:
    state = us_fire({"U01": "2616", "U02": "2416", "G001": "2516"})  # 2516: wooded hills
    play(state, "fire 2516", "add U01", "add U02")
    prompt = state.observation("us")["prompt"]["fire"]
    assert state.c.board.terrain[hex_index(state, "2516")].name == "wooded_hills"
    assert (prompt["strength"], prompt["defense"], prompt["odds"]) == (12, 4, "3:1")
    assert odds(state, [unit(state, "U01")], hex_index(state, "2516")) == (6, 4, 1)


def test_10_3_the_defenders_own_fire_factors_do_not_matter() -> None:
    weak = us_fire({"U01": "2034", "G001": "2036"})
    strong = us_fire({"U01": "2034", "G004": "2036"})
    firers = [unit(weak, "U01")]
    assert odds(weak, firers, hex_index(weak, "2036")) == odds(
        strong, firers, hex_index(strong, "2036")
    )


def test_10_4_every_unit_of_a_group_must_have_the_target_in_range() -> None:
    state = us_fire({"U01": "2035", "U02": "2030", "U03": "2037", "G001": "2038"})
    play(state, "fire 2038")
    assert legal(state) == ["add U01", "add U03", "cancel"]
    with pytest.raises(IllegalAction, match=r"U02 is out of range.*\(10\.6-10\.9\)"):
        state.apply_action("add U02")
    play(state, "add U01", "add U03")
    assert state.observation("us")["prompt"]["fire"]["strength"] == 3 + 6  # U03 adjacent


def test_10_5_a_target_hex_is_fired_into_only_once_per_phase() -> None:
    state = us_fire({"U01": "2034", "U02": "2037", "G001": "2036", "G002": "2036"})
    rigged(state, [6, 6])
    play(state, "fire 2036", "add U01", "resolve")
    assert ids_in(state, "2036") == ["G001", "G002"]
    assert "fire 2036" not in legal(state)
    with pytest.raises(IllegalAction, match=r"already been fired into this phase \(10\.5\)"):
        state.apply_action("fire 2036")


def test_10_6_a_unit_fires_out_to_but_not_beyond_its_range() -> None:
    state = us_fire({"U01": "2035", "G001": "2039", "G002": "2040"})
    assert targets(state) == {"2039"}
    heavy = us_fire({"H1": "2142", "G001": "2133", "G002": "2132", "G003": "2131"})
    assert targets(heavy) == {"2133", "2132"}  # heavy weapons: range 10


def test_10_7_an_adjacent_hex_can_always_be_fired_into() -> None:
    state = us_fire({"U01": "2717", "G001": "2618"})  # wooded hills
    assert targets(state) == {"2618"}


def test_10_7_terrain_of_the_firing_and_target_hexes_never_blocks() -> None:
    state = us_fire({"U01": "2618", "G001": "2816"})  # woods to woods, across 2717 and 2716
    assert targets(state) == {"2816"}


@pytest.mark.parametrize(
    ("terrain", "blocks"),
    [
        ("town", True),
        ("wooded_hills", True),
        ("prepared_position", True),
        ("railroad", True),
        ("hill_231", True),
        ("clear", False),
        ("surmelin", False),
        ("riverbank", False),
    ],
)
def test_10_8_blocking_terrain(terrain: str, blocks: bool) -> None:
    state = position({})
    grid, board = state.c.board.grid, state.c.board
    middle = next(
        h
        for h in grid
        if board.terrain[h].name == terrain
        and grid.neighbor(h, "N") is not None
        and grid.neighbor(h, "S") is not None
    )
    north, south = grid.neighbor(middle, "N"), grid.neighbor(middle, "S")
    assert north is not None and south is not None  # a straight line through middle's centre
    assert board.lof.visible(north, south) is not blocks


def test_10_8_units_do_not_block_a_line_of_fire() -> None:
    state = us_fire({"U01": "2035", "G001": "2036", "U02": "2037", "G002": "2038"})
    assert targets(state) == {"2036", "2038"}


def test_10_9_a_line_along_a_hexside_is_blocked_only_if_both_hexes_block() -> None:
    units = {"U01": "2821", "G001": "3021"}  # the line runs along the 2920/2921 hexside
    half = us_fire(units)
    with_blocking(half, blocking=["2920"], clear=["2921"])
    assert targets(half) == {"3021"}
    full = us_fire(units)
    with_blocking(full, blocking=["2920", "2921"])
    assert targets(full) == set()


def test_10_10_odds_below_1_to_1_have_no_effect() -> None:
    state = rigged(german_fire({"U01": "2232", "G001": "2234"}), [])  # 1 into railroad: 0:1
    play(state, "fire 2232", "add G001", "resolve")
    assert ids_in(state, "2232") == ["U01"]
    assert log_texts(state, "10.10")[0].endswith("odds below 1:1, no effect")


def test_10_10_odds_of_6_to_1_or_more_eliminate_automatically() -> None:
    state = rigged(us_fire({"H1": "2034", "G001": "2036", "G002": "2036"}), [])
    play(state, "fire 2036", "add H1", "resolve")  # 6 into clear at range 2
    assert ids_in(state, "2036") == []
    assert state.where[unit(state, "G001")] == DEAD == state.where[unit(state, "G002")]


@pytest.mark.parametrize(
    ("firer", "ratio"), [("G001", 1), ("G002", 2), ("G003", 3), ("G046", 4), ("G016", 5)]
)
def test_10_10_at_n_to_1_a_roll_of_n_or_less_eliminates(firer: str, ratio: int) -> None:
    for roll, survives in ((ratio, False), (ratio + 1, True)):
        state = german_fire({"U01": "2036", firer: "2034"})
        assert state.counter(unit(state, firer)).fire == ratio
        play(rigged(state, [roll]), "fire 2036", f"add {firer}", "resolve")
        assert (where(state, "U01") == "2036") is survives
        assert where(state, firer) == "2034"  # firing units are never affected


def test_10_11_close_assault_doubles_fire() -> None:
    state = us_fire({"U01": "2035", "U02": "2034", "H1": "2136", "G001": "2036"})
    target = hex_index(state, "2036")
    assert odds(state, [unit(state, "U01")], target) == (6, 1, 6)
    assert odds(state, [unit(state, "U02")], target) == (3, 1, 3)
    assert odds(state, [unit(state, "H1")], target) == (12, 1, 12)  # heavy weapons too
    assert odds(state, [unit(state, u) for u in ("U01", "U02")], target) == (9, 1, 9)


def test_10_11_close_assault_doubles_fire_after_the_rally_bonus() -> None:
    state = us_fire({"U01": "2035", "G001": "2036"}, event="us_rally")
    assert odds(state, [unit(state, "U01")], hex_index(state, "2036")) == (8, 1, 8)


def test_10_12_close_assaulting_infantry_may_advance_into_the_emptied_hex() -> None:
    state = us_fire({"U01": "2035", "U02": "2034", "G001": "2036"})
    play(state, "fire 2036", "add U01", "add U02", "resolve")
    assert state.stack[-1]["p"] == "advance"
    assert legal(state) == ["advance U01", "done"]  # U02 fired from two hexes away
    play(state, "advance U01")
    assert where(state, "U01") == "2036" and state.stack[-1]["p"] == "fire"


def test_10_12_advance_is_optional_and_decided_before_the_next_attack() -> None:
    state = us_fire({"U01": "2035", "G001": "2036", "U02": "2037", "G002": "2038"})
    play(state, "fire 2036", "add U01", "resolve")
    with pytest.raises(IllegalAction, match=r"advance after combat, or stop \(10\.12\)"):
        state.apply_action("fire 2038")
    play(state, "done", "fire 2038")
    assert where(state, "U01") == "2035"


def test_10_12_no_advance_unless_every_defender_is_eliminated() -> None:
    units = {"U01": "2717", "G001": "2618", "G002": "2618"}  # 6 into woods (defence 4): 1:1
    survivor = rigged(us_fire(units), [1, 6])
    play(survivor, "fire 2618", "add U01", "resolve")
    assert ids_in(survivor, "2618") == ["G002"]
    assert survivor.stack[-1]["p"] == "fire"  # no advance offered
    emptied = rigged(us_fire(units), [1, 1])
    play(emptied, "fire 2618", "add U01", "resolve")
    assert emptied.stack[-1]["p"] == "advance"


def test_10_12_heavy_weapons_never_advance() -> None:
    state = us_fire({"U01": "2035", "H1": "2037", "G001": "2036"})
    play(state, "fire 2036", "add U01", "add H1", "resolve")
    assert legal(state) == ["advance U01", "done"]


def test_10_12_advance_observes_the_stacking_limit() -> None:
    attackers = {"G004": "2035", "G007": "2037", "G046": "2136", "G049": "2135"}
    state = german_fire({"U01": "2036", **attackers})
    play(state, "fire 2036", *(f"add {u}" for u in attackers), "resolve")
    play(state, "advance G004", "advance G007", "advance G046")
    assert legal(state) == ["done"]  # 6 + 6 + 4 = 16: G049 (4) no longer fits
    assert ids_in(state, "2036") == ["G004", "G007", "G046"]


def test_10_12_us_infantry_never_advances_into_a_riverbank_hex() -> None:
    state = rigged(us_fire({"U01": "2631", "G001": "2632"}), [1])
    play(state, "fire 2632", "add U01", "resolve")  # 6 into riverbank (defence 2): 3:1
    assert ids_in(state, "2632") == [] and state.stack[-1]["p"] == "advance"
    assert legal(state) == ["done"]  # 9.8


@pytest.mark.parametrize(
    ("units", "firer", "target"),
    [
        ({"U01": "2232", "U02": "2232", "G001": "2234"}, "G001", "2232"),  # 0:1, no roll
        ({"H1": "2034", "G001": "2036", "G002": "2036"}, "H1", "2036"),  # 6:1, automatic
    ],
)
def test_10_10_fire_without_a_roll_still_reveals_the_stack_and_cannot_be_undone(
    units: dict[str, str], firer: str, target: str
) -> None:
    side = "german" if firer.startswith("G") else "us"
    state = german_fire(units) if side == "german" else us_fire(units)
    play(rigged(state, []), f"fire {target}", f"add {firer}")
    assert state.can_undo(side)  # choosing the firers reveals nothing yet
    play(state, "resolve")  # 6.5: every unit of the target stack is named in the log
    assert not state.can_undo(side)


def test_10_2_10_5_10_7_11_2_memoised_reach_matches_can_fire_at() -> None:
    """Targets (10.2, 10.5-10.7) and spotted hexes (11.2) come from a memo on the position;
    at every step of a random game they equal the rule's own test, unit by unit."""
    from greatwar.ai.random_player import RandomPlayer
    from greatwar.core.registry import load_game

    state = load_game("fbsm").new_initial_state(2)
    assert isinstance(state, FbsmState)
    player = RandomPlayer(2)
    found = 0  # positions where some hex was in reach: the test saw real fire
    for step in range(700):
        if state.is_terminal():
            break
        for side in ("us", "german") if step % 5 == 0 else ():
            for unfired in (False, True):
                units = [u for u in state.units_on_map(side) if not (unfired and u in state.done)]
                expected = sorted(
                    h
                    for h, stack in state.stacks.items()
                    if state.counter(stack[0]).side != side
                    and not (unfired and h in state.fired_into)
                    and any(state.can_fire_at(u, h) for u in units)
                )
                assert state.enemy_hexes_in_reach(side, unfired) == expected
                assert state.enemy_hexes_in_reach(side, unfired) == expected  # from the memo
                found += bool(expected)
        state.apply_action(player.choose(state, state.current_player()))
    assert found > 20
