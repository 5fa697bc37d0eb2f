"""Miracle on the Marne (One Small Step, 2013; design Jon Compton): the Battle of the Marne,
5-12 September 1914."""

from greatwar.core import Game, GameInfo, Option
from greatwar.games.marne1914 import rules as _rules
from greatwar.games.marne1914.data import ALLIED, GERMAN
from greatwar.games.marne1914.state import MarneState
from greatwar.games.marne1914.view import observation

# what the registry reads: the facts, a new state, and the whitelist view
__all__ = ["GAME_INFO", "make_state", "observation"]

GAME_INFO = GameInfo(
    id="marne1914",
    title="Miracle on the Marne, September 1914",
    sides=(ALLIED, GERMAN),
    rulebook="miracle-on-the-marne.txt",
    summary=(
        "Operational hexes, brigades and regiments under corps HQs: every HQ sets its "
        "formation's mode face down (Offensive, Defensive, Transfer, Regroup), both sides at "
        "once; combat by total factors on a mode-line CRT after defense fire, with engaged "
        "locks, counter attacks, retreats, supply traced to HQs, and victory by the cities "
        "and towns held, Paris above all."
    ),
    options=(
        Option(
            "taxis", False, "15.1 Paris Taxicabs: once after turn 3, two units by road from Paris"
        ),
        Option("variable_reinforcements", False, "15.2: reinforcements arrive on die rolls"),
        Option("command_and_control", False, "15.3: HQs roll to change mode, noted secretly"),
        Option(
            "bef",
            False,
            "15.4: British HQs supplied off the west edge; German points for British corps losses",
        ),
    ),
)

_rules.register()


def make_state(game: Game, seed: int) -> MarneState:
    """A new game: the Allied deployment waits for the Allied player (3)."""
    return MarneState(game, seed)
