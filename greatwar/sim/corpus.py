"""The replay corpus: recorded games that every later version of the rules must reproduce.

Speed work must change no rule. A corpus file holds whole games (random and scripted players,
several seeds per game) recorded from the rules as they were; replaying one checks, at every
step, that the legal actions of each side asked are the same set as when it was recorded,
and that the game ends the same way (winner, rule and cause, length, the narrative log).

To keep the files small, each step's legal actions are folded into a running digest, with a
checkpoint every ``CHECKPOINT_EVERY`` steps so a difference is found to within that many
steps, and the actions themselves are stored as one string per step.

    python -m greatwar.sim.corpus make tests/corpus   # record (only before a rules change)
    python -m greatwar.sim.corpus check tests/corpus  # replay every record
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from greatwar.core.actions import Action
from greatwar.core.registry import GAME_MODULES, load_game
from greatwar.core.state import Game, State

CHECKPOINT_EVERY = 64
SEEDS = 20  # per game and kind of player
MAX_ACTIONS = 200_000
PLAYERS = ("random", "heuristic")


@dataclass
class Replayed:
    """What a replay found: the first step that differs (None when all agree)."""

    difference: str | None


def _step_text(state: State) -> str:
    """The sides asked now and, for each, its legal actions as a sorted set."""
    parts = []
    for side in state.sides_to_act():
        actions = sorted(str(a) for a in state.legal_actions(side))
        parts.append(side + ":" + "|".join(actions))
    return "\n".join(parts)


def _ending(state: State) -> dict[str, Any]:
    log = "\n".join(f"{e.rule}|{e.to}|{e.text}|{e.dice}" for e in state.log())
    end = state.end_cause()
    return {
        "winner": state.winner(),
        "end": list(end) if end else None,
        "actions": state.move_number(),
        "log": hashlib.sha256(log.encode()).hexdigest()[:24],
    }


def record_game(game: Game, players: str, seed: int) -> dict[str, Any]:
    """Play one game with ``players`` ("random" or "heuristic") and record it."""
    from greatwar.ai.registry import make_player

    seats = {
        side: make_player(players, game.id, side, seed + n) for n, side in enumerate(game.sides)
    }
    state = game.new_initial_state(seed)
    digest = hashlib.sha256()
    checkpoints: list[str] = []
    moves: list[str] = []
    for step in range(MAX_ACTIONS):
        if state.is_terminal():
            break
        digest.update(_step_text(state).encode())
        if step % CHECKPOINT_EVERY == CHECKPOINT_EVERY - 1:
            checkpoints.append(digest.hexdigest()[:16])
        side = state.current_player()
        action = seats[side].choose(state, side)
        moves.append(f"{side}:{action}")
        state.apply_action(action, side)
    return {
        "game": game.id,
        "options": dict(game.options),
        "seed": seed,
        "players": players,
        "moves": moves,
        "checkpoints": checkpoints,
        "final": digest.hexdigest()[:16],
        "ending": _ending(state),
    }


def replay(record: dict[str, Any]) -> Replayed:
    """Replay ``record`` on today's rules; the first difference, if any, is described."""
    game = load_game(record["game"], record["options"])
    state = game.new_initial_state(record["seed"])
    digest = hashlib.sha256()
    where = f"{record['game']} {record['players']} seed {record['seed']}"
    for step, move in enumerate(record["moves"]):
        if state.is_terminal():
            return Replayed(f"{where}: the game ended early, at step {step}")
        digest.update(_step_text(state).encode())
        if step % CHECKPOINT_EVERY == CHECKPOINT_EVERY - 1:
            expected = record["checkpoints"][step // CHECKPOINT_EVERY]
            if digest.hexdigest()[:16] != expected:
                start = step + 1 - CHECKPOINT_EVERY
                return Replayed(f"{where}: legal actions differ in steps {start}..{step}")
        side, _, text = move.partition(":")
        state.apply_action(Action.parse(text), side)
    if not state.is_terminal():
        return Replayed(f"{where}: the game did not end after the recorded actions")
    if digest.hexdigest()[:16] != record["final"]:
        return Replayed(f"{where}: legal actions differ after the last checkpoint")
    ending = _ending(state)
    if ending != record["ending"]:
        return Replayed(f"{where}: the game ended differently: {ending} != {record['ending']}")
    return Replayed(None)


def corpus_path(folder: Path, game_id: str, players: str) -> Path:
    return folder / f"{game_id}-{players}.json.gz"


def load_records(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as file:
        records: list[dict[str, Any]] = json.load(file)
    return records


def make(folder: Path, game_ids: list[str], seeds: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for game_id in game_ids:
        game = load_game(game_id)
        for players in PLAYERS:
            records = [record_game(game, players, seed) for seed in range(seeds)]
            path = corpus_path(folder, game_id, players)
            # mtime=0: the same games give the same bytes
            with gzip.GzipFile(path, "wb", mtime=0) as raw:
                raw.write(json.dumps(records, separators=(",", ":")).encode())
            print(f"{path}: {len(records)} games", flush=True)


def check(folder: Path) -> int:
    failures = 0
    for path in sorted(folder.glob("*.json.gz")):
        for record in load_records(path):
            found = replay(record)
            if found.difference:
                failures += 1
                print(found.difference, flush=True)
        print(f"{path}: checked", flush=True)
    return failures


def main() -> None:
    parser = argparse.ArgumentParser(description="record or replay the rules corpus")
    parser.add_argument("command", choices=("make", "check"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--games", nargs="*", default=list(GAME_MODULES))
    parser.add_argument("--seeds", type=int, default=SEEDS)
    args = parser.parse_args()
    if args.command == "make":
        make(args.folder, args.games, args.seeds)
    else:
        raise SystemExit(1 if check(args.folder) else 0)


if __name__ == "__main__":
    main()
