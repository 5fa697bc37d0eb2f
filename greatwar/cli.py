"""The `greatwar` command: list games, simulate, replay saved games, play."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from greatwar.core.errors import GreatwarError
from greatwar.core.record import GameRecord
from greatwar.core.registry import registered_games

app = typer.Typer(help="greatwar: play and study First World War wargames.", no_args_is_help=True)
console = Console()


def parse_options(pairs: list[str]) -> dict[str, object]:
    """``name=value`` pairs from the command line."""
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise typer.BadParameter(f"options are written name=value, got {pair!r}")
        options[name.strip()] = value.strip()
    return options


@app.command()
def games() -> None:
    """List the games greatwar knows."""
    table = Table("id", "title", "sides", "options")
    for info in registered_games():
        options = ", ".join(f"{o.name}={o.default}" for o in info.options)
        table.add_row(info.id, info.title, " vs ".join(info.sides), options)
    console.print(table)


@app.command()
def simulate(
    game: str,
    games_count: Annotated[int, typer.Option("--games", "-n", min=1, help="games to play")] = 100,
    seed: Annotated[int, typer.Option(min=0, help="seed of the first game")] = 0,
    players: Annotated[
        str, typer.Option(help="one player per side, comma-separated")
    ] = "random,random",
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")] = None,
) -> None:
    """Play many games between computer players and print each side's win rate."""
    from greatwar.sim.local import simulate as run

    summary = run(
        game, parse_options(option or []), players.split(","), range(seed, seed + games_count)
    )
    table = Table("side", "wins", "win rate")
    for side in summary.sides:
        table.add_row(side, str(summary.wins()[side]), f"{summary.win_rate(side):.1%}")
    console.print(table)


@app.command()
def replay(path: Path) -> None:
    """Replay a saved game and print its log."""
    record = GameRecord.from_json(path.read_bytes())
    state = record.replay()
    for entry in state.log():
        console.print(f"[dim]{entry.rule:>6}[/dim]  {entry.text}", highlight=False)
    if state.winner():
        console.print(f"[bold]{state.winner()} won[/bold]")


@app.command()
def play(game: str = "fbsm") -> None:
    """Play a game in the terminal against the random player."""
    from greatwar.terminal import play_in_terminal

    play_in_terminal(game)


def main() -> None:
    """Entry point: bad input becomes a clear one-line error, not a traceback."""
    try:
        app()
    except GreatwarError as error:
        console.print(f"[red]error:[/red] {error}", highlight=False)
        raise SystemExit(2) from None
