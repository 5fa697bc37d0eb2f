"""Many games at once against computer players: the round trip of people's actions while
the computers think. ``python -m greatwar.server.loadbench [--games 50] [--seconds 60]``.

The server runs in its own process (as in production: uvicorn, computer moves in its worker
processes) on a fresh SQLite file unless --db is given, on a free loopback port. Each game is
FBSM, a person against the scripted player (as the US in half the games, as the German in
the others, where the computer's US set-up comes first). The person clicks a random
legal action after a think time (0.3-1.2 s, like a person), and waits for the computer's
moves on the seat's WebSocket. Measured: each action's HTTP round trip, from sending the
POST until its answer (committed to the database) has arrived.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from greatwar.server.store import sqlite_url

THINK = (0.3, 1.2)  # seconds a person takes per click


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)

    return {
        "n": len(ordered),
        "p50_ms": at(0.5),
        "p90_ms": at(0.9),
        "p99_ms": at(0.99),
        "max_ms": round(ordered[-1] * 1000, 1),
        "mean_ms": round(statistics.fmean(ordered) * 1000, 1),
    }


async def person(
    base: str, number: int, until: float, rtts: list[float], counts: dict[str, int]
) -> None:
    """One game: the person's clicks, timed, until ``until`` (time.monotonic)."""
    chooser = random.Random(number)
    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=60) as http:
        side = "us" if number % 2 == 0 else "german"  # half the computers set up first
        answer = (await http.post("/api/games", json={"game": "fbsm", "side": side})).json()
        token = answer["you"]["token"]
        while time.monotonic() < until:
            try:
                await _play(http, base, token, chooser, until, rtts, counts)
                return
            except ConnectionClosed:
                counts["reconnects"] += 1  # the socket dropped: open it again


async def _play(
    http: httpx.AsyncClient,
    base: str,
    token: str,
    chooser: random.Random,
    until: float,
    rtts: list[float],
    counts: dict[str, int],
) -> None:
    url = f"ws://{base}/api/seats/{token}/ws"
    async with connect(url, max_size=None, ping_interval=None) as pushes:
        message: dict[str, Any] = json.loads(await pushes.recv())
        while time.monotonic() < until:
            if message["game"]["status"] == "over":
                counts["ended"] += 1
                return
            legal = message["observation"]["legal_actions"]
            if not legal:  # the computer is thinking: its moves come by the socket
                try:
                    pushed = json.loads(await asyncio.wait_for(pushes.recv(), 5))
                except TimeoutError:
                    continue
                if pushed.get("type") == "state" and pushed["ply"] > message["ply"]:
                    counts["computer"] += pushed["ply"] - message["ply"]
                    message = pushed
                continue
            await asyncio.sleep(chooser.uniform(*THINK))
            body = {"action": chooser.choice(legal), "ply": message["ply"]}
            start = time.perf_counter()
            response = await http.post(f"/api/seats/{token}/actions", json=body)
            rtts.append(time.perf_counter() - start)
            if response.status_code == 200:
                message = response.json()
                counts["actions"] += 1
            else:  # the computer moved first (409): look again
                counts["refused"] += 1
                message = (await http.get(f"/api/seats/{token}")).json()


async def loop_lag(until: float, lags: list[float]) -> None:
    """How late this client's own event loop wakes (if large, the client is the bottleneck)."""
    while time.monotonic() < until:
        start = time.perf_counter()
        await asyncio.sleep(0.05)
        lags.append(time.perf_counter() - start - 0.05)


async def drive(base: str, games: int, seconds: float) -> dict[str, Any]:
    rtts: list[float] = []
    lags: list[float] = []
    counts = {"actions": 0, "computer": 0, "refused": 0, "ended": 0, "reconnects": 0}
    until = time.monotonic() + seconds
    people = (person(base, n, until, rtts, counts) for n in range(games))
    await asyncio.gather(loop_lag(until, lags), *people)
    return {
        "games": games,
        "seconds": seconds,
        **counts,
        "action_round_trip": percentiles(rtts),
        "client_loop_lag": percentiles(lags),
        "load_average": os.getloadavg(),
    }


def serve(db_url: str, port: int) -> None:
    """The server, in this (child) process."""
    import uvicorn

    from greatwar.server.app import create_app

    uvicorn.run(create_app(db_url), host="127.0.0.1", port=port, log_level="warning")


def start_server(db_url: str) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    code = f"from greatwar.server.loadbench import serve; serve({db_url!r}, {port})"
    server = subprocess.Popen([sys.executable, "-c", code], env=os.environ.copy())
    base = f"127.0.0.1:{port}"
    for _ in range(300):
        try:
            httpx.get(f"http://{base}/api/catalog", timeout=1).raise_for_status()
            return server, base
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m greatwar.server.loadbench", description=__doc__
    )
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db_url = args.db or sqlite_url(Path(folder) / "loadbench.sqlite3")
        server, base = start_server(db_url)
        try:
            asyncio.run(drive(base, 2, 5))  # warm up: imports, worker processes, caches
            result = asyncio.run(drive(base, args.games, args.seconds))
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(json.dumps({"db": db_url.split(":")[0], **result}, indent=1))


if __name__ == "__main__":
    main()
