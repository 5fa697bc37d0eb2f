"""Computer players of Miracle on the Marne: the scripted heuristic for either side (see
``heuristic.py``), its styles for the rollout player, and the helpers information-set MCTS
needs (determinize, evaluate).

The contract every game's ``players`` package keeps (found by ``greatwar.ai`` through
``greatwar.games.<id>.players``): ``heuristic(side, seed)`` and, optionally,
``determinize(state, side, rng)``, ``evaluate(state, side)`` and ``styles(side)``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from greatwar.core.play import Player, weighted_styles
from greatwar.core.rng import Rng
from greatwar.core.state import State
from greatwar.games.marne1914.data import ALLIED, GERMAN, MODES, OTHER
from greatwar.games.marne1914.players.heuristic import MarneHeuristic, Weights

# The rollout player's constants (greatwar.ai.rollout): a whole game is ~1.6 s, so rollouts
# stop at the next turn for the evaluator, and the ~1,500 unit moves, fire groups and step
# losses of a side's game are left to the script; modes, rallies and retreats are searched.
# A side with styles searches only the style of each turn ("actions": False): its choices of
# mode, rally and retreat one by one cost ~0.1-0.9 s each, two minutes a game
ROLLOUT = {
    "turns": 1,
    "skip": ("place", "move", "to", "stay", "fire", "resolve", "lose"),
    "actions": False,
}

# The rollout player's styles: variants of the script's weights it may play a turn with,
# chosen by rollouts (see Weights for what each field weighs), the first the one ties go to.
# Each played throughout against the other side's script (standard rules, seeds 0-99), where
# the script itself won 54 of 100 as the Allies and 46 as the Germans: an Allied side that
# brings its artillery next to the enemy and attacks on thinner odds won 87-89, and 92 when
# its corps far from the front also travel in Transfer mode (alone 79). A German side that
# reckons enemy counters at 6 factors won 54, and 59-60 when it also attacks only at 1.8
# times the estimated defense, with units of several armies ("cautious"). Keeping its HQs up
# to 4-6 hexes from the enemy instead of 3 (9.9: an HQ in an enemy ZOC is displaced) lifted
# that to 129-131 of 200 on seeds 0-199, and from 106 to 120 of 200 on seeds 100-299:
# "steady". Its variants differ only in the order they choose with the initiative (6.2),
# which the last turn's rollouts measure exactly, as they reach the end of the game: first
# even on the last turn ("leading", 121 of 200 played throughout on seeds 100-299), second
# from turn 7 ("yielding", 123). The German search among them won 65 of 100; among cautious,
# warier (6 factors only) and the script, 47.
STEADY = {"factors_per_counter": 6.0, "attack_ratio": 1.8, "one_army": False, "hq_contact": 5}
STYLES: dict[str, dict[str, dict[str, Any]]] = {
    ALLIED: {
        "script": {},
        "march": {"transfer_distance": 4, "artillery_range": 1, "factors_per_counter": 2.0},
        "assault": {"artillery_range": 1, "attack_ratio": 1.0, "threat": 3},
        "bold": {"artillery_range": 1, "factors_per_counter": 2.0},
    },
    GERMAN: {
        "steady": {**STEADY},
        "leading": {**STEADY, "second_from": 9},
        "yielding": {**STEADY, "second_from": 7},
    },
}

__all__ = [
    "ROLLOUT",
    "STYLES",
    "MarneHeuristic",
    "Weights",
    "determinize",
    "evaluate",
    "heuristic",
    "styles",
]


def heuristic(side: str, seed: int = 0) -> Player:
    """The scripted player of ``side``."""
    return MarneHeuristic(side, seed)


def styles(side: str) -> dict[str, Callable[[int], Player]]:
    """The scripted player of ``side`` in each of its styles (``STYLES``), by name."""
    return weighted_styles(
        partial(MarneHeuristic, side), Weights.for_side(side), STYLES.get(side, {})
    )


def determinize(state: State, side: str, rng: Rng) -> State:
    """A position consistent with what ``side`` has seen: fresh dice, the enemy's unrevealed
    HQ modes drawn anew (5.2.5), the enemy's face-down choices forgotten, and the enemy's
    combat units shuffled among its stacks, like for like in kind and stacking points, so
    each stack keeps its visible height and its weight (8.1.5)."""
    from greatwar.games.marne1914.modes import allowed_modes
    from greatwar.games.marne1914.state import MarneState

    assert isinstance(state, MarneState)
    copy = state.clone()
    copy.rng = Rng(rng.next32() | rng.next32() << 32)
    enemy = OTHER[side]
    for hq in sorted(copy.mode):
        if copy.counter(hq).side == enemy and hq not in copy.revealed:
            choices = allowed_modes(copy, hq) or list(MODES)
            copy.set_mode(hq, choices[rng.below(len(choices))])
    copy.pending[enemy] = {}
    named = _named(copy.stack) | _named(copy.tasks) | _named(copy.combat)
    groups: dict[tuple[str, int], list[int]] = {}
    for unit in copy.units_on_map(enemy):
        counter = copy.counter(unit)
        if not counter.is_hq and unit not in named and counter.id not in named:
            # a unit a prompt or the combat names (by index or id) stays where it is
            groups.setdefault((counter.kind, counter.sp), []).append(unit)
    placed = {u: copy.where[u] for units in groups.values() for u in units}
    for units in groups.values():
        spots = [placed[u] for u in units]
        rng.shuffle(spots)
        for unit, spot in zip(units, spots, strict=True):
            if copy.where[unit] != spot:
                copy.lift(unit)
                copy.set_down(unit, spot)
    copy.forget_cached()  # the legal actions may name moved units
    return copy


def _named(data: object) -> set[int | str]:
    """Every whole number and text in plain data (prompt frames, combat, tasks): the units
    they may name by index or id (a hex index or a count caught as well only keeps a unit
    still)."""
    if isinstance(data, bool):
        return set()
    if isinstance(data, int | str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(_named(k) | _named(v) for k, v in data.items()))
    if isinstance(data, list | tuple | set | frozenset):
        return set().union(*(_named(v) for v in data))
    if hasattr(data, "__dict__"):
        return _named(vars(data))
    return set()


def evaluate(state: State, side: str) -> float:
    """-1 lost .. +1 won: the victory-point margin (14), and the steps on the map."""
    from greatwar.games.marne1914.state import MarneState
    from greatwar.games.marne1914.victory import victory_points

    assert isinstance(state, MarneState)
    if state.is_terminal():
        return 1.0 if state.winner() == side else -1.0
    points = victory_points(state)
    margin = points[side] - points[OTHER[side]]
    steps = {s: sum(state.steps[u] for u in state.units_on_map(s)) for s in points}
    balance = (steps[side] - steps[OTHER[side]]) / max(1, steps[side] + steps[OTHER[side]])
    return max(-1.0, min(1.0, margin / 20 + balance / 2))
