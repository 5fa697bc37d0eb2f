"""First Blood: Second Marne, 15 July 1918 (S&T 248; eRules of 11 March 2008)."""

from greatwar.core import Game, GameInfo, Option
from greatwar.games.fbsm import rules as _rules
from greatwar.games.fbsm.data import GERMAN, US
from greatwar.games.fbsm.state import FbsmState
from greatwar.games.fbsm.view import observation

# what the registry reads: the facts, a new state, and the whitelist view
__all__ = ["GAME_INFO", "make_state", "observation"]

GAME_INFO = GameInfo(
    id="fbsm",
    title="First Blood: Second Marne, 15 July 1918",
    sides=(US, GERMAN),
    rulebook="first-blood-second-marne.txt",
    summary=(
        "Tactical hexes, platoons and storm-troop groups: the Germans cross the Marne and "
        "try to exit south through the Surmelin valley; random arrivals, fire odds by terrain, "
        "drifting bombardment and random events."
    ),
    options=(
        Option(
            "play_balance",
            False,
            "13.1-13.4 play-balance rules: the game ends after turn 16 (US wins if the Germans "
            "have not) and German bombardment deteriorates from turn 9",
        ),
    ),
    concession_rule="4.5",
)

assert _rules.PROMPTS  # the rules module fills FbsmState's prompt and phase tables


def make_state(game: Game, seed: int) -> FbsmState:
    """A new game: the US set-up waits for the US player (3.2)."""
    return FbsmState(game, seed)
