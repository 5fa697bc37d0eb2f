"""Game-agnostic core: rules-program runtime, seeded dice, actions, records, the play loop."""

from greatwar.core.actions import Action, Played, act
from greatwar.core.errors import (
    BadOption,
    BadSide,
    GreatwarError,
    IllegalAction,
    RecordError,
    UnknownGame,
)
from greatwar.core.game import GameInfo, Option
from greatwar.core.log import LogEntry
from greatwar.core.play import Player, play
from greatwar.core.registry import game_info, load_game, registered_games
from greatwar.core.rng import Rng
from greatwar.core.state import CONCEDE, TERMINAL, Frame, Game, Prompt, State

__all__ = [
    "CONCEDE",
    "TERMINAL",
    "Action",
    "BadOption",
    "BadSide",
    "Frame",
    "Game",
    "GameInfo",
    "GreatwarError",
    "IllegalAction",
    "LogEntry",
    "Option",
    "Played",
    "Player",
    "Prompt",
    "RecordError",
    "Rng",
    "State",
    "UnknownGame",
    "act",
    "game_info",
    "load_game",
    "play",
    "registered_games",
]
