"""greatwar: a rules-enforcing engine for First World War wargames."""

from greatwar.core import (
    TERMINAL,
    Action,
    BadOption,
    GreatwarError,
    IllegalAction,
    RecordError,
    UnknownGame,
    load_game,
    play,
    registered_games,
)
from greatwar.core.record import GameRecord

__all__ = [
    "TERMINAL",
    "Action",
    "BadOption",
    "GameRecord",
    "GreatwarError",
    "IllegalAction",
    "RecordError",
    "UnknownGame",
    "load_game",
    "play",
    "registered_games",
]
