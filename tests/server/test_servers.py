"""Several servers on one database (issue 10, item 10): a socket open on one server is pushed
the changes made through another at once, without a request of its own (a journal poll on
SQLite, LISTEN/NOTIFY on PostgreSQL, whose poll only backs it up every few seconds)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from greatwar.server.app import create_app
from greatwar.server.hub import LISTEN_FALLBACK
from greatwar.server.store import Store
from tests.server.conftest import act, create, seat_token

PROMPTLY = 2.5  # seconds: well under PostgreSQL's fallback poll, so only NOTIFY is in time


def within(seconds: float, receive: Callable[[], Any]) -> Any:
    """What ``receive`` returns, failing the test if it takes longer than ``seconds``."""
    got: list[Any] = []
    reader = threading.Thread(target=lambda: got.append(receive()), daemon=True)
    reader.start()
    reader.join(seconds)
    assert got, f"nothing pushed within {seconds} s"
    return got[0]


@pytest.fixture
def other(db_url: str) -> Iterator[TestClient]:
    """A second server on the same database."""
    with TestClient(create_app(db_url, fixed_seeds=True, computer_workers=0)) as second:
        yield second


def test_a_move_through_one_server_is_pushed_by_the_other(
    client: TestClient, other: TestClient
) -> None:
    assert PROMPTLY < LISTEN_FALLBACK
    answer = create(client, opponent="remote")
    us, german = answer["you"]["token"], seat_token(answer, "side", "german")
    spectator = seat_token(answer, "spectator")
    with (
        other.websocket_connect(f"/api/seats/{german}/ws") as german_socket,
        other.websocket_connect(f"/api/seats/{spectator}/ws") as watcher,
        client.websocket_connect(f"/api/seats/{us}/ws") as us_socket,
    ):
        assert german_socket.receive_json()["ply"] == 0
        assert watcher.receive_json()["ply"] == 0
        assert us_socket.receive_json()["ply"] == 0
        time.sleep(0.5)  # PostgreSQL: the second server's LISTEN is on by now
        legal = client.get(f"/api/seats/{us}").json()["observation"]["legal_actions"]
        act(client, us, legal[0], 0)  # through the first server
        assert us_socket.receive_json()["ply"] == 1
        pushed = within(PROMPTLY, german_socket.receive_json)
        assert pushed["ply"] == 1 and pushed["acting_as"] == "german"
        first_view = client.get(f"/api/seats/{german}").json()["observation"]
        assert pushed["observation"]["stacks"] == first_view["stacks"]
        assert within(PROMPTLY, watcher.receive_json)["ply"] == 1
        # and back: a move through the second server reaches the first one's socket
        seen = other.get(f"/api/seats/{us}").json()
        act(other, us, seen["observation"]["legal_actions"][0], 1)
        assert within(PROMPTLY, us_socket.receive_json)["ply"] == 2
        assert within(PROMPTLY, german_socket.receive_json)["ply"] == 2


def test_the_journal_lengths_of_several_games_come_in_one_query(
    client: TestClient, db_url: str
) -> None:
    first, second = (create(client, opponent="remote") for _ in range(2))
    token = first["you"]["token"]
    legal = client.get(f"/api/seats/{token}").json()["observation"]["legal_actions"]
    act(client, token, legal[0], 0)
    store = Store(db_url)
    assert store.last_plies([first["id"], second["id"], "nosuch"]) == {first["id"]: 1}
    assert store.last_plies([]) == {}
    store.dispose()
