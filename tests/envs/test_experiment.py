"""The smoke version of docs/research.md's experiment, on what the rl extra installs (no
torch): the evaluation loop and the cropped observations the agent is trained on."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra (pip install -e '.[rl]') is not installed")

from gymnasium.utils.env_checker import check_env

from greatwar.envs.experiment import Cropped, evaluate, random_policy


def test_evaluate_counts_wins_of_whole_games():
    rate = evaluate(random_policy(0), "devildogs", "us", "heuristic", games=3)
    assert rate in (0.0, 1 / 3, 2 / 3, 1.0)
    assert evaluate(random_policy(0), "devildogs", "us", "heuristic", games=3) == rate


def test_the_cropped_observation_keeps_the_playable_hexes():
    env = Cropped("devildogs", "us", opponent="random")
    spec = env.game.encoding().observation
    assert len(env.keep) < spec.shape[0] and len(set(env.keep.tolist())) == len(env.keep)
    observation, _ = env.reset(seed=2)
    full = env.state.observation_tensor("us")
    assert np.array_equal(observation, full[env.keep])
    dropped = np.setdiff1d(np.arange(spec.shape[0]), env.keep)
    map_part = spec.unflatten(np.arange(spec.shape[0], dtype=np.float32))["map"]
    off_map = np.setdiff1d(dropped, map_part.ravel().astype(np.int64))
    assert not full[off_map].any()  # only the constant map and empty off-scenario hexes go
    check_env(env, skip_render_check=True)
