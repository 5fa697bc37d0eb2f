"""The browser's helpers on the server: the rulebook's text behind the log's rule numbers,
and asking a thinking computer player to move now."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from greatwar.ai.random_player import RandomPlayer
from greatwar.ai.registry import PLAYERS
from greatwar.core.actions import Action
from greatwar.core.state import State
from greatwar.server import rulebook
from tests.server.conftest import create, seat_token

BOOK = """1.0 Introduction
1.1 The game is played by two.
More about 1.1 here.
5. TURN SEQUENCE
5.1 Draw cards.
5.3.1 GENERATE INITIATIVE POOL
Count the chits.
7. Alternate Order Execution
7. COMBAT
Combat is simultaneous.
"""


def test_the_rulebook_is_read_rule_by_rule() -> None:
    rules = rulebook.parse(BOOK)
    assert rules["1.1"]["text"] == "1.1 The game is played by two.\nMore about 1.1 here."
    assert rules["5.3.1"]["title"] == "5.3.1 GENERATE INITIATIVE POOL"
    assert rules["5"]["title"] == "5. TURN SEQUENCE"
    assert rules["7"]["title"] == "7. COMBAT"  # the heading, not the step of a list
    assert rules["1"]["title"] == "1.0 Introduction"


def test_rules_are_served_when_the_texts_are_installed(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "first-blood-second-marne.txt").write_text(BOOK, encoding="utf-8")
    monkeypatch.setenv("GREATWAR_RULES_DIR", str(tmp_path))
    rulebook.rule_index.cache_clear()
    try:
        answer = client.get("/api/catalog/fbsm/rules").json()
        assert answer["rules"]["1.1"]["book"] == "first-blood-second-marne.txt"
        monkeypatch.setenv("GREATWAR_RULES_DIR", str(tmp_path / "missing"))
        rulebook.rule_index.cache_clear()
        assert client.get("/api/catalog/meuse/rules").json()["rules"] == {}
        assert client.get("/api/catalog/nosuch/rules").status_code == 404
    finally:
        rulebook.rule_index.cache_clear()


class Patient:
    """Thinks until hurried (or released when the test ends)."""

    released = threading.Event()

    def __init__(self, seed: int) -> None:
        self.random = RandomPlayer(seed)
        self.hurried = threading.Event()
        self.thinking = threading.Event()

    def hurry(self) -> None:
        self.hurried.set()

    def choose(self, state: State, side: str) -> Action:
        self.thinking.set()
        while not (self.hurried.is_set() or self.released.is_set()):
            self.hurried.wait(0.02)
        self.hurried.clear()
        return self.random.choose(state, side)


@pytest.fixture
def patient() -> Iterator[str]:
    PLAYERS["patient"] = lambda game_id, side, seed: Patient(seed)
    Patient.released.clear()
    yield "patient"
    Patient.released.set()
    del PLAYERS["patient"]


def test_a_thinking_computer_moves_when_asked(client: TestClient, patient: str) -> None:
    answer = create(client, side="german", computer=patient)  # 3.2: the US sets up first
    token = seat_token(answer, "side", "german")
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.games[answer["id"]]
    player = live.players["us"]
    assert player.thinking.wait(10)
    assert client.get(f"/api/seats/{token}").json()["ply"] == 0
    assert client.post(f"/api/seats/{token}/hurry").json() == {"hurried": True}
    for _ in range(500):  # the computer's action is committed in the server's own loop
        if client.get(f"/api/seats/{token}").json()["ply"] >= 1:
            break
        player.thinking.wait(0.02)
    assert client.get(f"/api/seats/{token}").json()["ply"] >= 1
    spectator = seat_token(answer, "spectator")
    assert client.post(f"/api/seats/{spectator}/hurry").status_code == 403


def test_hurrying_a_player_that_cannot_hurry_changes_nothing(client: TestClient) -> None:
    answer = create(client, side="us", computer="random")
    token = seat_token(answer, "side", "us")
    assert client.post(f"/api/seats/{token}/hurry").json() == {"hurried": False}
