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
    thinking = client.get(f"/api/seats/{token}").json()["thinking"]
    assert thinking["side"] == "us" and thinking["seconds"] >= 0
    said = client.post(f"/api/seats/{token}/hurry").json()
    assert said == {"hurried": True, "detail": "it plays the best move it has found so far"}
    for _ in range(500):  # the computer's action is committed in the server's own loop
        if client.get(f"/api/seats/{token}").json()["ply"] >= 1:
            break
        player.thinking.wait(0.02)
    assert client.get(f"/api/seats/{token}").json()["ply"] >= 1
    spectator = seat_token(answer, "spectator")
    assert client.post(f"/api/seats/{spectator}/hurry").status_code == 403


class Stubborn:
    """Thinks until released, and has no way to be hurried."""

    released = threading.Event()
    thinking = threading.Event()

    def choose(self, state: State, side: str) -> Action:
        self.thinking.set()
        self.released.wait(60)
        return state.legal_actions(side)[-1]


@pytest.fixture
def stubborn() -> Iterator[str]:
    PLAYERS["stubborn"] = lambda game_id, side, seed: Stubborn()
    Stubborn.released.clear()
    Stubborn.thinking.clear()
    yield "stubborn"
    Stubborn.released.set()
    del PLAYERS["stubborn"]


def test_a_computer_that_cannot_stop_early_plays_a_safe_move_when_hurried(
    client: TestClient, stubborn: str
) -> None:
    """16 "move now" never does nothing: a player without ``hurry`` is cut short, and the
    safe legal move (the first that is not a concession) is played for it."""
    answer = create(client, side="german", computer=stubborn)
    token = seat_token(answer, "side", "german")
    assert Stubborn.thinking.wait(10)
    legal = client.app.state.hub.games[answer["id"]].state.legal_actions("us")  # type: ignore[attr-defined]
    said = client.post(f"/api/seats/{token}/hurry").json()
    assert said["hurried"] is True and "safe legal move" in said["detail"]
    for _ in range(500):
        message = client.get(f"/api/seats/{token}").json()
        if message["ply"] >= 1:
            break
        Stubborn.thinking.wait(0.02)
    assert message["ply"] >= 1
    assert "notice" not in message["game"]  # cut short on request is no failure
    played = client.app.state.hub.games[answer["id"]].state.history()[0]  # type: ignore[attr-defined]
    assert str(played.action) == str(legal[0]) != str(legal[-1])  # not the player's own choice


def test_hurrying_when_no_computer_thinks_says_why(client: TestClient) -> None:
    answer = create(client, side="us", computer="random")
    token = seat_token(answer, "side", "us")
    said = client.post(f"/api/seats/{token}/hurry").json()
    assert said == {"hurried": False, "detail": "no computer player is to move now"}
    assert client.get(f"/api/seats/{token}").json()["thinking"] is None


def test_the_thinking_clock_survives_a_reload(client: TestClient, patient: str) -> None:
    """The seconds a computer has been thinking come from the server, so a page opened later
    counts from when it began, not from zero."""
    answer = create(client, side="german", computer=patient)
    token = seat_token(answer, "side", "german")
    player = client.app.state.hub.games[answer["id"]].players["us"]  # type: ignore[attr-defined]
    assert player.thinking.wait(10)
    first = client.get(f"/api/seats/{token}").json()["thinking"]["seconds"]
    player.hurried.wait(0.3)  # time passes on the server (the player is not hurried)
    later = client.get(f"/api/seats/{token}").json()["thinking"]["seconds"]
    assert later >= first + 0.2
