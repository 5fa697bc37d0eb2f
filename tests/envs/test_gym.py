"""greatwar.envs.gym_env passes Gymnasium's env checker on every game (issue 15)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra (pip install -e '.[rl]') is not installed")

from gymnasium.utils.env_checker import check_env

import greatwar
from greatwar.core.errors import BadSide, GreatwarError, IllegalAction
from greatwar.envs import gym_env


def last_player(game_id: str) -> str:
    """The last side that wins or loses (a neutral game master seat may never be asked)."""
    game = greatwar.load_game(game_id)
    return [s for s in game.sides if s not in game.info.neutral][-1]


@pytest.mark.parametrize("opponent", ["random", "heuristic"])
def test_check_env_passes(game_id, opponent):
    side = last_player(game_id)
    check_env(gym_env(game_id, side, opponent=opponent), skip_render_check=True)


def test_a_whole_game_against_the_heuristic(game_id):
    """Masked random actions for the second side until the game ends (the first side's
    heuristic ends these games soonest): reward +-1 at the end."""
    side = last_player(game_id)
    env = gym_env(game_id, side, opponent="heuristic")
    observation, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    reward, terminated, truncated, steps = 0.0, False, False, 0
    while not (terminated or truncated):
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"]) and mask.any()
        assert env.state.current_player() == side
        observation, reward, terminated, truncated, info = env.step(
            rng.choice(np.flatnonzero(mask))
        )
        steps += 1
    assert terminated and reward in (-1.0, 1.0)
    assert reward == (1.0 if env.state.winner() == side else -1.0)
    assert observation.shape == env.observation_space.shape


def test_an_illegal_action_loses_or_raises():
    env = gym_env("devildogs", "us", opponent="random")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True) and "illegal_action" in info
    strict = gym_env("devildogs", "us", opponent="random", illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def test_bad_side_and_opponent_are_clear_errors():
    with pytest.raises(BadSide, match="the sides are us, german"):
        gym_env("fbsm", "french")
    with pytest.raises(GreatwarError, match="unknown player"):
        gym_env("fbsm", "us", opponent="oracle")


def test_the_same_seed_gives_the_same_episode():
    runs = []
    for _ in range(2):
        env = gym_env("devildogs", "german", opponent="heuristic")
        observation, _ = env.reset(seed=11)
        trace = [observation]
        for _ in range(20):
            observation, *_ = env.step(int(np.flatnonzero(env.action_masks())[0]))
            trace.append(observation)
        runs.append(np.stack(trace))
    assert np.array_equal(*runs)
