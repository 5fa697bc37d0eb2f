"""The speed benchmark's random playouts: timed in stretches that go on with the game under
way, paired with python-chess's, after a warm-up on other games."""

from __future__ import annotations

import pytest

from greatwar.ai.random_player import RandomPlayer
from greatwar.bench import (
    WARM_UP_SEED,
    ChessPlayouts,
    GamePlayouts,
    paired_playouts,
    scaling_rates,
)
from greatwar.core.registry import load_game


def test_stretches_go_on_with_the_game_under_way() -> None:
    playouts = GamePlayouts("devildogs")
    played = 0
    while playouts.seed == 1:  # still the first game, seed 0
        actions, spent = playouts.run(0.001)
        assert actions > 0 and spent >= 0.001
        played += actions
        if playouts.seed == 1:
            assert len(playouts.state.history()) == played
    # the first game was played to its end, and it is the game seed 0 makes
    game = load_game("devildogs")
    state, player = game.new_initial_state(0), RandomPlayer(0)
    length = 0
    while not state.is_terminal():
        state.apply_action(player.choose(state, state.current_player()))
        length += 1
    assert played - len(playouts.state.history()) == length


def test_chess_stretches_restart_at_the_end_of_a_game() -> None:
    chess = ChessPlayouts()
    steps, spent = chess.run(0.05)
    assert steps > 0 and spent >= 0.05
    assert chess.board.ply() <= 200  # a new board after 200 plies, mate or stalemate


def test_paired_playouts_time_both_sides_and_warm_up_on_other_games() -> None:
    pair = paired_playouts("devildogs", ChessPlayouts(), seconds=0.2, warm_up=0.05, stretches=2)
    assert pair.rate > 0 and pair.reference > 0 and pair.first > 0
    assert pair.ratio == pytest.approx(pair.rate / pair.reference)
    assert WARM_UP_SEED > 10_000  # far from the measured games' seeds 0, 1, ...


def test_scaling_rates_take_one_two_two_one_so_a_steady_drift_weighs_on_both_alike() -> None:
    asked: list[tuple[int, int]] = []
    slowing = iter([1.0, 0.9, 0.8, 0.7])  # the machine slows by a tenth a run

    def rate(games: int, workers: int) -> float:
        asked.append((games, workers))
        return 10.0 * workers * next(slowing)  # perfect scaling, but for the drift

    one, two = scaling_rates(rate, 40)
    assert asked == [(40, 1), (40, 2), (40, 2), (40, 1)]
    assert two / (2 * one) == pytest.approx(1.0)  # measured one then two: 0.9
