"""The game server's HTTP and WebSocket routes (FastAPI), and the static browser client.

Seats are reached by their secret token; a seat sees only its own observation and acts only
for its own side. Errors are JSON ``{"error": kind, "detail": what was wrong}`` with a 4xx code.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from anyio import to_thread
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from greatwar.ai.registry import LEVELS, PLAYERS
from greatwar.core.errors import BadSide, GreatwarError, IllegalAction, UnknownGame
from greatwar.core.record import GameRecord
from greatwar.core.registry import GAME_MODULES, load_game, registered_games
from greatwar.server.computer import MOVE_SECONDS, Computer, default_workers, process_pool
from greatwar.server.hub import (
    Conflict,
    Forbidden,
    Hub,
    LiveGame,
    NotFound,
    Stale,
    Unclaimed,
    default_player,
)
from greatwar.server.rulebook import rule_index
from greatwar.server.store import AlreadyClaimed, Seat, Store

WEB = Path(__file__).resolve().parent.parent / "web"


class CreateGame(BaseModel):
    """A new game: which, with which options, your side, and who plays the other sides."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=32)
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    side: str | None = None
    opponent: Literal["computer", "hotseat", "remote"] = "computer"
    computer: str | None = None
    # with opponent "computer": other sides that people play all the same (each gets a link),
    # such as the game master's seat of a three-seat game
    people: list[str] = Field(default_factory=list, max_length=8)
    seed: int | None = Field(default=None, ge=0, lt=2**62)


class ActRequest(BaseModel):
    """An action in its string form, and the ply of the position the player saw."""

    model_config = ConfigDict(extra="forbid")
    action: str = Field(min_length=1, max_length=200)
    ply: int = Field(ge=0)


class UndoRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ply: int = Field(ge=0)


class ExplainRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(min_length=1, max_length=200)


def board_of(game_id: str) -> dict[str, Any] | None:
    """The game's board description (its ``board`` module), or None for a game without a map."""
    if game_id not in GAME_MODULES:
        raise UnknownGame(game_id, GAME_MODULES)
    name = f"{GAME_MODULES[game_id]}.board"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise
    description: dict[str, Any] = module.board()
    return description


def has_board(game_id: str) -> bool:
    """Whether a game ships a board description (without building it)."""
    return importlib.util.find_spec(f"{GAME_MODULES[game_id]}.board") is not None


LEVEL_HELP = {  # what each difficulty level of greatwar.ai.registry.LEVELS means to a player
    "easy": "the game's scripted player: sound habits, moves at once",
    "normal": "a search that looks ahead for half a second a move",
    "hard": "the same search, two seconds a move",
}


def side_names(game_id: str) -> dict[str, str]:
    """The sides' names as the game's board prints them ("us" -> "United States"); a game
    without a board keeps its ids."""
    board = board_of(game_id) if has_board(game_id) else None
    return {s["id"]: s["name"] for s in (board or {}).get("sides", [])}


def catalog() -> dict[str, Any]:
    """The games this server plays, their options and sides by name, the difficulty levels
    and the computer players."""
    return {
        "games": [
            {
                "id": info.id,
                "title": info.title,
                "summary": info.summary,
                "sides": list(info.sides),
                "side_names": side_names(info.id),
                "neutral": list(info.neutral),
                "options": [
                    {"name": o.name, "default": o.default, "help": o.help, "choices": o.choices}
                    for o in info.options
                ],
                "has_board": has_board(info.id),
            }
            for info in registered_games()
        ],
        "players": sorted(PLAYERS),
        "levels": [
            {"name": name, "player": spec, "help": LEVEL_HELP.get(name, spec)}
            for name, spec in LEVELS.items()
            if name in PLAYERS
        ],
        "default_player": default_player(),
    }


def error(status: int, kind: str, detail: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": kind, "detail": detail, **extra}, status_code=status)


def _validation_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    problems = exc.errors()
    if any(p.get("type") == "json_invalid" for p in problems):
        return error(400, "bad_request", "the request body is not valid JSON")
    text = "; ".join(
        f"{'.'.join(str(x) for x in p['loc'] if x != 'body') or 'body'}: {p['msg']}"
        for p in problems
    )
    return error(422, "bad_request", text)


def _handlers() -> dict[type[Exception], Callable[[Request, Exception], JSONResponse]]:
    def illegal(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, IllegalAction)
        return error(400, "illegal_action", exc.reason, action=exc.action)

    def stale(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, Stale)
        return error(409, "stale", str(exc), ply=exc.current)

    def conflict(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, Conflict)
        return error(409, "conflict", str(exc), ply=exc.current)

    def http(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        kinds = {404: "not_found", 405: "method_not_allowed"}
        detail = {404: "no such page or API route", 405: "this route does not take that method"}
        return error(
            exc.status_code,
            kinds.get(exc.status_code, "bad_request" if exc.status_code < 500 else "server_error"),
            detail.get(exc.status_code, str(exc.detail)),
        )

    return {
        StarletteHTTPException: http,
        Conflict: conflict,
        RequestValidationError: _validation_error,
        IllegalAction: illegal,
        Stale: stale,
        NotFound: lambda _r, e: error(404, "not_found", str(e)),
        UnknownGame: lambda _r, e: error(404, "not_found", str(e)),
        Forbidden: lambda _r, e: error(403, "forbidden", str(e)),
        Unclaimed: lambda _r, e: error(403, "invitation", str(e)),
        AlreadyClaimed: lambda _r, e: error(410, "claimed", str(e)),
        GreatwarError: lambda _r, e: error(400, "bad_request", str(e)),
    }


class _FreshStaticFiles(StaticFiles):
    """Static files that the browser revalidates, so a changed client is never stale."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def seat_link(request: Request, seat: Seat) -> dict[str, Any]:
    return {
        "role": seat.role,
        "side": seat.side,
        "token": seat.token,
        "url": f"{request.base_url}play#{seat.token}",
        "invitation": seat.invitation,
    }


def create_app(
    db_url: str,
    *,
    fixed_seeds: bool = False,
    computer_pause: float = 0.0,
    computer_workers: int | None = None,
    move_seconds: float = MOVE_SECONDS,
) -> FastAPI:
    """The server for the database at ``db_url`` (migrated on start). ``fixed_seeds`` lets a
    request choose the seed (tests and replays); ``computer_pause`` paces computer actions;
    computer moves run in ``computer_workers`` processes (default: one per core but one; 0:
    threads in this process), each bounded by ``move_seconds``."""
    store = Store(db_url)
    workers = default_workers() if computer_workers is None else computer_workers
    computer = Computer(process_pool(workers) if workers else None, move_seconds)
    hub = Hub(store, computer_pause=computer_pause, computer=computer)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await to_thread.run_sync(store.migrate)
        store.start_checkpoints()
        hub.start()
        yield
        await hub.close()
        store.dispose()

    app = FastAPI(title="greatwar", lifespan=lifespan)
    app.state.hub = hub
    for exc_type, handler in _handlers().items():
        app.add_exception_handler(exc_type, handler)
    _pages(app)
    _game_routes(app, hub, fixed_seeds)
    _seat_routes(app, hub)
    app.mount("/static", _FreshStaticFiles(directory=WEB), name="static")
    return app


def _pages(app: FastAPI) -> None:
    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/play", include_in_schema=False)
    async def play_page() -> FileResponse:
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})


def _game_routes(app: FastAPI, hub: Hub, fixed_seeds: bool) -> None:
    @app.get("/api/catalog")
    async def get_catalog() -> dict[str, Any]:
        return await to_thread.run_sync(catalog)

    @app.get("/api/catalog/{game_id}/board", response_model=None)
    async def get_board(game_id: str) -> dict[str, Any] | JSONResponse:
        description = await to_thread.run_sync(board_of, game_id)
        if description is None:
            return error(404, "not_found", f"{game_id} has no map: it is not a hex game")
        return description

    @app.get("/api/catalog/{game_id}/rules")
    async def get_rules(game_id: str) -> dict[str, Any]:
        """The rulebook's text of every numbered rule, for the log's rule links; empty when
        this installation has no rulebook texts (the browser then shows the numbers alone)."""
        if game_id not in GAME_MODULES:
            raise UnknownGame(game_id, GAME_MODULES)
        rules = await to_thread.run_sync(rule_index, game_id)
        return {"game": game_id, "rules": rules}

    @app.post("/api/games", status_code=201)
    async def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
        if body.seed is not None and not fixed_seeds:
            raise GreatwarError("this server chooses the seed itself, so no player knows the dice")
        game = load_game(body.game, body.options)
        side = body.side or game.sides[0]
        if side not in game.sides:
            raise BadSide(f"unknown side {side!r}; the sides are {', '.join(game.sides)}")
        computer = body.computer or default_player()
        for person in body.people:
            if person not in game.sides:
                raise BadSide(f"unknown side {person!r}; the sides are {', '.join(game.sides)}")
        people = {side, *body.people}
        players = {
            s: computer if body.opponent == "computer" and s not in people else None
            for s in game.sides
        }
        live, seats = await hub.create(
            body.game,
            body.options,
            players,
            body.seed,
            hotseat=body.opponent == "hotseat",
            invite=[s for s in game.sides if s != side] if body.opponent == "remote" else (),
        )
        mine = next(
            s
            for s in seats
            if (s.role == "hotseat" if body.opponent == "hotseat" else s.side == side)
        )
        return {
            "id": live.id,
            "game": live.game.id,
            "title": live.game.info.title,
            "you": seat_link(request, mine),
            "seats": [seat_link(request, s) for s in seats],
        } | live.seed_facts()

    @app.get("/api/games/{game}")
    async def get_game(game: str) -> dict[str, Any]:
        live = await hub.open(game)
        return summary(live)


def _json(text: str) -> Response:
    """A view the hub built as JSON text: sent as it is (no encoding on the event loop)."""
    return Response(text, media_type="application/json")


def summary(live: LiveGame) -> dict[str, Any]:
    """A game's public facts and progress."""
    return live.info() | {
        "ply": live.ply,
        "status": "over" if live.state.is_terminal() else "playing",
    }


def _seat_routes(app: FastAPI, hub: Hub) -> None:
    @app.get("/api/seats/{token}")
    async def get_seat(token: str) -> Response:
        live, seat = await hub.seat(token)
        await hub.sync(live)  # another server may have moved this game
        return _json(await hub.message(live, seat, whole_log=True))

    @app.post("/api/invitations/{token}/claim")
    async def claim_invitation(token: str, request: Request) -> dict[str, Any]:
        live, seat = await hub.claim(token)
        return {"you": seat_link(request, seat), "game": summary(live)}

    @app.post("/api/seats/{token}/actions")
    async def post_action(token: str, body: ActRequest) -> Response:
        return _json(await hub.act(token, body.action, body.ply))

    @app.post("/api/seats/{token}/undo")
    async def post_undo(token: str, body: UndoRequest) -> Response:
        return _json(await hub.undo(token, body.ply))

    @app.post("/api/seats/{token}/explain")
    async def post_explain(token: str, body: ExplainRequest) -> dict[str, Any]:
        reason = await hub.explain(token, body.action)
        return {"action": body.action, "legal": reason is None, "reason": reason}

    @app.post("/api/seats/{token}/hurry")
    async def post_hurry(token: str) -> dict[str, Any]:
        """Ask the computer player that is thinking to move now: its best move found so far,
        or (a player that cannot stop early) a safe legal move; the answer says which."""
        return await hub.hurry(token)

    @app.get("/api/seats/{token}/record")
    async def get_record(token: str) -> dict[str, Any]:
        live, _seat = await hub.seat(token)
        if not live.state.is_terminal():
            raise Forbidden(
                "the record holds the seed, which would reveal every die to come: it can be "
                "downloaded once the game is over"
            )
        record: dict[str, Any] = json.loads(GameRecord.of(live.state, live.nonce).to_json())
        return record

    @app.websocket("/api/seats/{token}/ws")
    async def socket(websocket: WebSocket, token: str) -> None:
        await websocket.accept()
        try:
            live, seat = await hub.seat(token)
        except (NotFound, Unclaimed) as missing:
            status = 404 if isinstance(missing, NotFound) else 403
            await websocket.send_json({"type": "error", "status": status, "detail": str(missing)})
            await websocket.close(code=4000 + status)
            return
        await _serve_socket(websocket, hub, live, seat)


async def _serve_socket(websocket: WebSocket, hub: Hub, live: LiveGame, seat: Seat) -> None:
    """Push the seat's view at once and after every change (changes in between coalesce);
    answer "ping" with a pong. Actions come by POST, so a socket carries no other requests."""
    changed = asyncio.Event()
    changed.set()
    sending = asyncio.Lock()

    async def send(message: str | dict[str, Any]) -> None:
        async with sending:
            await websocket.send_text(message if isinstance(message, str) else json.dumps(message))

    async def push() -> None:
        whole_log = True
        while True:
            await changed.wait()
            changed.clear()
            await send(await hub.message(live, seat, whole_log=whole_log))
            whole_log = False

    live.listeners.add(changed)
    pusher = asyncio.create_task(push())
    try:
        await _answer(websocket, send)
    except WebSocketDisconnect:
        pass
    finally:
        live.listeners.discard(changed)
        pusher.cancel()


async def _answer(
    websocket: WebSocket, send: Callable[[str | dict[str, Any]], Awaitable[None]]
) -> None:
    while True:
        text = await websocket.receive_text()
        if text.strip() == "ping":
            await send({"type": "pong"})
        else:
            await send(
                {
                    "type": "error",
                    "status": 400,
                    "detail": "this socket only pushes the game; send actions by POST to "
                    "/api/seats/<token>/actions",
                }
            )
