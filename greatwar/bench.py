"""`make bench`: the speed figures of greatwar, side by side, from one run, each with the
target of issue 14 it is held to.

Everything measured in this process counts processor time, not wall-clock time: the machine
is shared, and a neighbour's load would otherwise show as our slowness (and skew a ratio
whose two sides were timed a minute apart). The study figures, which use several worker
processes, are wall-clock. The benchmark's process tunes its collector as a study's workers
do (greatwar/core/memory.py), for python-chess and greatwar alike.

- random playouts of every game (actions/s: legal actions + apply) against python-chess
  random playouts (steps/s: legal-move list + push), and the ratios: each game's ratio from
  stretches of the two in turn, so that the machine's load, which changes by ±15 % from one
  minute to the next on a shared machine, reaches both sides of a ratio alike, after a
  warm-up of other games in which the game builds its tables (its rate then is printed too);
- games between each game's scripted players: the median time of one game;
- MCTS iterations per second on FBSM mid-game positions;
- a study's games/s with one and with two worker processes, the scaling efficiency, and what
  that makes of a 10,000-game FBSM study; the same study on Ray started here with one and
  with two CPUs, and Ray's scaling efficiency. These are timed by the clock, each rate twice,
  in the order one, two, two, one (``scaling_rates``), so that the machine's drift over the
  minute they take reaches both rates of an efficiency alike;
- with ``--strength N``: the search player (``--player``: a level, ``mcts:16``, ``rollout:10``)
  against the scripted one, N games per game and side (win rate with its 95 % Wilson interval,
  CPU seconds per decision). Slow: hours for N=100.
- which modules ran compiled (greatwar/compiled.py; ``GREATWAR_PURE=1`` measures the sources);
- the research API of each game (issue 15): the cost of an observation tensor and an action
  mask per step, and the PettingZoo adapter's step rate against the same loop written on the
  raw API (``--research`` runs only these), in the process's CPU time, which other
  processes on a loaded machine disturb far less than wall time.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from multiprocessing import get_context

from greatwar.ai.mcts import Budget, MctsPlayer, Settings
from greatwar.ai.random_player import RandomPlayer
from greatwar.ai.registry import make_player
from greatwar.ai.rollout import RolloutPlayer
from greatwar.compiled import PURE, compiled_modules, pure_requested, read_manifest
from greatwar.core.actions import Action
from greatwar.core.memory import tune_for_batch_play
from greatwar.core.play import GameTooLong, Player, play
from greatwar.core.registry import load_game
from greatwar.core.rng import Rng
from greatwar.core.state import State
from greatwar.sim.local import play_chunk
from greatwar.sim.study import checked_matchup, chunked

STUDY_GAMES = 10_000  # the balance study the time target is about
GAMES = ("fbsm", "meuse", "devildogs", "marne1914", "trenches")


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


BATCH = 64  # moves played between two looks at the clock


class GamePlayouts:
    """Random-vs-random games of one greatwar game (seeds 0, 1, ...), played in timed
    stretches: a stretch may stop within a game, and the next one goes on with it."""

    def __init__(self, game_id: str, first_seed: int = 0) -> None:
        self.game = load_game(game_id)
        self.seed = first_seed
        self.state, self.player = self._new()

    def _new(self) -> tuple[State, RandomPlayer]:
        seed = self.seed
        self.seed += 1
        return self.game.new_initial_state(seed), RandomPlayer(seed)

    def run(self, seconds: float) -> tuple[int, float]:
        """(actions played, processor seconds spent): legal actions, choice, apply."""

        def stretch() -> int:
            state, player = self.state, self.player
            actions = 0
            while actions < BATCH and not state.is_terminal():
                state.apply_action(player.choose(state, state.current_player()))
                actions += 1
            if state.is_terminal():
                self.state, self.player = self._new()
            return actions

        return timed(seconds, stretch)


class ChessPlayouts:
    """python-chess random playouts in timed stretches, as ``GamePlayouts``: legal-move list
    + push, a new game at mate, stalemate or 200 plies."""

    def __init__(self) -> None:
        import chess

        self.new_board = chess.Board
        self.rng = Rng(1)
        self.board = self.new_board()

    def run(self, seconds: float) -> tuple[int, float]:
        """(steps played, processor seconds spent)."""
        choice = self.rng.choice

        def stretch() -> int:
            board = self.board
            steps = 0
            while steps < BATCH:
                moves = list(board.legal_moves) if board.ply() < 200 else []
                if not moves:
                    board = self.board = self.new_board()
                    continue
                board.push(choice(moves))
                steps += 1
            return steps

        return timed(seconds, stretch)


def random_playouts(game_id: str, seconds: float) -> float:
    """Actions per second of random-vs-random games (legal actions, choice, apply)."""
    actions, spent = GamePlayouts(game_id).run(seconds)
    return actions / spent


def chess_random_playouts(seconds: float) -> float:
    """Steps per second of python-chess random playouts: legal-move list + push, restarting
    at mate, stalemate or 200 plies."""
    steps, spent = ChessPlayouts().run(seconds)
    return steps / spent


@dataclass(frozen=True)
class Paired:
    """A game's random playouts against python-chess's (``paired_playouts``)."""

    rate: float  # the game's actions/s, once warm
    reference: float  # python-chess's steps/s, in the same stretches
    first: float  # the game's actions/s in the warm-up, while its tables are built

    @property
    def ratio(self) -> float:
        return self.rate / self.reference


WARM_UP_SEED = 1_000_000  # the warm-up's games are others than the measured ones


def paired_playouts(
    game_id: str, chess: ChessPlayouts, seconds: float, warm_up: float, stretches: int = 4
) -> Paired:
    """The game's and python-chess's random playouts, ``seconds`` in all for each, in
    ``stretches`` turns one after the other: a change in the machine's load while they run
    reaches both sides of the ratio alike. First the game plays ``warm_up`` seconds of other
    games, untimed in the ratio: a game builds its tables (reach, lines of fire) as its first
    positions ask for them, as python-chess builds its own attack tables when imported; a
    study's games run after that, and so are these."""
    warm = GamePlayouts(game_id, first_seed=WARM_UP_SEED)
    first_actions, first_spent = warm.run(warm_up)
    chess.run(warm_up / stretches)
    ours = GamePlayouts(game_id)
    actions = steps = 0
    ours_spent = chess_spent = 0.0
    for _ in range(stretches):
        done, spent = chess.run(seconds / stretches)
        steps, chess_spent = steps + done, chess_spent + spent
        done, spent = ours.run(seconds / stretches)
        actions, ours_spent = actions + done, ours_spent + spent
    return Paired(actions / ours_spent, steps / chess_spent, first_actions / first_spent)


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
            state.move_number() % 41 == 0
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


def search_player(spec: str, game_id: str, side: str, seed: int, rollout: int | None) -> Player:
    """The search player of a strength run: a registered spec ("hard", "mcts:16"), with the
    game's search constants except ``rollout`` actions when given (0: the evaluator at the
    leaf)."""
    player = make_player(spec, game_id, side, seed)
    if rollout is not None and isinstance(player, MctsPlayer):
        player.settings = replace(player.settings, rollout_actions=rollout)
    if rollout is not None and isinstance(player, RolloutPlayer):
        player.settings = replace(player.settings, horizon=rollout)
    return player


def strength(
    game_id: str,
    side: str,
    player: str,
    games: int,
    rollout: int | None = None,
    progress: bool = False,
    first_seed: int = 0,
) -> Figure:
    """The search player on ``side`` against the scripted player, ``games`` games (seeds from
    ``first_seed``; runs over disjoint seeds add up): win rate, its 95 % interval and the
    seconds the search spent per decision (every decision, single legal moves included, which
    need no search)."""
    game = load_game(game_id)
    wins = decisions = 0
    thinking = 0.0
    for number, seed in enumerate(range(first_seed, first_seed + games), start=1):
        search = Timed(search_player(player, game_id, side, seed, rollout))
        seats: dict[str, Player] = {
            s: search if s == side else make_player("heuristic", game_id, s, seed + 1000)
            for s in game.sides
        }
        try:
            won = play(game, seats, seed).winner() == side
        except GameTooLong:
            won = False  # FBSM has no turn limit (5.1, 4.6): a game both sides stall is no win
        wins += won
        decisions += search.decisions
        thinking += search.seconds
        if progress:
            low, high = wilson(wins, number)
            print(
                f"# {game_id} {side} {player} seed {seed}: {'won' if won else 'lost'}; "
                f"{wins}/{number} [{low:.2f}, {high:.2f}], "
                f"{thinking / max(1, decisions):.4f} CPU s/decision",
                flush=True,
            )
    low, high = wilson(wins, games)
    label = player if rollout is None else f"{player} rollout {rollout}"
    note = f">= 0.65; {wins}/{games}, 95% [{low:.2f}, {high:.2f}], "
    note += f"{thinking / max(1, decisions):.4f} CPU s/decision"
    return Figure(f"{game_id} {side}: {label} vs heuristic", wins / games, "win rate", note)


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


def ray_study_rate(games: int, cpus: int) -> float:
    """``study_rate`` on Ray, started on this machine with ``cpus`` CPUs (the study's Ray
    backend, greatwar/sim/ray_backend.py), once each of its workers has played a first game.
    Ray is shut down afterwards; RAY_ADDRESS is left out, so it measures this machine."""
    import ray

    from greatwar.sim.ray_backend import run_ray

    matchup = checked_matchup("fbsm", {"play_balance": True}, ["heuristic", "heuristic"])
    chunks = chunked(list(range(games)), cpus)
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=cpus, address="local", log_to_driver=False, include_dashboard=False)
    try:
        list(run_ray(matchup, [[1_000_000 + n] for n in range(cpus)]))
        started = time.perf_counter()
        list(run_ray(matchup, chunks))
        return games / (time.perf_counter() - started)
    finally:
        ray.shutdown()


def scaling_rates(rate: Callable[[int, int], float], games: int) -> tuple[float, float]:
    """``rate``'s games/s with one and with two workers, each the mean of two runs taken in the
    order one, two, two, one: a machine whose speed drifts steadily over the minute gives both
    means the same share of it, so their ratio (the scaling efficiency) is not moved by which
    was measured first."""
    first_one, first_two = rate(games, 1), rate(games, 2)
    second_two, second_one = rate(games, 2), rate(games, 1)
    return (first_one + second_one) / 2, (first_two + second_two) / 2


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
    from greatwar.core.registry import GAME_MODULES, has_encoding

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


def contested_sides(game_id: str) -> list[str]:
    """The sides that win or lose (not a game master's neutral seat)."""
    info = load_game(game_id).info
    return [side for side in info.sides if side not in info.neutral]


def strength_figures(
    games: int,
    player: str,
    game_ids: list[str],
    sides: list[str],
    rollout: int | None,
    first_seed: int = 0,
) -> list[Figure]:
    """The strength table alone (``--strength N --only-strength``), with a line per game."""
    figures = []
    for game_id in game_ids:
        for side in contested_sides(game_id):
            if not sides or side in sides:
                figures.append(strength(game_id, side, player, games, rollout, True, first_seed))
    return figures


def measure(quick: bool, strength_games: int, strength_player: str) -> list[Figure]:
    scale = 0.3 if quick else 1.0
    chess = ChessPlayouts()
    paired = {g: paired_playouts(g, chess, 8 * scale, 3 * scale) for g in GAMES}
    chess_rate = statistics.mean(pair.reference for pair in paired.values())
    figures = [Figure("python-chess random playout", chess_rate, "steps/s")]
    for game_id, pair in paired.items():
        figures += [
            Figure(f"{game_id} random playout", pair.rate, "actions/s"),
            Figure(f"  ratio {game_id} / chess", pair.ratio, "x", ">= 3"),
            Figure("  its first seconds, building its tables", pair.first, "actions/s"),
        ]
    fbsm_times = heuristic_games("fbsm", max(6, int(30 * scale)), {"play_balance": True})
    figures.append(
        Figure("fbsm heuristic game, median", statistics.median(fbsm_times), "s", "<= 0.1")
    )
    for game_id, games in (("meuse", 6), ("devildogs", 30), ("marne1914", 4), ("trenches", 5)):
        times = heuristic_games(game_id, max(3, int(games * scale)))
        figures.append(Figure(f"{game_id} heuristic game, median", statistics.median(times), "s"))
    figures.append(
        # 100 iterations a position (a decision of the levels runs for seconds: thousands),
        # so the figure is the search's pace rather than its first iterations' set-up
        Figure(
            "fbsm MCTS, mid-game", mcts_iterations(max(20, int(100 * scale))), "iter/s", ">= 1000"
        )
    )
    leaf = mcts_iterations(max(20, int(200 * scale)), Settings(rollout_actions=0))
    figures.append(Figure("  evaluator at the leaf, no rollout", leaf, "iter/s", ">= 1000"))
    study_games = max(8, int(80 * scale))
    one, two = scaling_rates(study_rate, study_games)
    # Ray's own processes share the two cores and its tasks start slower: three times the
    # games, so that a second's scheduling does not decide the efficiency
    ray_games = max(8, int(240 * scale))
    ray_one, ray_two = scaling_rates(ray_study_rate, ray_games)
    figures += [
        Figure("study, 1 worker", one, "games/s"),
        Figure("study, 2 workers", two, "games/s"),
        Figure("scaling efficiency (2 workers)", two / (2 * one), "x", ">= 0.9"),
        Figure("study on Ray, 1 CPU", ray_one, "games/s"),
        Figure("study on Ray, 2 CPUs", ray_two, "games/s"),
        Figure("Ray scaling efficiency (2 CPUs)", ray_two / (2 * ray_one), "x", ">= 0.9"),
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
        for side in contested_sides(game_id):
            if strength_games:
                figures.append(strength(game_id, side, strength_player, strength_games))
            else:
                name = f"{game_id} {side}: search vs heuristic"
                figures.append(Figure(name, math.nan, "win rate", ">= 0.65; run --strength N"))
    return figures


def modules_line() -> str:
    """Whether this run's modules are Cython's builds (greatwar/compiled.py) or the sources."""
    for game_id in GAMES:  # the games' modules are imported when a game is first loaded
        load_game(game_id)
    loaded, built = len(compiled_modules()), len(read_manifest())
    if loaded:
        return f"modules: {loaded} compiled by Cython ({built} built; {PURE}=1 runs the sources)"
    if pure_requested():
        return f"modules: pure Python ({PURE} is set)"
    return "modules: pure Python (none compiled: make compile builds them)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs, rougher figures")
    parser.add_argument(
        "--strength", type=int, default=0, metavar="N", help="N games per game and side (slow)"
    )
    parser.add_argument("--player", default="hard", help="the search player (default: hard)")
    parser.add_argument("--research", action="store_true", help="only the research-API figures")
    parser.add_argument(
        "--only-strength", action="store_true", help="only the strength table (with --strength)"
    )
    parser.add_argument("--games", default=",".join(GAMES), help="games of the strength table")
    parser.add_argument("--sides", default="", help="sides of the strength table (default: all)")
    parser.add_argument(
        "--rollout",
        type=int,
        default=None,
        help="the search's rollout actions before the evaluator (mcts, 0: at the leaf; rollout)",
    )
    parser.add_argument("--first-seed", type=int, default=0, help="the strength games' first seed")
    args = parser.parse_args()
    tune_for_batch_play()
    print(modules_line())
    print(f"{'figure':<36} {'value':>12}  {'unit':<13} target")
    if args.only_strength:
        games, sides = args.games.split(","), [s for s in args.sides.split(",") if s]
        chosen = strength_figures(
            args.strength, args.player, games, sides, args.rollout, args.first_seed
        )
        for f in chosen:
            print(f"{f.name:<36} {f.value:>12,.2f}  {f.unit:<13} {f.target}", flush=True)
        return
    figures = [] if args.research else measure(args.quick, args.strength, args.player)
    try:
        figures += research_figures(args.quick)
    except ImportError as missing:  # the rl extra is not installed
        print(f"(research figures skipped: {missing})")
    for f in figures:
        print(f"{f.name:<36} {f.value:>12,.2f}  {f.unit:<13} {f.target}", flush=True)


if __name__ == "__main__":
    main()
