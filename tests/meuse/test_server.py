"""Meuse through the game server: catalog, board, and a game against the scripted player."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serverkit import TestClient, game_server, wait_for


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with game_server(tmp_path) as c:
        yield c


def test_catalog_and_board(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    meuse = next(g for g in catalog["games"] if g["id"] == "meuse")
    assert meuse["sides"] == ["allied", "german"] and meuse["has_board"] is True
    board = client.get("/api/catalog/meuse/board").json()
    assert board["format"] == "greatwar-board" and len(board["hexes"]) == 480


def test_11_1_the_allies_against_the_computer_germans(client: TestClient) -> None:
    body = {
        "game": "meuse",
        "seed": 3,
        "side": "allied",
        "opponent": "computer",
        "computer": "heuristic",
    }
    answer = client.post("/api/games", json=body).json()
    token = answer["you"]["token"]
    message = client.get(f"/api/seats/{token}").json()
    for ply in range(14):  # 11.2 the Allied set-up, by the person
        action = message["observation"]["legal_actions"][0]
        response = client.post(f"/api/seats/{token}/actions", json={"action": action, "ply": ply})
        assert response.status_code == 200, response.text
        message = response.json()
    # 11.5 the computer sets up the Germans; then turn 1 waits for the Allied bombardment.
    message = wait_for(client, token, lambda m: m["observation"]["legal_actions"])
    assert message["observation"]["prompt"]["name"] == "bombard"
    assert len([s for s in message["observation"]["stacks"] if s["side"] == "german"]) == 24
