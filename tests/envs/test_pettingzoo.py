"""greatwar.envs.aec_env passes PettingZoo's own API test on every game (issue 15)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pip install -e '.[rl]') is not installed")

from pettingzoo.test import api_test

import greatwar
from greatwar.core.registry import has_encoding
from greatwar.envs import aec_env


def test_api_test_passes(game_id):
    api_test(aec_env(game_id), num_cycles=150)


def test_spaces_are_the_encoding(game_id):
    env = aec_env(game_id)
    game = greatwar.load_game(game_id)
    assert env.possible_agents == list(game.sides)
    for side in game.sides:
        assert env.action_space(side).n == game.num_distinct_actions()
        assert env.observation_space(side)["observation"].shape == game.observation_shape()


def test_a_seeded_reset_is_the_game_with_that_seed(game_id):
    env = aec_env(game_id)
    env.reset(seed=7)
    state = greatwar.load_game(game_id).new_initial_state(7)
    side = env.agent_selection
    assert side == state.current_player()
    observed = env.observe(side)
    assert np.array_equal(observed["observation"], state.observation_tensor(side))
    assert np.array_equal(observed["action_mask"].astype(bool), state.legal_actions_mask(side))


def test_a_whole_game_ends_with_zero_sum_rewards():
    """Devil Dogs, with simultaneous hidden orders (5.2, 5.4), played to the end."""
    env = aec_env("devildogs")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(10_000):
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert env.agents == []
    assert sorted(totals.values()) == [-1.0, 1.0]
    assert totals[env.state.winner()] == 1.0


def test_a_neutral_game_master_plays_and_scores_zero():
    """Trenches has three agents: the gm seat (a person game master, Fortune of War) is asked
    to act, and ends with reward 0 while the French and the Germans end with +1 and -1."""
    if not has_encoding("trenches"):
        pytest.skip("trenches has no encoding")
    env = aec_env("trenches", game_master="person")
    assert env.possible_agents == ["french", "german", "gm"]
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    acted: set[str] = set()
    for agent in env.agent_iter(20_000):
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        acted.add(agent)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert env.agents == [] and acted == {"french", "german", "gm"}
    assert totals["gm"] == 0.0 and sorted(totals.values()) == [-1.0, 0.0, 1.0]


def test_max_steps_truncates():
    env = aec_env("devildogs", max_steps=5)
    env.reset(seed=0)
    for _ in range(5):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_options_reach_the_game():
    env = aec_env("fbsm", play_balance=True)
    assert env.game.options["play_balance"] is True
    with pytest.raises(greatwar.BadOption):
        aec_env("fbsm", no_such_option=1)
