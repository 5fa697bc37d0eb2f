"""Studies: worker processes and Ray give the local result; interruption loses nothing."""

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from greatwar.ai.registry import make_player
from greatwar.cli import app
from greatwar.core.actions import Action
from greatwar.core.play import play
from greatwar.core.registry import load_game
from greatwar.core.state import State
from greatwar.sim.facts import Places, recorder
from greatwar.sim.local import GameResult, play_chunk
from greatwar.sim.report import write_report
from greatwar.sim.stats import wilson
from greatwar.sim.study import (
    StudyInterrupted,
    checked_matchup,
    load_results,
    run_study,
)

MATCHUP = checked_matchup("fbsm", {"play_balance": True}, ["heuristic", "heuristic"])
SEEDS = range(12)


@pytest.fixture(scope="module")
def one_worker() -> list[GameResult]:
    return run_study(MATCHUP, SEEDS, workers=1).results


def same(a: list[GameResult], b: list[GameResult]) -> bool:
    return len(a) == len(b) and all(x.same_game(y) for x, y in zip(a, b, strict=True))


def test_two_workers_play_the_same_games_as_one(one_worker: list[GameResult]) -> None:
    two = run_study(MATCHUP, SEEDS, workers=2).results
    assert [r.seed for r in two] == list(SEEDS)
    assert same(two, one_worker)


def test_a_resumed_study_equals_an_uninterrupted_one(
    tmp_path: Path, one_worker: list[GameResult]
) -> None:
    out = tmp_path / "results.parquet"
    calls = []

    def stop_after_first_chunk(n: int) -> None:
        calls.append(n)
        raise KeyboardInterrupt

    with pytest.raises(StudyInterrupted) as stopped:
        run_study(MATCHUP, SEEDS, workers=1, out=out, on_games=stop_after_first_chunk)
    saved = load_results(out)[MATCHUP]
    assert len(saved) == stopped.value.saved == calls[0] > 0
    started = []
    run = run_study(MATCHUP, SEEDS, workers=1, out=out, on_start=lambda *n: started.append(n))
    assert started == [(calls[0], len(SEEDS) - calls[0])]
    assert run.played == len(SEEDS) - calls[0]
    assert same(run.results, one_worker)
    assert same(load_results(out)[MATCHUP], one_worker)


def test_ray_backend_equals_the_local_run(one_worker: list[GameResult]) -> None:
    ray = pytest.importorskip("ray")
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    except Exception as error:  # Ray reports start-up failures with many exception types
        pytest.skip(f"Ray cannot start here: {error}")
    try:
        result = run_study(MATCHUP, SEEDS[:4], backend="ray").results
    finally:
        ray.shutdown()
    assert same(result, one_worker[:4])


class FakeRay:
    """What ``connect`` asks of Ray: whether it is running, and ``init``'s arguments."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def is_initialized(self) -> bool:
        return bool(self.calls)

    def init(self, **kwargs: Any) -> None:
        self.calls.append(kwargs)


def test_ray_started_here_gets_the_studys_workers_as_cpus(monkeypatch: Any) -> None:
    from greatwar.sim import ray_backend

    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    for address, cpus, expected in (
        (None, 1, {"num_cpus": 1}),  # --workers 1 --backend ray: one CPU, as locally
        ("ray://head:10001", 1, {"address": "ray://head:10001"}),  # a cluster keeps its size
    ):
        fake = FakeRay()
        monkeypatch.setattr(ray_backend, "_ray", lambda fake=fake: fake)
        ray_backend.connect(address, cpus)
        ray_backend.connect(address, cpus)  # connected: nothing more
        assert len(fake.calls) == 1 and expected.items() <= fake.calls[0].items()
        assert ("num_cpus" in fake.calls[0]) == (address is None)


def test_report_writes_the_plots_and_the_page(tmp_path: Path) -> None:
    out = tmp_path / "results.parquet"
    run_study(MATCHUP, range(4), workers=1, out=out)
    other = checked_matchup("fbsm", {}, ["heuristic", "random"])
    run_study(other, range(2), workers=1, out=out)
    page = write_report([out], tmp_path / "report")
    names = sorted(p.name for p in page.parent.iterdir())
    assert names == ["game_length.png", "index.html", "map_1.png", "map_2.png", "win_rates.png"]
    text = page.read_text()
    assert "95% Wilson interval" in text and "play_balance=true" in text


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_play_chunk_is_a_pure_function_of_the_seeds() -> None:
    a = play_chunk(MATCHUP, [3, 4])
    b = play_chunk(MATCHUP, [4])
    assert a[1].same_game(b[0])


def test_cli_simulate_saves_resumes_and_reports(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "r.parquet"
    args = ["simulate", "fbsm", "-n", "3", "--players", "heuristic,heuristic"]
    args += ["-o", "play_balance=true", "--workers", "1", "--out", str(out)]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert "95% interval" in first.output and "cause of victory" in first.output
    again = runner.invoke(app, args)
    assert "3 games already in" in again.output
    report = runner.invoke(app, ["report", str(out), "--out-dir", str(tmp_path / "rep")])
    assert report.exit_code == 0, report.output
    assert (tmp_path / "rep" / "index.html").exists()


def recorded_and_seen(seed: int) -> tuple[Places, list[dict[str, Any]], str | None]:
    """One scripted FBSM game: its recorded places, the carnage markers the US observation
    shows at the end, and the hex where the observation showed a unit exiting (4.3)."""
    game = load_game("fbsm")
    watcher = recorder("fbsm")
    seen: list[str] = []

    def watch(state: State, side: str, action: Action) -> None:
        watcher.on_action(state, side, action)
        if action == Action("to", ("exit",)):
            view = state.observation(side)
            unit = view["prompt"]["unit"]
            seen.extend(
                s["hex"] for s in view["stacks"] if any(u["id"] == unit for u in s["units"])
            )

    seats = {side: make_player("heuristic", "fbsm", side, seed) for side in game.sides}
    state = play(game, seats, seed, on_action=watch)
    return watcher.places(state), state.observation("us")["carnage"], seen[-1] if seen else None


def test_the_recorded_places_are_the_carnage_and_exit_a_side_sees() -> None:
    """FBSM's recorder (greatwar/games/fbsm/facts.py) reads the state: the same carnage
    markers (2.6) as the observation shows, and the exit hex (4.3) where the observation
    showed the exiting unit."""
    exits = 0
    for seed in range(8):
        places, carnage, exit_hex = recorded_and_seen(seed)
        assert carnage, "a scripted game leaves carnage"
        assert places.dead_hexes == [c["hex"] for c in carnage]
        assert places.dead_sides == [c["unit"]["side"] for c in carnage]
        assert places.exit_hex == exit_hex
        exits += exit_hex is not None
    assert exits, "some of these games end by an exit (4.3)"
