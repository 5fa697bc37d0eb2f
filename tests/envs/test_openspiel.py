"""greatwar.openspiel registers every game with OpenSpiel: its random-simulation test passes
and its MCTS bot finishes games (issue 15)."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the rl extra (pip install -e '.[rl]') is not installed"
)

import greatwar  # noqa: E402
import greatwar.openspiel  # noqa: E402  (registers the games)
from greatwar.ai.random_player import RandomPlayer  # noqa: E402
from greatwar.envs.openspiel import OpenSpielState  # noqa: E402

# Actions before the end of a random game where OpenSpiel's own random play takes over: the
# long games (thousands of actions) are checked over their closing phases, under options that
# end them on a turn limit (FBSM 13.3), so that OpenSpiel's random play soon ends them too.
TAIL = 12
CLOSING = {"fbsm": {"play_balance": True}}


def near_the_end(game_id: str, seed: int) -> OpenSpielState:
    """An OpenSpiel state TAIL actions before the end of a random game, reached through
    OpenSpiel's apply_action, so its history is OpenSpiel's own."""
    params = CLOSING.get(game_id, {}) | {"seed": seed}
    game = pyspiel.load_game(f"greatwar_{game_id}", params)
    gw = game.greatwar
    finished = greatwar.play(gw, {s: RandomPlayer(seed) for s in gw.sides}, seed)
    state = game.new_initial_state()
    for played in finished.history()[:-TAIL]:
        state.apply_action(gw.action_id(played.action))
    return state


def test_every_game_loads_with_its_facts(game_id):
    game = pyspiel.load_game(f"greatwar_{game_id}")
    gw = greatwar.load_game(game_id)
    assert game.num_distinct_actions() == gw.num_distinct_actions()
    assert game.num_players() == len(gw.sides)
    assert game.observation_tensor_shape() == list(gw.observation_shape())
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    state = game.new_initial_state()
    side = gw.sides[state.current_player()]
    assert state.legal_actions() == sorted(gw.new_initial_state(0).legal_action_ids(side))
    assert np.array_equal(
        np.asarray(state.observation_tensor(state.current_player())),
        gw.new_initial_state(0).observation_tensor(side),
    )


def test_options_and_seed_are_parameters():
    game = pyspiel.load_game("greatwar_fbsm", {"play_balance": True, "seed": 4})
    assert game.greatwar.options["play_balance"] is True
    assert game.new_initial_state().gw.seed == 4
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("greatwar_fbsm", {"no_such_option": 1})


def test_random_simulation_test_passes(game_id):
    if game_id == "devildogs":
        game = pyspiel.load_game(f"greatwar_{game_id}")
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
        return
    start = near_the_end(game_id, seed=2)
    pyspiel.random_sim_test(
        start.get_game(), num_sims=1, serialize=False, verbose=False, specific_initial_state=start
    )


def test_clone_is_independent_and_exact():
    state = pyspiel.load_game("greatwar_devildogs").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    assert copy.history() == state.history() and copy.gw.fingerprint() == state.gw.fingerprint()
    copy.apply_action(copy.legal_actions()[0])
    assert len(state.history()) == 1 and len(copy.history()) == 2


def test_mcts_bot_finishes_a_game(game_id):
    """OpenSpiel's MCTS (random rollouts) against its uniform random bot, from TAIL actions
    before the end of a random game (docs/research.md reports whole games)."""
    from open_spiel.python.algorithms import evaluate_bots, mcts

    state = near_the_end(game_id, seed=2)
    game = state.get_game()
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng, solve=False),
        *(pyspiel.make_uniform_random_bot(p, 0) for p in range(1, game.num_players())),
    ]
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    neutral = len(greatwar.load_game(game_id).info.neutral)  # a game master scores 0
    assert sorted(returns) == sorted([-1.0, 1.0, *[0.0] * neutral])
