"""The shared harness of the contract suite: every registered game, played and checked alike.

A game takes part by being registered in ``greatwar/core/registry.py``. What it may add lives
in its own test folder and is optional:
- ``tests/<id>/contract.py``: ``check_invariants(state)`` run after every fuzzed action (the
  game's bookkeeping and rules that must always hold), ``check_end(state)`` run on every
  fuzzed game's final position, and ``GOLDEN_POSITIONS`` (name -> function building a state)
  whose legal actions are kept as goldens;
- ``tests/<id>/goldens/goldens.toml``: which goldens the game keeps, beside their data files
  (see ``GoldenSpec``; without the file a game gets ``DEFAULT_GOLDENS``).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from greatwar.ai.random_player import RandomPlayer
from greatwar.ai.registry import heuristic
from greatwar.core import Action, Rng, load_game, registered_games
from greatwar.core.game import GameInfo, Option, OptionValue
from greatwar.core.record import GameRecord
from greatwar.core.state import State

TESTS = Path(__file__).resolve().parents[1]
GAMES: list[str] = [info.id for info in registered_games()]

# Fuzzing: whole games between random players. CI plays a few per game (this table, else
# DEFAULT_FUZZ_GAMES) plus one game per alternative option value; a long hunt for crashes
# sets GREATWAR_FUZZ_GAMES, as in `GREATWAR_FUZZ_GAMES=500 pytest tests/contract -k fuzz`.
FUZZ_GAMES: dict[str, int] = {"fbsm": 2, "meuse": 2, "devildogs": 4}
DEFAULT_FUZZ_GAMES = 3
CHECK_EVERY = 61  # fuzzed steps between the string-form, clone and observation checks
MAX_ACTIONS = 200_000
REGENERATE = os.environ.get("GREATWAR_REGEN_GOLDENS") == "1"


def fuzz_games(game_id: str) -> int:
    """How many default-option games to fuzz for this game."""
    override = os.environ.get("GREATWAR_FUZZ_GAMES")
    return int(override) if override else FUZZ_GAMES.get(game_id, DEFAULT_FUZZ_GAMES)


# --- what a game adds ---------------------------------------------------------------------


@cache
def hooks(game_id: str) -> ModuleType | None:
    """``tests.<id>.contract``, if the game has one."""
    if not (TESTS / game_id / "contract.py").exists():
        return None
    return importlib.import_module(f"tests.{game_id}.contract")


def check_invariants(state: State) -> None:
    """The game's own invariants, if it declares any."""
    check: Callable[[State], None] | None = getattr(hooks(state.game.id), "check_invariants", None)
    if check is not None:
        check(state)


def check_end(state: State) -> None:
    """The game's own checks of a finished game, if it declares any."""
    check: Callable[[State], None] | None = getattr(hooks(state.game.id), "check_end", None)
    if check is not None:
        check(state)


def golden_positions(game_id: str) -> Mapping[str, Callable[[], State]]:
    positions: Mapping[str, Callable[[], State]] = getattr(hooks(game_id), "GOLDEN_POSITIONS", {})
    return positions


# --- options ------------------------------------------------------------------------------


def alternatives(option: Option) -> list[OptionValue]:
    """The values of an option other than its default that the game declares: the other
    choices, or the other truth value (a number's range is not declared, so none)."""
    if option.choices:
        return [c for c in option.choices if c != option.default]
    if isinstance(option.default, bool):
        return [not option.default]
    return []


def variants(info: GameInfo) -> list[dict[str, OptionValue]]:
    """Option sets that between them give every option each of its alternative values: the
    k-th set takes the k-th alternative of every option (cycling through shorter lists)."""
    choices = {o.name: alternatives(o) for o in info.options if alternatives(o)}
    count = max((len(values) for values in choices.values()), default=0)
    return [
        {name: values[k % len(values)] for name, values in choices.items()} for k in range(count)
    ]


# --- play ---------------------------------------------------------------------------------


def random_step(state: State, rng: Rng) -> tuple[str, Action]:
    """A random side among those asked (simultaneous prompts in any order) and its action."""
    sides = state.sides_to_act()
    side = sides[rng.below(len(sides))]
    actions = state.legal_actions(side)
    assert actions, f"dead end: {side} is asked but has no legal action ({state.stack[-1]})"
    return side, actions[rng.below(len(actions))]


def random_game(game_id: str, seed: int, options: Mapping[str, object] | None = None) -> State:
    """A whole game between random players, unchecked (see ``fuzz`` for the checked one)."""
    state = load_game(game_id, options).new_initial_state(seed)
    rng = Rng(seed, stream=17)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        side, action = random_step(state, rng)
        state.apply_action(action, side)
    raise AssertionError(f"{game_id} seed {seed} did not end within {MAX_ACTIONS} actions")


@cache
def _sampled(game_id: str, seed: int, count: int) -> tuple[State, ...]:
    state = load_game(game_id).new_initial_state(seed)
    rng = Rng(seed, stream=17)
    taken: list[State] = []
    for step in range(MAX_ACTIONS):
        if state.is_terminal():
            every = max(1, len(taken) // (count - 1))
            return (*taken[::every][: count - 1], state)
        if step % 20 == 0:
            taken.append(state.clone())
        side, action = random_step(state, rng)
        state.apply_action(action, side)
    raise AssertionError(f"{game_id} seed {seed} did not end within {MAX_ACTIONS} actions")


def positions(game_id: str, seed: int = 1, count: int = 12) -> Iterator[State]:
    """About ``count`` positions spread over a random game, its last (finished) one included;
    each a fresh copy, so a test may change it."""
    for state in _sampled(game_id, seed, count):
        yield state.clone()


def fuzz(game_id: str, seed: int, options: Mapping[str, object]) -> State:
    """A random game checked at every step: no dead end, the game's invariants; every
    ``CHECK_EVERY`` steps an action applied by its string form and a clone both reach the same
    position as the action itself, and every side's observation is JSON."""
    state = load_game(game_id, options).new_initial_state(seed)
    rng = Rng(seed, stream=17)
    for step in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        side, action = random_step(state, rng)
        if step % CHECK_EVERY == 0:
            by_string, twin = state.clone(), state.clone()
            by_string.apply_action(str(action), side)
            twin.apply_action(action, side)
            state.apply_action(action, side)
            assert by_string.fingerprint() == state.fingerprint(), f"{action}: string form differs"
            assert twin.fingerprint() == state.fingerprint(), f"{action}: a clone went elsewhere"
            for viewer in state.game.sides:
                json.dumps(state.observation(viewer))
        else:
            state.apply_action(action, side)
        check_invariants(state)
    raise AssertionError(f"{game_id} seed {seed} did not end within {MAX_ACTIONS} actions")


def replay(state: State) -> State:
    """The state's history replayed on a fresh state of the same game, options and seed."""
    again = state.game.new_initial_state(state.seed)
    for played in state.history():
        again.apply_action(played.action, played.side)
    return again


def check_record(state: State) -> None:
    """The record survives JSON, and replaying it reproduces the position exactly."""
    record = GameRecord.of(state)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    replayed = again.replay()  # checks the fingerprint itself
    assert replayed.fingerprint() == state.fingerprint()
    assert replayed.winner() == state.winner() and replayed.end_cause() == state.end_cause()


# --- goldens ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """Legal-action counts along the line of play where every side takes the first action."""

    name: str
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    length: int = 100


@dataclass(frozen=True)
class Playthrough:
    """A fixed seed's game, written out as text (``TRANSCRIPTS`` names the forms)."""

    file: str = "playthrough_seed7.txt"
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 7
    players: str = "random"  # or "heuristic": the game's scripted players
    actions: int = 600  # 0: to the end
    transcript: str = "actions+log"


@dataclass(frozen=True)
class GoldenSpec:
    """The goldens a game keeps in ``tests/<id>/goldens/``: the legal actions of its
    ``GOLDEN_POSITIONS`` and along its ``lines`` in one JSON file, and playthroughs."""

    action_counts: str = "action_counts.json"
    lines: tuple[Line, ...] = (Line("default"),)
    playthroughs: tuple[Playthrough, ...] = (Playthrough(),)


DEFAULT_GOLDENS = GoldenSpec()


def goldens_dir(game_id: str) -> Path:
    return TESTS / game_id / "goldens"


def golden_spec(game_id: str) -> GoldenSpec:
    """The game's ``goldens.toml``, or the defaults."""
    path = goldens_dir(game_id) / "goldens.toml"
    if not path.exists():
        return DEFAULT_GOLDENS
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return GoldenSpec(
        action_counts=data.get("action_counts", DEFAULT_GOLDENS.action_counts),
        lines=tuple(Line(**line) for line in data.get("lines", [])),
        playthroughs=tuple(Playthrough(**p) for p in data.get("playthroughs", [])),
    )


def prompt_name(state: State) -> str:
    return str(state.stack[-1]["p"]) if state.stack else ""


def count_and_digest(state: State) -> dict[str, object]:
    """The waiting prompt, how many actions it offers, and a digest of their string forms."""
    actions = sorted(str(a) for a in state.legal_actions())
    digest = hashlib.sha256("\n".join(actions).encode()).hexdigest()
    return {"prompt": prompt_name(state), "count": len(actions), "sha256": digest}


def counts_along(game_id: str, line: Line) -> list[int]:
    state = load_game(game_id, line.options).new_initial_state(line.seed)
    counts = []
    for _ in range(line.length):
        if state.is_terminal():
            break
        side = state.current_player()
        actions = state.legal_actions(side)
        counts.append(len(actions))
        state.apply_action(actions[0], side)
    return counts


def action_counts(game_id: str) -> dict[str, object]:
    """Every golden position's count and digest, and every line's counts, by name."""
    found: dict[str, object] = {
        name: count_and_digest(make()) for name, make in golden_positions(game_id).items()
    }
    for line in golden_spec(game_id).lines:
        found[line.name] = counts_along(game_id, line)
    return found


def played(game_id: str, spec: Playthrough) -> State:
    game = load_game(game_id, spec.options)
    if spec.players == "heuristic":
        seats = {side: heuristic(game_id, side, spec.seed) for side in game.sides}
    else:
        seats = {side: RandomPlayer(spec.seed) for side in game.sides}
    state = game.new_initial_state(spec.seed)
    for _ in range(spec.actions or MAX_ACTIONS):
        if state.is_terminal():
            break
        side = state.current_player()
        state.apply_action(seats[side].choose(state, side), side)
    return state


def _log(state: State) -> str:
    return "".join(f"[{entry.rule}] {entry.text}\n" for entry in state.log())


def _actions_and_log(state: State) -> str:
    actions = "".join(f"{p}\n" for p in state.history())
    return f"# actions\n{actions}# log\n{_log(state)}"


def _log_and_winner(state: State) -> str:
    lines = [f"{e.rule:>6}  {'[' + e.to + '] ' if e.to else ''}{e.text}" for e in state.log()]
    lines.append(f"winner: {state.winner()} ({len(state.history())} actions)")
    return "\n".join(lines) + "\n"


# how a playthrough is written: the log (with each entry's rule), the actions then the log, or
# the log with each entry's reader and the result
TRANSCRIPTS: dict[str, Callable[[State], str]] = {
    "log": _log,
    "actions+log": _actions_and_log,
    "log+winner": _log_and_winner,
}


def transcript(game_id: str, spec: Playthrough) -> str:
    return TRANSCRIPTS[spec.transcript](played(game_id, spec))


def compare_or_write(path: Path, found: str) -> None:
    """Compare with a golden file, or write it when GREATWAR_REGEN_GOLDENS=1."""
    if REGENERATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(found, encoding="utf-8")
        return
    assert path.exists(), (
        f"{path} is missing: write it with GREATWAR_REGEN_GOLDENS=1 pytest "
        "tests/contract/test_goldens.py, review it and commit it"
    )
    assert found == path.read_text(encoding="utf-8"), (
        f"{path.name} differs: if the change of behaviour is intended, regenerate it with "
        "GREATWAR_REGEN_GOLDENS=1 and review the diff"
    )


def compare_or_write_json(path: Path, found: dict[str, object]) -> None:
    """As ``compare_or_write``, comparing the data (the file's layout is free)."""
    if REGENERATE or not path.exists():
        compare_or_write(path, json.dumps(found, indent=1, sort_keys=True) + "\n")
        return
    assert found == json.loads(path.read_text(encoding="utf-8")), (
        f"{path.name} differs: if the change of behaviour is intended, regenerate it with "
        "GREATWAR_REGEN_GOLDENS=1 and review the diff"
    )
