"""SQLite's one writer at a time: this process's writes are queued, and whichever thread finds
no write under way commits every write queued so far in one transaction (group commit), its
own and the others', whose threads simply wait for their outcome.

SQLite lets one connection write at a time. When each request's thread took a lock to write
its own, the lock passed from thread to thread, and each thread, once woken, also had to win
Python's interpreter lock from the threads building views: under load every hand-off waited,
a queue of commits formed and stayed for seconds (commits of half a millisecond waited 50 ms
at p90). Here a write that finds no other is committed at once by its own thread, and the
writes that queue meanwhile go together in the next commit, so the more queue, the more each
commit carries, and no lock passes from one waiting thread to the next.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Engine

T = TypeVar("T")

MOST_IN_ONE_COMMIT = 64  # writes that share one transaction at most


@dataclass
class _Write:
    """A queued write, and its outcome once committed."""

    work: Callable[[sa.Connection], Any]
    outcome: Future[Any] = field(default_factory=Future)


class Writer:
    """Runs the write transactions of a process's threads, one commit at a time."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._queue: queue.SimpleQueue[_Write] = queue.SimpleQueue()
        self._committing = threading.Lock()

    def run(self, work: Callable[[sa.Connection], T]) -> T:
        """``work``'s result once its transaction has committed, or the exception it raised
        (then nothing it wrote is kept)."""
        write = _Write(work)
        self._queue.put(write)
        self._commit_queued()
        result: T = write.outcome.result()
        return result

    @contextmanager
    def held(self) -> Iterator[None]:
        """No commit while in the block (writes queue meanwhile, committed on leaving)."""
        with self._committing:
            yield
        self._commit_queued()

    def _commit_queued(self) -> None:
        """Commit what is queued unless another thread is committing: that thread looks at
        the queue again once it has let go of the lock, so no write is left behind."""
        while not self._queue.empty():
            if not self._committing.acquire(blocking=False):
                return
            try:
                batch = self._take()
                if batch:  # another thread took them between the look and the lock
                    self._commit(batch)
            finally:
                self._committing.release()

    def _take(self) -> list[_Write]:
        batch: list[_Write] = []
        while len(batch) < MOST_IN_ONE_COMMIT:
            try:
                batch.append(self._queue.get_nowait())
            except queue.Empty:
                break
        return batch

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
