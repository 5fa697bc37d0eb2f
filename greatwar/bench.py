"""`make bench`: the speed figures of greatwar, side by side, from one run.

- FBSM random playouts (actions/s: legal actions + apply) against python-chess random
  playouts (steps/s: legal-move list + push), and their ratio;
- games between the FBSM scripted players: games/s and the median time of one game;
- MCTS iterations per second;
- a study's games/s with one and with two worker processes, and the scaling efficiency;
- the research API of each game (issue 15): the cost of an observation tensor and an action
  mask per step, and the PettingZoo adapter's step rate against the same loop written on the
  raw API (``--research`` runs only these), in the process's CPU time, which other
  processes on a loaded machine disturb far less than wall time.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context

from greatwar.ai.fbsm_heuristic import FbsmHeuristic
from greatwar.ai.mcts import Budget, MctsPlayer
from greatwar.ai.random_player import RandomPlayer
from greatwar.core.play import play
from greatwar.core.registry import load_game
from greatwar.core.rng import Rng
from greatwar.core.state import State
from greatwar.sim.local import play_chunk
from greatwar.sim.study import checked_matchup, chunked

STUDY_GAMES = 10_000  # the balance study the time target is about


@dataclass(frozen=True)
class Figure:
    """One measured figure, with the target it is held to (if any)."""

    name: str
    value: float
    unit: str
    target: str = ""


def timed(seconds: float, step: Callable[[], int]) -> tuple[int, float]:
    """Call ``step`` (which returns work done) until ``seconds`` have passed."""
    started = time.perf_counter()
    work = 0
    while time.perf_counter() - started < seconds:
        work += step()
    return work, time.perf_counter() - started


def fbsm_random_playouts(seconds: float) -> float:
    """Actions per second of random-vs-random FBSM games (legal actions, choice, apply)."""
    game = load_game("fbsm")
    seeds = iter(range(1_000_000))

    def one_game() -> int:
        seed = next(seeds)
        state = game.new_initial_state(seed)
        player = RandomPlayer(seed)
        actions = 0
        while not state.is_terminal():
            state.apply_action(player.choose(state, state.current_player()))
            actions += 1
        return actions

    actions, spent = timed(seconds, one_game)
    return actions / spent


def chess_random_playouts(seconds: float) -> float:
    """Steps per second of python-chess random playouts: legal-move list + push, restarting
    at mate, stalemate or 200 plies."""
    import chess

    rng = Rng(1)

    def one_game() -> int:
        board = chess.Board()
        steps = 0
        while steps < 200:
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            steps += 1
        return steps

    steps, spent = timed(seconds, one_game)
    return steps / spent


def heuristic_games(games: int) -> list[float]:
    """Seconds per game of scripted player against scripted player (13.x rules in play)."""
    game = load_game("fbsm", {"play_balance": True})
    times = []
    for seed in range(games):
        started = time.perf_counter()
        play(game, {side: FbsmHeuristic(side, seed) for side in game.sides}, seed)
        times.append(time.perf_counter() - started)
    return times


def mcts_positions() -> list[State]:
    """A few mid-game decisions of each side, from a scripted game."""
    game = load_game("fbsm")
    state = game.new_initial_state(5)
    seats = {side: FbsmHeuristic(side, 5) for side in game.sides}
    found: list[State] = []
    while not state.is_terminal() and len(found) < 6:
        side = state.current_player()
        if (
            len(state.history()) % 41 == 0
            and len(state.legal_actions()) > 2
            and state.observation(side)["turn"] >= 3
        ):
            found.append(state.clone())
        state.apply_action(seats[side].choose(state, side), side)
    return found


def mcts_iterations(iterations: int) -> float:
    """MCTS iterations per second with the default settings."""
    positions = mcts_positions()
    started = time.perf_counter()
    done = 0
    for number, state in enumerate(positions):
        side = state.current_player()
        player = MctsPlayer("fbsm", side, number, budget=Budget(iterations=iterations))
        player.choose(state, side)
        done += player.iterations
    return done / (time.perf_counter() - started)


def study_rate(games: int, workers: int) -> float:
    """Games per second of a heuristic study (play_balance) with this many worker processes,
    once each worker has started and played a first game (its tables are then built)."""
    matchup = checked_matchup("fbsm", {"play_balance": True}, ["heuristic", "heuristic"])
    chunks = chunked(list(range(games)), workers)
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        warm_up = [[1_000_000 + n] for n in range(workers)]
        list(pool.map(play_chunk, [matchup] * workers, warm_up))
        started = time.perf_counter()
        list(pool.map(play_chunk, [matchup] * len(chunks), chunks))
        return games / (time.perf_counter() - started)


def research_loop(game_id: str, steps: int, adapter: bool) -> float:
    """Steps per second of random masked play that observes the tensor and the mask of the
    side to act each step: through the PettingZoo AEC adapter, or the same calls made on
    the raw API (``legal_actions_mask``, ``observation_tensor``, ``apply_action``)."""
    import numpy as np

    game = load_game(game_id)
    rng = np.random.default_rng(0)
    seeds = iter(range(1_000_000))
    done = 0
    started = time.process_time()
    if adapter:
        from greatwar.envs import aec_env

        env = aec_env(game_id)
        while done < steps:
            env.reset(seed=next(seeds))
            while env.agents and done < steps:
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                # int8, as PettingZoo's Discrete.sample wants; numpy scans bool ten times faster
                legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
                env.step(int(rng.choice(legal)))
                done += 1
    else:
        while done < steps:
            state = game.new_initial_state(next(seeds))
            while not state.is_terminal() and done < steps:
                side = state.current_player()
                state.observation_tensor(side)
                mask = state.legal_actions_mask(side)
                state.apply_action(game.action_from_id(int(rng.choice(np.flatnonzero(mask)))), side)
                done += 1
    return done / (time.process_time() - started)


def encoding_cost(game_id: str, steps: int) -> tuple[float, float]:
    """(microseconds for a tensor and a mask, microseconds for legal actions and an apply),
    per step of random play."""
    game = load_game(game_id)
    tensor = plain = 0.0
    done = 0
    for seed in range(1_000_000):
        state = game.new_initial_state(seed)
        player = RandomPlayer(seed)
        while not state.is_terminal() and done < steps:
            side = state.current_player()
            t0 = time.process_time()
            action = player.choose(state, side)
            state.apply_action(action, side)
            t1 = time.process_time()
            if not state.is_terminal():
                acting = state.current_player()
                state.observation_tensor(acting)
                state.legal_actions_mask(acting)
            tensor += time.process_time() - t1
            plain += t1 - t0
            done += 1
        if done >= steps:
            break
    return tensor / done * 1e6, plain / done * 1e6


def research_figures(quick: bool) -> list[Figure]:
    """Tensor and mask cost, and the adapter's overhead, for every game with an encoding."""
    from greatwar.core.encoding import has_encoding
    from greatwar.core.registry import GAME_MODULES

    steps = 600 if quick else 3_000
    figures = []
    for game_id in GAME_MODULES:
        if not has_encoding(game_id):
            continue
        tensor, plain = encoding_cost(game_id, steps)
        # interleaved, best of three: the machine's load moves between runs
        raw = aec = 0.0
        for _ in range(3):
            raw = max(raw, research_loop(game_id, steps // 3, adapter=False))
            aec = max(aec, research_loop(game_id, steps // 3, adapter=True))
        figures += [
            Figure(f"{game_id}: legal actions + apply", plain, "us/step"),
            Figure(f"{game_id}: tensor + mask", tensor, "us/step"),
            Figure(f"{game_id}: raw API with tensor+mask", raw, "steps/s"),
            Figure(f"{game_id}: PettingZoo AEC adapter", aec, "steps/s"),
            Figure(f"{game_id}: adapter overhead", (raw / aec - 1) * 100, "%", "<= 20"),
        ]
    return figures


def measure(quick: bool) -> list[Figure]:
    scale = 0.3 if quick else 1.0
    fbsm = fbsm_random_playouts(12 * scale)
    chess_rate = chess_random_playouts(6 * scale)
    times = heuristic_games(max(6, int(30 * scale)))
    mcts = mcts_iterations(max(4, int(20 * scale)))
    study_games = max(8, int(80 * scale))
    one = study_rate(study_games, 1)
    two = study_rate(study_games, 2)
    return [
        Figure("FBSM random playout", fbsm, "actions/s"),
        Figure("python-chess random playout", chess_rate, "steps/s"),
        Figure("ratio FBSM / chess", fbsm / chess_rate, "x", ">= 3"),
        Figure("heuristic game, median", statistics.median(times), "s", "<= 0.25"),
        Figure("heuristic games", len(times) / sum(times), "games/s"),
        Figure("MCTS", mcts, "iterations/s"),
        Figure("study, 1 worker", one, "games/s"),
        Figure("study, 2 workers", two, "games/s"),
        Figure("scaling efficiency (2 workers)", two / (2 * one), "x", "1.0 ideal"),
        Figure(
            f"{STUDY_GAMES:,} heuristic games, 2 workers", STUDY_GAMES / two / 60, "min", "< 20"
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs, rougher figures")
    parser.add_argument("--research", action="store_true", help="only the research-API figures")
    args = parser.parse_args()
    print(f"{'figure':<36} {'value':>12}  {'unit':<13} target")
    figures = [] if args.research else measure(args.quick)
    try:
        figures += research_figures(args.quick)
    except ImportError as missing:  # the rl extra is not installed
        print(f"(research figures skipped: {missing})")
    for f in figures:
        print(f"{f.name:<36} {f.value:>12,.2f}  {f.unit:<13} {f.target}", flush=True)


if __name__ == "__main__":
    main()
