"""Miracle on the Marne through the game server: catalog, board, options at creation, and a
game against the computer from either side with the enemy's HQ modes hidden (5.2.5)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serverkit import TestClient, game_server, wait_for


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with game_server(tmp_path) as c:
        yield c


def test_catalog_board_and_options(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    marne = next(g for g in catalog["games"] if g["id"] == "marne1914")
    assert marne["sides"] == ["allied", "german"] and marne["has_board"] is True
    assert {"taxis", "variable_reinforcements", "command_and_control", "bef"} <= set(
        str(marne["options"]).replace("'", " ").replace('"', " ").split()
    )
    board = client.get("/api/catalog/marne1914/board").json()
    assert board["format"] == "greatwar-board" and len(board["hexes"]) == 34 * 22
    assert {line["kind"] for line in board["lines"]} == {"road", "railroad"}
    assert {h["kind"] for h in board["hexsides"]} == {"river"}


@pytest.mark.parametrize("side", ["allied", "german"])
def test_3_and_5_2_against_the_computer_from_either_side(client: TestClient, side: str) -> None:
    body = {
        "game": "marne1914",
        "seed": 4,
        "side": side,
        "opponent": "computer",
        "computer": "heuristic",
        "options": {
            "taxis": True,
            "variable_reinforcements": True,
            "command_and_control": True,
            "bef": True,
        },
    }
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    token = response.json()["you"]["token"]
    message = wait_for(client, token, lambda m: m["observation"]["legal_actions"])
    assert message["observation"]["prompt"]["name"] == "setup"
    ply = message.get("ply", 0)
    response = client.post(f"/api/seats/{token}/actions", json={"action": "standard", "ply": ply})
    assert response.status_code == 200, response.text
    message = wait_for(
        client, token, lambda m: (m["observation"]["prompt"] or {}).get("name") == "modes"
    )
    observation = message["observation"]
    enemy = [u for s in observation["stacks"] if s["side"] != side for u in s["units"]]
    assert enemy and all(u["kind"] in ("hq", "hidden") for u in enemy)  # 8.1.5
    assert all(u["mode"] == "face down" for u in enemy if u["kind"] == "hq")  # 5.2.5
    assert any(a.startswith("mode ") for a in observation["legal_actions"])


OPTIONS = {"taxis": True, "variable_reinforcements": True, "command_and_control": True, "bef": True}
# The seat's answers: pass wherever it may, else the first action offered (forced attacks,
# results, retreats): a whole game through the same API the browser uses.
PASSES = ("standard", "commit", "first", "done", "end", "stop", "decline", "resolve", "roll")


def patiently(client: TestClient, token: str) -> dict[str, Any]:
    """The seat's message once it must act or the game is over, asked now and then only (each
    answer is built with the whole log)."""
    for _ in range(600):
        message: dict[str, Any] = client.get(f"/api/seats/{token}").json()
        if message["game"]["status"] == "over" or message["observation"]["legal_actions"]:
            return message
        time.sleep(0.25)
    pytest.fail("the computer did not answer in time")


@pytest.mark.parametrize("side", ["allied", "german"])
def test_4_a_whole_game_against_the_computer_from_either_side_with_every_option(
    client: TestClient, side: str
) -> None:
    """4, 14, 15: every optional rule switched on at creation, a game from deployment to the
    victory check of the last turn, the computer playing the other side."""
    body = {
        "game": "marne1914",
        "seed": 11,
        "side": side,
        "opponent": "computer",
        "computer": "heuristic",
        "options": OPTIONS,
    }
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    token = response.json()["you"]["token"]
    message = wait_for(client, token, lambda m: m["observation"]["legal_actions"], polls=1200)
    prompts: set[str] = set()
    for _ in range(3000):
        observation = message["observation"]
        if message["game"]["status"] == "over":
            break
        legal = observation["legal_actions"]
        if not legal:
            message = patiently(client, token)
            continue
        prompts.add(observation["prompt"]["name"])
        action = next((a for a in PASSES if a in legal), legal[0])
        response = client.post(
            f"/api/seats/{token}/actions", json={"action": action, "ply": message["ply"]}
        )
        if response.status_code == 409 and response.json()["error"] == "stale":
            message = patiently(client, token)  # the computer chose at the same time (5.2)
            continue
        assert response.status_code == 200, response.text
        message = response.json()
    assert message["game"]["status"] == "over"
    assert message["observation"]["end"]["rule"].startswith("14")
    assert message["observation"]["turn"] == 8
    assert {"setup", "modes", "movement", "combat"} <= prompts
    record = client.get(f"/api/seats/{token}/record").json()
    assert record["options"] == OPTIONS  # 15: every optional rule was in play
