"""The computer players: the scripted French and Germans beat random players (the 200-game
figures are a study: `greatwar simulate trenches -n 200 --players heuristic,random`), and the
computer game master only ever picks legal Fortune of War actions."""

from __future__ import annotations

from greatwar.ai.random_player import RandomPlayer
from greatwar.core import load_game
from greatwar.core.play import play
from greatwar.games.trenches.data import FRENCH, GERMAN, GM
from greatwar.games.trenches.players import ComputerGameMaster, heuristic


def test_the_game_sequence_scripted_french_beat_random_germans() -> None:
    game = load_game("trenches")
    wins = 0
    for seed in range(3):
        seats = {
            FRENCH: heuristic(FRENCH, seed),
            GERMAN: RandomPlayer(seed),
            GM: RandomPlayer(seed),
        }
        wins += play(game, seats, seed).winner() == FRENCH
    assert wins == 3


def test_the_game_sequence_scripted_germans_beat_random_french() -> None:
    game = load_game("trenches", {"turn_limit": 8})
    wins = 0
    for seed in range(2):
        seats = {
            FRENCH: RandomPlayer(seed),
            GERMAN: heuristic(GERMAN, seed),
            GM: RandomPlayer(seed),
        }
        wins += play(game, seats, seed).winner() == GERMAN
    assert wins == 2


def test_fortune_of_war_computer_game_master_at_the_person_seat() -> None:
    game = load_game("trenches", {"game_master": "person", "turn_limit": 3})
    seats = {
        FRENCH: heuristic(FRENCH, 1),
        GERMAN: heuristic(GERMAN, 1),
        GM: ComputerGameMaster(1),
    }
    state = play(game, seats, 1)
    assert state.is_terminal()
    gm_turns = [p for p in state.history() if p.side == GM]
    assert gm_turns and all(p.action.verb in ("event", "plan", "done") for p in gm_turns)


def test_fortune_of_war_determinize_forgets_the_game_masters_plans() -> None:
    from greatwar.core import Rng
    from greatwar.games.trenches.players import determinize, evaluate
    from tests.trenches.positions import fresh

    state = fresh(5, game_master="person")
    state.apply_action("plan mud 3", GM)
    assert determinize(state, FRENCH, Rng(1)).plans == {}  # type: ignore[attr-defined]
    assert determinize(state, GM, Rng(1)).plans == {3: "mud"}  # type: ignore[attr-defined]
    assert state.plans == {3: "mud"}  # type: ignore[attr-defined]
    assert evaluate(state, FRENCH) == -evaluate(state, GERMAN)
    assert evaluate(state, GM) == 0.0
