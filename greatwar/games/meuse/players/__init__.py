"""Meuse-Argonne's computer players: the scripted player and its evaluator of unfinished
positions for MCTS (no hidden information but the dice, which MCTS resamples itself)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from greatwar.core.play import Player, weighted_styles
from greatwar.games.meuse.data import ALLIED, GERMAN
from greatwar.games.meuse.players.eval import evaluate
from greatwar.games.meuse.players.heuristic import MeuseHeuristic, Weights

# The rollout player's constants: rollouts stop at the next turn boundary (a whole game is
# ~0.8 s) and the evaluator scores them; unit-by-unit placement and movement are not searched.
# A side with styles searches only the style of each turn ("actions": False): searching a
# turn's hundred-odd attacks, supports and advances one by one costs ~0.4 s each, six minutes
# a game, and the style carries the plan that wins
ROLLOUT = {
    "turns": 1,
    "skip": ("place", "move", "to", "stay"),
    "actions": False,
    "style_keep": (GERMAN,),
}

# The rollout player's styles (greatwar.ai.rollout): the script's weights first, then variants
# of them it may play a turn with, chosen by rollouts (standard rules; the variant seeded s, the
# other side's script s + 1000, the game s). Against the German script an Allied player that
# attacks at any odds worth at least -0.1 steps (attack 0.1 in the script) won 80 of 100 games
# (seeds 0-99) where the Allied script won 66; one that seeks contact more (contact 2.5) won 29
# of 40 (seeds 0-39; the script 25), and both together 31 of 40. A German that weighs the CRT
# line of its hex less (cover 1.5 in the script) closes the Allied roads instead of sitting in
# its works: cover 0 won 44 of 100 where the German script won 34, cover 0.5 23 of 50 (seeds
# 0-49; the script 16), cover 0 without the bonus for holding works (hold 0) 20 of 40 (seeds
# 0-39; the script 11). No German variant tried came near 65 %: more cover (3) won 3 of 50,
# stiff resistance everywhere (stiff 99) 0 of 50, a reserve kept nearer the road (reserve 1)
# 4 of 50; garrison, block, threat, hold, reserve, stay, attack and advance changes on top of
# cover 0 or 0.5 won 16-20 of 40. The German's reading of the Allied roads made the
# difference (routes.py): with cover 0, a hex of its ZOC reckoned to cost the Allies' road 1 MP
# instead of 4 won 84 of 100 and 142 of 200 more (seeds 100-299; with the script's cover 1.5,
# 126), 2 MP 59, 3 MP 56, 0 MP 76, 6 MP 23; so a unit stands on the road itself, not beside
# it. On top of that a slack of 8 MP won 82 of 100, a unit reckoned at 6 MP 80, cover 0.5 74,
# slack 5 72. Ties go to "screen", and another German style must beat it by the margin
# (ROLLOUT["style_keep"]), as a searched action must beat the scripted one.
SCREEN = {"cover": 0.0, "zoc_delay": 1}
STYLES: dict[str, dict[str, dict[str, Any]]] = {  # a side: its styles: weight changes
    ALLIED: {
        "script": {},
        "assault": {"attack": -0.1},
        "close": {"contact": 2.5},
        "press": {"attack": -0.1, "contact": 2.5},
    },
    GERMAN: {
        "screen": {**SCREEN},
        "wide": {**SCREEN, "slack": 8.0},
        "sparing": {**SCREEN, "unit_delay": 6},
    },
}

__all__ = ["ROLLOUT", "STYLES", "MeuseHeuristic", "evaluate", "heuristic", "styles"]


def heuristic(side: str, seed: int) -> Player:
    """The scripted player of ``side`` (see ``heuristic.py``)."""
    return MeuseHeuristic(side, seed)


def styles(side: str) -> dict[str, Callable[[int], Player]]:
    """The scripted player of ``side`` in each of its styles (``STYLES``), by name."""
    return weighted_styles(
        partial(MeuseHeuristic, side), Weights.for_side(side), STYLES.get(side, {})
    )
