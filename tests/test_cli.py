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
    path.write_text(path.read_text().replace('"seed": 11', '"seed": 12'))
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
