"""The scripted Meuse player: registered, plays either side to the end, only legal actions."""

from __future__ import annotations

from greatwar.ai.random_player import RandomPlayer
from greatwar.ai.registry import heuristic, make_player
from greatwar.core import Action, load_game, play
from greatwar.games.meuse.players.heuristic import MeuseHeuristic, prompt_kind


def test_the_heuristic_is_registered_for_meuse() -> None:
    assert isinstance(heuristic("meuse", "allied", 1), MeuseHeuristic)
    assert isinstance(make_player("heuristic", "meuse", "german", 2), MeuseHeuristic)


def test_heuristic_allies_beat_random_germans() -> None:
    game = load_game("meuse")
    state = play(game, {"allied": MeuseHeuristic("allied", 3), "german": RandomPlayer(3)}, 3)
    assert state.winner() == "allied" and state.end_cause() is not None
    assert state.end_cause()[0] == "12.1"


def test_heuristic_germans_hold_against_random_allies() -> None:
    game = load_game("meuse")
    state = play(game, {"allied": RandomPlayer(4), "german": MeuseHeuristic("german", 4)}, 4)
    assert state.winner() == "german" and state.turn == 24


def test_heuristic_against_itself_finishes_a_game() -> None:
    game = load_game("meuse")
    players = {side: MeuseHeuristic(side, 5) for side in game.sides}
    state = play(game, players, 5)
    assert state.is_terminal() and state.turn >= 10


def test_prompt_kind_is_told_by_the_verbs() -> None:
    def kinds(*actions: str) -> str:
        return prompt_kind([Action.parse(a) for a in actions])

    assert kinds("place us3 1722") == "setup"
    assert kinds("retreat 1704", "accept") == "bombard_retreat"
    assert kinds("retreat", "downgrade", "stiff 1") == "defender_choice"
    assert kinds("retreat 1704", "retreat 1604") == "retreat"
    assert kinds("attack 1705", "shell 1705", "end") == "combat"
    assert kinds("end") == ""
