"""``greatwar fuzz`` on the terminal: a progress bar with rates, then the counts."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from greatwar.sim.fuzz import FuzzOutcome, FuzzTotals, Plan, run_fuzz, write_failure


def fuzz_and_print(
    console: Console,
    game: str,
    options: Mapping[str, object],
    seeds: Sequence[int],
    *,
    workers: int,
    minutes: float | None,
    failures: Path,
    plan: Plan | None = None,
) -> bool:
    """Fuzz with a live progress bar; print the counts and where the failures are. True if
    every game passed."""
    columns = (
        TextColumn("[bold]fuzz {task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("[cyan]{task.fields[rate]}"),
        TextColumn("[red]{task.fields[failed]} failed"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    start = time.monotonic()
    deadline = start + minutes * 60 if minutes else None
    seen = FuzzTotals()
    with Progress(*columns, console=console) as progress:
        task = progress.add_task(game, total=len(seeds), rate="-- games/s", failed=0)

        def heard(outcomes: list[FuzzOutcome]) -> None:
            for outcome in outcomes:
                seen.add(outcome)
            elapsed = max(time.monotonic() - start, 1e-6)
            rate = f"{seen.games / elapsed:.1f} games/s, {seen.actions / elapsed:,.0f} actions/s"
            progress.update(task, advance=len(outcomes), rate=rate, failed=len(seen.failures))

        totals = run_fuzz(
            game, options, seeds, workers=workers, plan=plan, deadline=deadline, on_outcomes=heard
        )
    elapsed = time.monotonic() - start
    print_totals(console, game, totals, len(seeds), elapsed, plan or Plan(), workers)
    for failure in totals.failures:
        path = write_failure(failure, game, options, failures)
        console.print(
            f"[red]seed {failure.seed}[/red] fails at action {failure.step}: {failure.problem}\n"
            f"  reproduce: greatwar replay {path}",
            highlight=False,
        )
    return not totals.failures


def print_totals(
    console: Console,
    game: str,
    totals: FuzzTotals,
    asked: int,
    elapsed: float,
    plan: Plan,
    workers: int,
) -> None:
    """The counts, the rate, the processor time a game took (which does not depend on what
    else the machine runs) and from it the time ``asked`` games take on ``workers`` idle
    cores."""
    policy = plan.policy + (f" (epsilon {plan.epsilon:g})" if plan.policy == "mixed" else "")
    policy += ", every check at every step" if plan.every_step else ", sampled checks"
    table = Table(
        "game",
        "games",
        "of",
        "actions",
        "states checked",
        "ended",
        "wins",
        "failed",
        "time",
        "games/min",
        "CPU s/game",
        f"{asked:,} games, {workers} idle core(s)",
        title=f"fuzz, {policy} play",
    )
    per_game = totals.cpu_seconds / max(totals.games, 1)
    wins = ", ".join(f"{side} {n}" for side, n in sorted(totals.wins.items())) or "-"
    table.add_row(
        game,
        f"{totals.games:,}",
        f"{asked:,}",
        f"{totals.actions:,}",
        f"{totals.states:,}",
        f"{totals.ended:,}",
        wins,
        f"{len(totals.failures):,}",
        f"{elapsed:,.0f} s",
        f"{totals.games / max(elapsed, 1e-6) * 60:,.1f}",
        f"{per_game:,.2f}",
        f"{per_game * asked / workers / 3600:,.1f} h",
    )
    console.print(table)
