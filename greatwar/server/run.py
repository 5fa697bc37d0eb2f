"""Running the server: where its database lives, serving, and `greatwar play` (serve, create a
game against the computer, print its link, open the browser)."""

from __future__ import annotations

import contextlib
import gc
import os
import socket
import threading
import time
import webbrowser
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from greatwar.core.errors import GreatwarError
from greatwar.core.registry import GAME_MODULES, load_game
from greatwar.server.app import create_app
from greatwar.server.store import sqlite_url

FULL_COLLECTION_SECONDS = 300.0  # between the server's full collections (see collect_rarely)
NEVER = 10**9  # young collections before the collector would start a full one itself

_collector: threading.Thread | None = None


class PortInUse(GreatwarError):
    """The chosen port is taken by another program."""


def data_dir() -> Path:
    """The user's data folder for greatwar: $XDG_DATA_HOME/greatwar or ~/.local/share/greatwar."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "greatwar"


def default_db() -> str:
    """The embedded SQLite database in the user's data folder (created when missing)."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return sqlite_url(folder / "games.sqlite3")


def check_port(host: str, port: int) -> None:
    """PortInUse naming the way out if something already listens on (host, port)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            raise PortInUse(
                f"port {port} on {host} is in use: choose another with --port"
            ) from None


def settle_memory() -> None:
    """Load every game's tables, then take everything alive at start-up (modules, maps,
    tables: about half of what a busy server holds) out of the cyclic collector's walks
    (``gc.freeze``), and move full collections off the answers' path (``collect_rarely``)."""
    for game_id in GAME_MODULES:
        load_game(game_id).new_initial_state(0)
    gc.collect()
    gc.freeze()
    collect_rarely()


def collect_rarely() -> None:
    """Full collections every FULL_COLLECTION_SECONDS from a background thread, instead of
    the collector's own, which it starts whenever the objects that survived its young
    collections have grown by a quarter. On a busy server those are the games' positions,
    which hold no reference cycles (a dropped position is freed at once), so each automatic
    full collection walked every game in play (25 ms for 50 games, ~80,000 objects, every
    15-20 s; the whole server waits meanwhile) and found nothing to free. The rare ones free
    what the server's own machinery (closed sockets, finished tasks) left in cycles."""
    global _collector
    if _collector is not None:
        return
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, NEVER)
    _collector = threading.Thread(target=_collect_every, name="full-collections", daemon=True)
    _collector.start()


def _collect_every() -> None:
    while True:
        time.sleep(FULL_COLLECTION_SECONDS)
        gc.collect()


def server(
    host: str, port: int, db: str | None, *, fixed_seeds: bool = False, computer_pause: float = 0.05
) -> uvicorn.Server:
    """A uvicorn server for the app on ``db`` (default: SQLite in the data folder)."""
    app = create_app(db or default_db(), fixed_seeds=fixed_seeds, computer_pause=computer_pause)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws_ping_interval=20)
    return uvicorn.Server(config)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, **kw: Any) -> None:
    """Run the server until interrupted."""
    check_port(host, port)
    settle_memory()
    server(host, port, db, **kw).run()


def play_in_browser(
    game: str, host: str, port: int, db: str | None, *, side: str | None, open_browser: bool
) -> None:
    """Serve; once up, create a game against the computer, print its link and open it."""
    load_game(game)  # an unknown game is an error before anything starts
    check_port(host, port)
    settle_memory()
    running = server(host, port, db)
    base = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"

    def start_game() -> None:
        while not running.started:
            time.sleep(0.05)
        spec: dict[str, Any] = {"game": game, "opponent": "computer"}
        if side:
            spec["side"] = side
        answer = httpx.post(f"{base}api/games", json=spec, timeout=30)
        if answer.status_code != 201:
            print(f"could not create the game: {answer.json().get('detail')}", flush=True)
            return
        link = answer.json()["you"]["url"]
        print(f"greatwar is running at {base}\nyour game against the computer: {link}", flush=True)
        print("(Ctrl-C stops the server; games are saved and resume where they were)", flush=True)
        if open_browser:
            with contextlib.suppress(webbrowser.Error):  # no browser: the link is printed
                webbrowser.open(link)

    threading.Thread(target=start_game, daemon=True).start()
    running.run()
