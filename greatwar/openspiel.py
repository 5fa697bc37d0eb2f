"""Importing this module registers every greatwar game with OpenSpiel as ``greatwar_<id>``
(see ``greatwar.envs.openspiel``): ``pyspiel.load_game("greatwar_fbsm")``."""

from greatwar.envs.openspiel import OpenSpielGame, OpenSpielState, register

GAMES = register()

__all__ = ["GAMES", "OpenSpielGame", "OpenSpielState", "register"]
