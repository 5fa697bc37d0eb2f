"""A greatwar game as a PettingZoo AEC environment.

Agents are the game's sides. Each observation is a dict: ``observation``, the side's
``observation_tensor`` (a float32 Box of ``game.observation_shape()``), and ``action_mask``,
its ``legal_actions_mask`` as int8 (all zeros when the side is not asked). The action space
is ``Discrete(game.num_distinct_actions())``. Rewards are the game's returns (+1 won, -1
lost), given when the game ends; a game longer than ``max_steps`` is truncated.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from greatwar.core.registry import load_game
from greatwar.core.state import Game, State

# Observation values are counts and small sums; the Box must be finite for the API checks.
OBSERVATION_BOUND = 1_000.0


def observation_box(game: Game) -> spaces.Box:
    """The Box of a game's observation tensors."""
    shape = game.observation_shape()
    return spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, shape, dtype=np.float32)


class GreatwarAECEnv(AECEnv):  # type: ignore[misc]
    """Sides take turns as PettingZoo agents; ``seed`` of ``reset`` is the game's seed."""

    def __init__(self, game_id: str, max_steps: int | None = None, **options: Any) -> None:
        super().__init__()
        self.game = load_game(game_id, options)
        self.metadata = {
            "name": f"greatwar_{game_id}",
            "render_modes": [],
            "is_parallelizable": False,
        }
        self.render_mode = None
        self.possible_agents = list(self.game.sides)
        self.max_steps = max_steps or self.game.encoding().max_game_length
        size = self.game.num_distinct_actions()
        box = observation_box(self.game)
        mask = spaces.Box(0, 1, (size,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.state: State = self.game.new_initial_state(0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = seed if seed is not None else int(self._seeds.integers(2**31))
        self.state = self.game.new_initial_state(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self.agent_selection = self.state.current_player()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        return {
            "observation": self.state.observation_tensor(agent),
            "action_mask": self.state.legal_actions_mask(agent).view(np.int8),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, f"{agent} must act: the game is not over"
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(self.game.action_from_id(int(action)), agent)
        self.steps += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state.is_terminal():
            for side, value in zip(self.game.sides, self.state.returns(), strict=True):
                self.rewards[side] = value
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        if self.state.is_terminal() or self.steps >= self.max_steps:
            others = [a for a in self.agents if a != agent]
            self.agent_selection = others[0] if others else agent
        else:
            self.agent_selection = self.state.current_player()
        self._accumulate_rewards()

    def render(self) -> None:
        return None

    def close(self) -> None:
        return None
