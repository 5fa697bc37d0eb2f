"""Many games at once against computer players: the round trip of people's actions while
the computers think. ``python -m greatwar.server.loadbench [--games 50] [--seconds 60]``.

The server runs in its own process (as in production: uvicorn, computer moves in its worker
processes) on a fresh SQLite file unless --db is given, on a free loopback port. Each game is
FBSM, a person against the computer (the scripted player unless --computer names another;
as the US in half the games, as the German in the others, where the computer's US
set-up comes first). Every game is created first; then, for --seconds, each person clicks a
random legal action after a think time (0.3-1.2 s, like a person), and follows the computer's
moves on the seat's WebSocket (always read, as a browser does). Measured: each action's HTTP
round trip, from sending the POST until its answer (committed to the database) has arrived,
against the target (p99 TARGET_P99_MS); the load average says how busy the machine was, and
the client's own loop lag whether the client itself was the bottleneck.

The server also times each stage of its work (greatwar.server.stages), printed as a table:
``http.action`` an action's request from arrival to the answer's last byte; within it
``act.lock_wait`` for the game's lock, ``act.thread_wait`` for a worker thread to start,
``change.catch_up`` (the journal query), ``change.apply``, ``change.commit`` (journaled and
committed), ``change.view`` (the answer built) and ``act.resume`` for the event loop to take the
answer back, ``act.total`` the whole; ``computer.*`` the same for the computer's moves, with
``computer.choose`` its worker's round trip; ``view.build`` the views pushed to sockets;
``gc.gen<N>`` the collector's pauses and ``loop.lag`` how late the server's event loop wakes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from greatwar.server.stages import Stages, percentiles
from greatwar.server.store import sqlite_url

THINK = (0.3, 1.2)  # seconds a person takes per click
KEEP_ALIVE_SECONDS = 2.0  # the client's, under the server's 5 s (see person)
TARGET_P99_MS = 50.0  # issue 10: 50 games against the computer, action round trip p99


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Pushed:
    """The newest position a seat's socket has pushed (the socket is always read, so the
    server's keepalive pings are answered even while the person thinks)."""

    def __init__(self, first: dict[str, Any]) -> None:
        self.message = first
        self.changed = asyncio.Event()

    def offer(self, message: dict[str, Any]) -> None:
        if message.get("type") == "state" and message["ply"] > self.message["ply"]:
            self.message = message
            self.changed.set()

    async def read(self, pushes: ClientConnection) -> None:
        async for text in pushes:
            self.offer(json.loads(text))


Clock = tuple[list[int], asyncio.Event, list[float]]  # (games created, start, end time)


async def person(
    base: str,
    number: int,
    computer: str,
    clock: Clock,
    rtts: list[float],
    counts: dict[str, int],
) -> None:
    """One game: created at once, then the person's clicks, timed, from the start until the
    end (``clock``)."""
    ready, start, until = clock
    chooser = random.Random(number)
    # An idle connection is dropped before the server's keep-alive timeout (5 s) closes it:
    # at the same 5 s, an action was now and then sent as the server closed (a ReadError).
    limits = httpx.Limits(keepalive_expiry=KEEP_ALIVE_SECONDS)
    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=60, limits=limits) as http:
        side = "us" if number % 2 == 0 else "german"  # half the computers set up first
        spec = {"game": "fbsm", "side": side, "computer": computer}
        answer = (await http.post("/api/games", json=spec)).json()
        token = answer["you"]["token"]
        ready[0] += 1
        await start.wait()
        while time.monotonic() < until[0]:
            try:
                await _play(http, base, token, chooser, until[0], rtts, counts)
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
        seen = Pushed(json.loads(await pushes.recv()))
        reader = asyncio.create_task(seen.read(pushes))
        try:
            await _click(http, token, seen, reader, chooser, until, rtts, counts)
        finally:
            reader.cancel()
        closed = reader.exception() if reader.done() and not reader.cancelled() else None
        if closed is not None:
            raise closed  # the socket dropped: the caller opens it again


async def _click(
    http: httpx.AsyncClient,
    token: str,
    seen: Pushed,
    reader: asyncio.Task[None],
    chooser: random.Random,
    until: float,
    rtts: list[float],
    counts: dict[str, int],
) -> None:
    while time.monotonic() < until and not reader.done():
        message = seen.message
        if message["game"]["status"] == "over":
            counts["ended"] += 1
            return
        legal = message["observation"]["legal_actions"]
        if not legal:  # the computer is thinking: its moves come by the socket
            seen.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(seen.changed.wait(), 1)
            counts["computer_moves"] += seen.message["ply"] - message["ply"]
            continue
        await asyncio.sleep(chooser.uniform(*THINK))
        body = {"action": chooser.choice(legal), "ply": message["ply"]}
        start = time.perf_counter()
        response = await http.post(f"/api/seats/{token}/actions", json=body)
        rtts.append(time.perf_counter() - start)
        if response.status_code == 200:
            seen.offer(response.json())
            counts["actions"] += 1
        else:  # the computer moved first (409): look again
            counts["refused"] += 1
            seen.offer((await http.get(f"/api/seats/{token}")).json())


async def loop_lag(until: float, lags: list[float]) -> None:
    """How late this client's own event loop wakes (if large, the client is the bottleneck)."""
    while time.monotonic() < until:
        start = time.perf_counter()
        await asyncio.sleep(0.05)
        lags.append(time.perf_counter() - start - 0.05)


def cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU seconds used so far by process ``pid`` (all its threads) and by its child processes
    (the computer's workers), from Linux's /proc; (0, 0) where there is none."""
    tick = os.sysconf("SC_CLK_TCK")

    def own(process: int) -> float:
        try:
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / tick  # utime, stime

    def children(process: int) -> list[int]:
        try:
            return [
                int(c) for c in Path(f"/proc/{process}/task/{process}/children").read_text().split()
            ]
        except OSError:
            return []

    kids, seen = children(pid), []
    while kids:
        seen.append(kids.pop())
        kids += children(seen[-1])
    return own(pid), sum(own(k) for k in seen)


async def drive(
    base: str, games: int, seconds: float, computer: str, server_pid: int
) -> dict[str, Any]:
    """Create ``games`` games at once, then measure ``seconds`` of play."""
    rtts: list[float] = []
    lags: list[float] = []
    counts = {"actions": 0, "computer_moves": 0, "refused": 0, "ended": 0, "reconnects": 0}
    start, until, ready = asyncio.Event(), [float("inf")], [0]
    people = [
        asyncio.create_task(person(base, n, computer, (ready, start, until), rtts, counts))
        for n in range(games)
    ]
    created = time.perf_counter()
    while ready[0] + sum(t.done() for t in people) < games:
        await asyncio.sleep(0.05)
    setup = time.perf_counter() - created
    async with httpx.AsyncClient(base_url=f"http://{base}") as http:
        (await http.post("/bench/stages/clear")).raise_for_status()
    load_before = os.getloadavg()
    cpu_before = cpu_seconds(server_pid)
    until[0] = time.monotonic() + seconds
    start.set()
    await asyncio.gather(loop_lag(until[0], lags), *people)
    server_cpu, workers_cpu = (
        b - a for a, b in zip(cpu_before, cpu_seconds(server_pid), strict=True)
    )
    moves = max(1, counts["actions"] + counts["computer_moves"])
    async with httpx.AsyncClient(base_url=f"http://{base}") as http:
        stages = (await http.get("/bench/stages")).json()
    return {
        "games": games,
        "seconds": seconds,
        "setup_seconds": round(setup, 1),
        **counts,
        "action_round_trip": percentiles(rtts),
        "client_loop_lag": percentiles(lags),
        "server_cpu_s": round(server_cpu, 2),
        "server_cpu_ms_per_move": round(server_cpu / moves * 1000, 2),
        "workers_cpu_s": round(workers_cpu, 2),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "server_stages": stages,
    }


def serve(db_url: str, port: int) -> None:
    """The server, in this (child) process, with the routes that read its stages."""
    import uvicorn

    from greatwar.server.app import create_app
    from greatwar.server.run import settle_memory

    settle_memory()
    app = create_app(db_url)
    stages: Stages = app.state.hub.stages
    watching: list[asyncio.Task[None]] = []

    @app.post("/bench/stages/clear")
    async def clear_stages() -> None:
        """Measure from now on, with the collector's pauses and the event loop's lag."""
        stages.clear()
        stages.watch_collector()
        if not watching:
            watching.append(asyncio.create_task(stages.watch_loop()))

    @app.get("/bench/stages")
    async def get_stages() -> dict[str, Any]:
        return stages.summary()

    async def timed(scope: Any, receive: Any, send: Any) -> None:
        """The app, timing each action's request from its arrival to its answer's last byte."""
        if scope["type"] != "http" or not scope["path"].endswith("/actions"):
            return await app(scope, receive, send)
        with stages.stage("http.action"):
            await app(scope, receive, send)

    uvicorn.run(timed, host="127.0.0.1", port=port, log_level="warning")


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


def verdict(result: dict[str, Any]) -> str:
    """One line: the percentiles against the target, and how loaded the machine was."""
    rtt = result["action_round_trip"]
    met = "met" if rtt["p99_ms"] <= TARGET_P99_MS else "NOT met"
    load = result["load_average_before"][0], result["load_average_after"][0]
    return (
        f"{result['games']} games, {rtt['n']} actions: round trip p50 {rtt['p50_ms']} ms, "
        f"p90 {rtt['p90_ms']} ms, p99 {rtt['p99_ms']} ms (target p99 <= {TARGET_P99_MS:g} ms: "
        f"{met}); load average {load[0]:.1f} before, {load[1]:.1f} after; server CPU "
        f"{result['server_cpu_ms_per_move']} ms a move; client loop lag p99 "
        f"{result['client_loop_lag']['p99_ms']} ms"
    )


def stage_table(stages: dict[str, dict[str, float]]) -> str:
    """The server's stages (see the module's doc), one a line: count, p50 / p90 / p99 / max."""
    lines = [f"{'server stage':20} {'n':>7} {'p50':>7} {'p90':>7} {'p99':>7} {'max':>8} ms"]
    for name, p in stages.items():
        figures = f"{p['p50_ms']:>7} {p['p90_ms']:>7} {p['p99_ms']:>7} {p['max_ms']:>8}"
        lines.append(f"{name:20} {p['n']:>7} {figures}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m greatwar.server.loadbench", description=__doc__
    )
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument(
        "--computer",
        default="heuristic",
        help="the computer player (default: %(default)s, the scripted player, which answers "
        "at once, so people act all along; the search levels think 0.5-2 s a move, and then "
        "the games mostly wait for the worker processes)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db_url = args.db or sqlite_url(Path(folder) / "loadbench.sqlite3")
        server, base = start_server(db_url)
        try:
            warm_up = drive(base, 2, 5, args.computer, server.pid)  # imports, workers, caches
            asyncio.run(warm_up)
            result = asyncio.run(drive(base, args.games, args.seconds, args.computer, server.pid))
        finally:
            server.terminate()
            server.wait(timeout=30)
    result = {"db": db_url.split(":")[0], "player": args.computer, **result}
    print(json.dumps(result, indent=1))
    print(stage_table(result["server_stages"]))
    print(verdict(result))


if __name__ == "__main__":
    main()
