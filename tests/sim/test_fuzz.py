"""`greatwar fuzz`: checked random play, with the shortest failing record for any failure."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from greatwar.cli import app
from greatwar.core.actions import Action
from greatwar.core.errors import GreatwarError
from greatwar.core.record import GameRecord
from greatwar.core.registry import load_game
from greatwar.core.rng import Rng
from greatwar.core.state import State
from greatwar.sim import fuzz


def test_fuzz_one_checks_a_whole_game() -> None:
    outcome = fuzz.fuzz_one("devildogs", {}, 3)
    assert outcome.failure is None and outcome.winner is not None
    assert outcome.actions > 50 and outcome.states == outcome.actions + 1
    assert outcome.cpu_seconds > 0  # the processor time of the game, for the estimates


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


def test_mixed_play_is_the_scripted_players_with_random_actions_drawn_from_the_seed() -> None:
    game = load_game("devildogs")
    plan = fuzz.Plan("mixed", 0.25)
    first, again = game.new_initial_state(8), game.new_initial_state(8)
    played = [(s, str(a)) for s, a in _applied(first, fuzz.policy_steps(first, 8, plan))]
    assert played == [(s, str(a)) for s, a in _applied(again, fuzz.policy_steps(again, 8, plan))]
    scripted = game.new_initial_state(8)
    only_scripted = list(_applied(scripted, fuzz.policy_steps(scripted, 8, fuzz.Plan("mixed", 0))))
    assert played != [(s, str(a)) for s, a in only_scripted]  # a quarter of them at random
    assert first.is_terminal() and first.fingerprint() == again.fingerprint()


def test_random_play_is_what_it_was() -> None:
    """The random policy draws exactly as before the policies, so old seeds reproduce."""
    game = load_game("devildogs")
    state = game.new_initial_state(4)
    chooser = Rng(4, stream=fuzz.FUZZ_STREAM)
    for side, action in fuzz.policy_steps(state, 4, fuzz.Plan("random")):
        sides = state.sides_to_act()
        expected_side = sides[chooser.below(len(sides))] if len(sides) > 1 else sides[0]
        legal = state.legal_actions(expected_side)
        assert (side, action) == (expected_side, legal[chooser.below(len(legal))])
        state.apply_action(action, side)


def test_sampled_checks_are_drawn_from_the_seed_and_every_step_checks_all() -> None:
    first = list(itertools.islice(fuzz.sampled_checks(11), 400))
    assert first == list(itertools.islice(fuzz.sampled_checks(11), 400))
    assert 50 < sum(hold for _s, _o, hold in first) < 150  # about one step in four
    assert all(all(c) for c in itertools.islice(fuzz.sampled_checks(11, every_step=True), 50))


def test_a_bad_policy_or_share_is_a_clear_error() -> None:
    with pytest.raises(GreatwarError, match="unknown policy"):
        fuzz.Plan("greedy")  # type: ignore[arg-type]
    with pytest.raises(GreatwarError, match="epsilon"):
        fuzz.Plan("mixed", 1.5)
    result = CliRunner().invoke(app, ["fuzz", "devildogs", "--games", "1", "--policy", "greedy"])
    assert isinstance(result.exception, GreatwarError)  # `greatwar` prints it, exit code 2
    assert "unknown policy" in str(result.exception)


def test_the_fuzz_command_plays_by_either_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    from greatwar import cli

    monkeypatch.setattr(cli.console, "width", 200)  # the console is made once, at import
    for policy in ("random", "mixed"):
        arguments = ["fuzz", "devildogs", "--games", "2", "--workers", "1", "--policy", policy]
        result = CliRunner().invoke(app, arguments, env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        assert f"{policy}" in result.output and "sampled checks" in result.output
        assert "CPU s/game" in result.output and "2 games, 1 idle core(s)" in result.output


def _applied(state: State, steps: Iterator[tuple[str, Action]]) -> Iterator[tuple[str, Action]]:
    for side, action in steps:
        state.apply_action(action, side)
        yield side, action
