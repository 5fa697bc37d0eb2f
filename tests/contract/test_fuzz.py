"""Random-play fuzzing of every registered game: whole games between random players, checked
at every step (no dead end, the game's invariants), with string forms, clones and observations
checked every few steps; at the end the game's record survives JSON and replaying it reproduces
the final position exactly. Each game is played with its default options and with every
alternative value its options declare."""

from __future__ import annotations

import pytest

from greatwar.core import game_info
from tests.contract.harness import GAMES, check_end, check_record, fuzz, fuzz_games, variants

DEFAULT_SEEDS = [(game_id, seed) for game_id in GAMES for seed in range(fuzz_games(game_id))]
VARIANTS = [
    (game_id, index, options)
    for game_id in GAMES
    for index, options in enumerate(variants(game_info(game_id)))
]


@pytest.mark.parametrize(("game_id", "seed"), DEFAULT_SEEDS)
def test_random_games_with_the_default_options(game_id: str, seed: int) -> None:
    state = fuzz(game_id, seed, {})
    assert state.winner() in state.game.sides
    check_end(state)
    check_record(state)


@pytest.mark.parametrize(
    ("game_id", "index", "options"), VARIANTS, ids=[f"{g}-{i}" for g, i, _ in VARIANTS]
)
def test_random_games_with_every_alternative_option_value(
    game_id: str, index: int, options: dict[str, object]
) -> None:
    state = fuzz(game_id, 1000 + index, options)
    assert state.winner() in state.game.sides
    check_end(state)
    check_record(state)
