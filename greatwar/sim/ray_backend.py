"""Studies on a Ray cluster: the same chunks as the local pool, as Ray tasks.

``ray.init(address)`` joins a cluster; with no address (and no ``RAY_ADDRESS``) it starts Ray
on this machine with as many CPUs as the study's workers, so ``--workers`` means the same with
either backend there. Games are pure functions of their seeds, so the results equal a local
run.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Sequence
from typing import Any

from greatwar.core.errors import GreatwarError
from greatwar.sim.local import GameResult, Matchup, play_chunk


def _ray() -> Any:
    try:
        import ray
    except ImportError as error:  # pragma: no cover - ray is a dependency
        raise GreatwarError(f"the ray backend needs the ray package: {error}") from None
    return ray


def connect(address: str | None = None, cpus: int | None = None) -> None:
    """Join the cluster at ``address``, or start Ray locally with ``cpus`` CPUs (default: all
    of them); nothing if already connected. A cluster's size is its own: ``cpus`` is not
    passed to one."""
    ray = _ray()
    if ray.is_initialized():
        return
    if address is None and not os.environ.get("RAY_ADDRESS"):
        ray.init(num_cpus=cpus, log_to_driver=False, include_dashboard=False)
    else:
        ray.init(address=address, log_to_driver=False, include_dashboard=False)


def run_ray(
    matchup: Matchup,
    chunks: Sequence[list[int]],
    address: str | None = None,
    workers: int | None = None,
) -> Generator[list[GameResult], None, None]:
    """Finished chunks as Ray completes them; closing the iterator cancels what is left.
    ``workers``: the CPUs of a Ray started here (see ``connect``)."""
    ray = _ray()
    connect(address, workers)
    task = ray.remote(play_chunk)
    pending = [task.remote(matchup, seeds) for seeds in chunks]
    try:
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref)
