"""The game API contract (DESIGN.md), checked on every registered game the same way: sides,
options, initial states, clones, history replay, the end of a game, string forms."""

from __future__ import annotations

import json

import pytest

import greatwar
from greatwar.core import TERMINAL, Action, BadOption, IllegalAction, Rng, game_info, load_game
from greatwar.core.game import Option
from tests.contract.harness import (
    GAMES,
    alternatives,
    check_record,
    positions,
    random_game,
    random_step,
    replay,
)

pytestmark = pytest.mark.parametrize("game_id", GAMES)


def test_the_game_declares_its_facts(game_id: str) -> None:
    info = game_info(game_id)
    assert info.id == game_id and info.title and info.summary and info.rulebook
    assert len(info.sides) >= 2 and len(set(info.sides)) == len(info.sides)
    assert all(side and side == side.strip() and side != TERMINAL for side in info.sides)
    assert info in greatwar.registered_games()
    game = load_game(game_id)
    assert game.id == game_id and game.sides == info.sides


def test_every_option_has_a_default_and_a_meaning(game_id: str) -> None:
    game = load_game(game_id)
    info = game.info
    assert set(game.option_defaults) == {o.name for o in info.options}
    for option in info.options:
        assert option.help and option.validate(option.default) == option.default
        assert game.option_defaults[option.name]["default"] == option.default
    explicit = load_game(game_id, {o.name: o.default for o in info.options})
    assert explicit.options == game.options


def test_an_unknown_option_or_value_is_refused_with_the_valid_ones(game_id: str) -> None:
    info = game_info(game_id)
    with pytest.raises(BadOption, match="its options are"):
        load_game(game_id, {"no_such_option": True})
    for option in info.options:
        with pytest.raises(BadOption, match=option.name):
            load_game(game_id, {option.name: wrong_kind(option)})
        if option.choices:
            with pytest.raises(BadOption, match="must be one of"):
                load_game(game_id, {option.name: "no_such_choice"})
        for value in alternatives(option):
            assert load_game(game_id, {option.name: value}).options[option.name] == value


def wrong_kind(option: Option) -> object:
    """A value of another kind than the option's default."""
    return 1.5 if isinstance(option.default, bool | str) else "not a number"


def test_a_bad_seed_is_refused(game_id: str) -> None:
    game = load_game(game_id)
    for seed in (-1, True, "7", 1.5):
        with pytest.raises(ValueError, match="seed"):
            game.new_initial_state(seed)  # type: ignore[arg-type]


def test_a_new_state_waits_for_a_side_and_is_fixed_by_its_seed(game_id: str) -> None:
    game = load_game(game_id)
    state = game.new_initial_state(5)
    assert not state.is_terminal() and state.winner() is None and state.end_cause() is None
    assert state.current_player() in game.sides and state.history() == []
    assert state.returns() == tuple(0.0 for _ in game.sides)
    for side in game.sides:
        asked = side in state.sides_to_act()
        assert bool(state.legal_actions(side)) == asked
    assert game.new_initial_state(5).fingerprint() == state.fingerprint()


def test_a_clone_is_independent_and_keeps_the_dice(game_id: str) -> None:
    for state in positions(game_id):
        if state.is_terminal():
            continue
        before = state.fingerprint()
        clone = state.clone()
        rng = Rng(3, stream=5)
        steps = []
        for _ in range(25):
            if clone.is_terminal():
                break
            side, action = random_step(clone, rng)
            clone.apply_action(action, side)
            steps.append((side, action))
        assert state.fingerprint() == before, "playing on a clone changed the original"
        for side, action in steps:  # the same actions give the same dice and draws
            state.apply_action(action, side)
        assert state.fingerprint() == clone.fingerprint()


def test_replaying_the_history_reproduces_the_state(game_id: str) -> None:
    sampled = list(positions(game_id))
    for state in (sampled[len(sampled) // 3], sampled[-1]):
        assert replay(state).fingerprint() == state.fingerprint()
        check_record(state)


def test_a_finished_game_has_a_winner_returns_and_no_more_actions(game_id: str) -> None:
    state = random_game(game_id, seed=3)
    winner = state.winner()
    assert state.is_terminal() and winner in state.game.sides
    assert state.current_player() == TERMINAL and state.sides_to_act() == ()
    neutral = state.game.info.neutral  # a game master neither wins nor loses
    assert winner not in neutral
    assert state.returns() == tuple(
        0.0 if s in neutral else 1.0 if s == winner else -1.0 for s in state.game.sides
    )
    cause = state.end_cause()
    assert cause is not None and cause[0] and cause[1]
    for side in state.game.sides:
        assert state.legal_actions(side) == []
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply_action("pass")
    assert state.fingerprint() == before


def test_legal_actions_have_distinct_string_forms_that_parse_back(game_id: str) -> None:
    for state in positions(game_id):
        for side in state.sides_to_act():
            actions = state.legal_actions(side)
            texts = [str(a) for a in actions]
            assert len(set(texts)) == len(texts), f"two legal actions read alike: {texts}"
            for action, text in zip(actions, texts, strict=True):
                assert Action.parse(text) == action and text == " ".join(text.split())


def test_legal_actions_are_a_copy_of_the_kept_ones(game_id: str) -> None:
    for state in positions(game_id):
        for side in state.sides_to_act():
            kept = state.legal_actions_kept(side)
            actions = state.legal_actions(side)
            assert actions == list(kept) and actions is not kept
            actions.clear()  # a caller's copy: the state's own list is untouched
            assert list(state.legal_actions_kept(side)) == state.legal_actions(side) != []


def test_the_observation_of_every_side_is_json(game_id: str) -> None:
    for state in positions(game_id):
        for side in state.game.sides:
            observation = state.observation(side)
            assert json.loads(json.dumps(observation)) == observation


def test_a_side_may_concede_where_the_rules_allow_it(game_id: str) -> None:
    rule = game_info(game_id).concession_rule
    state = load_game(game_id).new_initial_state(4)
    loser = state.game.sides[-1]
    if rule is None:
        with pytest.raises(IllegalAction):
            state.apply_action("concede", loser)
        return
    state.apply_action("concede", loser)
    assert state.is_terminal() and state.winner() != loser
    assert state.end_cause() == (rule, f"{loser} conceded")
    check_record(state)
