"""Player specs are checked, with caps, before any game starts."""

from __future__ import annotations

import pytest

from greatwar.ai.registry import make_player
from greatwar.ai.specs import MAX_ITERATIONS, MAX_SECONDS, PlayerSpec, PlayerSpecError, parse_spec


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("random", PlayerSpec("random")),
        ("heuristic", PlayerSpec("heuristic")),
        ("mcts", PlayerSpec("mcts")),
        ("mcts:48", PlayerSpec("mcts", iterations=48)),
        ("mcts:2s", PlayerSpec("mcts", seconds=2.0)),
        ("mcts:0.5s", PlayerSpec("mcts", seconds=0.5)),
        (f"mcts:{MAX_ITERATIONS}", PlayerSpec("mcts", iterations=MAX_ITERATIONS)),
    ],
)
def test_good_specs_parse(text: str, spec: PlayerSpec) -> None:
    assert parse_spec(text, ["random", "heuristic", "mcts"]) == spec


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("random:3", "random takes no parameter"),
        ("heuristic:x", "heuristic takes no parameter"),
        ("mcts:0", "mcts takes iterations"),  # would never choose: the game sticks
        ("mcts:1e12s", "mcts takes iterations"),  # would starve the server
        (f"mcts:{MAX_ITERATIONS + 1}", "mcts takes iterations"),
        (f"mcts:{MAX_SECONDS + 1:g}s", "mcts takes iterations"),
        ("mcts:0s", "mcts takes iterations"),
        ("mcts:-3", "mcts takes iterations"),
        ("mcts:nans", "mcts takes iterations"),
        ("mcts:infs", "mcts takes iterations"),
        ("mcts:", "mcts takes iterations"),
        (
            "alphago",
            "unknown player 'alphago'; the players are: "
            "easy, hard, heuristic, mcts, normal, random",
        ),
        ("", "a player is named by text"),
    ],
)
def test_bad_specs_are_clear_errors(text: str, message: str) -> None:
    with pytest.raises(PlayerSpecError, match=message):
        make_player(text, "fbsm", "us")
