"""Where the server's time goes: seconds per stage of its work (a person's action from lock to
answer, each step inside the worker thread, view builds, computer moves), the event loop's lag
and the cyclic collector's pauses, kept as samples for percentiles. The load benchmark reads
them to tell which stage makes the slowest answers.
"""

from __future__ import annotations

import asyncio
import gc
import statistics
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

KEEP = 20_000  # newest samples kept per stage (a long-running server keeps a few MB)
LAG_EVERY = 0.01  # seconds between the event loop lag probe's wake-ups


def percentiles(samples: list[float]) -> dict[str, float]:
    """Count, p50, p90, p99, max and mean of samples in seconds, in milliseconds."""
    ordered = sorted(samples)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)

    return {
        "n": len(ordered),
        "p50_ms": at(0.5),
        "p90_ms": at(0.9),
        "p99_ms": at(0.99),
        "max_ms": round(ordered[-1] * 1000, 2),
        "mean_ms": round(statistics.fmean(ordered) * 1000, 2),
    }


class Stages:
    """Seconds per named stage; safe to add to from any thread (a deque's append is atomic)."""

    def __init__(self) -> None:
        self._samples: dict[str, deque[float]] = {}
        self._gc_start = 0.0

    def add(self, name: str, seconds: float) -> None:
        """One sample of stage ``name``."""
        samples = self._samples.get(name)
        if samples is None:
            samples = self._samples.setdefault(name, deque(maxlen=KEEP))
        samples.append(seconds)

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        """Time the block as one sample of stage ``name``."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.add(name, time.perf_counter() - start)

    def clear(self) -> None:
        """Forget every sample (the benchmark measures from its start)."""
        self._samples.clear()

    def summary(self) -> dict[str, dict[str, float]]:
        """Percentiles of each stage, by name."""
        return {name: percentiles(list(s)) for name, s in sorted(self._samples.items()) if s}

    # --- the collector and the event loop --------------------------------------------------

    def watch_collector(self) -> None:
        """Time every cyclic collection as stage ``gc.gen<N>`` (every thread waits for it)."""
        if self._on_collection not in gc.callbacks:
            gc.callbacks.append(self._on_collection)

    def _on_collection(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            self.add(f"gc.gen{info['generation']}", time.perf_counter() - self._gc_start)

    async def watch_loop(self) -> None:
        """Sample how late the running event loop wakes (stage ``loop.lag``), until cancelled."""
        while True:
            start = time.perf_counter()
            await asyncio.sleep(LAG_EVERY)
            self.add("loop.lag", time.perf_counter() - start - LAG_EVERY)
