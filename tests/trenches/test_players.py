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


def test_the_scripts_weights_play_the_scripts_games() -> None:
    """The weights exposed for the styles are the script's own: a short game between the
    scripted players is the one they played before (its history's digest, recorded from the
    script of commit a609b9a)."""
    import hashlib

    from greatwar.games.trenches.players import FRENCH_ORDER, GERMAN_ORDER, Weights

    assert Weights.for_side(FRENCH).order == FRENCH_ORDER
    assert Weights.for_side(GERMAN).order == GERMAN_ORDER
    game = load_game("trenches", {"turn_limit": 5})
    state = play(game, {side: heuristic(side, 3) for side in game.sides}, 3)
    text = "\n".join(f"{p.side}: {p.action}" for p in state.history())
    assert len(state.history()) == 96
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == "e5e07fb37307e4cf"


def test_styles_list_the_script_first_and_each_plays_a_legal_game() -> None:
    from greatwar.games.trenches.players import STYLES, styles

    game = load_game("trenches", {"turn_limit": 4})
    assert styles(GM) == {}
    for side in (FRENCH, GERMAN):
        found = styles(side)
        assert list(found) == list(STYLES.get(side, {}))
        if not found:
            continue
        assert next(iter(found)) == "script"
        other = GERMAN if side == FRENCH else FRENCH
        for name, factory in found.items():
            seats = {side: factory(1), other: heuristic(other, 1), GM: heuristic(GM, 1)}
            state = play(game, seats, 1)  # every action is checked legal as it is applied
            assert state.is_terminal(), name
