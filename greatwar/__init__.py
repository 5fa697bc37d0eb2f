"""greatwar: a rules-enforcing engine for First World War wargames."""

# first: it installs the finder that imports a module's compiled build only while that build
# matches its source (greatwar/compiled.py)
import greatwar.compiled  # noqa: F401
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
