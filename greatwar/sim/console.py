"""A study on the terminal: a progress bar with rate and time left, then the summary tables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from greatwar.sim.stats import causes, lengths, side_stats
from greatwar.sim.study import StudyRun, checked_matchup, run_study, variant_label


class RateColumn(ProgressColumn):
    """Games per second over the recent past."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.1f} games/s" if speed else "-- games/s", style="cyan")


def run_and_print(
    console: Console,
    game: str,
    options: Mapping[str, object],
    players: Sequence[str],
    seeds: Sequence[int],
    *,
    workers: int,
    out: Path | None,
    backend: str,
    address: str | None,
) -> StudyRun:
    """Run the study with a progress bar, then print its summary."""
    matchup = checked_matchup(game, options, players)
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(variant_label(matchup), total=len(seeds))

        def start(saved: int, to_play: int) -> None:
            progress.update(task, total=to_play)
            if saved:
                console.print(f"{saved} games already in {out}: resuming", highlight=False)

        run = run_study(
            matchup,
            seeds,
            workers=workers,
            backend=backend,
            out=out,
            address=address,
            on_start=start,
            on_games=lambda n: progress.advance(task, n),
        )
    print_summary(console, run)
    return run


def print_summary(console: Console, run: StudyRun) -> None:
    """Per side: wins with a 95 % Wilson interval; game length; causes of victory."""
    results = run.results
    table = Table("side", "wins", "win rate", "95% interval", title=variant_label(run.matchup))
    for s in side_stats(run.sides, results):
        table.add_row(s.side, f"{s.wins}/{s.games}", f"{s.rate:.1%}", f"{s.low:.1%} - {s.high:.1%}")
    console.print(table)
    n = lengths(results)
    console.print(
        f"game length: {n.mean_turns:.1f} turns on average (median {n.median_turns:.0f}, "
        f"10%-90% {n.p10_turns:.0f}-{n.p90_turns:.0f}), {n.mean_actions:.0f} actions",
        highlight=False,
    )
    why = Table("winner", "cause of victory", "games", "share")
    for winner, cause, count in causes(results):
        why.add_row(winner, cause, str(count), f"{count / max(len(results), 1):.1%}")
    console.print(why)
