"""Observations from a whitelist: the game master's plans (Fortune of War) and the German
off-table pool (German New Units) stay hidden from the seats that may not see them."""

from __future__ import annotations

import json

import pytest

from greatwar.core import BadSide
from greatwar.games.trenches.data import FRENCH, GERMAN, GM
from greatwar.games.trenches.state import GONE, POOL
from tests.trenches.positions import fresh


def test_fortune_of_war_the_game_masters_plans_stay_hidden() -> None:
    a = fresh(5, game_master="person")
    b = fresh(5, game_master="person")
    a.apply_action("plan mud 3", GM)
    b.apply_action("plan barrage 4", GM)
    for state in (a, b):
        state.apply_action("event quiet", GM)
    assert a.observation(FRENCH) == b.observation(FRENCH)
    assert a.observation(GERMAN) == b.observation(GERMAN)
    assert a.observation(GM)["plans"] == {"3": "mud"}
    assert "plans" not in a.observation(FRENCH)
    assert "mud" not in json.dumps(a.observation(FRENCH))


def test_german_new_units_the_off_table_pool_stays_hidden_from_the_french() -> None:
    a = fresh(7)
    b = fresh(7)
    gone = [f.index for f in b.c.figures if f.side == GERMAN and b.status[f.index] == POOL][:5]
    for i in gone:
        b.set_status(i, GONE)  # a different pool, the same table
    assert a.observation(FRENCH) == b.observation(FRENCH)
    assert a.observation(GERMAN)["pool"] != b.observation(GERMAN)["pool"]
    assert "pool" not in a.observation(FRENCH)
    assert a.observation(GERMAN)["pool"]["rifle"] == 40
    assert a.observation(GM)["pool"] == a.observation(GERMAN)["pool"]


def test_the_game_sequence_views_are_json_and_name_the_seat() -> None:
    state = fresh(2)
    for side in (FRENCH, GERMAN, GM):
        view = state.observation(side)
        assert json.loads(json.dumps(view)) == view
        assert view["side"] == side
    acting = state.current_player()
    assert state.observation(acting)["legal_actions"]
    others = [s for s in (FRENCH, GERMAN, GM) if s != acting]
    assert all(state.observation(s)["legal_actions"] == [] for s in others)
    with pytest.raises(BadSide):
        state.observation("british")
