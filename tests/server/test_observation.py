"""At the HTTP level the US seat receives exactly the rules' US observation (6.5 fog of war):
never the German container or the units under the top of a German stack."""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi.testclient import TestClient

from greatwar.core.registry import load_game
from greatwar.server.store import Store
from tests.server.conftest import create, play_some, seat_token


def _expected_views(db_url: str, game: str, side: str) -> dict[int, dict[str, Any]]:
    """The rules' observation for ``side`` after each journal entry, by ply."""
    state = load_game("fbsm").new_initial_state(7)
    views = {0: state.observation(side)}
    for entry in Store(db_url).journal(game):
        state.apply_action(entry.action, entry.side)
        views[entry.ply] = state.observation(side)
    return views


def _until_german_stacks(client: TestClient, tokens: dict[str, str]) -> list[dict[str, Any]]:
    """Play until the US sees a German stack of several units; every US message on the way."""
    received: list[dict[str, Any]] = []
    for round_ in range(12):
        for message in play_some(client, tokens, 25, seed=round_):
            if message["seat"]["side"] == "us":
                received.append(message)
        view = client.get(f"/api/seats/{tokens['us']}").json()
        received.append(view)
        if any(s["side"] == "german" and s["count"] > 1 for s in view["observation"]["stacks"]):
            return received
    raise AssertionError("no German stack of several units formed")


def test_6_5_the_us_seat_never_receives_german_secrets(client: TestClient, db_url: str) -> None:
    answer = create(client, opponent="remote")
    tokens = {"us": answer["you"]["token"], "german": seat_token(answer, "side", "german")}
    received = _until_german_stacks(client, tokens)
    expected = _expected_views(db_url, answer["id"], "us")
    german_ids = {f"G{n:03d}" for n in range(1, 113)}
    for message in received:
        observation = dict(message["observation"])
        wanted = dict(expected[message["ply"]])
        assert observation.pop("log") == wanted.pop("log")[message["log_start"] :]
        assert observation == wanted  # the whitelist view, nothing added
        assert isinstance(observation["container"], int)  # a count, never the draw order
        for stack in observation["stacks"]:
            if stack["side"] == "german":
                assert len(stack["units"]) == 1  # 6.5: only the top counter
                assert "done" not in stack["units"][0]
        text = json.dumps(message)
        assert '"seed"' not in text and '"rng"' not in text
        assert message["acting_as"] == "us"
    # A unit id stands alone: "G928" inside a seat token or a nonce is not one.
    shown = set(re.findall(r"(?<![\w-])G\d{3}(?![\w-])", json.dumps(received)))
    drawn = german_ids - set(_container_ids(db_url, answer["id"]))
    assert shown <= drawn  # no undrawn unit's id ever reached the US seat


def _container_ids(db_url: str, game: str) -> list[str]:
    state = load_game("fbsm").new_initial_state(7)
    for entry in Store(db_url).journal(game):
        state.apply_action(entry.action, entry.side)
    return [state.counter(u).id for u in state.container]  # type: ignore[attr-defined]


def test_6_5_the_german_seat_sees_its_own_stacks_whole(client: TestClient) -> None:
    answer = create(client, opponent="remote")
    tokens = {"us": answer["you"]["token"], "german": seat_token(answer, "side", "german")}
    _until_german_stacks(client, tokens)
    german = client.get(f"/api/seats/{tokens['german']}").json()["observation"]
    stacks = [s for s in german["stacks"] if s["side"] == "german" and s["count"] > 1]
    assert stacks and all(len(s["units"]) == s["count"] for s in stacks)


def test_spectators_see_only_what_both_sides_see(client: TestClient) -> None:
    answer = create(client, opponent="remote")
    tokens = {"us": answer["you"]["token"], "german": seat_token(answer, "side", "german")}
    _until_german_stacks(client, tokens)
    watched = client.get(f"/api/seats/{seat_token(answer, 'spectator')}").json()
    view = watched["observation"]
    assert watched["acting_as"] is None and view["side"] is None
    assert view["legal_actions"] == [] and "prompt" not in view
    assert all(len(s["units"]) == 1 for s in view["stacks"])  # tops only, of either side
    us_log = client.get(f"/api/seats/{tokens['us']}").json()["observation"]["log"]
    german_log = client.get(f"/api/seats/{tokens['german']}").json()["observation"]["log"]
    assert all(entry in us_log and entry in german_log for entry in view["log"])
    assert not any("set up in" in e["text"] and e["rule"] == "3.3" for e in view["log"])
