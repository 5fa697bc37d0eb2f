"""Balance studies: many games in worker processes (or on Ray), saved to Parquet as they finish.

Results are appended chunk by chunk (the file is rewritten whole and renamed into place, so
an interruption at any instant leaves every finished game on disk), and a run resumes by
skipping the seeds its file already holds for the same matchup. A file may hold several
matchups (say with and without an option): each row names its game, options and players.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Generator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from time import monotonic
from typing import Any

import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]

from greatwar.ai.registry import make_player
from greatwar.core.errors import GreatwarError
from greatwar.core.registry import load_game
from greatwar.sim.local import GameResult, Matchup, play_chunk, seat_players

BACKENDS = ("local", "ray")
FLUSH_SECONDS = 5.0

SCHEMA = pa.schema(
    [
        ("game", pa.string()),
        ("options", pa.string()),
        ("players", pa.string()),
        ("seed", pa.int64()),
        ("winner", pa.string()),
        ("rule", pa.string()),
        ("cause", pa.string()),
        ("turns", pa.int32()),
        ("actions", pa.int32()),
        ("seconds", pa.float64()),
        ("exit_hex", pa.string()),
        ("dead_hexes", pa.list_(pa.string())),
        ("dead_sides", pa.list_(pa.string())),
    ]
)
RESULT_FIELDS = tuple(name for name in SCHEMA.names if name not in ("game", "options", "players"))


class StudyInterrupted(GreatwarError):
    """The run was stopped; the games finished so far are saved."""

    def __init__(self, saved: int, total: int) -> None:
        self.saved = saved
        super().__init__(
            f"interrupted: {saved} of {total} games are saved; run the same command again to resume"
        )


def options_key(options: Mapping[str, object]) -> str:
    """The options as canonical JSON, the form a results file stores."""
    return json.dumps(dict(options), sort_keys=True, separators=(",", ":"))


def variant_label(matchup: Matchup) -> str:
    """A short human name for a matchup: 'heuristic,heuristic play_balance=true'."""
    options = " ".join(f"{k}={json.dumps(v)}" for k, v in sorted(matchup.options.items()))
    return f"{','.join(matchup.players)} {options}".strip()


def checked_matchup(game: str, options: Mapping[str, object], players: Sequence[str]) -> Matchup:
    """The matchup with its options resolved; a bad game, option or player is a clear error."""
    loaded = load_game(game, options)
    players = seat_players(loaded.info, players)
    if len(players) != len(loaded.sides):
        raise GreatwarError(
            f"{game} needs one player per side ({', '.join(loaded.sides)}), got {len(players)}"
        )
    for side, name in zip(loaded.sides, players, strict=True):
        make_player(name, game, side, 0)
    return Matchup.of(game, loaded.options, players)


@dataclass
class ResultStore:
    """A Parquet file of game results, kept in memory and rewritten atomically on flush."""

    path: Path
    table: pa.Table = field(init=False)
    pending: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.path.exists():
            try:
                self.table = pq.read_table(self.path).cast(SCHEMA)
            except (pa.ArrowInvalid, pa.ArrowTypeError, KeyError, ValueError) as error:
                raise GreatwarError(
                    f"{self.path} is not a greatwar results file: {error}"
                ) from None
        else:
            self.table = SCHEMA.empty_table()

    def results(self, matchup: Matchup) -> dict[int, GameResult]:
        """Saved games of this matchup, by seed (pending ones included)."""
        rows = [r for r in self.table.to_pylist() + self.pending if _is_of(r, matchup)]
        return {r["seed"]: GameResult(**{f: r[f] for f in RESULT_FIELDS}) for r in rows}

    def add(self, matchup: Matchup, results: Sequence[GameResult]) -> None:
        key = {"game": matchup.game, "options": options_key(matchup.options)}
        players = ",".join(matchup.players)
        self.pending.extend({**key, "players": players, **vars(r)} for r in results)

    def flush(self) -> None:
        """Write everything to a temporary file and rename it over the results file."""
        if not self.pending:
            return
        fresh = pa.Table.from_pylist(self.pending, schema=SCHEMA)
        table = pa.concat_tables([self.table, fresh])
        order = [("game", "ascending"), ("options", "ascending"), ("players", "ascending")]
        table = table.sort_by([*order, ("seed", "ascending")])
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(self.path.name + ".partial")
        pq.write_table(table, temporary)
        os.replace(temporary, self.path)
        self.table, self.pending = table, []


def _is_of(row: Mapping[str, Any], matchup: Matchup) -> bool:
    return bool(
        row["game"] == matchup.game
        and row["options"] == options_key(matchup.options)
        and row["players"] == ",".join(matchup.players)
    )


def check_writable(path: Path) -> None:
    """A results file can be written at ``path`` (and renamed into place), or GreatwarError."""
    if path.is_dir():
        raise GreatwarError(f"{path} is a folder: --out names the results file (x.parquet)")
    probe = path.with_name(path.name + ".partial")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with probe.open("ab"):
            pass
        probe.unlink()
    except OSError as error:
        raise GreatwarError(f"cannot write the results to {path}: {error.strerror}") from None


def load_results(path: Path) -> dict[Matchup, list[GameResult]]:
    """Every matchup in a results file, with its games in seed order."""
    if not path.is_file():
        what = "a folder" if path.is_dir() else "missing"
        raise GreatwarError(f"{path} is {what}: give the Parquet file of `greatwar simulate`")
    store = ResultStore(path)
    studies: dict[Matchup, list[GameResult]] = {}
    for row in store.table.to_pylist():
        matchup = Matchup.of(row["game"], json.loads(row["options"]), row["players"].split(","))
        studies.setdefault(matchup, []).append(GameResult(**{f: row[f] for f in RESULT_FIELDS}))
    return studies


def chunked(seeds: Sequence[int], workers: int) -> list[list[int]]:
    """Small chunks, so that progress shows often and the workers finish together."""
    size = max(1, min(16, len(seeds) // max(1, workers * 8)))
    return [list(seeds[i : i + size]) for i in range(0, len(seeds), size)]


def _leave_interrupts() -> None:
    """Workers ignore Ctrl-C: the main process stops the run and saves what is finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(
    matchup: Matchup, chunks: Sequence[list[int]], workers: int
) -> Generator[list[GameResult], None, None]:
    """Finished chunks as they come, from a pool of worker processes (none for one worker)."""
    if workers <= 1:
        for seeds in chunks:
            yield play_chunk(matchup, seeds)
        return
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=get_context("spawn"), initializer=_leave_interrupts
    )
    try:
        running: set[Future[list[GameResult]]] = set()
        queue = list(chunks)
        while queue or running:
            while queue and len(running) < workers * 2:
                running.add(pool.submit(play_chunk, matchup, queue.pop(0)))
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


@dataclass
class StudyRun:
    """The games of a study, saved ones included, in seed order."""

    matchup: Matchup
    sides: tuple[str, ...]
    results: list[GameResult]
    played: int  # games played by this run (the rest came from the file)


def run_study(
    matchup: Matchup,
    seeds: Sequence[int],
    *,
    workers: int = 2,
    backend: str = "local",
    out: Path | None = None,
    address: str | None = None,
    on_start: Callable[[int, int], None] | None = None,
    on_games: Callable[[int], None] | None = None,
) -> StudyRun:
    """Play every seed not already in ``out``; ``on_start(saved, to_play)`` and
    ``on_games(n)`` report progress. Ctrl-C saves what is finished (StudyInterrupted)."""
    if backend not in BACKENDS:
        raise GreatwarError(f"unknown backend {backend!r}; the backends are: {', '.join(BACKENDS)}")
    if workers < 1:
        raise GreatwarError(f"workers must be at least 1, got {workers}")
    if out is not None:
        check_writable(out)  # before any game is played, not after
    store = ResultStore(out) if out is not None else None
    saved = store.results(matchup) if store is not None else {}
    done = {s: r for s, r in saved.items() if s in set(seeds)}
    todo = [s for s in seeds if s not in done]
    if on_start is not None:
        on_start(len(done), len(todo))
    chunks = chunked(todo, workers)
    if backend == "ray":
        from greatwar.sim.ray_backend import run_ray

        finished = run_ray(matchup, chunks, address, workers)
    else:
        finished = run_local(matchup, chunks, workers)
    last_flush, pause = monotonic(), FLUSH_SECONDS
    try:
        for results in finished:
            done.update((r.seed, r) for r in results)
            if store is not None:
                store.add(matchup, results)
                if monotonic() - last_flush > pause:
                    began = monotonic()
                    store.flush()
                    last_flush = monotonic()
                    # a big file takes a while to write: keep that under a tenth of the run
                    pause = max(FLUSH_SECONDS, 10 * (last_flush - began))
            if on_games is not None:
                on_games(len(results))
    except KeyboardInterrupt:
        finished.close()
        if store is not None:
            store.flush()
        raise StudyInterrupted(len(done), len(seeds)) from None
    if store is not None:
        store.flush()
    sides = load_game(matchup.game, matchup.options).sides
    ordered = [done[s] for s in sorted(done)]
    return StudyRun(matchup, sides, ordered, len(todo))
