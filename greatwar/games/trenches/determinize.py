"""Information-set search resamples through this module (greatwar.ai.mcts finds it by name);
the function lives with the game's players."""

from greatwar.games.trenches.players import determinize

__all__ = ["determinize"]
