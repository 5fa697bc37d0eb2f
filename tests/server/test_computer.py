"""Computer players never hang a game: moves run off the event loop (processes by default),
and a player that raises, answers something illegal or thinks too long is replaced, for that
move, by a safe legal move; the error is logged with the seed and action count, and every
seat's page is told."""

from __future__ import annotations

import logging
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from greatwar.ai import registry
from greatwar.core.actions import Action
from greatwar.core.state import State
from greatwar.server.app import create_app
from tests.server.conftest import create

US_SET_UP = 57  # actions of the US set-up (3.2), all chosen by the computer here


class Raising:
    def choose(self, state: State, side: str) -> Action:
        raise KeyError("g25")


class Illegal:
    def choose(self, state: State, side: str) -> Action:
        return Action("fly", ("to", "Berlin"))


class Slow:
    def choose(self, state: State, side: str) -> Action:
        time.sleep(1.0)
        return state.legal_actions(side)[0]


@pytest.fixture
def faulty() -> Iterator[None]:
    players = {"raising": Raising, "illegal": Illegal, "slow": Slow}
    for name, kind in players.items():
        registry.PLAYERS[name] = lambda game_id, side, seed, kind=kind: kind()
    yield
    for name in players:
        del registry.PLAYERS[name]


def wait_for_ply(client: TestClient, token: str, ply: int) -> dict[str, Any]:
    for _ in range(400):
        message: dict[str, Any] = client.get(f"/api/seats/{token}").json()
        if message["ply"] >= ply:
            return message
        time.sleep(0.05)
    raise AssertionError(f"the game stuck at ply {message['ply']}")


@pytest.mark.parametrize(
    ("player", "problem"),
    [("raising", "KeyError: 'g25'"), ("illegal", "'fly to Berlin', which is not legal")],
)
def test_a_failing_computer_player_is_replaced_by_a_safe_legal_move(
    faulty: None, client: TestClient, caplog: pytest.LogCaptureFixture, player: str, problem: str
) -> None:
    with caplog.at_level(logging.ERROR, logger="greatwar.server"):
        german = create(client, side="german", computer=player)["you"]["token"]
        message = wait_for_ply(client, german, US_SET_UP)  # the game went on
    assert problem in message["game"]["notice"] and "safe legal move" in message["game"]["notice"]
    assert "failed at seed 7 after 0 actions" in caplog.text and problem in caplog.text


def test_a_computer_move_is_bounded_in_time(
    faulty: None, db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(db_url, fixed_seeds=True, computer_workers=0, move_seconds=0.2)
    with TestClient(app) as client, caplog.at_level(logging.ERROR, logger="greatwar.server"):
        german = create(client, side="german", computer="slow")["you"]["token"]
        message = wait_for_ply(client, german, 3)
    assert "took longer than 0.2 s" in message["game"]["notice"]
    assert "failed at seed 7 after 0 actions: took longer than 0.2 s" in caplog.text


def test_computer_moves_are_chosen_in_worker_processes(db_url: str) -> None:
    with TestClient(create_app(db_url, fixed_seeds=True, computer_workers=1)) as client:
        german = create(client, side="german", computer="random")["you"]["token"]
        message = wait_for_ply(client, german, US_SET_UP)
    assert "notice" not in message["game"]
    assert message["observation"]["to_act"] == ["german"] or message["ply"] > US_SET_UP


def test_move_now_reaches_a_search_thinking_in_a_worker_process() -> None:
    """16 "move now": the server asks a search thinking in a worker process to play at once;
    it answers with a legal move long before its own budget (60 s) runs out."""
    import asyncio

    from greatwar.core.registry import load_game
    from greatwar.server.computer import Ask, Computer, process_pool

    state = load_game("fbsm").new_initial_state(7)
    ask = Ask("g1", "fbsm", {}, 7, "mcts:60s", "us", ())

    async def think_then_hurry() -> tuple[Action, str | None, float]:
        computer = Computer(process_pool(1), move_seconds=120)
        try:
            task = asyncio.create_task(computer.choose(ask, state, None))
            while not computer.hurry("g1"):  # once the move is under way
                await asyncio.sleep(0.01)
            started = time.monotonic()
            action, problem = await task
            return action, problem, time.monotonic() - started
        finally:
            computer.close()

    # A fresh thread: the browser tests' Playwright may hold a running loop in this one.
    with ThreadPoolExecutor(1) as thread:
        action, problem, waited = thread.submit(asyncio.run, think_then_hurry()).result()
    assert problem is None
    assert action in state.legal_actions("us")
    assert waited < 50  # stopped by the request, not by its 60 s budget
