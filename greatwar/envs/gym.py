"""One side of a greatwar game as a Gymnasium environment, against a built-in player.

The observation is the side's ``observation_tensor``; the action space is
``Discrete(game.num_distinct_actions())``, with ``action_masks()`` (and ``info["action_mask"]``)
for maskable agents such as sb3-contrib's MaskablePPO. The opponent is any player of
``greatwar.ai.registry`` ("heuristic", "random", "mcts:48"...); it acts whenever the rules ask
its side. The reward is the game's return for the side (+1 won, -1 lost) at the end. An
illegal action ends the episode as a loss (``illegal="lose"``, so that unmasked agents and
the API checks can send any id) or raises IllegalAction (``illegal="raise"``).
"""

from __future__ import annotations

from typing import Any, Literal

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from greatwar.ai.registry import make_player
from greatwar.core.errors import BadSide, IllegalAction
from greatwar.core.play import Player
from greatwar.core.registry import load_game
from greatwar.core.state import State
from greatwar.envs.pettingzoo import observation_box


class GreatwarEnv(gym.Env[npt.NDArray[Any], np.int64]):
    """``side`` plays; ``opponent`` plays every other side."""

    metadata = {"render_modes": []}  # noqa: RUF012 (gymnasium declares it on the class)

    def __init__(
        self,
        game_id: str,
        side: str,
        opponent: str = "heuristic",
        max_steps: int | None = None,
        illegal: Literal["lose", "raise"] = "lose",
        **options: Any,
    ) -> None:
        self.game = load_game(game_id, options)
        if side not in self.game.sides:
            raise BadSide(f"unknown side {side!r}; the sides are {', '.join(self.game.sides)}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', got {illegal!r}")
        self.side = side
        self.opponent = opponent
        self.illegal = illegal
        self.max_steps = max_steps or self.game.encoding().max_game_length
        self.observation_space = observation_box(self.game)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        make_player(opponent, game_id, self.game.sides[0], 0)  # an unknown player fails here
        self.state: State = self.game.new_initial_state(0)
        self.players: dict[str, Player] = {}
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.state = self.game.new_initial_state(game_seed)
        self.players = {
            s: make_player(self.opponent, self.game.id, s, game_seed + i)
            for i, s in enumerate(self.game.sides)
            if s != self.side
        }
        self.steps = 0
        self._opponents_play()
        return self._observe(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        chosen = self.game.action_from_id(int(action))
        try:
            self.state.apply_action(chosen, self.side)
        except IllegalAction:
            if self.illegal == "raise":
                raise
            info = self._info() | {"illegal_action": str(chosen)}
            return self._observe(), -1.0, True, False, info
        self.steps += 1
        self._opponents_play()
        terminated = self.state.is_terminal()
        reward = self.state.returns()[self.game.sides.index(self.side)] if terminated else 0.0
        truncated = not terminated and self.steps >= self.max_steps
        return self._observe(), reward, terminated, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the side now, as a bool vector over the action space."""
        return self.state.legal_actions_mask(self.side)

    def _opponents_play(self) -> None:
        state = self.state
        while not state.is_terminal() and state.current_player() != self.side:
            other = state.current_player()
            state.apply_action(self.players[other].choose(state, other), other)

    def _observe(self) -> npt.NDArray[np.float32]:
        return self.state.observation_tensor(self.side)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}
