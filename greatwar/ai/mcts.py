"""Information-set Monte Carlo tree search (single-observer ISMCTS) for any game on the API.

Each iteration samples a determinization, a position consistent with what the searching side
has seen (the game's ``players.determinize(state, side, rng)``: its container order, enemy
stacks under fog and future dice resampled), and walks one tree of action sequences: UCB1
with availability counts picks among the actions legal in that sample, one new node is
added, a rollout by the game's scripted player (random if it has none) runs for a limited
number of actions, and the end position is scored by the game's evaluator (or the result,
if the game ended). Progressive widening keeps the tree narrow where actions are many; at the
root the scripted player's own choice is tried first and favoured by a progressive bias
(Chaslot et al. 2008) that fades as the search gathers evidence.

Where several sides choose at once (hidden simultaneous choices, as Devil Dogs' face-down
cards and order indicators), each side at that node picks from its own statistics before
any choice is applied, and the child is reached by the joint choice (decoupled UCT, as in
simultaneous-move MCTS): no side's choice is conditioned on another's. A single legal move
is played without search. A game may set its own constants (``SEARCH`` in its players
package, e.g. rollouts that run to the end where games are short).

References: P. Cowling, E. Powley, D. Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE T-CIAIG 4(2), 2012; M. Lanctot et al., "Monte Carlo Tree Search for Simultaneous Move
Games: A Case Study in the Game of Tron", 2013 (decoupled UCT).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from greatwar.ai.game_players import (
    Determinize,
    Evaluate,
    determinize_of,
    evaluate_of,
    heuristic_of,
    players_module,
)
from greatwar.ai.random_player import RandomPlayer
from greatwar.core.actions import Action
from greatwar.core.play import Player
from greatwar.core.rng import Rng
from greatwar.core.state import State

DEFAULT_ITERATIONS = 48  # a quick search (FBSM: about 0.05 s); the levels search by the clock


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
    rollout_actions: int = 40  # actions played out before the evaluator scores the position
    widening: float = 1.0  # children allowed: 1 + widening * sqrt(visits)
    hint_bias: float = 2.0  # progressive bias towards the scripted player's own choice


@dataclass
class Edge:
    """One side's action at a node: how often it was chosen, its total reward for that side,
    and in how many iterations it was legal (ISMCTS availability)."""

    visits: int = 0
    reward: float = 0.0
    available: int = 0
    bias: float = 0.0  # progressive bias: the scripted player's preference, fading with visits

    def ucb(self, exploration: float) -> float:
        if self.visits == 0:
            return math.inf
        mean = self.reward / self.visits
        spread = exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)
        return mean + spread + self.bias / (self.visits + 1)


@dataclass
class Node:
    """A point of the tree. Each side asked here has its own edges: where several sides choose
    at once (hidden simultaneous choices), each picks from its own statistics without seeing
    the others' choice (decoupled UCT), and the child is reached by the joint choice."""

    edges: dict[str, dict[Action, Edge]] = field(default_factory=dict)
    children: dict[tuple[Action, ...], Node] = field(default_factory=dict)
    visits: int = 0


def game_determinize(game_id: str) -> Determinize:
    """The game's ``determinize`` (in ``greatwar.games.<id>.players``); else a copy with fresh
    dice only, in which the search would see the other sides' secrets: a game with hidden
    information should provide one."""
    return determinize_of(game_id) or _fresh_dice


def _fresh_dice(state: State, side: str, rng: Rng) -> State:
    copy = state.clone()
    copy.rng = Rng(rng.next32() | rng.next32() << 32)
    return copy


def game_settings(game_id: str) -> Settings:
    """The search constants, with the game's own choices (``SEARCH`` in its players package,
    a dict of ``Settings`` fields) over the defaults."""
    chosen = getattr(players_module(game_id), "SEARCH", {})
    return Settings(**chosen)


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
        self.settings = settings or game_settings(game_id)
        self.determinize = game_determinize(game_id)
        self.evaluate: Evaluate | None = evaluate_of(game_id)
        self.heuristic = heuristic_of(game_id)
        self.guide = self._scripted(side, seed)
        self.iterations = 0  # done in all decisions so far (for benchmarks)
        self._hurry = threading.Event()  # set from another thread: decide now

    def hurry(self) -> None:
        """Stop the search under way (or the next one) after its current iteration and play
        the best action found; a person waiting for the computer asks this."""
        self._hurry.set()

    def _scripted(self, side: str, seed: int) -> Player:
        factory = self.heuristic
        return factory(side, seed) if factory is not None else RandomPlayer(seed)

    def choose(self, state: State, side: str) -> Action:
        legal = state.legal_actions(side)
        hint = self.guide.choose(state, side)  # the scripted player keeps its plan in step
        if len(legal) == 1:
            return legal[0]  # a single legal move needs no search
        root = Node()
        deadline = (
            None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        )
        least = self.budget.iterations if deadline is None else max(1, self.budget.iterations)
        done = 0
        while done < least or (deadline is not None and time.perf_counter() < deadline):
            if done and self._hurry.is_set():
                break
            self._iterate(root, state, side, hint)
            done += 1
        self._hurry.clear()
        self.iterations += done
        choice = _best(root, side, hint)
        if choice != hint:
            self.guide = self._scripted(side, self.rng.next32())  # its plan assumed the hint
        return choice

    # --- one iteration ------------------------------------------------------------------

    def _iterate(self, root: Node, state: State, side: str, hint: Action) -> None:
        sample = self.determinize(state, side, self.rng)
        node = root
        path: list[tuple[Node, list[tuple[str, Action]]]] = []
        while not sample.is_terminal():
            movers = sample.sides_to_act()
            if node is root and side in movers:
                movers = (side, *(m for m in movers if m != side))
            chosen: list[tuple[str, Action]] = []
            for mover in movers:  # all choose before any choice is applied
                legal = sample.legal_actions_kept(mover)  # (only read)
                first = hint if node is root and mover == side else None
                chosen.append((mover, self._select(node, mover, legal, first)))
            for mover, action in chosen:
                sample.apply_action(action, mover)
            path.append((node, chosen))
            joint = tuple([action for _, action in chosen])
            child = node.children.get(joint)
            if child is None:
                node.children[joint] = Node()
                break
            node = child
        values = self._playout(sample)
        for visited, chosen in path:
            visited.visits += 1
            for mover, action in chosen:
                edge = visited.edges[mover][action]
                edge.visits += 1
                edge.reward += values[mover]
        root.visits += not path  # a sample that is already over still counts

    def _select(
        self, node: Node, mover: str, legal: Sequence[Action], first: Action | None
    ) -> Action:
        """UCB1 over ``mover``'s known legal actions here, or a new one while progressive
        widening allows; only ever one of ``legal``, the actions the rules offer in this
        sample."""
        edges = node.edges.setdefault(mover, {})
        known = []
        for action in legal:
            edge = edges.get(action)
            if edge is not None:
                edge.available += 1
                known.append(action)
        allowed = 1 + int(self.settings.widening * math.sqrt(node.visits))
        if len(known) < min(allowed, len(legal)):
            action = self._untried(legal, edges, first)
            bias = self.settings.hint_bias if action == first else 0.0
            edges[action] = Edge(available=1, bias=bias)
            return action
        exploration = self.settings.exploration
        return max(known, key=lambda a: edges[a].ucb(exploration))

    def _untried(
        self, legal: Sequence[Action], edges: dict[Action, Edge], first: Action | None
    ) -> Action:
        if first is not None and first in legal and first not in edges:
            return first
        untried = [a for a in legal if a not in edges]
        return untried[self.rng.below(len(untried))]

    def _playout(self, sample: State) -> dict[str, float]:
        """Play on with the scripted players, then score: the result, or the evaluator's."""
        sides = sample.game.sides
        limit = self.settings.rollout_actions if self.evaluate else 1_000_000
        if limit > 0 and not sample.is_terminal():
            seed = self.rng.next32()
            players = {s: self._scripted(s, seed + i) for i, s in enumerate(sides)}
            for _ in range(limit):
                if sample.is_terminal():
                    break
                mover = sample.current_player()
                sample.apply_action(players[mover].choose(sample, mover), mover)
        if sample.is_terminal() or self.evaluate is None:
            return dict(zip(sides, sample.returns(), strict=True))
        value = self.evaluate(sample, self.side)
        return {s: value if s == self.side else -value for s in sides}


def _best(root: Node, side: str, hint: Action) -> Action:
    """``side``'s most visited action at the root; ties go to the scripted choice, then to the
    better mean."""

    def key(item: tuple[Action, Edge]) -> tuple[int, bool, float]:
        action, edge = item
        mean = edge.reward / edge.visits if edge.visits else -math.inf
        return (edge.visits, action == hint, mean)

    return max(root.edges[side].items(), key=key)[0]
