"""Storage of games on the server: SQLite by default, PostgreSQL by URL, one schema for both.

A game is stored as what makes it reproducible: (game id, options, seed) in ``games`` and its
journal in ``actions``, one row per accepted action or undo, appended in the same transaction
as any change of status. The position is rebuilt by replaying the journal.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, TypeVar

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine
from sqlalchemy.pool import StaticPool

from greatwar.server.writer import Writer

MIGRATIONS = Path(__file__).parent / "migrations"
CHECKPOINT_SECONDS = 1.0  # SQLite: between background checkpoints of the write-ahead log
LOG_RESTART_PAGES = 4096  # SQLite: a longer log is made to start over (see Store.checkpoint)
CHANNEL = "greatwar_journal"  # PostgreSQL: NOTIFY on it names each game journaled to

log = logging.getLogger("greatwar.server")
T = TypeVar("T")

Role = Literal["side", "hotseat", "spectator"]
Kind = Literal["act", "undo"]
PLAYING, OVER = "playing", "over"

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game_id", sa.String(32), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("winner", sa.String(32), nullable=True),
    sa.Column("nonce", sa.String(64), nullable=True),  # hides the seed in its commitment
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column(
        "game", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("ply", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("side", sa.String(32), nullable=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("action", sa.Text, nullable=False),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("token", sa.String(64), primary_key=True),
    sa.Column("game", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("side", sa.String(32), nullable=True),
    sa.Column("player", sa.String(32), nullable=True),
    sa.Column("invitation", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Index("ix_seats_game", "game"),
)


class StoreConflict(ValueError):
    """A journal row for that ply exists already: another writer got there first."""


class AlreadyClaimed(ValueError):
    """An invitation link that someone has claimed already: it opens nothing any more."""


@dataclass(frozen=True)
class Seat:
    """A way into a game: one side's seat, the same-screen seat or the spectators' seat.
    ``player`` names the computer player holding a side; such a seat's token is never shown.
    An ``invitation`` is a link for a friend: claiming it gives the claimant a fresh token,
    and the invitation then opens nothing (so whoever sent it cannot play that seat)."""

    token: str
    game: str
    role: Role
    side: str | None = None
    player: str | None = None
    invitation: bool = False


@dataclass(frozen=True)
class Entry:
    """One journal row: ``ply`` counts every accepted action and undo, so it only grows."""

    ply: int
    side: str
    kind: Kind
    action: str


@dataclass(frozen=True)
class StoredGame:
    """A game row and its seats."""

    id: str
    game_id: str
    options: dict[str, Any]
    seed: int
    created: datetime
    status: str
    winner: str | None
    seats: tuple[Seat, ...]
    nonce: str | None = None


def new_token() -> str:
    """An unguessable seat token (256 bits)."""
    return secrets.token_urlsafe(32)


def engine_for(url: str) -> Engine:
    """An engine for a database URL; ``postgresql://`` uses psycopg 3, SQLite is made durable."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if not url.startswith("sqlite"):
        return sa.create_engine(url, pool_pre_ping=True)
    in_memory = url in ("sqlite://", "sqlite:///:memory:")
    engine = sa.create_engine(
        url,
        connect_args={"check_same_thread": False},
        poolclass=StaticPool if in_memory else None,
    )
    sa.event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL lets readers go on during a write. With WAL, NORMAL writes each commit to the log
    # before the commit returns, so a killed server (kill -9) loses nothing acknowledged; only
    # a power cut may lose the last commits (FULL would fsync every one: ~4-12 ms each here,
    # and the commits of all games queue behind it).
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _no_automatic_checkpoints(connection: Any, _record: Any) -> None:
    connection.execute("PRAGMA wal_autocheckpoint=0")


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


class Store:
    """The games, seats and journals in one database; every method is one transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = engine_for(url)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        # SQLite has one writer at a time, and a writer that finds the database locked sleeps
        # in growing steps (up to 100 ms) before trying again: this process's writes queue,
        # and are committed together, instead (other processes still meet the busy timeout).
        self._writer = Writer(self.engine) if not self.is_postgres else None
        self._checkpoints: threading.Thread | None = None
        self._stopping = threading.Event()

    def conninfo(self) -> str:
        """The database URL as libpq takes it (PostgreSQL), for a connection of one's own."""
        url = self.engine.url.set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    def _write(self, work: Callable[[sa.Connection], T]) -> T:
        """``work`` in one write transaction, committed before this returns (on SQLite with
        the writes other threads queued meanwhile: greatwar.server.writer)."""
        if self._writer is None:
            with self.engine.begin() as connection:
                return work(connection)
        return self._writer.run(work)

    def migrate(self) -> None:
        """Bring the schema up to date with Alembic (the same revisions for every database)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def start_checkpoints(self) -> None:
        """SQLite: copy the write-ahead log into the database from a background thread every
        CHECKPOINT_SECONDS, instead of inside the commit that fills the log past 1,000 pages
        (SQLite's automatic checkpoint), where its two fsyncs (4-8 ms each here, far more
        when the disk is busy) held every other writer of this server waiting. Durability is
        the same: a commit is in the log before it returns, checkpointed or not."""
        in_memory = self.engine.url.database in (None, "", ":memory:")  # it has no log
        if self._writer is None or in_memory or self._checkpoints is not None:
            return
        sa.event.listen(self.engine, "connect", _no_automatic_checkpoints)
        self.engine.dispose()  # connections opened from now on have the setting
        self._checkpoints = threading.Thread(
            target=self._checkpoint_every, name="sqlite-checkpoints", daemon=True
        )
        self._checkpoints.start()

    def _checkpoint_every(self) -> None:
        while not self._stopping.wait(CHECKPOINT_SECONDS):
            try:
                self.checkpoint()
            except sa.exc.DBAPIError:  # the database is away: try again at the next round
                log.exception("checkpointing the SQLite log failed")

    def checkpoint(self) -> None:
        """Copy what the log holds into the database file while writers go on appending to
        it (a PASSIVE checkpoint). The log starts over only at a commit that finds all of it
        copied, which never happens while commits keep coming: once it is longer than
        LOG_RESTART_PAGES, the few pages written meanwhile are copied with this process's
        writes held back (a pause of two fsyncs every several seconds under load)."""
        if self._copy_log() > LOG_RESTART_PAGES and self._writer is not None:
            with self._writer.held():
                self._copy_log()

    def _copy_log(self) -> int:
        """A PASSIVE checkpoint; the log's length in pages."""
        with self.engine.connect() as connection:
            _busy, pages, _copied = connection.exec_driver_sql(
                "PRAGMA wal_checkpoint(PASSIVE)"
            ).one()
        return int(pages)

    def dispose(self) -> None:
        """Stop the checkpoints and close the connections (SQLite checkpoints on the last)."""
        if self._checkpoints is not None:
            self._stopping.set()
            self._checkpoints.join()
        self.engine.dispose()

    def create(
        self,
        game_id: str,
        options: dict[str, Any],
        seed: int,
        seats_: list[Seat],
        nonce: str | None = None,
    ) -> StoredGame:
        """A new game with its seats."""
        game_pk = secrets.token_urlsafe(9)
        seat_rows = [
            {
                "token": s.token,
                "game": game_pk,
                "role": s.role,
                "side": s.side,
                "player": s.player,
                "invitation": s.invitation,
            }
            for s in seats_
        ]

        def insert(connection: sa.Connection) -> None:
            connection.execute(
                games.insert().values(
                    id=game_pk,
                    game_id=game_id,
                    options=options,
                    seed=seed,
                    created=datetime.now(UTC),
                    status=PLAYING,
                    nonce=nonce,
                )
            )
            connection.execute(seats.insert(), seat_rows)

        self._write(insert)
        stored = self.game(game_pk)
        assert stored is not None
        return stored

    def game(self, game: str) -> StoredGame | None:
        """A game row with its seats, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(games.select().where(games.c.id == game)).first()
            if row is None:
                return None
            seat_rows = connection.execute(
                seats.select().where(seats.c.game == game).order_by(seats.c.role, seats.c.side)
            ).all()
        return StoredGame(
            id=row.id,
            game_id=row.game_id,
            options=dict(row.options),
            seed=int(row.seed),
            created=row.created,
            status=row.status,
            winner=row.winner,
            seats=tuple(_seat(s) for s in seat_rows),
            nonce=row.nonce,
        )

    def seat(self, token: str) -> Seat | None:
        """The seat a token opens, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(seats.select().where(seats.c.token == token)).first()
        return None if row is None else _seat(row)

    def claim(self, token: str) -> Seat:
        """Claim an invitation: its seat gets a fresh token, and the old one opens nothing.
        One UPDATE guarded by the invitation flag, so of two claimants (even on two servers)
        exactly one wins; the other gets AlreadyClaimed."""
        fresh = new_token()

        def update(connection: sa.Connection) -> Any:
            done = connection.execute(
                seats.update()
                .where(seats.c.token == token, seats.c.invitation.is_(True))
                .values(token=fresh, invitation=False)
            )
            if done.rowcount != 1:
                raise AlreadyClaimed(
                    "this invitation link has been claimed already: only the person who opened "
                    "it first may play that seat"
                )
            return connection.execute(seats.select().where(seats.c.token == fresh)).first()

        row = self._write(update)
        assert row is not None
        return _seat(row)

    def journal(self, game: str, after: int = 0) -> list[Entry]:
        """Every accepted action and undo of a game after ply ``after``, in order."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                actions.select()
                .where(actions.c.game == game, actions.c.ply > after)
                .order_by(actions.c.ply)
            ).all()
        return [Entry(r.ply, r.side, r.kind, r.action) for r in rows]

    def last_ply(self, game: str) -> int:
        """The ply of a game's newest journal entry (0 before the first)."""
        with self.engine.connect() as connection:
            value = connection.execute(
                sa.select(sa.func.max(actions.c.ply)).where(actions.c.game == game)
            ).scalar()
        return int(value or 0)

    def last_plies(self, games_: Sequence[str]) -> dict[str, int]:
        """``last_ply`` of several games in one query (games without an entry are left out)."""
        if not games_:
            return {}
        with self.engine.connect() as connection:
            rows = connection.execute(
                sa.select(actions.c.game, sa.func.max(actions.c.ply))
                .where(actions.c.game.in_(games_))
                .group_by(actions.c.game)
            ).all()
        return {row[0]: int(row[1]) for row in rows}

    def append(self, game: str, entry: Entry, status: str, winner: str | None) -> None:
        """Journal one entry and set the game's status, in one transaction (on PostgreSQL,
        which also notifies the game's id on CHANNEL to every listening server at commit)."""

        def insert(connection: sa.Connection) -> None:
            connection.execute(
                actions.insert().values(
                    game=game,
                    ply=entry.ply,
                    side=entry.side,
                    kind=entry.kind,
                    action=entry.action,
                )
            )
            connection.execute(
                games.update().where(games.c.id == game).values(status=status, winner=winner)
            )
            if self.is_postgres:
                connection.execute(
                    sa.select(sa.func.pg_notify(CHANNEL, f"{game}:{entry.ply}"))  # at commit
                )

        try:
            self._write(insert)
        except sa.exc.IntegrityError:
            raise StoreConflict(f"game {game} already has a journal entry {entry.ply}") from None


def _seat(row: Any) -> Seat:
    return Seat(row.token, row.game, row.role, row.side, row.player, bool(row.invitation))
