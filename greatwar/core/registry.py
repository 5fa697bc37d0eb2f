"""The registered games, imported only when first loaded."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from greatwar.core.errors import UnknownGame
from greatwar.core.game import GameInfo, resolve_options
from greatwar.core.state import Game

# id -> module defining GAME_INFO, make_state(game, seed) and observation(state, side)
GAME_MODULES: dict[str, str] = {
    "fbsm": "greatwar.games.fbsm",
    "devildogs": "greatwar.games.devildogs",
    "meuse": "greatwar.games.meuse",
    "marne1914": "greatwar.games.marne1914",
    "trenches": "greatwar.games.trenches",
}


def _module(game_id: str) -> Any:
    if game_id not in GAME_MODULES:
        raise UnknownGame(game_id, GAME_MODULES)
    return importlib.import_module(GAME_MODULES[game_id])


def game_info(game_id: str) -> GameInfo:
    """The declared facts of one game."""
    info: GameInfo = _module(game_id).GAME_INFO
    return info


def registered_games() -> list[GameInfo]:
    """Every game greatwar knows, in a fixed order."""
    return [game_info(game_id) for game_id in GAME_MODULES]


def load_game(game_id: str, options: Mapping[str, object] | None = None) -> Game:
    """A game with its options checked: an unknown id or option is a clear error."""
    module = _module(game_id)
    info: GameInfo = module.GAME_INFO
    return Game(
        info,
        resolve_options(info, options),
        module.make_state,
        getattr(module, "observation", None),
        package=GAME_MODULES[game_id],
    )


def has_encoding(game_id: str) -> bool:
    """Whether a registered game declares a research encoding module."""
    if game_id not in GAME_MODULES:
        return False
    return importlib.util.find_spec(f"{GAME_MODULES[game_id]}.encoding") is not None


def game_part(game_id: str, part: str) -> ModuleType | None:
    """A registered game's optional module ``greatwar.games.<id>.<part>`` (its ``players``, its
    study ``facts``), or None for an unknown game or one without it; a part that exists but
    fails to import raises, so a broken module is never taken for a missing one."""
    if game_id not in GAME_MODULES:
        return None
    name = f"{GAME_MODULES[game_id]}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None
