"""Information-set Monte Carlo tree search (single-observer ISMCTS) for any game on the API.

Each iteration samples a determinization, a position consistent with what the searching side
has seen (the game module's ``determinize(state, side, rng)``: its container order, enemy
stacks under fog and future dice resampled), and walks one tree of action sequences: UCB1
with availability counts picks among the actions legal in that sample, one new node is
added, a rollout by the game's scripted player (random if it has none) runs for a limited
number of actions, and the end position is scored by the game's evaluator (or the result,
if the game ended). Progressive widening keeps the tree narrow where actions are many; at the
root the scripted player's own choice is tried first and favoured by a progressive bias
(Chaslot et al. 2008) that fades as the search gathers evidence.

Reference: P. Cowling, E. Powley, D. Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE T-CIAIG 4(2), 2012.
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from greatwar.ai.random_player import RandomPlayer
from greatwar.ai.registry import HEURISTICS
from greatwar.core.actions import Action
from greatwar.core.play import Player
from greatwar.core.registry import GAME_MODULES
from greatwar.core.rng import Rng
from greatwar.core.state import State

Determinize = Callable[[State, str, Rng], State]
Evaluate = Callable[[State, str], float]  # a side's prospects in -1 (lost) .. +1 (won)


DEFAULT_ITERATIONS = 48  # about two seconds a decision for FBSM on one core of this machine


@dataclass(frozen=True)
class Budget:
    """How long to think per decision: ``iterations`` (deterministic), or ``seconds`` (then
    as many iterations as fit, at least ``iterations`` and at least one)."""

    iterations: int = DEFAULT_ITERATIONS
    seconds: float | None = None


@dataclass(frozen=True)
class Settings:
    """Search constants."""

    exploration: float = 0.7  # UCB1's c, on rewards in -1..+1
    rollout_actions: int = 150  # actions played out before the evaluator scores the position
    widening: float = 1.0  # children allowed: 1 + widening * sqrt(visits)
    hint_bias: float = 2.0  # progressive bias towards the scripted player's own choice


@dataclass
class Node:
    """A node of the tree: the action that led here, by which side, and its statistics."""

    action: Action | None = None
    side: str | None = None
    parent: Node | None = None
    children: dict[Action, Node] = field(default_factory=dict)
    visits: int = 0
    reward: float = 0.0  # total, for ``side``
    available: int = 0  # iterations in which this node's action was legal

    bias: float = 0.0  # progressive bias: the scripted player's preference, fading with visits

    def ucb(self, exploration: float) -> float:
        if self.visits == 0:
            return math.inf
        mean = self.reward / self.visits
        spread = exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)
        return mean + spread + self.bias / (self.visits + 1)


def game_determinize(game_id: str) -> Determinize:
    """The game's ``determinize`` (module ``<game>.determinize``); else a copy with fresh dice
    only, in which the search would see the other sides' secrets: a game with hidden
    information should provide the module."""
    try:
        module = importlib.import_module(f"{GAME_MODULES[game_id]}.determinize")
    except (ImportError, KeyError):
        return _fresh_dice
    function: Determinize = module.determinize
    return function


def _fresh_dice(state: State, side: str, rng: Rng) -> State:
    copy = state.clone()
    copy.rng = Rng(rng.next32() | rng.next32() << 32)
    return copy


# game id -> evaluator of unfinished positions; games without one are played out to the end
EVALUATORS: dict[str, Callable[[], Evaluate]] = {
    "fbsm": lambda: importlib.import_module("greatwar.ai.fbsm_eval").evaluate,
    "marne1914": lambda: importlib.import_module("greatwar.games.marne1914.players").evaluate,
}


class MctsPlayer:
    """ISMCTS with a per-decision budget; ``seed`` fixes its samples, so with an iteration
    budget it chooses the same action in the same position."""

    def __init__(
        self,
        game_id: str,
        side: str,
        seed: int = 0,
        budget: Budget | None = None,
        settings: Settings | None = None,
    ) -> None:
        self.game_id = game_id
        self.side = side
        self.rng = Rng(seed, stream=23)
        self.budget = budget or Budget()
        self.settings = settings or Settings()
        self.determinize = game_determinize(game_id)
        make_evaluator = EVALUATORS.get(game_id)
        self.evaluate: Evaluate | None = make_evaluator() if make_evaluator else None
        self.guide = self._scripted(side, seed)
        self.iterations = 0  # done in all decisions so far (for benchmarks)

    def _scripted(self, side: str, seed: int) -> Player:
        factory = HEURISTICS.get(self.game_id)
        return factory(side, seed) if factory is not None else RandomPlayer(seed)

    def choose(self, state: State, side: str) -> Action:
        legal = state.legal_actions(side)
        hint = self.guide.choose(state, side)  # the scripted player keeps its plan in step
        if len(legal) == 1:
            return legal[0]
        root = Node(side=None)
        deadline = (
            None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        )
        least = self.budget.iterations if deadline is None else max(1, self.budget.iterations)
        done = 0
        while done < least or (deadline is not None and time.perf_counter() < deadline):
            self._iterate(root, state, side, hint)
            done += 1
        self.iterations += done
        choice = _best(root, hint)
        if choice != hint:
            self.guide = self._scripted(side, self.rng.next32())  # its plan assumed the hint
        return choice

    # --- one iteration ------------------------------------------------------------------

    def _iterate(self, root: Node, state: State, side: str, hint: Action) -> None:
        sample = self.determinize(state, side, self.rng)
        node = root
        first: Action | None = hint
        while not sample.is_terminal():
            mover = sample.current_player()
            legal = sample.legal_actions(mover)
            child = self._select(node, legal, mover, first)
            first = None
            sample.apply_action(child.action or legal[0], mover)
            if child.visits == 0:
                node = child
                break
            node = child
        values = self._playout(sample)
        walk: Node | None = node
        while walk is not None:
            walk.visits += 1
            if walk.side is not None:
                walk.reward += values[walk.side]
            walk = walk.parent

    def _select(self, node: Node, legal: list[Action], mover: str, first: Action | None) -> Node:
        """UCB1 over the legal children, or a new child while widening allows; only ever
        one of ``legal``, the actions the rules offer in this sample."""
        for action in legal:
            child = node.children.get(action)
            if child is not None:
                child.available += 1
        allowed = 1 + int(self.settings.widening * math.sqrt(node.visits))
        known = [a for a in legal if a in node.children]
        if len(known) < min(allowed, len(legal)):
            action = self._untried(legal, node, first)
            bias = self.settings.hint_bias if action == first else 0.0
            child = Node(action, mover, node, available=1, bias=bias)
            node.children[action] = child
            return child
        return max(
            (node.children[a] for a in known),
            key=lambda c: c.ucb(self.settings.exploration),
        )

    def _untried(self, legal: list[Action], node: Node, first: Action | None) -> Action:
        if first is not None and first in legal and first not in node.children:
            return first
        untried = [a for a in legal if a not in node.children]
        return untried[self.rng.below(len(untried))]

    def _playout(self, sample: State) -> dict[str, float]:
        """Play on with the scripted players, then score: the result, or the evaluator's."""
        seed = self.rng.next32()
        players = {s: self._scripted(s, seed + i) for i, s in enumerate(sample.game.sides)}
        for _ in range(self.settings.rollout_actions if self.evaluate else 1_000_000):
            if sample.is_terminal():
                break
            mover = sample.current_player()
            sample.apply_action(players[mover].choose(sample, mover), mover)
        if sample.is_terminal() or self.evaluate is None:
            return dict(zip(sample.game.sides, sample.returns(), strict=True))
        value = self.evaluate(sample, self.side)
        return {s: value if s == self.side else -value for s in sample.game.sides}


def _best(root: Node, hint: Action) -> Action:
    """The most visited action; ties go to the scripted choice, then to the better mean."""

    def key(item: tuple[Action, Node]) -> tuple[int, bool, float]:
        action, node = item
        mean = node.reward / node.visits if node.visits else -math.inf
        return (node.visits, action == hint, mean)

    return max(root.children.items(), key=key)[0]
