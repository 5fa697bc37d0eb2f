"""Observation leak tests (5.2.5, 8.1.5): one side's view never changes with the other
side's secrets: its HQ modes until combat reveals them, and its stacks' contents."""

from __future__ import annotations

import json
import random

from greatwar.games.marne1914.data import MODES
from greatwar.games.marne1914.state import MarneState
from tests.marne1914.positions import deployed, hx, place


def view(state: MarneState, side: str) -> str:
    return json.dumps(state.observation(side), sort_keys=True)


def test_5_2_5_the_enemy_hq_modes_never_reach_the_other_side() -> None:
    base = deployed()
    base.apply_action("commit", "allied")
    base.apply_action("commit", "german")
    base.apply_action("first", "german")
    german_hqs = [h for h in base.mode if base.counter(h).side == "german"]
    rng = random.Random(5)
    for _ in range(5):
        other = base.clone()
        for hq in german_hqs:
            other.set_mode(hq, rng.choice(MODES))
        other.mode[german_hqs[0]] = base.mode[german_hqs[0]]
        # the initiative modifier is public through the rolls (6.2): keep the count
        offensive = sum(1 for h in german_hqs if other.mode[h] == "offensive")
        if offensive // 3 != 0:
            continue
        assert view(other, "allied") == view(base, "allied")


def test_5_2_5_pending_choices_stay_hidden_until_both_commit() -> None:
    state = deployed()
    before = view(state, "allied")
    state.apply_action("mode G2-HQ offensive", "german")
    state.apply_action("mode G3-HQ transfer", "german")
    after = json.loads(view(state, "allied"))
    assert "G3-HQ transfer" not in json.dumps(after)
    assert json.loads(before)["stacks"] == after["stacks"]


def test_8_1_5_stack_contents_do_not_reach_the_enemy() -> None:
    a = deployed()
    b = deployed()
    # swap two German regiments of different corps between their hexes
    x, y = a.unit("G2-1"), a.unit("G3-1")
    hx_x, hx_y = a.where[x], a.where[y]
    for state in (b,):
        state.lift(x)
        state.lift(y)
        state.where[x] = state.where[y] = -1
        state.put(x, hx_y)
        state.put(y, hx_x)
        for s in (hx_x, hx_y):  # keep each stack's order as in ``a`` (top counter hidden anyway)
            state.stacks[s].sort(key=lambda u: (state.counter(u).is_hq, u))
    for s in (hx_x, hx_y):
        a.stacks[s].sort(key=lambda u: (a.counter(u).is_hq, u))
    assert json.loads(view(a, "allied"))["stacks"] == json.loads(view(b, "allied"))["stacks"]
    assert json.loads(view(a, "german"))["stacks"] != json.loads(view(b, "german"))["stacks"]


def test_8_1_5_moves_are_logged_to_the_enemy_without_the_unit() -> None:
    state = deployed()
    place(state, "G2-1", "1717")
    texts = [e["text"] for e in state.observation("allied")["log"]]
    assert all("G2-1" not in t for t in texts)
    assert hx(state, "1717") >= 0


def test_5_2_5_combat_reveals_the_modes_involved() -> None:
    from greatwar.games.marne1914.combat import reveal_modes

    state = deployed()
    hq = state.unit("G2-HQ")
    state.set_mode(hq, "transfer")
    faces = {u["id"]: u for s in state.observation("allied")["stacks"] for u in s["units"]}
    assert faces["G2-HQ"]["mode"] == "face down"
    reveal_modes(state, [state.unit("G2-1")])
    faces = {u["id"]: u for s in state.observation("allied")["stacks"] for u in s["units"]}
    assert faces["G2-HQ"]["mode"] == "transfer"
