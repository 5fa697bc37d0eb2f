"""The server's stage timings: what the load benchmark reads to tell where answers wait."""

from __future__ import annotations

import asyncio
import gc

from fastapi.testclient import TestClient

from greatwar.server.stages import Stages, percentiles
from tests.server.conftest import act, create


def test_percentiles_are_in_milliseconds() -> None:
    found = percentiles([n / 1000 for n in range(1, 101)])
    assert found["n"] == 100
    assert (found["p50_ms"], found["p90_ms"], found["p99_ms"], found["max_ms"]) == (
        51.0,
        91.0,
        100.0,
        100.0,
    )


def test_a_stage_is_timed_and_forgotten_on_clear() -> None:
    stages = Stages()
    with stages.stage("work"):
        pass
    stages.add("work", 0.002)
    assert stages.summary()["work"]["n"] == 2
    stages.clear()
    assert stages.summary() == {}


def test_the_collectors_pauses_and_the_loops_lag_are_stages() -> None:
    stages = Stages()
    stages.watch_collector()
    try:
        gc.collect()
    finally:
        gc.callbacks.remove(stages._on_collection)

    async def watch_briefly() -> None:
        watching = asyncio.create_task(stages.watch_loop())
        await asyncio.sleep(0.05)
        watching.cancel()

    asyncio.run(watch_briefly())
    assert {"gc.gen2", "loop.lag"} <= set(stages.summary())


def test_an_action_is_timed_stage_by_stage(client: TestClient) -> None:
    seat = create(client, side="us", opponent="hotseat")["you"]["token"]
    view = client.get(f"/api/seats/{seat}").json()
    act(client, seat, view["observation"]["legal_actions"][0], view["ply"])
    stages = client.app.state.hub.stages.summary()  # type: ignore[attr-defined]
    wanted = {"act.total", "act.thread_wait", "change.catch_up", "change.apply"}
    assert wanted | {"change.commit", "change.view", "act.resume"} <= set(stages)
