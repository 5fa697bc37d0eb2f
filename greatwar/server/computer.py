"""Computer moves off the server's event loop, bounded in time, never hanging a game.

Moves are chosen in worker processes (a process pool, at a lower CPU priority than the
server), so one game thinking never delays another game's answers. A worker keeps the last
position of each game it has seen and applies only the new actions, so a move costs one
small message, not a replay. Whatever a player does wrong (raises, answers something
illegal, or thinks past the time limit), the game goes on with a safe legal move, and the
error is logged with the game's seed and action count.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import multiprocessing.managers
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Protocol

from anyio import to_thread

from greatwar.ai.registry import make_player
from greatwar.core.actions import Action
from greatwar.core.play import Player
from greatwar.core.registry import load_game
from greatwar.core.state import CONCEDE, State

log = logging.getLogger("greatwar.server")

MOVE_SECONDS = 20.0  # a computer move longer than this is replaced by a safe legal move
WORKER_NICENESS = 10  # workers yield the CPU to the server answering people
_CACHED_GAMES = 64  # positions a worker keeps


@dataclass(frozen=True)
class Ask:
    """What a worker needs to choose one move: the game, its players' spec, the actions so far."""

    key: str  # the game's id on the server
    game_id: str
    options: dict[str, object]
    seed: int
    spec: str
    side: str
    history: tuple[tuple[str, str], ...]  # (side, action) so far


class Flag(Protocol):
    """A stop flag a worker process can read: a ``threading.Event`` or a manager's proxy."""

    def is_set(self) -> bool: ...

    def set(self) -> None: ...


HURRY_POLL = 0.05  # seconds between a worker's looks at its hurry flag


def safe_move(state: State, side: str) -> Action:
    """A legal move that gives nothing away: the first legal action that is not a concession
    (the rules list their actions in a fixed order, so this is reproducible)."""
    legal = state.legal_actions(side)
    return next((a for a in legal if a.verb != CONCEDE), legal[0])


# --- in the worker processes -------------------------------------------------------------

_positions: dict[str, State] = {}
_players: dict[tuple[str, str, str], Player] = {}


def _lower_priority() -> None:
    with contextlib.suppress(OSError):  # not allowed here: same priority as the server
        os.nice(WORKER_NICENESS)


def _position(ask: Ask) -> State:
    """The game's position after ``ask.history``, from the worker's cache where it can."""
    state = _positions.get(ask.key)
    done = state.history() if state is not None else []
    if (
        state is None
        or len(done) > len(ask.history)
        or any((p.side, str(p.action)) != ask.history[n] for n, p in enumerate(done))
    ):
        state = load_game(ask.game_id, ask.options).new_initial_state(ask.seed)
        done = []
    for side, text in ask.history[len(done) :]:
        state.apply_action(text, side)
    _positions.pop(ask.key, None)
    _positions[ask.key] = state
    while len(_positions) > _CACHED_GAMES:
        _positions.pop(next(iter(_positions)))
    return state


def choose_in_worker(ask: Ask, hurry: Flag | None = None) -> str:
    """A worker's move for ``ask`` (its string form). Setting ``hurry`` (from the server)
    asks a player that can stop early (``player.hurry()``) to play its best move now."""
    state = _position(ask)
    key = (ask.key, ask.side, ask.spec)
    if key not in _players:
        _players[key] = make_player(ask.spec, ask.game_id, ask.side, ask.seed)
    player = _players[key]
    stop = getattr(player, "hurry", None)
    if hurry is None or not callable(stop):
        return str(player.choose(state.clone(), ask.side))
    done = threading.Event()

    def relay() -> None:  # passes the server's request on while this move is thought
        while not done.is_set():
            try:
                asked = hurry.is_set()
            except (OSError, EOFError):  # the server shut its flags down: it is stopping
                return
            if asked:
                stop()
                return
            done.wait(HURRY_POLL)

    watcher = threading.Thread(target=relay, daemon=True)
    watcher.start()
    try:
        return str(player.choose(state.clone(), ask.side))
    finally:
        done.set()
        watcher.join()


# --- in the server -----------------------------------------------------------------------


def process_pool(workers: int) -> Executor:
    """Worker processes, started fresh (spawn: the server runs threads, which fork would copy
    in any state) at a lower priority."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_lower_priority)


def default_workers() -> int:
    """One worker per core but one, which stays with the server (at least one)."""
    return max(1, (os.cpu_count() or 1) - 1)


@dataclass
class _Move:
    """A move being thought for one game: its worker's hurry flag (once made), whether it was
    asked to hurry, and the signal to cut it short with a safe move."""

    cut: asyncio.Event
    flag: Flag | None = None
    hurried: bool = False


class Computer:
    """Chooses computer moves: in a process pool, or (``pool`` None) in threads with the
    player objects given, which tests use for players they define themselves."""

    def __init__(self, pool: Executor | None, move_seconds: float = MOVE_SECONDS) -> None:
        self.pool = pool
        self.move_seconds = move_seconds
        self._manager: multiprocessing.managers.SyncManager | None = None  # hurry flags
        self._moves: dict[str, _Move] = {}  # game key -> the move being thought

    def hurry(self, key: str, player: Player | None = None) -> str | None:
        """Ask the move being thought for game ``key`` to be played now. A player that can
        stop early (``player.hurry``; with ``player`` None, whatever thinks in the worker)
        plays the best move it has found ("stop"); any other is cut short and a safe legal
        move is played for it ("safe"). None if no move is under way."""
        move = self._moves.get(key)
        if move is None:
            return None
        stop = getattr(player, "hurry", None) if player is not None else None
        if player is not None and not callable(stop):
            move.cut.set()
            return "safe"
        move.hurried = True
        if self.pool is None and callable(stop):
            stop()
        elif move.flag is not None:
            move.flag.set()
        return "stop"

    def _flag(self) -> Flag:
        if self._manager is None:
            self._manager = multiprocessing.get_context("spawn").Manager()
        return self._manager.Event()

    async def choose(
        self, ask: Ask, state: State, player: Player | None
    ) -> tuple[Action, str | None]:
        """(the move, None) or, when the player failed, (a safe legal move, what went wrong).
        A move cut short by ``hurry`` is a safe legal move, not a failure."""
        move = self._moves[ask.key] = _Move(asyncio.Event())
        think = asyncio.ensure_future(
            asyncio.wait_for(self._think(ask, state, player, move), self.move_seconds)
        )
        cut = asyncio.ensure_future(move.cut.wait())
        try:
            await asyncio.wait({think, cut}, return_when=asyncio.FIRST_COMPLETED)
            if not think.done():  # asked to move now, and the player cannot stop early
                think.cancel()
                log.info("computer %s (%s) of game %s cut short", ask.spec, ask.side, ask.key)
                return await to_thread.run_sync(safe_move, state, ask.side), None
            chosen = think.result()
            action = Action.parse(chosen) if isinstance(chosen, str) else chosen
            legal = await to_thread.run_sync(state.legal_actions, ask.side)
            if action not in legal:
                raise ValueError(f"it chose {str(action)!r}, which is not legal now")
            return action, None
        except Exception as error:  # whatever a player does, the game goes on
            problem = (
                f"took longer than {self.move_seconds:g} s"
                if isinstance(error, TimeoutError)
                else f"{type(error).__name__}: {error}"
            )
            log.error(
                "computer player %s (%s) of game %s failed at seed %d after %d actions: %s",
                ask.spec,
                ask.side,
                ask.key,
                ask.seed,
                len(ask.history),
                problem,
                exc_info=not isinstance(error, TimeoutError),
            )
            return await to_thread.run_sync(safe_move, state, ask.side), problem
        finally:
            cut.cancel()
            if self._moves.get(ask.key) is move:
                del self._moves[ask.key]

    async def _think(
        self, ask: Ask, state: State, player: Player | None, move: _Move
    ) -> Action | str:
        if self.pool is None:
            assert player is not None
            choose: Callable[[State, str], Action] = player.choose
            return await to_thread.run_sync(choose, state.clone(), ask.side, abandon_on_cancel=True)
        loop = asyncio.get_running_loop()
        if player is not None and not callable(getattr(player, "hurry", None)):
            # a player that cannot stop early needs no flag (each is a manager round trip)
            return await loop.run_in_executor(self.pool, choose_in_worker, ask, None)
        flag = await to_thread.run_sync(self._flag)
        move.flag = flag
        if move.hurried:  # asked before the flag was made
            flag.set()
        return await loop.run_in_executor(self.pool, choose_in_worker, ask, flag)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        if self._manager is not None:
            self._manager.shutdown()


def history_of(state: State) -> tuple[tuple[str, str], ...]:
    return tuple((p.side, str(p.action)) for p in state.history())
