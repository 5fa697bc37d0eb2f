"""Long random-play fuzzing of any registered game: ``greatwar fuzz GAME --games N``.

Each game is played from its seed by uniformly random legal actions (from a generator of its
own, so the game's dice are untouched), on every core. At every step: no exception, some
legal action unless the game is over (no dead end), every side's observation is JSON, an
action applied by its string form gives the same position, undo is refused after any die
roll or draw, and the game's own invariants hold (``check_invariants(state)`` in its
package, if it has one). At the end the record survives JSON and replaying it reproduces the
final position. A failure is written as a record of the shortest failing prefix of actions,
which `greatwar replay` reproduces.
"""

from __future__ import annotations

import importlib
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from greatwar.core.actions import Action
from greatwar.core.record import GameRecord
from greatwar.core.registry import GAME_MODULES, load_game
from greatwar.core.rng import Rng
from greatwar.core.state import Game, State

MAX_ACTIONS = 100_000  # a game longer than this is a dead loop
STRING_FORM_EVERY = 53  # steps between string-form checks
OBSERVE_EVERY = 7  # steps between observation checks (every side)
FUZZ_STREAM = 91  # the chooser's generator stream (never the game's)


@dataclass(frozen=True)
class FuzzFailure:
    """What went wrong, at which step, and the actions that lead there."""

    seed: int
    step: int
    problem: str
    actions: tuple[tuple[str, str], ...]  # the shortest failing prefix, (side, action)


@dataclass
class FuzzOutcome:
    """One game's outcome: its length and end, or its failure."""

    seed: int
    actions: int = 0
    states: int = 0
    winner: str | None = None
    failure: FuzzFailure | None = None


@dataclass
class FuzzTotals:
    games: int = 0
    actions: int = 0
    states: int = 0
    ended: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    failures: list[FuzzFailure] = field(default_factory=list)

    def add(self, outcome: FuzzOutcome) -> None:
        self.games += 1
        self.actions += outcome.actions
        self.states += outcome.states
        if outcome.winner is not None:
            self.ended += 1
            self.wins[outcome.winner] = self.wins.get(outcome.winner, 0) + 1
        if outcome.failure is not None:
            self.failures.append(outcome.failure)


def game_invariants(game_id: str) -> Callable[[State], None] | None:
    """The game's own ``check_invariants(state)``, if its package defines one."""
    module = importlib.import_module(GAME_MODULES[game_id])
    check = getattr(module, "check_invariants", None)
    return check if callable(check) else None


def random_steps(state: State, seed: int) -> Iterator[tuple[str, Action]]:
    """Random legal (side, action) pairs for ``state`` as it goes on."""
    chooser = Rng(seed, stream=FUZZ_STREAM)
    while not state.is_terminal():
        sides = state.sides_to_act()
        if not sides:
            raise AssertionError("dead end: the game is not over and no side is asked")
        side = sides[chooser.below(len(sides))] if len(sides) > 1 else sides[0]
        legal = state.legal_actions(side)
        if not legal:
            raise AssertionError(f"dead end: {side} is asked but has no legal action")
        yield side, legal[chooser.below(len(legal))]


def check_step(state: State, side: str, action: Action, step: int) -> None:
    """Apply one action with the step checks around it."""
    position = state.rng.position
    if step % STRING_FORM_EVERY == 0:
        twin = state.clone()
        twin.apply_action(str(action), side)
    state.apply_action(action, side)
    if step % STRING_FORM_EVERY == 0 and twin.fingerprint() != state.fingerprint():
        raise AssertionError(f"{action!s} by its string form gives another position")
    if state.rng.position != position and state.can_undo():
        raise AssertionError(f"undo allowed after {action!s} rolled or drew")
    if step % OBSERVE_EVERY == 0:
        for viewer in state.game.sides:
            json.dumps(state.observation(viewer))


def play_checked(
    game: Game, seed: int, invariants: Callable[[State], None] | None, max_actions: int
) -> tuple[State, int]:
    """Play one random game with every check; returns the final state and the steps."""
    state = game.new_initial_state(seed)
    for step, (side, action) in enumerate(random_steps(state, seed)):
        if step >= max_actions:
            raise AssertionError(f"no end within {max_actions} actions")
        check_step(state, side, action, step)
        if invariants is not None:
            invariants(state)
    record = GameRecord.from_json(GameRecord.of(state).to_json())
    record.replay()  # RecordError if replaying does not reproduce the position
    return state, len(state.history())


def fuzz_one(
    game_id: str, options: Mapping[str, object], seed: int, max_actions: int = MAX_ACTIONS
) -> FuzzOutcome:
    """One checked random game; on failure, the shortest failing prefix of its actions."""
    game = load_game(game_id, options)
    invariants = game_invariants(game_id)
    try:
        state, steps = play_checked(game, seed, invariants, max_actions)
    except Exception as error:  # any failure is a finding, written as a reproduction
        return FuzzOutcome(seed, failure=shortest_failure(game, seed, invariants, error))
    return FuzzOutcome(seed, steps, steps + 1, state.winner())


def shortest_failure(
    game: Game, seed: int, invariants: Callable[[State], None] | None, error: Exception
) -> FuzzFailure:
    """Replay the failing game action by action (the game is a pure function of its seed and
    actions), stopping at the first step that fails a check, or whose position a replay of
    its record does not reproduce."""
    state = game.new_initial_state(seed)
    played: list[tuple[str, str]] = []
    problem = f"{type(error).__name__}: {error}"
    try:
        for step, (side, action) in enumerate(random_steps(state, seed)):
            played.append((side, str(action)))
            check_step(state, side, action, step)
            if invariants is not None:
                invariants(state)
            if step % 50 == 0:
                GameRecord.of(state).replay()
    except Exception as found:
        problem = f"{type(found).__name__}: {found}"
    return FuzzFailure(seed, len(played), problem, tuple(played))


def write_failure(
    failure: FuzzFailure, game_id: str, options: Mapping[str, Any], out: Path
) -> Path:
    """The failing prefix as a record `greatwar replay` loads (no fingerprint: the position is
    the failing one), and beside it what failed (``.problem.txt``)."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{game_id}-seed{failure.seed}.json"
    record = GameRecord(
        game=game_id, options=dict(options), seed=failure.seed, actions=list(failure.actions)
    )
    path.write_text(record.to_json(), encoding="utf-8")
    problem = f"seed {failure.seed}, action {failure.step}: {failure.problem}\n"
    path.with_suffix(".problem.txt").write_text(problem, encoding="utf-8")
    return path


def _chunk(game_id: str, options: Mapping[str, object], seeds: Sequence[int]) -> list[FuzzOutcome]:
    return [fuzz_one(game_id, options, seed) for seed in seeds]


def run_fuzz(
    game_id: str,
    options: Mapping[str, object],
    seeds: Sequence[int],
    *,
    workers: int,
    deadline: float | None = None,
    on_outcomes: Callable[[list[FuzzOutcome]], None] | None = None,
) -> FuzzTotals:
    """Fuzz every seed on ``workers`` processes (stopping at ``deadline``, a time.monotonic
    value, if given); ``on_outcomes`` hears each finished chunk."""
    load_game(game_id, options)  # a bad game or option fails here, clearly
    totals = FuzzTotals()
    # With a deadline, one game per task, so the budget is kept to about one game's time.
    size = 1 if deadline is not None else max(1, min(8, len(seeds) // max(1, workers * 8)))
    queue = iter([list(seeds[i : i + size]) for i in range(0, len(seeds), size)])
    pool = ProcessPoolExecutor(workers)
    pending: set[Future[list[FuzzOutcome]]] = set()

    def fill() -> None:
        for chunk in queue:
            pending.add(pool.submit(_chunk, game_id, dict(options), chunk))
            if len(pending) >= workers * 2:
                return

    try:
        fill()
        while pending:
            timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
            done, still = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
            pending.clear()
            pending.update(still)
            for future in done:
                outcomes = future.result()
                for outcome in outcomes:
                    totals.add(outcome)
                if on_outcomes is not None:
                    on_outcomes(outcomes)
            if deadline is not None and time.monotonic() >= deadline:
                break  # the games still running are not counted
            fill()
    finally:
        _stop(pool)
    return totals


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what has not started and end the workers now (a game in progress is dropped)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # no public way
    for process in processes:
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
