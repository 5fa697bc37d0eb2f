"""Meuse-Argonne: The Final Offensive (Decision Games Fire & Movement folio, 2013)."""

from greatwar.core import Game, GameInfo
from greatwar.games.meuse import rules as _rules
from greatwar.games.meuse.config import game_options
from greatwar.games.meuse.data import ALLIED, GERMAN, components
from greatwar.games.meuse.state import MeuseState
from greatwar.games.meuse.view import observation

# what the registry reads: the facts, a new state, and the whitelist view
__all__ = ["GAME_INFO", "make_state", "observation"]

GAME_INFO = GameInfo(
    id="meuse",
    title="Meuse-Argonne: The Final Offensive, 26 September - 11 November 1918",
    sides=(ALLIED, GERMAN),
    rulebook="meuse-argonne-exclusive.txt",
    summary=(
        "Operational hexes and divisions: the US First Army attacks from the Argonne to the "
        "Meuse through three German trench lines toward Sedan; combat by differential on a "
        "terrain-line CRT, step losses, retreats, bombardment markers and replacements."
    ),
    options=game_options(components().tables),
)

assert _rules.PROMPTS  # the rules module fills MeuseState's prompt, phase and task tables


def make_state(game: Game, seed: int) -> MeuseState:
    """A new game: the Allied set-up waits for the Allied player (11.1)."""
    return MeuseState(game, seed)
