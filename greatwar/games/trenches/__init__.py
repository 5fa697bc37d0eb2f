"""Great War miniatures rules (David Raybin, HMGS Mid-South Dispatch, February 2004): a
French attack on three German trench lines, on an open table measured in inches, with a game
master for the Fortune of War."""

from greatwar.core import Game, GameInfo, Option
from greatwar.games.trenches import rules as _rules
from greatwar.games.trenches.data import FRENCH, GERMAN, GM
from greatwar.games.trenches.state import TrenchesState
from greatwar.games.trenches.view import observation

# what the registry reads: the facts, a new state, and the whitelist view
__all__ = ["GAME_INFO", "make_state", "observation"]

GAME_INFO = GameInfo(
    id="trenches",
    title="Great War miniatures: the French attack (Raybin)",
    sides=(FRENCH, GERMAN, GM),
    rulebook="great-war-miniatures.txt",
    summary=(
        "Tabletop miniatures in inches: French regiments move 2d6 inches under German machine "
        "guns, cut the wire and take three trench lines; bombardments scatter like thrown "
        "cotton balls; a game master (a person, or the computer's event table) deals the "
        "Fortune of War."
    ),
    options=(
        Option(
            "game_master",
            "computer",
            "Fortune of War: 'computer' rolls on the event table (events.toml); 'person' "
            "gives the gm seat the choice, with secret plans for later turns",
            choices=("computer", "person"),
        ),
        Option(
            "german_victory",
            "both",
            "PROPOSED German victory (the text gives none): 'turns' the French have not taken "
            "all three lines by the turn limit; 'both' that, or the French are spent (fewer "
            "than 10 infantry on the table)",
            choices=("both", "turns"),
        ),
        Option("turn_limit", 20, "the last turn under german_victory=turns or both"),
        Option("french_tank", True, "D3: the French start with a Schneider tank (optional)"),
    ),
    neutral=(GM,),
)

assert _rules.PROMPTS  # the rules module fills TrenchesState's prompt and step tables


def make_state(game: Game, seed: int) -> TrenchesState:
    """A new game: the D3 table and forces set up, turn 1 begins (The Game Sequence)."""
    state = TrenchesState(game, seed)
    state.advance()
    return state
