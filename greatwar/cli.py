"""The `greatwar` command: list games, simulate, replay saved games, play."""

from __future__ import annotations

import os
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
    seed: Annotated[int, typer.Option(min=0, max=2**64 - 1, help="seed of the first game")] = 0,
    players: Annotated[
        str, typer.Option(help="one player per side, comma-separated")
    ] = "random,random",
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")] = None,
    workers: Annotated[
        int, typer.Option(min=1, help="worker processes (default: one per CPU)")
    ] = os.cpu_count() or 1,
    out: Annotated[
        Path | None, typer.Option(help="Parquet file of results; a rerun resumes it")
    ] = None,
    backend: Annotated[str, typer.Option(help="local (processes) or ray")] = "local",
    address: Annotated[
        str | None, typer.Option(help="Ray cluster address (default: start Ray here)")
    ] = None,
) -> None:
    """Play many games between computer players; print each side's wins with a 95 % interval,
    the game length and the causes of victory."""
    from greatwar.sim.console import run_and_print

    if seed + games_count > 2**64:
        raise GreatwarError(
            f"seeds run from {seed} to {seed + games_count - 1}, past 2**64 - 1, the largest seed"
        )
    seeds = range(seed, seed + games_count)
    run_and_print(
        console,
        game,
        parse_options(option or []),
        players.split(","),
        seeds,
        workers=workers,
        out=out,
        backend=backend,
        address=address,
    )


@app.command()
def report(
    results: Annotated[list[Path], typer.Argument(help="Parquet files of `greatwar simulate`")],
    out_dir: Annotated[Path, typer.Option("--out-dir", help="where the plots go")] = Path("report"),
) -> None:
    """Write plots (PNG) and an HTML page from study results: win rates with intervals per
    variant, game lengths, where units exited or died on the map."""
    from greatwar.sim.report import write_report

    page = write_report(results, out_dir)
    console.print(f"report written: {page}", highlight=False)


def read_record(path: Path) -> GameRecord:
    """A saved game from a file; a missing file or a folder is a clear error."""
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        raise GreatwarError(f"{path} is a folder: give a saved game's file") from None
    except OSError as error:
        raise GreatwarError(f"cannot read {path}: {error.strerror}") from None
    return GameRecord.from_json(data)


@app.command()
def replay(path: Path) -> None:
    """Replay a saved game and print its log."""
    record = read_record(path)
    state = record.replay()
    for entry in state.log():
        console.print(f"[dim]{entry.rule:>6}[/dim]  {entry.text}", highlight=False)
    if state.winner():
        console.print(f"[bold]{state.winner()} won[/bold]")


@app.command()
def fuzz(
    game: str,
    games_count: Annotated[int, typer.Option("--games", "-n", min=1, help="games to play")] = 1000,
    seed: Annotated[int, typer.Option(min=0, max=2**64 - 1, help="seed of the first game")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="name=value")] = None,
    workers: Annotated[
        int, typer.Option(min=1, help="worker processes (default: one per CPU)")
    ] = os.cpu_count() or 1,
    minutes: Annotated[
        float | None, typer.Option(min=0.01, help="stop after this long (the counts say so)")
    ] = None,
    failures: Annotated[Path, typer.Option(help="folder for the reproductions of failures")] = Path(
        "fuzz-failures"
    ),
    policy: Annotated[
        str,
        typer.Option(
            help="random: uniform random actions; mixed: the scripted players, with a random "
            "action instead at each step with probability --epsilon"
        ),
    ] = "mixed",
    epsilon: Annotated[
        float | None,
        typer.Option(
            min=0.0, max=1.0, help="mixed play: the share of random actions (default 0.2)"
        ),
    ] = None,
    every_step: Annotated[
        bool, typer.Option(help="every check at every step (slower), not at sampled steps")
    ] = False,
) -> None:
    """Fuzzing with checks (dead ends and undo after dice at every step; string forms,
    observations and the game's invariants at steps sampled from the seed; the end and a
    replay of the record after each game); each failure is written as the shortest failing
    record, which `greatwar replay` reproduces. Exit code 1 if anything failed."""
    from greatwar.sim.fuzz import EPSILON, Plan
    from greatwar.sim.fuzz_console import fuzz_and_print

    if seed + games_count > 2**64:
        raise GreatwarError("the seeds run past 2**64 - 1, the largest seed")
    ok = fuzz_and_print(
        console,
        game,
        parse_options(option or []),
        range(seed, seed + games_count),
        workers=workers,
        minutes=minutes,
        failures=failures,
        plan=Plan(  # Plan checks the policy's name
            policy,  # type: ignore[arg-type]
            EPSILON if epsilon is None else epsilon,
            every_step=every_step,
        ),
    )
    if not ok:
        raise typer.Exit(1)


@app.command()
def verify(
    path: Annotated[Path, typer.Argument(help="a record saved at the end of a game")],
    commitment: Annotated[
        str | None,
        typer.Option(help="the commitment shown when the game was created, to check against"),
    ] = None,
) -> None:
    """Check that every roll and draw of a game came from the seed committed to at its start:
    the seed and nonce hash to the commitment, and replaying the actions from that seed
    reproduces the saved position."""
    from greatwar.core.verify import verify_record

    report = verify_record(read_record(path), commitment)
    console.print(report, highlight=False)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="which game (see `greatwar games`)")] = "fbsm",
    host: Annotated[str, typer.Option(help="address to serve on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="port to serve on")] = 8000,
    db: Annotated[
        str | None, typer.Option(help="database URL (default: SQLite in the data folder)")
    ] = None,
    side: Annotated[str | None, typer.Option(help="your side (default: the first)")] = None,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="only print the link")] = False,
    terminal: Annotated[
        bool, typer.Option("--terminal", help="play in the terminal instead")
    ] = False,
) -> None:
    """Play in the browser: start the server, open a new game against the computer."""
    if terminal:
        from greatwar.terminal import play_in_terminal

        play_in_terminal(game)
        return
    from greatwar.server.run import play_in_browser

    play_in_browser(game, host, port, db, side=side, open_browser=not no_browser)


def main() -> None:
    """Entry point: bad input becomes a clear one-line error, not a traceback."""
    try:
        app()
    except GreatwarError as error:
        console.print(f"[red]error:[/red] {error}", highlight=False)
        raise SystemExit(2) from None
