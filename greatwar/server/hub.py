"""The games in play: rebuilt from storage by replay, kept in memory, changed one at a time.

Every change follows one path: under the game's lock, in one worker thread, catch up with the
journal, apply the change to a copy of the position (the rules validate it), journal it in one
transaction and build the acting seat's answer; then publish the copy. A published position is
never changed afterwards, so views are built from it in worker threads, as JSON text the event
loop only forwards. Computer players think in worker processes. Changes made through other
servers on the same database reach this server's sockets by a version poll (and on PostgreSQL
by LISTEN/NOTIFY).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from anyio import to_thread

from greatwar.ai.registry import PLAYERS, make_player
from greatwar.core.commitment import commitment, new_nonce
from greatwar.core.errors import IllegalAction
from greatwar.core.play import Player
from greatwar.core.registry import load_game
from greatwar.core.state import Game, State
from greatwar.server.computer import Ask, Computer, history_of
from greatwar.server.stages import Stages
from greatwar.server.store import (
    CHANNEL,
    OVER,
    PLAYING,
    Entry,
    Kind,
    Seat,
    Store,
    StoreConflict,
    new_token,
)
from greatwar.server.views import seat_text

log = logging.getLogger("greatwar.server")

T = TypeVar("T")

POLL_SECONDS = 0.5  # how soon a socket hears of a change made through another server
LISTEN_FALLBACK = 5.0  # PostgreSQL pushes by LISTEN/NOTIFY; the poll only backs it up


class NotFound(ValueError):
    """An unknown game or seat token."""


class Forbidden(ValueError):
    """A seat that may not do this (spectators never act)."""


class Unclaimed(ValueError):
    """An invitation link that must be claimed (POST .../claim) before it opens its seat."""

    def __init__(self) -> None:
        super().__init__(
            "this is an invitation link: claim it to take the seat (it then works for you alone)"
        )


class Stale(ValueError):
    """A request made from an older position than the game's."""

    def __init__(self, sent: int, current: int) -> None:
        self.current = current
        super().__init__(
            f"the game has moved on: it is at ply {current}, the request was made at ply "
            f"{sent}; reload and try again"
        )


def default_player() -> str:
    """The computer player a new game gets unless one is named: the normal difficulty level
    (search, half a second a move)."""
    return next((p for p in ("normal", "heuristic") if p in PLAYERS), "random")


@dataclass
class LiveGame:
    """A game in memory: its published position, journal length, seats and connections."""

    id: str
    game: Game
    seed: int
    state: State
    ply: int
    seats: dict[str, Seat]
    players: dict[str, Player]
    nonce: str | None = None
    specs: dict[str, str] = field(default_factory=dict)  # computer side -> player spec
    notice: str | None = None  # what the page says after a computer player failed
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[asyncio.Event] = field(default_factory=set)
    computer: asyncio.Task[None] | None = None
    thinking_since: tuple[int, float] | None = None  # (ply, monotonic time) a computer began
    views: dict[tuple[str, str | None, int, bool], asyncio.Future[str]] = field(
        default_factory=dict
    )

    def info(self, state: State | None = None, notice: str | None = None) -> dict[str, Any]:
        """The game's public facts, the same for every seat (no seed, no tokens), at the
        published position or at ``state`` (with ``notice``)."""
        if state is None:
            state, notice = self.state, self.notice
        return (
            {
                "id": self.id,
                "game": self.game.id,
                "title": self.game.info.title,
                "sides": list(self.game.sides),
                "options": dict(self.game.options),
                "players": {
                    s.side: f"computer:{s.player}" if s.player else "human"
                    for s in self.seats.values()
                    if s.role == "side" and s.side
                },
                "concede": bool(self.game.info.concession_rule),
                "winner": state.winner(),
                "end": _end(state),
            }
            | self.seed_facts(state)
            | ({"notice": notice} if notice else {})
        )

    def seed_facts(self, state: State | None = None) -> dict[str, str]:
        """The commitment to the seed from the start; the seed (as text: 64-bit) and its nonce
        once the game is over, so anyone can check the commitment and replay the dice."""
        if self.nonce is None:
            return {}
        facts = {"commitment": commitment(self.seed, self.nonce)}
        if (state or self.state).is_terminal():
            facts |= {"seed": str(self.seed), "nonce": self.nonce}
        return facts


def _acting_side(state: State, seat: Seat) -> str:
    """The side a seat acts for: its own; on the same screen, the first side to act."""
    if seat.side is not None:
        return seat.side
    acting = state.sides_to_act()
    return acting[0] if acting else state.game.sides[0]


def _given(side: str, _state: State) -> str:
    return side


def _end(state: State) -> dict[str, str] | None:
    cause = state.end_cause()
    return {"rule": cause[0], "cause": cause[1]} if cause else None


class Conflict(ValueError):
    """Another server wrote the same ply of this game at the same moment."""

    def __init__(self, current: int) -> None:
        self.current = current
        super().__init__(
            "another server changed this game at the same moment: reload the position "
            f"(now at ply {current}) and try again"
        )


def replay(game: Game, seed: int, journal: list[Entry], state: State | None = None) -> State:
    """The position a journal leads to: its actions applied and its undos taken, in order
    (from ``state`` when given: it is changed)."""
    state = game.new_initial_state(seed) if state is None else state
    for entry in journal:
        if entry.kind == "undo":
            state.undo(entry.side)
        else:
            state.apply_action(entry.action, entry.side)
    return state


class Hub:
    """Every game the server has opened, by id; seats by token."""

    def __init__(
        self,
        store: Store,
        *,
        computer_pause: float = 0.0,
        computer: Computer | None = None,
        poll_seconds: float = POLL_SECONDS,
    ) -> None:
        self.store = store
        self.computer_pause = computer_pause  # seconds between computer actions, to follow them
        self.computer = computer or Computer(None)
        self.games: dict[str, LiveGame] = {}
        self._seats: dict[str, Seat] = {}
        self._loading = asyncio.Lock()
        self.poll_seconds = poll_seconds  # between looks for other servers' changes (SQLite)
        self.listening = asyncio.Event()  # PostgreSQL: set while LISTEN is on
        self._tasks: list[asyncio.Task[None]] = []
        self._syncing: set[str] = set()
        self.stages = Stages()  # seconds per stage of the work, for the load benchmark

    # --- opening games -------------------------------------------------------------------

    async def create(
        self,
        game_id: str,
        options: dict[str, Any],
        seats: dict[str, str | None],
        seed: int | None = None,
        *,
        hotseat: bool = False,
        invite: Collection[str] = (),
    ) -> tuple[LiveGame, list[Seat]]:
        """A new game; ``seats`` maps each side to a computer player's name or None (a person);
        the seats of the sides in ``invite`` are invitations, claimed once.
        Returns the game and its seats for people, same-screen and spectators."""
        game = load_game(game_id, options)
        for side, player in seats.items():
            if player is not None:  # an unknown name fails before storing
                await to_thread.run_sync(make_player, player, game_id, side, 0)
        rows = [
            Seat(new_token(), "", "side", side, seats.get(side), invitation=side in invite)
            for side in game.sides
        ]
        if hotseat:
            rows.append(Seat(new_token(), "", "hotseat"))
        rows.append(Seat(new_token(), "", "spectator"))
        stored = await to_thread.run_sync(
            self.store.create,
            game_id,
            dict(game.options),
            secrets.randbelow(2**62) if seed is None else seed,
            rows,
            new_nonce(),
        )
        live = await self.open(stored.id)  # also wakes a computer that moves first
        return live, [s for s in stored.seats if s.player is None]

    async def open(self, game: str) -> LiveGame:
        """A game by id, replayed from storage the first time it is asked for."""
        if game in self.games:
            return self.games[game]
        async with self._loading:
            if game not in self.games:
                self.games[game] = await to_thread.run_sync(self._load, game)
        live = self.games[game]
        self.wake_computer(live)
        return live

    def _load(self, game_pk: str) -> LiveGame:
        stored = self.store.game(game_pk)
        if stored is None:
            raise NotFound(f"there is no game {game_pk!r} on this server")
        game = load_game(stored.game_id, stored.options)
        journal = self.store.journal(game_pk)
        state = replay(game, stored.seed, journal)
        players = {
            s.side: make_player(s.player, game.id, s.side, stored.seed)
            for s in stored.seats
            if s.player and s.side
        }
        return LiveGame(
            id=game_pk,
            game=game,
            seed=stored.seed,
            state=state,
            ply=journal[-1].ply if journal else 0,
            seats={s.token: s for s in stored.seats},
            players=players,
            nonce=stored.nonce,
            specs={s.side: s.player for s in stored.seats if s.player and s.side},
        )

    async def seat(self, token: str) -> tuple[LiveGame, Seat]:
        """The game and seat a token opens. A claimed seat's token never changes, so it is
        looked up once; an invitation is looked up every time (another server may claim it)."""
        seat = self._seats.get(token) or await to_thread.run_sync(self.store.seat, token)
        if seat is None or seat.player is not None:
            raise NotFound("no seat has this token: check the link")
        if seat.invitation:
            raise Unclaimed()
        self._seats[token] = seat
        live = await self.open(seat.game)
        live.seats[token] = seat
        return live, seat

    async def claim(self, token: str) -> tuple[LiveGame, Seat]:
        """Claim an invitation: the claimant's fresh seat; the invitation opens nothing more."""
        seat = await to_thread.run_sync(self.store.claim, token)
        self._seats[seat.token] = seat
        live = await self.open(seat.game)
        live.seats.pop(token, None)
        live.seats[seat.token] = seat
        return live, seat

    # --- views ---------------------------------------------------------------------------

    async def message(self, live: LiveGame, seat: Seat, *, whole_log: bool) -> str:
        """What a seat sees now, as JSON text, built once per position and kind of seat in a
        worker thread (the answer to a POST and the pushes to that side's sockets share it),
        with which computer side is thinking and for how long (added to the shared text)."""
        state, ply, notice = live.state, live.ply, live.notice
        key = (seat.role, seat.side, ply, whole_log)
        if key not in live.views:
            live.views = {k: v for k, v in live.views.items() if k[2] == ply}
            live.views[key] = asyncio.ensure_future(
                to_thread.run_sync(self._view, live, state, seat, ply, notice, whole_log)
            )
        text = await live.views[key]
        thinking = json.dumps(self.thinking(live, state, ply), separators=(",", ":"))
        return f'{text[:-1]},"thinking":{thinking}}}'  # the view is a JSON object

    def _view(
        self,
        live: LiveGame,
        state: State,
        seat: Seat,
        ply: int,
        notice: str | None,
        whole_log: bool,
    ) -> str:
        """A seat's view as JSON text (``seat_text``), timed. In a worker thread."""
        with self.stages.stage("view.build"):
            return seat_text(state, seat, ply, live.info(state, notice), whole_log)

    def thinking(self, live: LiveGame, state: State, ply: int) -> dict[str, Any] | None:
        """The computer side to move at ``ply`` and the seconds since it began thinking (so a
        page opened or reloaded meanwhile counts from the start); None when a person is to
        act. Wall-clock time of the server only, never part of the game."""
        side = next((s for s in state.sides_to_act() if s in live.players), None)
        if side is None:
            return None
        now = time.monotonic()
        if live.thinking_since is None or live.thinking_since[0] != ply:
            live.thinking_since = (ply, now)
        return {"side": side, "seconds": round(now - live.thinking_since[1], 1)}

    # --- changing a game -----------------------------------------------------------------

    async def act(self, token: str, text: str, ply: int) -> str:
        """Apply a seat's action if it is legal and the seat saw the current position; the
        seat's new view."""
        began = time.perf_counter()
        live, seat = await self.seat(token)
        if seat.role == "spectator":
            raise Forbidden("spectators watch; they do not act")
        waiting = time.perf_counter()
        async with live.lock:
            self.stages.add("act.lock_wait", time.perf_counter() - waiting)
            acting = partial(_acting_side, seat=seat)
            await self._change(live, acting, "act", text, ply, seat)
        self.wake_computer(live)
        answer = await self.message(live, seat, whole_log=False)
        self.stages.add("act.total", time.perf_counter() - began)
        return answer

    async def undo(self, token: str, ply: int) -> str:
        """Take back the seat's last action where the rules allow it; the seat's new view."""
        live, seat = await self.seat(token)
        if seat.role == "spectator":
            raise Forbidden("spectators watch; they do not act")

        def undoing_side(state: State) -> str:
            history = state.history()
            side = seat.side if seat.role == "side" else (history[-1].side if history else None)
            if side is None or not state.can_undo(side):
                raise IllegalAction(
                    "undo",
                    "nothing to undo since the last die roll, draw, "
                    "reveal or the other side's action",
                )
            return side

        async with live.lock:
            await self._change(live, undoing_side, "undo", "undo", ply, seat)
        self.wake_computer(live)
        return await self.message(live, seat, whole_log=False)

    async def explain(self, token: str, text: str) -> str | None:
        """Why an action would be refused now (None if it is legal), changing nothing."""
        live, seat = await self.seat(token)
        if seat.role == "spectator":
            raise Forbidden("spectators watch; they do not act")
        state = live.state
        side = _acting_side(state, seat)

        def attempt() -> str | None:
            try:
                state.clone().apply_action(text, side)
            except IllegalAction as error:
                return error.reason
            return None

        return await to_thread.run_sync(attempt)

    async def hurry(self, token: str) -> dict[str, Any]:
        """Ask the computer player thinking now to move at once: a player that can stop early
        plays the best move it has found, any other has a safe legal move played for it.
        The answer says which, or why nothing could be hurried."""
        live, seat = await self.seat(token)
        if seat.role == "spectator":
            raise Forbidden("spectators watch; they do not act")
        side = self._computer_side(live)
        if side is None:
            return {"hurried": False, "detail": "no computer player is to move now"}
        how = self.computer.hurry(live.id, live.players[side]) if live.computer else None
        if how is None:
            return {"hurried": False, "detail": "the computer has not started thinking yet"}
        detail = {
            "stop": "it plays the best move it has found so far",
            "safe": "this computer player cannot stop early: a safe legal move is played for it",
        }[how]
        return {"hurried": True, "detail": detail}

    async def sync(self, live: LiveGame) -> None:
        """Catch up with changes other servers journaled (several servers may share one
        database) and push them to this server's sockets; one cheap query when there are none."""
        async with live.lock:
            before, ply = live.state, live.ply
            state, latest = await to_thread.run_sync(self._caught_up, live, before, ply)
            self._publish(live, state, latest)
        self.wake_computer(live)

    def _caught_up(self, live: LiveGame, state: State, ply: int) -> tuple[State, int]:
        """(position, ply) after the journal entries other servers wrote past ``ply`` (``state``
        itself when there are none). In a worker thread."""
        entries = self.store.journal(live.id, after=ply)
        if not entries:
            return state, ply
        return replay(live.game, live.seed, entries, state.clone()), entries[-1].ply

    def _unseen_since(self, live: LiveGame, state: State, sent: int, side: str) -> bool:
        """Whether all that happened after ply ``sent`` is the other sides' hidden choices,
        made at the same simultaneous prompt and not yet revealed: then ``side`` sees what it
        saw when it chose, and its choice stands (a stale position is refused otherwise, as
        its choice may have meant something else there). In a worker thread."""
        public = state.public_state()
        if public is state:
            return False  # no hidden choices under way
        entries = self.store.journal(live.id, after=sent)
        if not entries or entries[-1].ply != sent + len(entries):
            return False  # a ply the game never had, or a gap
        if any(entry.kind != "act" or entry.side == side for entry in entries):
            return False
        # every one of those entries came after the hidden choices began
        return public.move_number() <= state.move_number() - len(entries)

    async def _change(
        self,
        live: LiveGame,
        side_of: Callable[[State], str],
        kind: Kind,
        text: str,
        sent: int,
        viewer: Seat | None = None,
    ) -> None:
        """Catch up with the journal, check the position is the one the request was made from
        (``sent``), apply the change (the rules validate it), journal it, and publish it once
        stored: all in one worker thread, with the ``viewer``'s new view built there too. The
        caller holds the game's lock. A ply another server stored first is a Conflict."""
        before, ply, notice = live.state, live.ply, live.notice
        stage = self.stages.stage

        def change() -> tuple[State, int, Exception | None, str | None]:
            with stage("change.catch_up"):
                state, now = self._caught_up(live, before, ply)
            if sent != now and not (
                kind == "act"
                and (viewer is None or viewer.side is not None)
                and self._unseen_since(live, state, sent, side_of(state))
            ):
                return state, now, Stale(sent, now), None
            try:
                with stage("change.apply"):
                    side = side_of(state)
                    after = state.clone()
                    if kind == "undo":
                        after.undo(side)
                    else:
                        after.apply_action(text, side)
                    status = OVER if after.is_terminal() else PLAYING
                with stage("change.commit"):
                    entry = Entry(now + 1, side, kind, text)
                    self.store.append(live.id, entry, status, after.winner())
            except StoreConflict:
                state, now = self._caught_up(live, state, now)
                return state, now, Conflict(now), None
            except IllegalAction as refused:
                return state, now, refused, None
            if viewer is None:
                return after, now + 1, None, None
            with stage("change.view"):
                info = live.info(after, notice)
                return after, now + 1, None, seat_text(after, viewer, now + 1, info, False)

        who = "act" if viewer is not None else "computer"
        state, now, problem, view = await self._in_thread(who, change)
        self._publish(live, state, now)
        if problem is not None:
            raise problem
        if viewer is not None and view is not None:
            done: asyncio.Future[str] = asyncio.get_running_loop().create_future()
            done.set_result(view)
            live.views[(viewer.role, viewer.side, now, False)] = done

    async def _in_thread(self, name: str, work: Callable[[], T]) -> T:
        """``work`` in a worker thread, timing the hand-over to the thread and back to the
        event loop (stages ``<name>.thread_wait`` and ``<name>.resume``): both wait while the
        interpreter lock or the processors are busy elsewhere."""
        handed = time.perf_counter()
        returned = handed

        def timed() -> T:
            nonlocal returned
            self.stages.add(f"{name}.thread_wait", time.perf_counter() - handed)
            try:
                return work()
            finally:
                returned = time.perf_counter()

        result = await to_thread.run_sync(timed)
        self.stages.add(f"{name}.resume", time.perf_counter() - returned)
        return result

    def _publish(self, live: LiveGame, state: State, ply: int) -> None:
        """Make a stored position the game's, and tell the sockets."""
        if ply == live.ply:
            return
        live.state, live.ply = state, ply
        for event in live.listeners:
            event.set()

    # --- changes through other servers ---------------------------------------------------

    def start(self) -> None:
        """Start pushing to this server's sockets the changes other servers journal: a version
        poll of the watched games, and on PostgreSQL also LISTEN for each journaled change."""
        self._tasks.append(asyncio.create_task(self._poll()))
        if self.store.is_postgres:
            self._tasks.append(asyncio.create_task(self._listen()))

    async def _poll(self) -> None:
        """Every ``poll_seconds`` (at least every LISTEN_FALLBACK seconds on PostgreSQL, where
        notifications do the work), one query for the journal length of every game with a
        socket open here; the games another server moved are caught up and pushed."""
        every = self.poll_seconds if not self.store.is_postgres else LISTEN_FALLBACK
        while True:
            await asyncio.sleep(every)
            watched = {g.id: g for g in self.games.values() if g.listeners}
            if not watched:
                continue
            try:
                plies = await to_thread.run_sync(self.store.last_plies, list(watched))
            except Exception:  # the database is away: try again at the next round
                log.exception("polling the journal failed")
                continue
            for game_pk, ply in plies.items():
                self._moved(watched[game_pk], ply)

    def _moved(self, live: LiveGame, ply: int) -> None:
        """A change to ``live`` journaled up to ``ply`` (maybe by another server): catch up."""
        if ply > live.ply and live.id not in self._syncing:
            self._syncing.add(live.id)
            task = asyncio.create_task(self.sync(live))
            task.add_done_callback(lambda _t: self._syncing.discard(live.id))

    async def _listen(self) -> None:
        """PostgreSQL: LISTEN on the journal's channel (each append notifies "game:ply");
        after a lost connection, listen again and catch up every watched game."""
        import psycopg  # only with PostgreSQL

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.store.conninfo(), autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    for open_game in list(self.games.values()):
                        if open_game.listeners:
                            self._moved(open_game, open_game.ply + 1)  # anything missed
                    async for note in connection.notifies():
                        game_pk, _, ply = note.payload.partition(":")
                        live = self.games.get(game_pk)
                        if live is not None and live.listeners and ply.isdigit():
                            self._moved(live, int(ply))
            except psycopg.Error:
                log.exception("listening for other servers' changes failed; retrying")
                self.listening.clear()
                await asyncio.sleep(1.0)

    # --- the computer opponent -----------------------------------------------------------

    def wake_computer(self, live: LiveGame) -> None:
        """Start the computer's task if a computer side is to act and none is running."""
        if live.players and live.computer is None and self._computer_side(live):
            live.computer = asyncio.create_task(self._computer_turns(live))

    def _computer_side(self, live: LiveGame) -> str | None:
        return next((s for s in live.state.sides_to_act() if s in live.players), None)

    async def _computer_turns(self, live: LiveGame) -> None:
        """Let computer players act while one is asked; each thinks off the event loop (see
        greatwar.server.computer) on the published position, and its choice is dropped if a
        person changed the game meanwhile. A failing player is replaced, for that move, by a
        safe legal move, and the page says so."""
        try:
            while True:
                async with live.lock:
                    side = self._computer_side(live)
                    if side is None:
                        live.computer = None
                        return
                    snapshot, ply = live.state, live.ply
                    self.thinking(live, snapshot, ply)  # the clock starts with the thinking
                began = time.perf_counter()
                history = await to_thread.run_sync(history_of, snapshot)
                self.stages.add("computer.history", time.perf_counter() - began)
                ask = Ask(
                    live.id,
                    live.game.id,
                    dict(live.game.options),
                    live.seed,
                    live.specs.get(side, ""),
                    side,
                    history,
                )
                began = time.perf_counter()
                action, problem = await self.computer.choose(ask, snapshot, live.players[side])
                self.stages.add("computer.choose", time.perf_counter() - began)
                if self.computer_pause:
                    await asyncio.sleep(self.computer_pause)
                async with live.lock:
                    try:
                        await self._change(live, partial(_given, side), "act", str(action), ply)
                    except (Stale, Conflict):
                        continue  # a person or another server moved first: think again
                    if problem is not None:
                        live.notice = (
                            f"The computer player for {side} failed ({problem}); a safe legal "
                            f"move was played for it instead: {action}."
                        )
        except Exception:  # storage failed: the next change or reload wakes the computer again
            log.exception("the computer turns of game %s stopped", live.id)
            live.computer = None

    async def close(self) -> None:
        """Stop the computer players and the watch on other servers (on shutdown)."""
        tasks = [g.computer for g in self.games.values() if g.computer is not None]
        tasks += self._tasks
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.computer.close()
