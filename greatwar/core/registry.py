"""The registered games, imported only when first loaded."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from greatwar.core.errors import UnknownGame
from greatwar.core.game import Game, GameInfo, resolve_options

# id -> module defining GAME_INFO and make_state(game, seed)
GAME_MODULES: dict[str, str] = {
    "fbsm": "greatwar.games.fbsm",
    "devildogs": "greatwar.games.devildogs",
    "meuse": "greatwar.games.meuse",
    "marne1914": "greatwar.games.marne1914",
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
    return Game(info, resolve_options(info, options), module.make_state)
