"""How an unfinished Devil Dogs game stands for one side: -1 lost .. +1 won, from public facts.

The scenario is won on victory points after its last turn (3.1, C4: objectives held, enemy
units set aside), the defender winning ties. The score is the point margin now, with the
steps each side still has on the map (7.2) as a smaller term (steps left are points to come),
squashed by tanh; the margin counts more as the last turn nears. Everything it reads is on
the map or in the casualty pile, which both players see.
"""

from __future__ import annotations

import math

from greatwar.core.state import State
from greatwar.games.devildogs.data import enemy
from greatwar.games.devildogs.state import DevilDogsState
from greatwar.games.devildogs.victory import points

POINT_SCALE = 3.0  # a margin of one objective (3 points) is worth tanh(1) early on
STEP_WEIGHT = 0.25  # points per step of advantage on the map
MARGIN_WEIGHT = 0.25  # share of a finished rollout's value that is its point margin


def evaluate(state: State, side: str) -> float:
    """``side``'s prospects in -1 (lost) .. +1 (won)."""
    if state.is_terminal():
        return 1.0 if state.winner() == side else -1.0
    assert isinstance(state, DevilDogsState)
    other = enemy(side)
    margin = _margin(state, side)
    steps = {side: 0, other: 0}
    for unit in state.at.values():
        u = state.unit(unit)
        steps[u.side] += u.steps - state.lost[unit]
    margin += STEP_WEIGHT * (steps[side] - steps[other])
    late = 1.0 + state.turn / max(1, state.sc.turns)  # 1 at the start .. 2 at the end
    return math.tanh(late * margin / POINT_SCALE)


def outcome(state: State, side: str) -> float:
    """How a rollout came out for ``side``, for search: a finished game is its result with the
    point margin as a smaller term (it tells a narrow win from a sure one, so fewer rollouts
    tell two moves apart), an unfinished one the evaluator's score."""
    if not state.is_terminal():
        return evaluate(state, side)
    assert isinstance(state, DevilDogsState)
    result = 1.0 if state.winner() == side else -1.0
    return (1 - MARGIN_WEIGHT) * result + MARGIN_WEIGHT * math.tanh(
        _margin(state, side) / POINT_SCALE
    )


def _margin(state: DevilDogsState, side: str) -> float:
    """Victory points ahead of the enemy, with the defender's tie-break (3.1) as half a point."""
    margin = float(points(state, side) - points(state, enemy(side)))
    return margin + (0.5 if side == state.sc.defender else -0.5)  # 3.1 ties go to the defender
