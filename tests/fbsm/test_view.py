"""Observations (6.5 fog of war): built from a whitelist, blind to the other side's secrets,
JSON-able, and never showing a side the prompt or legal actions of another."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from greatwar.ai.random_player import RandomPlayer
from greatwar.games.fbsm.state import FbsmState
from tests.fbsm.positions import new_state, position, scripted_setup

# The keys every hex game shares (docs/game-module-guide.md) and FBSM's own, all public.
KEYS = {
    "game",
    "side",
    "turn",
    "phase",
    "to_act",
    "prompt",
    "legal_actions",
    "event",
    "events_used",
    "container",
    "heavy_mg",
    "markers_left",
    "markers_placed",
    "fired_into",
    "stacks",
    "carnage",
    "exited",
    "can_undo",
    "winner",
    "end",
    "log",
}


def random_positions(seed: int, every: int = 40, steps: int = 1200) -> Iterator[FbsmState]:
    """Positions of a random game (play-balance rules), one every ``every`` actions."""
    state = new_state(seed, play_balance=True)
    player = RandomPlayer(seed)
    for step in range(steps):
        if state.is_terminal():
            return
        if step % every == 0:
            yield state
        side = state.current_player()
        state.apply_action(player.choose(state, side), side)


def test_the_observation_has_exactly_the_whitelisted_keys() -> None:
    state = scripted_setup(new_state())
    for side in ("us", "german"):
        assert set(state.observation(side)) == KEYS


@pytest.mark.parametrize("seed", [3, 4])
def test_6_5_the_us_view_does_not_depend_on_the_order_of_the_german_container(seed: int) -> None:
    for state in random_positions(seed):
        if len(state.container) < 2:
            continue
        twin = state.clone()
        twin.container.reverse()
        assert twin.container != state.container
        assert twin.fingerprint() != state.fingerprint()  # a real secret differs
        for side in ("us", "german"):
            assert twin.observation(side) == state.observation(side)


@pytest.mark.parametrize("seed", [5])
def test_6_5_an_enemy_stack_shows_only_its_top_unit_and_its_count(seed: int) -> None:
    checked = 0
    for state in random_positions(seed):
        for side in ("us", "german"):
            for view in state.observation(side)["stacks"]:
                stack = state.units_in(state.c.board.grid.index(view["hex"]))
                assert view["count"] == len(stack)
                shown = [u["id"] for u in view["units"]]
                if view["side"] == side:
                    assert shown == [state.counter(u).id for u in stack]
                else:
                    assert shown == [state.counter(stack[-1]).id]
                    checked += len(stack) > 1
    assert checked, "no enemy stack of two or more units was seen"


def test_a_side_not_asked_gets_no_prompt_and_no_legal_actions() -> None:
    state = position({"U01": "2717", "G001": "2518"}, phase="V", prompt="movement", side="german")
    us = state.observation("us")
    assert us["to_act"] == ["german"]
    assert us["prompt"] is None and us["legal_actions"] == []
    assert state.legal_actions("us") == []
    german = state.observation("german")
    assert german["prompt"]["name"] == "movement" and german["legal_actions"] == [
        "move G001",
        "end",
    ]


def test_the_fire_prompt_shows_odds_only_to_the_firing_side() -> None:
    state = position({"U01": "2717", "G001": "2718"}, phase="VI", prompt="fire", side="us")
    state.apply_action("fire 2718")
    state.apply_action("add U01")
    assert state.observation("us")["prompt"]["fire"]["odds"] == "6:1"
    assert state.observation("german")["prompt"] is None


def test_log_entries_kept_to_one_side_do_not_leak() -> None:
    state = scripted_setup(new_state())
    secret = [e for e in state.log() if e.to == "us"]
    assert secret and all(e.rule in ("3.3", "3.4") for e in secret)
    german_log = state.observation("german")["log"]
    assert not [e for e in german_log if e["rule"] in ("3.3", "3.4")]
    assert len(state.log("german")) == len(state.log()) - len(secret)
    us_log = state.observation("us")["log"]
    assert len([e for e in us_log if e["rule"] in ("3.3", "3.4")]) == 57
