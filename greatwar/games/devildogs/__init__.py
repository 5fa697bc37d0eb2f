"""Devil Dogs: Belleau Wood 1918 (Worthington Publishing, 2020): card-driven, sectors, no dice."""

from greatwar.core import Game, GameInfo, Option
from greatwar.games.devildogs import rules as _rules
from greatwar.games.devildogs.data import GERMAN, US, scenario_ids
from greatwar.games.devildogs.state import DevilDogsState
from greatwar.games.devildogs.view import observation

# what the registry reads: the facts, a new state, and the whitelist view
__all__ = ["GAME_INFO", "make_state", "observation"]

SCENARIOS = scenario_ids()

GAME_INFO = GameInfo(
    id="devildogs",
    title="Devil Dogs: Belleau Wood 1918",
    sides=(US, GERMAN),
    rulebook="devil-dogs-belleau-wood.txt",
    summary=(
        "Company-level battle for Belleau Wood without dice: each side places a face-down "
        "command card in every sector, initiative chits decide who is active, and the cards' "
        "movement, MG and keyword orders are executed sector by sector."
    ),
    options=(
        Option(
            "scenario",
            SCENARIOS[0],
            "3.1: the playbook scenario (reconstructed, see PROVENANCE.md)",
            choices=SCENARIOS,
        ),
        Option(
            "attacker_orders_first",
            False,
            "5.4 optional: the scenario attacker places his order indicators first, face up",
        ),
    ),
)

assert _rules.PROMPTS  # the rules module fills DevilDogsState's prompt and step tables


def make_state(game: Game, seed: int) -> DevilDogsState:
    """A new game: decks shuffled, the scenario set up, turn 1 begins (3.1, 5.1)."""
    state = DevilDogsState(game, seed)
    state.advance()
    return state
