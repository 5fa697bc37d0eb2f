"""SQLite's one writer: this process's write transactions run in turn in one thread, and the
writes queued while one commits go together in the next transaction (group commit).

SQLite lets one connection write at a time. When each request's thread took a lock to write,
the lock passed from thread to thread, and each thread, once woken, also had to win Python's
interpreter lock from the threads building views: under load every hand-off waited, a queue
of commits formed, and it stayed for seconds (commits that take half a millisecond waited
50 ms at p90). One thread writing meets no such hand-off, and the more writes queue, the more
each commit carries.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Engine

T = TypeVar("T")

MOST_IN_ONE_COMMIT = 64  # writes that share one transaction at most


@dataclass
class _Write:
    """A write waiting for the writer thread, and its outcome once committed."""

    work: Callable[[sa.Connection], Any]
    outcome: Future[Any] = field(default_factory=Future)


class Writer:
    """Runs write transactions in its own thread (started at the first write)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._queue: queue.SimpleQueue[_Write | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._starting = threading.Lock()

    def run(self, work: Callable[[sa.Connection], T]) -> T:
        """``work``'s result once its transaction has committed, or the exception it raised
        (then nothing it wrote is kept)."""
        write = _Write(work)
        self._start()
        self._queue.put(write)
        result: T = write.outcome.result()
        return result

    def stop(self) -> None:
        """Finish the writes queued so far, then end the thread."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None

    def _start(self) -> None:
        with self._starting:
            if self._thread is None:
                self._thread = threading.Thread(target=self._serve, name="sqlite-writer")
                self._thread.daemon = True
                self._thread.start()

    def _serve(self) -> None:
        """Commit what is queued, up to MOST_IN_ONE_COMMIT writes at a time, until stopped
        (a None in the queue)."""
        while True:
            taken = [self._queue.get()]
            while taken[-1] is not None and len(taken) < MOST_IN_ONE_COMMIT:
                if self._queue.empty():
                    break
                taken.append(self._queue.get())
            batch = [write for write in taken if write is not None]
            if batch:
                self._commit(batch)
            if taken[-1] is None:
                return

    def _commit(self, batch: list[_Write]) -> None:
        """Run the writes in one transaction; if one fails, each again in its own, so that
        a failure (such as a journal row another server wrote first) spoils no other."""
        try:
            with self.engine.begin() as connection:
                results = [write.work(connection) for write in batch]
        except Exception as error:
            if len(batch) == 1:
                batch[0].outcome.set_exception(error)
                return
            for write in batch:
                self._commit([write])
            return
        for write, result in zip(batch, results, strict=True):
            write.outcome.set_result(result)
