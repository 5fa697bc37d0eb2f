"""Miracle on the Marne through the game server: catalog, board, options at creation, and a
game against the computer from either side with the enemy's HQ modes hidden (5.2.5)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

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
