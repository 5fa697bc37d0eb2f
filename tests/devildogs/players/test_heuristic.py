"""The scripted Devil Dogs player: it sees only its observation and legal actions, finishes
every scenario with legal moves, and beats the random player."""

from __future__ import annotations

from typing import Any

import pytest

from greatwar.ai.random_player import RandomPlayer
from greatwar.core import Action, State, load_game, play
from greatwar.core.play import Player
from greatwar.games.devildogs.data import SIDES, components
from greatwar.games.devildogs.players.heuristic import DevilDogsHeuristic
from tests.devildogs.positions import blank, place, run, sector, waiting


class Window:
    """Only what a player may use of a state: its observation (or the same, lean, as
    ``player_view``) and its legal actions."""

    def __init__(self, state: State) -> None:
        self._state = state

    def observation(self, side: str) -> dict[str, Any]:
        return self._state.observation(side)

    def player_view(self, side: str) -> dict[str, Any]:
        return self._state.player_view(side)

    def legal_actions(self, side: str) -> list[Action]:
        return self._state.legal_actions(side)


class Blinkered:
    """Hands the heuristic a window on the state instead of the state."""

    def __init__(self, side: str, seed: int) -> None:
        self.inner = DevilDogsHeuristic(side, seed)

    def choose(self, state: State, side: str) -> Action:
        window: Any = Window(state)  # the heuristic must not need more than this
        action = self.inner.choose(window, side)
        assert action in state.legal_actions(side)
        return action


@pytest.mark.parametrize("scenario", list(components().scenarios))
def test_heuristic_plays_every_scenario_to_the_end_through_its_window(scenario: str) -> None:
    game = load_game("devildogs", {"scenario": scenario})
    players: dict[str, Player] = {side: Blinkered(side, 1) for side in SIDES}
    state = play(game, players, 1)
    assert state.winner() in SIDES and state.end_cause() is not None


@pytest.mark.parametrize(("scenario", "side"), [("wheat", "us"), ("wheat", "german"),
                                                 ("gas", "us"), ("hill142", "german")])  # fmt: skip
def test_heuristic_beats_the_random_player(scenario: str, side: str) -> None:
    game = load_game("devildogs", {"scenario": scenario})
    wins = 0
    for seed in range(8):  # each wins about 90 % or more over 40 games: 6 of 8 is safe
        players: dict[str, Player] = {
            s: DevilDogsHeuristic(s, seed) if s == side else RandomPlayer(seed) for s in SIDES
        }
        wins += play(game, players, seed).winner() == side
    assert wins >= 6


def test_attacker_picks_the_order_that_takes_the_empty_crest() -> None:
    """3.1, 5.4: Hill 142's crest (0510) stands empty next to a Marine company; under a
    stalemate chit the US card offers HOLD with strong fire (reactive) or REP 1 (general).
    Ties go to the defender, so the scripted attacker takes the general order and the crest."""
    state = blank("hill142")
    place(state, "5M-66", "0511")
    place(state, "460-6", "0411")
    place(state, "460-MG1", "0409")
    sector(state, "A", "US05", "GE07", chit="stalemate")
    state.orders = {s: {} for s in SIDES}
    run(state, ("orders",))
    assert waiting(state) == ("orders", "us")
    choice = DevilDogsHeuristic("us").choose(state, "us")
    assert str(choice) == "order A general"


def test_attacker_moves_into_the_empty_crest() -> None:
    """5.8, C4: given a move that enters the objective it must take, the scripted attacker
    makes it (entering the hex takes it)."""
    state = blank("hill142")
    place(state, "5M-66", "0511")
    place(state, "460-6", "0411")
    state.push("move", side="us", sector="A", kind="REP", n=1, units=(state.unit_index("5M-66"),))
    choice = DevilDogsHeuristic("us").choose(state, "us")
    assert str(choice) == "move 5M-66 0510"
    state.apply_action(choice, "us")
    assert state.held[state.c.board.hex("0510")] == "us"
