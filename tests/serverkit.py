"""A game server in the test process for a game's own server tests (tests/<id>/test_server.py):
a client on a fresh SQLite database, and waiting on a seat's state."""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's notice about its httpx-based test client
    from fastapi.testclient import TestClient

from greatwar.server.app import create_app
from greatwar.server.store import sqlite_url


@contextmanager
def game_server(folder: Path) -> Iterator[TestClient]:
    """The server on a fresh database in ``folder``, with seeds the requests may fix."""
    with TestClient(create_app(sqlite_url(folder / "games.sqlite3"), fixed_seeds=True)) as c:
        yield c


def wait_for(
    client: TestClient, token: str, ready: Callable[[dict[str, Any]], bool], polls: int = 600
) -> dict[str, Any]:
    """The seat's message once ``ready(message)`` holds (the computer plays meanwhile)."""
    for _ in range(polls):
        message: dict[str, Any] = client.get(f"/api/seats/{token}").json()
        if ready(message):
            return message
        time.sleep(0.05)
    pytest.fail("the computer did not answer in time")
