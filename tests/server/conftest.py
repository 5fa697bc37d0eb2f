"""Fixtures of the server tests: an app on a fresh SQLite file, and helpers to drive it."""

from __future__ import annotations

import os
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's notice about its httpx-based test client
    from fastapi.testclient import TestClient

from greatwar.server.app import create_app
from greatwar.server.store import sqlite_url
from tests.pg import binaries, throwaway_cluster

# Every storage-backed test runs on SQLite and on PostgreSQL: the database at
# GREATWAR_TEST_POSTGRES_URL if set, else a throwaway cluster of the installed PostgreSQL
# (scripts/install-postgres-deps.sh installs it; without it, SQLite only).
POSTGRES = os.environ.get("GREATWAR_TEST_POSTGRES_URL")
HAS_POSTGRES = bool(POSTGRES) or binaries() is not None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    if POSTGRES:
        yield POSTGRES
        return
    with throwaway_cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"] if HAS_POSTGRES else ["sqlite"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgresql":
        url: str = request.getfixturevalue("postgres_url")
        return url
    return sqlite_url(tmp_path / "games.sqlite3")


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    # Computer players in threads: tests define players of their own in this process.
    with TestClient(create_app(db_url, fixed_seeds=True, computer_workers=0)) as test_client:
        yield test_client


def create(client: TestClient, *, claim: bool = True, **spec: Any) -> dict[str, Any]:
    """A new FBSM game (seed 7 unless given); the creation answer. With ``claim``, each
    invitation is claimed as the friend would, and the answer lists the claimed tokens."""
    body = {"game": "fbsm", "seed": 7} | spec
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    if claim:
        for link in answer["seats"]:
            if link["invitation"]:
                claimed = client.post(f"/api/invitations/{link['token']}/claim")
                assert claimed.status_code == 200, claimed.text
                link.update(claimed.json()["you"])
    return answer


def seat_token(answer: dict[str, Any], role: str, side: str | None = None) -> str:
    """The token of a seat in a creation answer."""
    return str(next(s["token"] for s in answer["seats"] if s["role"] == role and s["side"] == side))


def act(client: TestClient, token: str, action: str, ply: int) -> dict[str, Any]:
    response = client.post(f"/api/seats/{token}/actions", json={"action": action, "ply": ply})
    assert response.status_code == 200, response.text
    message: dict[str, Any] = response.json()
    return message


def play_some(
    client: TestClient, tokens: dict[str, str], steps: int, seed: int = 1
) -> list[dict[str, Any]]:
    """Take ``steps`` random legal actions through the seats of the sides asked; the messages
    each acting seat received, in order. Phases end often, so play moves on quickly."""
    rng = random.Random(seed)
    messages = []
    for _ in range(steps):
        views = {s: client.get(f"/api/seats/{t}").json() for s, t in tokens.items()}
        acting = [s for s, m in views.items() if m["observation"]["legal_actions"]]
        if not acting:
            break
        side = acting[0]
        legal = views[side]["observation"]["legal_actions"]
        closing = [a for a in legal if a in ("end", "done", "decline")]
        action = closing[0] if closing and rng.random() < 0.35 else rng.choice(legal)
        messages.append(act(client, tokens[side], action, views[side]["ply"]))
    return messages
