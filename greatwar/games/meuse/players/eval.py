"""How an unfinished Meuse-Argonne game stands for one side: -1 lost .. +1 won, from the
public board (digest 10: no fog of war).

The Allies win the instant a unit enters Sedan (12.1); anything else is a German win at the
armistice (19.1). The Allied prospect is how far the nearest Allied unit is from Sedan against
the turns left to cover it, with the attack strength each side has left on the map as a
second term, squashed by tanh.
"""

from __future__ import annotations

import math

from greatwar.core.state import State
from greatwar.games.meuse.data import ALLIED, GERMAN
from greatwar.games.meuse.state import MeuseState

HEXES_PER_TURN = 1.0  # the pace an Allied spearhead must keep to reach Sedan in time
STRENGTH_WEIGHT = 4.0  # hexes of lead worth an Allied share of strength 1.0 above parity
SCALE = 4.0  # hexes of lead worth tanh(1)


def evaluate(state: State, side: str) -> float:
    """``side``'s prospects in -1 (lost) .. +1 (won)."""
    if state.is_terminal():
        return 1.0 if state.winner() == side else -1.0
    assert isinstance(state, MeuseState)
    grid = state.c.board.grid
    sedan = state.c.sedan
    nearest = min((grid.distance(h, sedan) for h in state.hexes_of(ALLIED)), default=grid.size)
    turns_left = int(state.c.tables["turns"]["count"]) - max(state.turn, 1) + 1
    strength = {ALLIED: 0, GERMAN: 0}
    for stack in state.stacks.values():
        for unit in stack:
            strength[state.c.counters[unit].side] += state.values(unit)[0]
    total = max(1, sum(strength.values()))
    share = strength[ALLIED] / total - 0.5
    lead = turns_left * HEXES_PER_TURN - nearest + STRENGTH_WEIGHT * share
    allied = math.tanh(lead / SCALE)
    return allied if side == ALLIED else -allied
