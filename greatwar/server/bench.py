"""Round-trip time of an action: HTTP POST until acknowledged, and until the WebSocket push
reaches the other seat. ``python -m greatwar.server.bench [--actions N] [--db URL]``.

The server runs in this process (uvicorn in a thread, on a free loopback port) on a fresh
SQLite file unless --db is given; the US seat places a unit and takes it back, over and over,
while the German seat listens on its socket. Every action is committed before it is
acknowledged, so the figures include the database's durable commit.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from greatwar.server.app import create_app
from greatwar.server.store import sqlite_url


@dataclass
class Timings:
    """Seconds per action: until the POST was answered, until the other seat's push arrived."""

    ack: list[float]
    push: list[float]

    def summary(self) -> dict[str, dict[str, float]]:
        return {"http_ack_ms": _stats(self.ack), "ws_push_ms": _stats(self.push)}


def _stats(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median": round(statistics.median(ordered) * 1000, 2),
        "p90": round(ordered[int(len(ordered) * 0.9) - 1] * 1000, 2),
        "max": round(ordered[-1] * 1000, 2),
        "n": len(ordered),
    }


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _start(db_url: str) -> tuple[uvicorn.Server, threading.Thread, str]:
    port = _free_port()
    config = uvicorn.Config(create_app(db_url), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    return server, thread, f"127.0.0.1:{port}"


def _listen(url: str, arrivals: dict[int, float], ready: threading.Event) -> None:
    with connect(url) as socket_:
        socket_.recv()  # the position on connecting
        ready.set()
        with contextlib.suppress(ConnectionClosed):  # the server stops at the end
            for text in socket_:
                arrivals[json.loads(text)["ply"]] = time.perf_counter()


def measure(base: str, actions: int) -> Timings:
    """Post ``actions`` actions as the US seat; time each answer and the German seat's push."""
    http = httpx.Client(base_url=f"http://{base}", timeout=10)
    answer = http.post("/api/games", json={"game": "fbsm", "opponent": "remote"}).json()
    us = answer["you"]["token"]
    german = next(s["token"] for s in answer["seats"] if s["side"] == "german")
    arrivals: dict[int, float] = {}
    ready = threading.Event()
    listener = threading.Thread(
        target=_listen, args=(f"ws://{base}/api/seats/{german}/ws", arrivals, ready), daemon=True
    )
    listener.start()
    ready.wait(10)
    message: dict[str, Any] = http.get(f"/api/seats/{us}").json()
    sent: dict[int, float] = {}
    ack: list[float] = []
    for n in range(actions):
        start = time.perf_counter()
        if n % 2 == 0:
            body = {"action": message["observation"]["legal_actions"][0], "ply": message["ply"]}
            response = http.post(f"/api/seats/{us}/actions", json=body)
        else:
            response = http.post(f"/api/seats/{us}/undo", json={"ply": message["ply"]})
        ack.append(time.perf_counter() - start)
        message = response.json()
        sent[message["ply"]] = start
        time.sleep(0.005)  # let the push land before the next action (no coalescing)
    deadline = time.perf_counter() + 5
    while len(arrivals) < len(sent) and time.perf_counter() < deadline:
        time.sleep(0.01)
    http.close()
    push = [arrivals[ply] - start for ply, start in sent.items() if ply in arrivals]
    return Timings(ack, push)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m greatwar.server.bench", description=__doc__)
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db_url = args.db or sqlite_url(Path(folder) / "bench.sqlite3")
        server, thread, base = _start(db_url)
        try:
            measure(base, 20)  # warm up: imports, caches, the first connection
            timings = measure(base, args.actions)
        finally:
            server.should_exit = True
            thread.join(timeout=10)
    print(json.dumps({"db": db_url.split(":")[0], **timings.summary()}, indent=1))


if __name__ == "__main__":
    main()
