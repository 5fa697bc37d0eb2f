"""`greatwar fuzz`: checked random play, with the shortest failing record for any failure."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from greatwar.cli import app
from greatwar.core.record import GameRecord
from greatwar.core.state import State
from greatwar.sim import fuzz


def test_fuzz_one_checks_a_whole_game() -> None:
    outcome = fuzz.fuzz_one("devildogs", {}, 3)
    assert outcome.failure is None and outcome.winner is not None
    assert outcome.actions > 50 and outcome.states == outcome.actions + 1


def test_a_failure_is_cut_to_its_shortest_prefix_and_written_as_a_record(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def broken(state: State) -> None:
        if len(state.history()) >= 40:
            raise AssertionError("invariant broken at 40 actions")

    monkeypatch.setattr(fuzz, "game_checks", lambda game_id: (broken, None))
    outcome = fuzz.fuzz_one("devildogs", {}, 3)
    assert outcome.failure is not None
    assert outcome.failure.step == 40 and "invariant broken" in outcome.failure.problem
    path = fuzz.write_failure(outcome.failure, "devildogs", {}, tmp_path)
    state = GameRecord.from_json(path.read_text()).replay()  # as `greatwar replay` does
    assert len(state.history()) == 40  # the position where the invariant broke
    assert "invariant broken" in path.with_suffix(".problem.txt").read_text()


def test_the_fuzz_command_prints_its_counts() -> None:
    result = CliRunner().invoke(app, ["fuzz", "devildogs", "--games", "4", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "devildo" in result.output and "0" in result.output
