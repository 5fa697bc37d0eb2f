"""Rollout policy improvement: the scripted player, corrected where rollouts show it errs.

At a decision with real alternatives, the scripted player's own choice and a few other legal
actions are each tried in the same determinized samples (what the side cannot see resampled by
the game's ``players.determinize``), and each sample is played on by the scripted players of
every side: to the end where games are short, else up to a turn boundary or a number of
actions, where the game's evaluator scores it. Every candidate meets the same samples, dice and
scripted players (common random numbers), so their difference is measured with far less noise
than their values. Successive halving (Karnin, Koren, Somekh 2013) spends the budget: each
round adds samples and keeps the better half of the candidates; the scripted choice is never
dropped, and another candidate replaces it only if it is better by a margin. Against the
scripted player this is one step of policy improvement, so it plays at least about as well as
the script, and better where the script errs.

Search is spent only where it can matter: a single legal move is played at once; a game may
name its trivial or too numerous choices (``ROLLOUT["skip"]``: verbs of the scripted choice
played without search); and a decision stops early when every candidate has given the same
result in every sample so far. Simultaneous hidden choices are chosen apart: a candidate is
applied to a sample before the other side's scripted player, which sees only its own
observation, chooses.

A game may also name *styles* (``players.styles(side)``): variants of its scripted player,
the first the one ties go to (the script itself, unless a game knows its variants to be
better and its rollouts to misjudge the script). At its first decision of each game turn the
player then chooses the style to play that turn with, by the same successive halving over
rollouts in which its side plays each style and the other sides their scripts: the style
whose rollouts score best, as every style is a whole, sane way to play (ties go to the
first); a side the game names in ``ROLLOUT["style_keep"]`` plays its first style unless
another beats it by the margin, as a searched action must beat the scripted one (where the
first style is known best played throughout and one-turn rollouts are noisy). A scripted
player's choices are tied to one another over a phase (its moves follow one plan), so
choosing among whole plans finds what choosing among single actions does not: in FBSM the
moves that decide a game are hundreds of small ones. Where a turn is long and its
single choices many (``ROLLOUT["actions"] = False``), a side with styles searches only the
style of each turn.

References: G. Tesauro, G. Galperin, "On-line policy improvement using Monte-Carlo search",
NIPS 1996; D. Bertsekas, J. Tsitsiklis, C. Wu, "Rollout algorithms for combinatorial
optimization", J. Heuristics 3, 1997; Z. Karnin, T. Koren, O. Somekh, "Almost optimal
exploration in multi-armed bandits", ICML 2013.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from greatwar.ai.game_players import evaluate_of, heuristic_of, outcome_of, players_module
from greatwar.ai.mcts import Budget, game_determinize
from greatwar.ai.random_player import RandomPlayer
from greatwar.core.actions import Action
from greatwar.core.play import Player
from greatwar.core.rng import Rng
from greatwar.core.state import State

DEFAULT_ROLLOUTS = 8  # per decision
MAX_SAMPLES = 256  # determinized samples kept per decision: bounds memory under a time budget


@dataclass(frozen=True)
class RolloutSettings:
    """Constants of the rollout player; a game sets its own in ``ROLLOUT`` (players package)."""

    candidates: int = 6  # the scripted choice and up to this many less one other legal actions
    horizon: int = 1_000_000  # actions played out before the evaluator scores the position
    turns: int = 0  # if above 0: turn boundaries crossed before the evaluator scores it
    margin: float = 0.05  # mean reward (-1..+1) another action must gain over the scripted one
    first_samples: int = 2  # samples every candidate meets in the first round
    same_stop: int = 4  # samples after which identical results everywhere end the search
    least_samples: int = 3  # samples before the scripted choice may be overruled
    skip: tuple[str, ...] = ()  # verbs of scripted choices played without search
    style_rollouts: int = 32  # rollouts of a style choice under a budget in rollouts
    actions: bool = True  # False: a side with styles searches only each turn's style
    style_keep: tuple[str, ...] = ()  # sides that play their first style unless another beats
    # it as an action must beat the scripted one (margin and standard error); others: the best
    # mean


def game_rollout_settings(game_id: str) -> RolloutSettings:
    """The rollout player's constants, with the game's own (``ROLLOUT``) over the defaults."""
    chosen = dict(getattr(players_module(game_id), "ROLLOUT", {}))
    for name in ("skip", "style_keep"):
        if name in chosen:
            chosen[name] = tuple(chosen[name])
    return RolloutSettings(**chosen)


Styles = Callable[[str], dict[str, Callable[[int], Player]]]


def styles_of(game_id: str) -> Styles | None:
    """The game's styles of play for the rollout player (``players.styles``), if any."""
    function: Styles | None = getattr(players_module(game_id), "styles", None)
    return function


@dataclass
class Arm:
    """A candidate (an action, or a style's name) and its results, sample by sample (for the
    searching side)."""

    action: Action | str
    results: list[float] = field(default_factory=list)

    def mean(self, samples: int) -> float:
        return sum(self.results[:samples]) / samples


class RolloutPlayer:
    """The scripted player improved by rollouts; ``budget`` is rollouts per decision
    (``iterations``, deterministic for a seed) or seconds. ``seed`` fixes its samples."""

    def __init__(
        self,
        game_id: str,
        side: str,
        seed: int = 0,
        budget: Budget | None = None,
        settings: RolloutSettings | None = None,
    ) -> None:
        self.game_id = game_id
        self.side = side
        self.rng = Rng(seed, stream=29)
        self.budget = budget or Budget(iterations=DEFAULT_ROLLOUTS)
        self.settings = settings or game_rollout_settings(game_id)
        self.determinize = game_determinize(game_id)
        self.evaluate = evaluate_of(game_id)
        self.outcome = outcome_of(game_id)
        self.heuristic = heuristic_of(game_id)
        found = styles_of(game_id)
        self.styles = found(side) if found is not None else {}
        self.style = next(iter(self.styles), "")  # ties go to the first style
        self.style_turn = -1  # the game turn whose style is chosen
        self.guide = self._scripted(side, seed)
        self.iterations = 0  # rollouts in all decisions so far (for benchmarks)
        self.searched = 0  # decisions searched
        self.changed = 0  # decisions where the search overruled the scripted choice
        self._hurry = threading.Event()

    def hurry(self) -> None:
        """Stop the search under way (or the next one) and play the best action so far."""
        self._hurry.set()

    def _scripted(self, side: str, seed: int, style: str | None = None) -> Player:
        """A side's scripted player: for this player's side, in ``style`` (default: the
        style chosen for this turn)."""
        if side == self.side and self.styles:
            return self.styles[self.style if style is None else style](seed)
        factory = self.heuristic
        return factory(side, seed) if factory is not None else RandomPlayer(seed)

    def choose(self, state: State, side: str) -> Action:
        legal = state.legal_actions(side)
        styled = len(self.styles) > 1 and len(legal) > 1 and _turn(state) != self.style_turn
        if styled:
            self.style_turn = _turn(state)
            self._choose_style(state, side)
        hint = self.guide.choose(state, side)  # the scripted player keeps its plan in step
        styles_only = len(self.styles) > 1 and not self.settings.actions
        if len(legal) == 1 or hint.verb in self.settings.skip or styled or styles_only:
            return hint  # (a style choice spent this decision's budget)
        arms = [Arm(a) for a in self._candidates(legal, hint)]
        choice = self._search(state, side, arms, self._rollout, self.budget.iterations)
        assert isinstance(choice, Action)
        self._hurry.clear()
        self.searched += 1
        if choice != hint:
            self.changed += 1
            self.guide = self._scripted(side, self.rng.next32())  # its plan assumed the hint
        return choice

    def _choose_style(self, state: State, side: str) -> None:
        """The style to play this turn with: the one whose rollouts score best; the guide
        starts afresh in it (its plan begins at this decision)."""
        arms = [Arm(name) for name in self.styles]
        budget = self.settings.style_rollouts
        keep = side in self.settings.style_keep
        chosen = self._search(state, side, arms, self._style_rollout, budget, keep_first=keep)
        assert isinstance(chosen, str)
        self.style = chosen
        self.guide = self._scripted(side, self.rng.next32())

    def _candidates(self, legal: Sequence[Action], hint: Action) -> list[Action]:
        """The scripted choice first, then others drawn from the legal actions (an order that
        depends only on what the side sees)."""
        others = [a for a in legal if a != hint]
        wanted = min(self.settings.candidates - 1, len(others))
        picked = []
        for _ in range(wanted):
            picked.append(others.pop(self.rng.below(len(others))))
        return [hint, *picked]

    # --- successive halving with common random numbers ---------------------------------

    def _search(
        self,
        state: State,
        side: str,
        arms: list[Arm],
        rollout: Callable[[State, int, Arm, str], float],
        iterations: int,
        keep_first: bool = True,
    ) -> Action | str:
        """Successive halving down to the scripted choice (the first arm) and its best rival,
        then a duel between the two with what is left of the budget (``iterations`` rollouts,
        or the budget's seconds); without ``keep_first`` the better mean wins the duel."""
        deadline = (
            None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        )
        budget = iterations if deadline is None else 1_000_000
        samples: list[tuple[State, int]] = []
        alive = arms
        want = self.settings.first_samples
        spent = 0
        while True:
            while len(samples) < want:
                samples.append((self.determinize(state, side, self.rng), self.rng.next32()))
            for arm in alive:
                while len(arm.results) < want:
                    if spent and self._out_of_time(spent, budget, deadline):
                        return _decide(alive, self.settings, keep_first)
                    sample, seed = samples[len(arm.results)]
                    arm.results.append(rollout(sample, seed, arm, side))
                    spent += 1
                    self.iterations += 1
            if want >= self.settings.same_stop and _all_same(alive):
                return alive[0].action  # nothing any candidate does changes the outcome
            if len(alive) > 2:
                kept = sorted(alive[1:], key=lambda a: -a.mean(want))[: (len(alive) - 1) // 2]
                alive = [alive[0], *kept]  # the scripted choice always stays
            target = want * 2
            if deadline is None:  # what the budget still allows, the duel taking all of it
                share = (budget - spent) // len(alive)
                target = want + share if len(alive) == 2 else min(target, want + share)
            target = min(target, MAX_SAMPLES)
            if target <= want:
                return _decide(alive, self.settings, keep_first)
            want = target

    def _out_of_time(self, spent: int, budget: int, deadline: float | None) -> bool:
        if self._hurry.is_set():
            return True
        if deadline is not None:
            return time.perf_counter() >= deadline
        return spent >= budget

    def _rollout(self, sample: State, seed: int, arm: Arm, side: str) -> float:
        """The arm's action in a copy of the sample, played on by the scripted players, scored
        for this player's side."""
        assert isinstance(arm.action, Action)
        copy = sample.clone()
        copy.apply_action(arm.action, side)
        return self._play_out(copy, seed, None)

    def _style_rollout(self, sample: State, seed: int, arm: Arm, side: str) -> float:
        """A copy of the sample played on with this side in the arm's style (from this
        decision on) and the other sides by their scripts, scored for this player's side."""
        assert isinstance(arm.action, str)
        return self._play_out(sample.clone(), seed, arm.action)

    def _play_out(self, copy: State, seed: int, style: str | None) -> float:
        """Play ``copy`` on by the scripted players up to the settings' horizon, and score it."""
        sides = copy.game.sides
        players = {s: self._scripted(s, seed + i, style) for i, s in enumerate(sides)}
        cut = self.evaluate is not None
        last_turn = _turn(copy) + self.settings.turns if cut and self.settings.turns else None
        for _ in range(self.settings.horizon if cut else 1_000_000):
            if copy.is_terminal() or (last_turn is not None and _turn(copy) >= last_turn):
                break
            mover = copy.current_player()
            copy.apply_action(players[mover].choose(copy, mover), mover)
        if self.outcome is not None:
            return self.outcome(copy, self.side)
        if copy.is_terminal() or self.evaluate is None:
            return copy.returns()[sides.index(self.side)]
        return self.evaluate(copy, self.side)


def _turn(state: State) -> int:
    """The game turn, for games that count them (``state.turn``); 0 otherwise."""
    turn: int = getattr(state, "turn", 0)
    return turn


def _all_same(arms: list[Arm]) -> bool:
    first = arms[0].results
    return all(arm.results == first for arm in arms[1:])


def _decide(arms: list[Arm], settings: RolloutSettings, keep_first: bool = True) -> Action | str:
    """The scripted choice (first), unless the candidate with the best mean over the samples
    all have met beats it, sample for sample, by the margin plus one standard error, over at
    least ``settings.least_samples`` samples; without ``keep_first``, the best mean (ties to
    the first)."""
    samples = min(len(arm.results) for arm in arms)
    hint = arms[0]
    if samples < settings.least_samples:
        return hint.action
    best = max(arms, key=lambda a: a.mean(samples))
    if not keep_first:
        return best.action
    gains = [b - h for b, h in zip(best.results[:samples], hint.results[:samples], strict=True)]
    gain = sum(gains) / samples
    spread = math.sqrt(sum((g - gain) ** 2 for g in gains) / (samples - 1) / samples)
    return best.action if gain > settings.margin + spread else hint.action
