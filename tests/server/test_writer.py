"""SQLite's one writer at a time: writes queued together share one commit, a failing write spoils no
other, and commits leave the log's checkpoints to a background thread."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from greatwar.server import store as store_module
from greatwar.server.store import Entry, Seat, Store, new_token, sqlite_url
from greatwar.server.writer import Writer

ROWS = sa.table("rows", sa.column("n", sa.Integer))


@pytest.fixture
def engine(tmp_path: Path) -> sa.Engine:
    engine = store_module.engine_for(sqlite_url(tmp_path / "rows.sqlite3"))
    with engine.begin() as connection:
        connection.exec_driver_sql("CREATE TABLE rows (n INTEGER PRIMARY KEY)")
    return engine


Work = Callable[[sa.Connection], Any]


def _insert(n: int) -> Work:
    def work(connection: sa.Connection) -> int:
        connection.execute(ROWS.insert().values(n=n))
        return n

    return work


def _rows(engine: sa.Engine) -> list[int]:
    with engine.connect() as connection:
        return sorted(connection.execute(sa.select(ROWS.c.n)).scalars())


def _queue_behind_a_held_write(writer: Writer, works: list[Work]) -> list[object]:
    """Run ``works`` from threads while the writer is busy, so they queue together; their
    results (or exceptions) in order."""
    busy, release = threading.Event(), threading.Event()

    def hold(_connection: sa.Connection) -> None:
        busy.set()
        release.wait(10)

    outcomes: list[object] = [None] * len(works)

    def write(index: int) -> None:
        try:
            outcomes[index] = writer.run(works[index])
        except Exception as error:
            outcomes[index] = error

    holder = threading.Thread(target=writer.run, args=(hold,))
    holder.start()
    busy.wait(10)
    threads = [threading.Thread(target=write, args=(i,)) for i in range(len(works))]
    for thread in threads:
        thread.start()
    while writer._queue.qsize() < len(works):  # every write is queued behind the held one
        time.sleep(0.005)
    release.set()
    for thread in [holder, *threads]:
        thread.join(10)
    return outcomes


def test_writes_queued_together_share_one_commit(engine: sa.Engine) -> None:
    commits: list[int] = []
    sa.event.listen(engine, "commit", lambda _connection: commits.append(1))
    outcomes = _queue_behind_a_held_write(Writer(engine), [_insert(n) for n in range(1, 6)])
    assert outcomes == [1, 2, 3, 4, 5]
    assert _rows(engine) == [1, 2, 3, 4, 5]
    assert len(commits) == 2  # the held write's, then the five queued behind it


def test_a_failing_write_spoils_no_other_write_of_its_commit(engine: sa.Engine) -> None:
    def fails_half_way(connection: sa.Connection) -> None:
        connection.execute(ROWS.insert().values(n=100))
        connection.execute(ROWS.insert().values(n=0))  # there is a row 0 already

    writer = Writer(engine)
    writer.run(_insert(0))
    outcomes = _queue_behind_a_held_write(writer, [_insert(1), fails_half_way, _insert(2)])
    assert outcomes[0] == 1 and outcomes[2] == 2
    assert isinstance(outcomes[1], sa.exc.IntegrityError)
    assert _rows(engine) == [0, 1, 2]  # nothing of the failed write is kept


def test_a_journal_row_written_twice_is_a_conflict_for_the_second_writer(tmp_path: Path) -> None:
    store = Store(sqlite_url(tmp_path / "games.sqlite3"))
    store.migrate()
    game = store.create("fbsm", {}, 7, [Seat(new_token(), "", "side", "us")]).id
    store.append(game, Entry(1, "us", "act", "end"), "playing", None)
    with pytest.raises(store_module.StoreConflict, match="already has a journal entry 1"):
        store.append(game, Entry(1, "us", "act", "pass"), "playing", None)
    assert [e.action for e in store.journal(game)] == ["end"]
    store.dispose()


def test_commits_leave_the_logs_checkpoints_to_a_background_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's automatic checkpoint would copy the log into the database inside the commit
    that fills it (two fsyncs while every other write waits); here a thread copies it."""
    monkeypatch.setattr(store_module, "CHECKPOINT_SECONDS", 0.05)
    path = tmp_path / "games.sqlite3"
    store = Store(sqlite_url(path))
    store.migrate()
    store.start_checkpoints()
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
    size = path.stat().st_size
    game = store.create("fbsm", {}, 7, [Seat(new_token(), "", "side", "us")]).id
    for ply in range(1, 200):
        store.append(game, Entry(ply, "us", "act", "x" * 500), "playing", None)
    for _ in range(200):  # the database file grows once the log is copied into it
        if path.stat().st_size > size:
            break
        time.sleep(0.05)
    assert path.stat().st_size > size
    store.dispose()


def test_a_long_log_starts_over_though_commits_never_pause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A log starts over only at a commit that finds all of it copied, which never happens
    while commits keep coming (it grew by ~1,000 pages a second here, for good): a long log
    is copied once more with the writes held back."""
    monkeypatch.setattr(store_module, "CHECKPOINT_SECONDS", 0.05)
    monkeypatch.setattr(store_module, "LOG_RESTART_PAGES", 100)
    path = tmp_path / "games.sqlite3"
    store = Store(sqlite_url(path))
    store.migrate()
    store.start_checkpoints()
    game = store.create("fbsm", {}, 7, [Seat(new_token(), "", "side", "us")]).id
    until = time.monotonic() + 1.5
    ply = 0
    while time.monotonic() < until:  # commits without a pause
        ply += 1
        store.append(game, Entry(ply, "us", "act", "x" * 500), "playing", None)
    log_pages = Path(f"{path}-wal").stat().st_size // 4096
    store.dispose()
    assert ply > 300
    assert log_pages < ply  # each commit adds 2-3 pages to a log that never starts over


def test_an_in_memory_database_keeps_its_tables() -> None:
    store = Store("sqlite://")
    store.migrate()
    store.start_checkpoints()  # nothing to checkpoint, and its one connection stays open
    game = store.create("fbsm", {}, 7, [Seat(new_token(), "", "side", "us")]).id
    store.append(game, Entry(1, "us", "act", "end"), "playing", None)
    assert [e.ply for e in store.journal(game)] == [1]
    store.dispose()
