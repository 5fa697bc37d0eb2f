"""Where today's MCTS (``greatwar.ai.mcts.game_determinize``) looks for a game's
determinization; the function itself lives with the game's players (the target layout,
issue 11), which will find it there directly."""

from greatwar.games.marne1914.players import determinize

__all__ = ["determinize"]
