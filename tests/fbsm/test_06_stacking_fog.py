"""Rulebook chapter 6: stacking (6.1, 6.2), fog of war (6.5), one unit per hex in set-up (6.6)."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from greatwar.games.fbsm.state import DEAD, FbsmState
from tests.fbsm.positions import (
    hex_index,
    ids_in,
    legal,
    new_state,
    play,
    position,
    unit,
)

SIXES = ("G004", "G007", "G010", "G013")  # German fire factor 6
FOUR, FIVE, ONE = "G046", "G016", "G001"


def fire_one_units(state: FbsmState) -> list[str]:
    return [c.id for c in state.c.counters if c.side == "german" and c.fire == 1]


def corridor(mover: str, walls: list[str], gate: list[str], phase: str = "V") -> FbsmState:
    """``mover`` in 2136 with ``walls`` (enemy units) on five of its neighbours: the only way
    out is the gate hex 2137 to the north, holding the ``gate`` units."""
    walls_at = ["2037", "2036", "2135", "2236", "2237"]
    units = {mover: "2136", **dict(zip(walls, walls_at, strict=True))}
    units.update({u: "2137" for u in gate})
    side = "german" if mover.startswith("G") else "us"
    return position(units, phase=phase, prompt="movement", side=side)


BEYOND_GATE = {"2138", "2038", "2238"}  # neighbours of 2137 that 2136 does not touch


def test_6_1_a_hex_holds_up_to_16_infantry_fire_factors_per_side() -> None:
    state = position(
        {"U01": "4020", SIXES[0]: "2520", SIXES[1]: "2520", FOUR: "2521", FIVE: "2519"},
        prompt="movement",
        side="german",
    )
    play(state, f"move {FOUR}")
    assert "to 2520" in legal(state)  # 6 + 6 + 4 = 16
    play(state, "to 2520", f"move {FIVE}")
    assert "to 2520" not in legal(state)
    with pytest.raises(IllegalAction, match=r"overstacking \(6\.1, 6\.2\)"):
        state.apply_action("to 2520")
    assert ids_in(state, "2520") == [SIXES[0], SIXES[1], FOUR]


def test_6_1_any_number_of_counters_within_the_16_factors() -> None:
    state = new_state()
    ones = fire_one_units(state)[:17]
    units = {"U01": "4020", **{u: "2520" for u in ones[:15]}, ones[15]: "2521", ones[16]: "2519"}
    state = position(units, prompt="movement", side="german")
    play(state, f"move {ones[15]}", "to 2520", f"move {ones[16]}")
    assert "to 2520" not in legal(state)
    assert len(ids_in(state, "2520")) == 16


def test_6_1_one_heavy_weapons_emplacement_per_hex_and_no_infantry_with_it() -> None:
    state = position({"H1": "2520", "U01": "2521", "G001": "4030"}, phase="VIII")
    here = hex_index(state, "2520")
    assert not state.room(here, unit(state, "H2"))
    assert not state.room(here, unit(state, "U01"))
    assert not state.room(hex_index(state, "2521"), unit(state, "H2"))


def test_6_1_us_infantry_passes_through_a_heavy_weapons_emplacement_but_never_stops() -> None:
    state = corridor("U01", ["G001", "G002", "G003", "G005", "G006"], ["H1"], "VIII")
    play(state, "move U01")
    reached = {a.split()[1] for a in legal(state) if a.startswith("to ")}
    assert "2137" not in reached
    assert reached >= BEYOND_GATE
    with pytest.raises(IllegalAction, match=r"\(6\.1, 6\.2\)"):
        state.apply_action("to 2137")


def test_6_2_no_overstack_even_momentarily_while_moving() -> None:
    walls = ["U01", "U02", "U03", "U04", "U05"]
    full = [SIXES[0], SIXES[1], FOUR]
    state = corridor(ONE, walls, full)
    play(state, f"move {ONE}")
    assert legal(state) == ["stay"]  # the only way out would pass a 16-factor stack
    roomy = corridor(ONE, walls, [SIXES[0], SIXES[1]])
    play(roomy, f"move {ONE}")
    assert {a.split()[1] for a in legal(roomy) if a.startswith("to ")} >= BEYOND_GATE


def test_6_5_the_enemy_sees_only_the_top_unit_and_the_count_of_a_stack() -> None:
    state = position({"U01": "4020", "G001": "2520", "G002": "2520", "G003": "2520"})
    [us_view] = [s for s in state.observation("us")["stacks"] if s["hex"] == "2520"]
    assert us_view["count"] == 3
    assert [u["id"] for u in us_view["units"]] == ["G003"]  # the top unit
    [own] = [s for s in state.observation("german")["stacks"] if s["hex"] == "2520"]
    assert [u["id"] for u in own["units"]] == ["G001", "G002", "G003"]


def test_6_5_carnage_has_no_stacking_value_and_never_returns() -> None:
    state = position(
        {"U01": "2519", "U02": "2521", SIXES[0]: "2520", SIXES[1]: "2520", FOUR: "2420"},
        phase="VI",
        prompt="fire",
        side="us",
    )
    play(state, "fire 2520", "add U01", "add U02", "resolve")  # 12:1 in clear: automatic
    dead = [unit(state, SIXES[0]), unit(state, SIXES[1])]
    assert all(state.where[u] == DEAD for u in dead)
    assert all(state.dead_at[u] == hex_index(state, "2520") for u in dead)
    assert not set(dead) & set(state.container)
    assert state.room(hex_index(state, "2520"), unit(state, FOUR))
    carnage = [c["unit"]["id"] for c in state.observation("german")["carnage"]]
    assert carnage == [SIXES[0], SIXES[1]]


def test_6_6_one_unit_per_hex_during_set_up() -> None:
    state = new_state()
    state.apply_action("place H1 1927")
    assert not [a for a in legal(state) if a.endswith(" 1927")]
    with pytest.raises(IllegalAction, match=r"\(3\.2, 6\.6\)"):
        state.apply_action("place U01 1927")


@pytest.mark.parametrize("mover", ["G001", "G002"])
def test_6_5_a_unit_leaving_a_stack_shows_a_hidden_unit_and_cannot_be_undone(mover: str) -> None:
    units = {"U40": "4020", "G001": "2520", "G002": "2520", "G003": "2420"}
    state = position(units, prompt="movement", side="german")
    # G002 on top leaves: G001 below is seen; G001 below leaves: it is seen where it goes.
    play(state, f"move {mover}", "to 2518")
    assert not state.can_undo("german")
    alone = position(units, prompt="movement", side="german")
    play(alone, "move G003", "to 2418")  # a stack of one: the US saw it before and after
    assert alone.can_undo("german")


def test_6_1_6_2_10_2_10_6_11_2_the_hexes_each_side_holds_stay_in_step_with_the_stacks() -> None:
    """``held`` (the bitmask of the hexes each side's stacks stand in, which finds the enemy
    hexes in reach for 10.2, 10.6 and 11.2, and the hexes a move may not pass, 9.7),
    ``emplaced`` (the hexes of heavy weapons emplacements, where no move ends, 6.1) and
    ``crowded`` (each side's stacks of more fire factors than ``c.crowding``, the only ones
    that may be too full for one of its units, 6.2) match the stacks after every action of
    random games, through moves, eliminations, exits, clones and determinizations (which deal
    hidden units anew)."""
    from greatwar.ai.random_player import RandomPlayer
    from greatwar.core.registry import load_game
    from greatwar.core.rng import Rng
    from greatwar.games.fbsm.players.determinize import determinize

    def held_by_stacks(state: FbsmState) -> dict[str, int]:
        found = {"us": 0, "german": 0}
        for h, stack in state.stacks.items():
            found[state.c.side_of[stack[0]]] |= 1 << h
        return found

    def crowded_by_stacks(state: FbsmState) -> dict[str, int]:
        found = {"us": 0, "german": 0}
        for h, stack in state.stacks.items():
            side = state.c.side_of[stack[0]]
            infantry = state.counter(stack[0]).is_infantry  # an emplacement stands alone
            if infantry and sum(state.counter(u).fire for u in stack) > state.c.crowding[side]:
                found[side] |= 1 << h
        return found

    def in_step(state: FbsmState) -> bool:
        return (
            state.held == held_by_stacks(state)
            and state.emplaced == emplaced_by_stacks(state)
            and state.crowded == crowded_by_stacks(state)
        )

    def emplaced_by_stacks(state: FbsmState) -> int:
        found = 0
        for h, stack in state.stacks.items():
            if any(not state.counter(u).is_infantry for u in stack):
                found |= 1 << h
        return found

    game = load_game("fbsm")
    crowded = 0  # positions with a crowded stack: the test saw some
    for seed in range(3):
        state = game.new_initial_state(seed)
        player = RandomPlayer(seed)
        for step in range(4000):
            if state.is_terminal():
                break
            state.apply_action(player.choose(state, state.current_player()))
            assert state.held == held_by_stacks(state), f"seed {seed}, step {step}"
            assert state.emplaced == emplaced_by_stacks(state), f"seed {seed}, step {step}"
            assert state.crowded == crowded_by_stacks(state), f"seed {seed}, step {step}"
            crowded += bool(state.crowded["us"] or state.crowded["german"])
            if step % 500 == 0:
                copy = state.clone()
                assert copy.held == state.held and copy.held is not state.held
                assert copy.emplaced == state.emplaced
                assert copy.crowded == state.crowded and copy.crowded is not state.crowded
                for side in ("us", "german"):
                    assert in_step(determinize(state, side, Rng(step)))
    assert crowded > 0
