"""The `greatwar` command: listing, simulating, replaying, and clear errors on bad input."""

from pathlib import Path

from typer.testing import CliRunner

from greatwar import GameRecord, load_game
from greatwar.ai.random_player import RandomPlayer
from greatwar.cli import app, main
from greatwar.core.play import play

runner = CliRunner()


def test_games_lists_fbsm() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "fbsm" in result.output and "play_balance" in result.output


def test_simulate_prints_each_sides_win_rate() -> None:
    result = runner.invoke(app, ["simulate", "fbsm", "--games", "2", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "us" in result.output and "german" in result.output and "%" in result.output


def test_simulate_a_three_seat_game_names_only_the_two_sides() -> None:
    """trenches: the game master's neutral seat gets the scripted game master."""
    result = runner.invoke(
        app,
        ["simulate", "trenches", "--games", "2", "--workers", "1", "--players", "random,random"],
    )
    assert result.exit_code == 0, result.output
    assert "french" in result.output and "german" in result.output and "%" in result.output


def saved_game(tmp_path: Path) -> Path:
    game = load_game("fbsm", {"play_balance": True})
    state = play(game, {"us": RandomPlayer(1), "german": RandomPlayer(2)}, seed=11)
    path = tmp_path / "game.json"
    path.write_text(GameRecord.of(state).to_json())
    return path


def test_replay_prints_the_log_with_rule_numbers(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(saved_game(tmp_path))])
    assert result.exit_code == 0, result.output
    assert "3.6" in result.output and "won" in result.output


def test_replay_of_a_tampered_file_is_a_clear_error(tmp_path: Path, monkeypatch, capsys) -> None:
    path = saved_game(tmp_path)
    path.write_text(path.read_text().replace('"seed": "11"', '"seed": "12"'))
    monkeypatch.setattr("sys.argv", ["greatwar", "replay", str(path)])
    try:
        main()
    except SystemExit as stop:
        assert stop.code == 2
    out = capsys.readouterr().out
    assert "error:" in out and ("cannot be replayed" in out or "does not reproduce" in out)


def test_unknown_game_and_option_are_clear_errors(monkeypatch, capsys) -> None:
    for argv, message in (
        (["simulate", "nosuch"], "unknown game 'nosuch'"),
        (["simulate", "fbsm", "-o", "speed=1"], "unknown option 'speed'"),
    ):
        monkeypatch.setattr("sys.argv", ["greatwar", *argv])
        try:
            main()
        except SystemExit as stop:
            assert stop.code == 2
        assert message in capsys.readouterr().out


def run_main(monkeypatch, capsys, *argv: str) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    """(exit code, what was printed) of `greatwar ARGV`, as the installed command runs it."""
    monkeypatch.setattr("sys.argv", ["greatwar", *argv])
    code = 0
    try:
        main()
    except SystemExit as stop:
        code = int(stop.code or 0)
    return code, " ".join(capsys.readouterr().out.split())


def test_bad_input_is_a_clear_error_with_exit_code_2(tmp_path: Path, monkeypatch, capsys) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    cases = [
        (["replay", str(tmp_path / "missing.json")], "cannot read"),
        (["replay", str(tmp_path)], "is a folder"),
        (["replay", str(deep)], "nested too deeply"),
        (["simulate", "fbsm", "--players", "random:3,random"], "random takes no parameter"),
        (["simulate", "fbsm", "--players", "heuristic:x,random"], "heuristic takes no parameter"),
        (["simulate", "fbsm", "--players", "mcts:0,random"], "mcts takes iterations"),
        (["simulate", "fbsm", "-n", "1", "--out", str(tmp_path)], "is a folder"),
        (["simulate", "fbsm", "-n", "1", "--out", "/proc/none/x.parquet"], "cannot write"),
        (["simulate", "fbsm", "-n", "2", "--seed", str(2**64 - 1)], "past 2**64 - 1"),
        (["report", str(tmp_path / "missing.parquet")], "is missing"),
        (["verify", str(tmp_path / "missing.json")], "cannot read"),
    ]
    for argv, message in cases:
        code, out = run_main(monkeypatch, capsys, *argv)
        assert code == 2 and "error:" in out and message in out, (argv, out)
        assert "Traceback" not in out


def test_python_dash_m_greatwar_is_the_command() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "greatwar", "games"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and "fbsm" in done.stdout


def test_verify_confirms_a_server_record_and_catches_a_changed_seed(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    from greatwar.core.commitment import commitment

    game = load_game("fbsm", {"play_balance": True})
    state = play(game, {"us": RandomPlayer(1), "german": RandomPlayer(2)}, seed=2**63 + 11)
    record = GameRecord.of(state, nonce="ab" * 16)
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    code, out = run_main(
        monkeypatch, capsys, "verify", str(path), "--commitment", record.commitment or ""
    )
    assert code == 0 and "verified: seed 9223372036854775819 matches commitment" in out
    assert "draws of the generator" in out
    other = commitment(2**63 + 11, "cd" * 16)
    code, out = run_main(monkeypatch, capsys, "verify", str(path), "--commitment", other)
    assert code == 2 and "is not the one given" in out
    forged = record.model_copy(update={"seed": 12, "commitment": commitment(12, "ab" * 16)})
    path.write_text(forged.to_json())
    code, out = run_main(monkeypatch, capsys, "verify", str(path))
    assert code == 2 and ("cannot be replayed" in out or "does not reproduce" in out)
