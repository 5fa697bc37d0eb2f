"""A three-seat game (trenches: French, German and the game master) on the server: people at
any seats, the computer at the rest, the game master's plans kept from the other seats."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import create


def test_a_person_game_master_and_french_against_the_computer_germans(client: TestClient) -> None:
    answer = create(
        client,
        game="trenches",
        side="french",
        people=["gm"],
        options={"game_master": "person"},
        computer="heuristic",
    )
    seats = {(s["role"], s["side"]) for s in answer["seats"]}
    assert seats == {("side", "french"), ("side", "gm"), ("spectator", None)}
    summary = client.get(f"/api/games/{answer['id']}").json()
    assert summary["players"] == {
        "french": "human",
        "german": "computer:heuristic",
        "gm": "human",
    }
    gm = next(s["token"] for s in answer["seats"] if s["side"] == "gm")
    french = answer["you"]["token"]
    seen = client.get(f"/api/seats/{gm}").json()
    assert seen["observation"]["to_act"] == ["gm"]
    plan = client.post(
        f"/api/seats/{gm}/actions", json={"action": "plan mud 3", "ply": seen["ply"]}
    )
    assert plan.status_code == 200
    assert plan.json()["observation"]["plans"] == {"3": "mud"}
    view = client.get(f"/api/seats/{french}").json()["observation"]
    assert "plans" not in view and "pool" not in view
    spectator = next(s["token"] for s in answer["seats"] if s["role"] == "spectator")
    assert "plans" not in client.get(f"/api/seats/{spectator}").json()["observation"]


def test_the_table_is_served_for_the_browser(client: TestClient) -> None:
    table = client.get("/api/catalog/trenches/board").json()
    assert table["format"] == "greatwar-table"
    assert {t["kind"] for t in table["terrain"]} >= {"trench", "wire", "bunker", "shell_hole"}


def test_people_must_name_sides_of_the_game(client: TestClient) -> None:
    answer = client.post("/api/games", json={"game": "trenches", "people": ["umpire"]})
    assert answer.status_code == 400
    assert "unknown side 'umpire'" in answer.json()["detail"]
