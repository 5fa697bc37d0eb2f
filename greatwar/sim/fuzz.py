"""Long fuzzing of any registered game: ``greatwar fuzz GAME --games N``.

Each game is played from its seed by a policy with a generator of its own (the game's dice are
untouched): ``random`` picks uniformly among the legal actions; ``mixed`` (the default) lets
each side's scripted player choose and, at each step with probability ``epsilon``, a uniformly
random legal action instead. Uniform random play wanders: an FBSM game runs ~10,000 actions
that way and ~3,000 in mixed play, which still leaves the scripted lines at random points.

Checks, on every core: at every step no exception, some legal action unless the game is over
(no dead end) and undo refused after any die roll or draw; at steps sampled from the seed (so
a failure reproduces; every step with ``every_step``), an action applied by its string form
gives the same position, every side's observation is JSON, and the game's own invariants
hold (``check_invariants(state)`` from its package, or from its contract tests in a source
checkout: in Trenches they took 58% of a checked game at every step, in FBSM 22%); at the
end the invariants, the game's own end check, and the record survives JSON and replaying it
reproduces the final position. A failure is written as a record of the shortest failing
prefix of actions (found with the invariants checked at every step), which `greatwar replay`
reproduces.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from greatwar.ai.game_players import heuristic_of
from greatwar.core.actions import Action
from greatwar.core.errors import GreatwarError
from greatwar.core.memory import tune_for_batch_play
from greatwar.core.play import Player
from greatwar.core.record import GameRecord
from greatwar.core.registry import GAME_MODULES, load_game
from greatwar.core.rng import Rng
from greatwar.core.state import Game, State

Policy = Literal["random", "mixed"]
POLICIES: tuple[Policy, ...] = ("random", "mixed")
EPSILON = 0.2  # mixed play: the share of random actions among the scripted players' own
MAX_ACTIONS = 100_000  # a game longer than this is a dead loop
STRING_FORM_EVERY = 53  # one step in this many (at random) checks the string form
OBSERVE_EVERY = 29  # one step in this many (at random) checks every side's observation
INVARIANTS_EVERY = 4  # one step in this many (at random) checks the game's invariants
FUZZ_STREAM = 91  # the chooser's generator stream (never the game's)
CHECK_STREAM = 92  # the generator stream choosing the sampled checks
_COIN = 1 << 20  # resolution of the epsilon coin


@dataclass(frozen=True)
class Plan:
    """How the games are played: the policy and its share of random actions."""

    policy: Policy = "mixed"
    epsilon: float = EPSILON
    max_actions: int = MAX_ACTIONS
    every_step: bool = False  # every check at every step, not at sampled steps

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise GreatwarError(f"unknown policy {self.policy!r}; choose {' or '.join(POLICIES)}")
        if not 0.0 <= self.epsilon <= 1.0:
            raise GreatwarError(f"epsilon is a share of actions, 0 to 1; got {self.epsilon}")


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
    cpu_seconds: float = 0.0  # the worker's processor time for this game (not the wall's)


@dataclass
class FuzzTotals:
    games: int = 0
    actions: int = 0
    states: int = 0
    ended: int = 0
    cpu_seconds: float = 0.0
    wins: dict[str, int] = field(default_factory=dict)
    failures: list[FuzzFailure] = field(default_factory=list)

    def add(self, outcome: FuzzOutcome) -> None:
        self.games += 1
        self.actions += outcome.actions
        self.states += outcome.states
        self.cpu_seconds += outcome.cpu_seconds
        if outcome.winner is not None:
            self.ended += 1
            self.wins[outcome.winner] = self.wins.get(outcome.winner, 0) + 1
        if outcome.failure is not None:
            self.failures.append(outcome.failure)


Check = Callable[[State], None]


def game_checks(game_id: str) -> tuple[Check | None, Check | None]:
    """The game's own ``check_invariants(state)`` (after every action) and ``check_end(state)``
    (on the final position): from its package, else from its contract tests (``tests/<id>/
    contract.py``) when run from a source checkout; None where there is neither."""
    sources = [importlib.import_module(GAME_MODULES[game_id])]
    with contextlib.suppress(ImportError):  # an installed greatwar has no tests
        sources.append(importlib.import_module(f"tests.{game_id}.contract"))
    found: list[Check | None] = []
    for name in ("check_invariants", "check_end"):
        check = next((getattr(m, name) for m in sources if callable(getattr(m, name, None))), None)
        found.append(check)
    return found[0], found[1]


def scripted_players(game: Game, seed: int) -> dict[str, Player]:
    """Each side's scripted player, if the game has them (else none: play is random)."""
    make = heuristic_of(game.id)
    return {} if make is None else {side: make(side, seed) for side in game.sides}


def policy_steps(state: State, seed: int, plan: Plan) -> Iterator[tuple[str, Action]]:
    """The policy's (side, action) pairs for ``state`` as it goes on; every choice is drawn
    from the seed's own chooser, so a game replays exactly."""
    chooser = Rng(seed, stream=FUZZ_STREAM)
    players = scripted_players(state.game, seed) if plan.policy == "mixed" else {}
    random_below = round(plan.epsilon * _COIN)
    while not state.is_terminal():
        sides = state.sides_to_act()
        if not sides:
            raise AssertionError("dead end: the game is not over and no side is asked")
        side = sides[chooser.below(len(sides))] if len(sides) > 1 else sides[0]
        legal = state.legal_actions(side)
        if not legal:
            raise AssertionError(f"dead end: {side} is asked but has no legal action")
        player = players.get(side)
        if player is None or chooser.below(_COIN) < random_below:
            yield side, legal[chooser.below(len(legal))]
        else:
            yield side, player.choose(state, side)


def sampled_checks(seed: int, every_step: bool = False) -> Iterator[tuple[bool, bool, bool]]:
    """For each step in turn: (check the string form?, the observations?, the invariants?),
    drawn from the seed; all three at every step if ``every_step``."""
    chooser = Rng(seed, stream=CHECK_STREAM)
    while True:
        if every_step:
            yield True, True, True
            continue
        yield (
            chooser.below(STRING_FORM_EVERY) == 0,
            chooser.below(OBSERVE_EVERY) == 0,
            chooser.below(INVARIANTS_EVERY) == 0,
        )


def check_step(
    state: State, side: str, action: Action, *, string_form: bool, observe: bool
) -> None:
    """Apply one action with the step checks around it."""
    position = state.rng.position
    if string_form:
        twin = state.clone()
        twin.apply_action(str(action), side)
    state.apply_action(action, side)
    if string_form and twin.fingerprint() != state.fingerprint():
        raise AssertionError(f"{action!s} by its string form gives another position")
    if state.rng.position != position and state.can_undo():
        raise AssertionError(f"undo allowed after {action!s} rolled or drew")
    if observe:
        for viewer in state.game.sides:
            json.dumps(state.observation(viewer))


def play_checked(
    game: Game, seed: int, checks: tuple[Check | None, Check | None], plan: Plan
) -> tuple[State, int]:
    """Play one game by the plan with every check; returns the final state and the steps."""
    invariants, end = checks
    state = game.new_initial_state(seed)
    schedule = sampled_checks(seed, plan.every_step)
    for step, (side, action) in enumerate(policy_steps(state, seed, plan)):
        if step >= plan.max_actions:
            raise AssertionError(f"no end within {plan.max_actions} actions")
        string_form, observe, hold = next(schedule)
        check_step(state, side, action, string_form=string_form, observe=observe)
        if hold and invariants is not None:
            invariants(state)
    if invariants is not None:
        invariants(state)
    if end is not None:
        end(state)
    record = GameRecord.from_json(GameRecord.of(state).to_json())
    record.replay()  # RecordError if replaying does not reproduce the position
    return state, state.move_number()


def fuzz_one(
    game_id: str, options: Mapping[str, object], seed: int, plan: Plan | None = None
) -> FuzzOutcome:
    """One checked game; on failure, the shortest failing prefix of its actions."""
    plan = plan or Plan()
    start = time.process_time()
    game = load_game(game_id, options)
    checks = game_checks(game_id)
    try:
        state, steps = play_checked(game, seed, checks, plan)
    except Exception as error:  # any failure is a finding, written as a reproduction
        failure = shortest_failure(game, seed, checks, plan, error)
        return FuzzOutcome(seed, failure=failure, cpu_seconds=time.process_time() - start)
    cpu = time.process_time() - start
    return FuzzOutcome(seed, steps, steps + 1, state.winner(), cpu_seconds=cpu)


def shortest_failure(
    game: Game,
    seed: int,
    checks: tuple[Check | None, Check | None],
    plan: Plan,
    error: Exception,
) -> FuzzFailure:
    """Replay the failing game action by action (the game is a pure function of its seed and
    actions, and the policy of its seed), stopping at the first step that fails a check, or
    whose position a replay of its record does not reproduce."""
    invariants, end = checks
    state = game.new_initial_state(seed)
    schedule = sampled_checks(seed, plan.every_step)
    played: list[tuple[str, str]] = []
    problem = f"{type(error).__name__}: {error}"
    try:
        for step, (side, action) in enumerate(policy_steps(state, seed, plan)):
            if step >= plan.max_actions:
                raise AssertionError(f"no end within {plan.max_actions} actions")
            played.append((side, str(action)))
            string_form, observe, _sampled = next(schedule)
            check_step(state, side, action, string_form=string_form, observe=observe)
            if invariants is not None:  # at every step here, to find the first one broken
                invariants(state)
            if step % 50 == 0:
                GameRecord.of(state).replay()
        if end is not None:
            end(state)
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


def _chunk(
    game_id: str, options: Mapping[str, object], seeds: Sequence[int], plan: Plan
) -> list[FuzzOutcome]:
    tune_for_batch_play()  # a worker process plays nothing else
    return [fuzz_one(game_id, options, seed, plan) for seed in seeds]


def run_fuzz(
    game_id: str,
    options: Mapping[str, object],
    seeds: Sequence[int],
    *,
    workers: int,
    plan: Plan | None = None,
    deadline: float | None = None,
    on_outcomes: Callable[[list[FuzzOutcome]], None] | None = None,
) -> FuzzTotals:
    """Fuzz every seed by ``plan`` on ``workers`` processes (stopping at ``deadline``, a
    time.monotonic value, if given); ``on_outcomes`` hears each finished chunk."""
    plan = plan or Plan()
    load_game(game_id, options)  # a bad game or option fails here, clearly
    totals = FuzzTotals()
    # With a deadline, one game per task, so the budget is kept to about one game's time.
    size = 1 if deadline is not None else max(1, min(8, len(seeds) // max(1, workers * 8)))
    queue = iter([list(seeds[i : i + size]) for i in range(0, len(seeds), size)])
    pool = ProcessPoolExecutor(workers)
    pending: set[Future[list[FuzzOutcome]]] = set()

    def fill() -> None:
        for chunk in queue:
            pending.add(pool.submit(_chunk, game_id, dict(options), chunk, plan))
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
