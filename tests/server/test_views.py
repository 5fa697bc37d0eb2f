"""The spectators' view: only what every side's observation shows."""

from __future__ import annotations

from greatwar.server.views import common_view


def test_keys_and_values_shared_by_every_view_are_kept() -> None:
    us = {"turn": 3, "side": "us", "prompt": {"name": "move"}, "to_act": ["us"]}
    german = {"turn": 3, "side": "german", "prompt": None, "to_act": ["us"]}
    assert common_view([us, german]) == {"turn": 3, "to_act": ["us"]}


def test_list_items_with_ids_are_matched_by_id_and_intersected() -> None:
    own = {"units": [{"id": "G1", "fire": 2, "done": True}, {"id": "G2", "fire": 5}]}
    enemy = {"units": [{"id": "G2", "fire": 5}]}
    assert common_view([own, enemy]) == {"units": [{"id": "G2", "fire": 5}]}


def test_stacks_are_matched_by_hex() -> None:
    us = {"stacks": [{"hex": "0101", "count": 2, "units": [{"id": "a"}, {"id": "b"}]}]}
    german = {"stacks": [{"hex": "0101", "count": 2, "units": [{"id": "b"}]}]}
    assert common_view([us, german]) == {
        "stacks": [{"hex": "0101", "count": 2, "units": [{"id": "b"}]}]
    }


def test_logs_keep_the_entries_every_side_reads_in_order() -> None:
    public = [{"rule": "5.3", "text": "turn 1"}, {"rule": "9.1", "text": "G1 moves"}]
    secret = {"rule": "3.3", "text": "U1 set up", "to": "us"}
    us = {"log": [public[0], secret, public[1]]}
    german = {"log": public}
    assert common_view([us, german]) == {"log": public}


def test_nothing_only_one_side_sees_survives() -> None:
    assert common_view([{"hand": [1, 2]}, {"hand": [3]}]) == {"hand": []}
    assert common_view([{"secret": "x"}, {}]) == {}
    assert common_view([{"n": 1}, {"n": True}]) == {}  # equal in Python, not the same value
