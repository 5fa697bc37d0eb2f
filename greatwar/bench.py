"""`make bench`: the speed figures of greatwar, side by side, from one run, each with the
target of issue 14 it is held to.

Everything measured in this process counts processor time, not wall-clock time: the machine
is shared, and a neighbour's load would otherwise show as our slowness (and skew a ratio
whose two sides were timed a minute apart). The study figures, which use several worker
processes, are wall-clock.

- random playouts of every game (actions/s: legal actions + apply) against python-chess
  random playouts (steps/s: legal-move list + push) measured in the same run, and the ratios;
- games between each game's scripted players: the median time of one game;
- MCTS iterations per second on FBSM mid-game positions;
- a study's games/s with one and with two worker processes, the scaling efficiency, and what
  that makes of a 10,000-game FBSM study;
- with ``--strength N``: the search player against the scripted one, N games per game and side
  (win rate with its 95 % Wilson interval, seconds per decision). Slow: hours for N=100.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context

from greatwar.ai.mcts import Budget, MctsPlayer, Settings
from greatwar.ai.random_player import RandomPlayer
from greatwar.ai.registry import make_player
from greatwar.core.actions import Action
from greatwar.core.play import Player, play
from greatwar.core.registry import load_game
from greatwar.core.rng import Rng
from greatwar.core.state import State
from greatwar.sim.local import play_chunk
from greatwar.sim.study import checked_matchup, chunked

STUDY_GAMES = 10_000  # the balance study the time target is about
GAMES = ("fbsm", "meuse", "devildogs", "trenches")


@dataclass(frozen=True)
class Figure:
    """One measured figure, with the target it is held to (if any)."""

    name: str
    value: float
    unit: str
    target: str = ""


def timed(seconds: float, step: Callable[[], int]) -> tuple[int, float]:
    """Call ``step`` (which returns work done) until ``seconds`` of processor time have
    passed."""
    started = time.process_time()
    work = 0
    while time.process_time() - started < seconds:
        work += step()
    return work, time.process_time() - started


def random_playouts(game_id: str, seconds: float) -> float:
    """Actions per second of random-vs-random games (legal actions, choice, apply)."""
    game = load_game(game_id)
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


def heuristic_games(
    game_id: str, games: int, options: dict[str, object] | None = None
) -> list[float]:
    """Seconds per game of scripted player against scripted player."""
    game = load_game(game_id, options)
    times = []
    for seed in range(games):
        started = time.process_time()
        seats = {side: make_player("heuristic", game_id, side, seed) for side in game.sides}
        play(game, seats, seed)
        times.append(time.process_time() - started)
    return times


def mcts_positions() -> list[State]:
    """A few mid-game decisions of each side, from a scripted game."""
    game = load_game("fbsm")
    state = game.new_initial_state(5)
    seats = {side: make_player("heuristic", "fbsm", side, 5) for side in game.sides}
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


def mcts_iterations(iterations: int, settings: Settings | None = None) -> float:
    """MCTS iterations per second (the game's settings unless others are given)."""
    positions = mcts_positions()
    started = time.process_time()
    done = 0
    for number, state in enumerate(positions):
        side = state.current_player()
        budget = Budget(iterations=iterations)
        player = MctsPlayer("fbsm", side, number, budget=budget, settings=settings)
        player.choose(state, side)
        done += player.iterations
    return done / (time.process_time() - started)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


class Timed:
    """A player that counts its decisions and the processor seconds it spends on them (on a
    shared machine, wall-clock time says more about the neighbours than about the player)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, state: State, side: str) -> Action:
        started = time.process_time()
        action = self.player.choose(state, side)
        self.seconds += time.process_time() - started
        self.decisions += 1
        return action


def strength(game_id: str, side: str, player: str, games: int) -> Figure:
    """The search player on ``side`` against the scripted player, ``games`` games (seeds from
    0): win rate, its 95 % interval and the seconds the search spent per decision."""
    game = load_game(game_id)
    wins = decisions = 0
    thinking = 0.0
    for seed in range(games):
        search = Timed(make_player(player, game_id, side, seed))
        seats: dict[str, Player] = {
            s: search if s == side else make_player("heuristic", game_id, s, seed + 1000)
            for s in game.sides
        }
        wins += play(game, seats, seed).winner() == side
        decisions += search.decisions
        thinking += search.seconds
    low, high = wilson(wins, games)
    note = f">= 0.65; {wins}/{games}, 95% [{low:.2f}, {high:.2f}], "
    note += f"{thinking / max(1, decisions):.2f} CPU s/decision"
    return Figure(f"{game_id} {side}: {player} vs heuristic", wins / games, "win rate", note)


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


def measure(quick: bool, strength_games: int, strength_player: str) -> list[Figure]:
    scale = 0.3 if quick else 1.0
    chess_rate = chess_random_playouts(6 * scale)
    figures = [Figure("python-chess random playout", chess_rate, "steps/s")]
    for game_id in GAMES:
        rate = random_playouts(game_id, 10 * scale)
        figures.append(Figure(f"{game_id} random playout", rate, "actions/s"))
        figures.append(Figure(f"  ratio {game_id} / chess", rate / chess_rate, "x", ">= 3"))
    fbsm_times = heuristic_games("fbsm", max(6, int(30 * scale)), {"play_balance": True})
    figures.append(
        Figure("fbsm heuristic game, median", statistics.median(fbsm_times), "s", "<= 0.1")
    )
    for game_id, games in (("meuse", 6), ("devildogs", 30), ("trenches", 5)):
        times = heuristic_games(game_id, max(3, int(games * scale)))
        figures.append(Figure(f"{game_id} heuristic game, median", statistics.median(times), "s"))
    figures.append(
        Figure("fbsm MCTS, mid-game", mcts_iterations(max(4, int(20 * scale))), "iter/s", ">= 1000")
    )
    leaf = mcts_iterations(max(20, int(200 * scale)), Settings(rollout_actions=0))
    figures.append(Figure("  evaluator at the leaf, no rollout", leaf, "iter/s", ">= 1000"))
    study_games = max(8, int(80 * scale))
    one = study_rate(study_games, 1)
    two = study_rate(study_games, 2)
    figures += [
        Figure("study, 1 worker", one, "games/s"),
        Figure("study, 2 workers", two, "games/s"),
        Figure("scaling efficiency (2 workers)", two / (2 * one), "x", ">= 0.9"),
        Figure(
            f"{STUDY_GAMES:,} fbsm heuristic games, 2 workers",
            STUDY_GAMES / two / 60,
            "min",
            "< 10",
        ),
        Figure(
            "  the same from CPU time per game",
            STUDY_GAMES * statistics.mean(fbsm_times) / 2 / 60,
            "min",
            "< 10 (2 cores, unshared)",
        ),
    ]
    for game_id in GAMES:
        for side in load_game(game_id).sides:
            if strength_games:
                figures.append(strength(game_id, side, strength_player, strength_games))
            else:
                name = f"{game_id} {side}: search vs heuristic"
                figures.append(Figure(name, math.nan, "win rate", ">= 0.65; run --strength N"))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs, rougher figures")
    parser.add_argument(
        "--strength", type=int, default=0, metavar="N", help="N games per game and side (slow)"
    )
    parser.add_argument("--player", default="hard", help="the search player (default: hard)")
    args = parser.parse_args()
    print(f"{'figure':<36} {'value':>12}  {'unit':<13} target")
    for f in measure(args.quick, args.strength, args.player):
        print(f"{f.name:<36} {f.value:>12,.2f}  {f.unit:<13} {f.target}", flush=True)


if __name__ == "__main__":
    main()
