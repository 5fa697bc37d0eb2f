"""Storage: no acknowledged action is ever lost, not even when the server is killed mid-game;
PostgreSQL works like SQLite when a test server is given."""

from __future__ import annotations

import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient

from greatwar.server.app import create_app
from greatwar.server.store import MIGRATIONS, Store, metadata, sqlite_url
from tests.server.conftest import act, create


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``python -m greatwar.server`` on a free loopback port, killed with SIGKILL."""

    def __init__(self, db_url: str) -> None:
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        args = ["--port", str(self.port), "--db", db_url, "--fixed-seeds", "--computer-pause", "0"]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "greatwar.server", *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for _ in range(200):
            try:
                httpx.get(f"{self.base}/api/catalog", timeout=1)
                return
            except httpx.TransportError:
                if self.process.poll() is not None:
                    raise AssertionError(self.process.stderr.read().decode()) from None  # type: ignore[union-attr]
                time.sleep(0.05)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)


def _post_until_killed(base: str, token: str, acked: list[tuple[int, str]], seed: int) -> None:
    """Act as fast as possible with random legal actions; record each acknowledged one."""
    rng = random.Random(seed)
    with httpx.Client(base_url=base, timeout=5) as http:
        try:
            message: dict[str, Any] = http.get(f"/api/seats/{token}").json()
            while message["observation"]["legal_actions"]:
                legal = message["observation"]["legal_actions"]
                closing = [a for a in legal if a in ("end", "done", "decline")]
                action = closing[0] if closing and rng.random() < 0.35 else rng.choice(legal)
                body = {"action": action, "ply": message["ply"]}
                response = http.post(f"/api/seats/{token}/actions", json=body)
                if response.status_code != 200:
                    message = http.get(f"/api/seats/{token}").json()
                    continue
                message = response.json()
                acked.append((message["ply"], action))
        except httpx.TransportError:
            return  # killed


def _kill_while_acting(db_url: str, token: str, seed: int, after: int) -> list[tuple[int, str]]:
    server = ServerProcess(db_url)
    acked: list[tuple[int, str]] = []
    poster = threading.Thread(target=_post_until_killed, args=(server.base, token, acked, seed))
    poster.start()
    while len(acked) < after and poster.is_alive():
        time.sleep(0.01)
    server.kill()
    poster.join(timeout=10)
    assert len(acked) >= after
    return acked


def test_killing_the_server_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db_url = sqlite_url(tmp_path / "games.sqlite3")
    server = ServerProcess(db_url)
    answer = httpx.post(
        f"{server.base}/api/games", json={"game": "fbsm", "seed": 3, "opponent": "hotseat"}
    ).json()
    token = answer["you"]["token"]
    server.kill()
    acked: list[tuple[int, str]] = []
    for round_, after in enumerate((40, 80)):
        acked += _kill_while_acting(db_url, token, round_, after)
        journal = {e.ply: e.action for e in Store(db_url).journal(answer["id"])}
        assert all(journal.get(ply) == action for ply, action in acked)
        assert max(journal) >= acked[-1][0]
    restarted = ServerProcess(db_url)
    try:
        message = httpx.get(f"{restarted.base}/api/seats/{token}").json()
        assert message["ply"] == max(journal)  # resumed exactly where the journal ends
        legal = message["observation"]["legal_actions"]
        body = {"action": legal[0], "ply": message["ply"]}
        assert httpx.post(f"{restarted.base}/api/seats/{token}/actions", json=body).is_success
    finally:
        restarted.kill()


def test_a_reopened_server_resumes_the_game_exactly(client: TestClient, db_url: str) -> None:
    us = create(client, opponent="remote")["you"]["token"]
    message = client.get(f"/api/seats/{us}").json()
    for _ in range(5):
        message = act(client, us, message["observation"]["legal_actions"][-1], message["ply"])
    with TestClient(create_app(db_url, fixed_seeds=True)) as reopened:
        assert reopened.get(f"/api/seats/{us}").json() == client.get(f"/api/seats/{us}").json()


def test_an_undo_is_stored_and_resumed_by_a_new_server(db_url: str) -> None:
    with TestClient(create_app(db_url, fixed_seeds=True)) as first:
        answer = create(first, opponent="remote")
        us = answer["you"]["token"]
        message = first.get(f"/api/seats/{us}").json()
        message = act(first, us, message["observation"]["legal_actions"][0], 0)
        undone = first.post(f"/api/seats/{us}/undo", json={"ply": 1}).json()
    with TestClient(create_app(db_url, fixed_seeds=True)) as second:
        assert second.get(f"/api/seats/{us}").json() == undone
    assert [e.kind for e in Store(db_url).journal(answer["id"])] == ["act", "undo"]


def test_the_migrations_build_exactly_the_schema_the_store_uses(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    store.migrate()  # a second start finds the schema current
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection)
        assert compare_metadata(context, metadata) == []


def test_the_migrations_render_for_postgresql(capsys: pytest.CaptureFixture[str]) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", "postgresql+psycopg://localhost/greatwar")
    command.upgrade(config, "head", sql=True)
    sql = capsys.readouterr().out
    assert "CREATE TABLE actions" in sql and "PRIMARY KEY (game, ply)" in sql
    assert "seed BIGINT NOT NULL" in sql


def test_two_servers_on_one_database_stay_in_step_and_answer_409_on_a_race(
    client: TestClient, db_url: str
) -> None:
    us = create(client, opponent="remote")["you"]["token"]
    with TestClient(create_app(db_url, fixed_seeds=True, computer_workers=0)) as other:
        seen = other.get(f"/api/seats/{us}").json()  # the second server opens the game
        moved = act(client, us, seen["observation"]["legal_actions"][0], 0)  # via the first
        assert other.get(f"/api/seats/{us}").json()["ply"] == moved["ply"] == 1
        # A click made on the old position, sent to the second server: it has caught up.
        stale = other.post(f"/api/seats/{us}/actions", json={"action": "x", "ply": 0})
        assert stale.status_code == 409 and stale.json()["error"] == "stale"
        # A true race: the second server checked the journal just before the first wrote.
        hub = other.app.state.hub  # type: ignore[attr-defined]
        legal = moved["observation"]["legal_actions"]
        act(client, us, legal[0], 1)
        real_journal = hub.store.journal
        answers = iter([[]])  # once, nothing new; then the truth
        hub.store.journal = lambda game, after=0: next(answers, real_journal(game, after))
        raced = other.post(f"/api/seats/{us}/actions", json={"action": legal[1], "ply": 1})
        hub.store.journal = real_journal
        assert raced.status_code == 409 and raced.json()["error"] == "conflict"
        assert "another server changed this game" in raced.json()["detail"]
        assert raced.json()["ply"] == 2  # and the second server has caught up
        assert other.get(f"/api/seats/{us}").json() == client.get(f"/api/seats/{us}").json()


def test_every_error_answer_has_an_error_field(client: TestClient) -> None:
    us = create(client, opponent="remote")["you"]["token"]
    answers = [
        client.get("/api/nosuch"),
        client.delete(f"/api/seats/{us}"),
        client.get("/api/seats/nosuch"),
        client.post(f"/api/seats/{us}/actions", content=b"{"),
        client.post(f"/api/seats/{us}/actions", json={"action": "", "ply": -1}),
        client.post(f"/api/seats/{us}/actions", json={"action": "fly", "ply": 0}),
        client.post(f"/api/seats/{us}/actions", json={"action": "pass", "ply": 9}),
        client.get(f"/api/seats/{us}/record"),
        client.post("/api/games", json={"game": "nosuch"}),
        client.post("/api/games", json={"game": "fbsm", "computer": "mcts:0"}),
        client.post("/api/invitations/nosuch/claim"),
        client.get("/api/catalog/nosuch/board"),
    ]
    for answer in answers:
        assert 400 <= answer.status_code < 500, answer.text
        body = answer.json()
        assert set(body) >= {"error", "detail"} and body["error"] and body["detail"], body
