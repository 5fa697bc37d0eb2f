"""Bad input on every registered game: each refused action raises a greatwar error with a
reason, and the position is left exactly as it was (fingerprint, history, legal actions)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from greatwar.ai.random_player import RandomPlayer
from greatwar.core import Action, BadSide, IllegalAction, load_game
from greatwar.core.state import State
from tests.contract.harness import GAMES, positions

pytestmark = pytest.mark.parametrize("game_id", GAMES)


def unchanged_after(state: State, attempt: str, side: str | None, error: type[Exception]) -> str:
    """Try ``attempt``; it must raise ``error`` and change nothing. Returns the message."""
    seen = side if side in state.game.sides else None  # an unknown side has no view
    before = (state.fingerprint(), state.history(), state.legal_actions(seen))
    undo = state.can_undo(seen)
    with pytest.raises(error) as raised:
        state.apply_action(attempt, side)
    assert (state.fingerprint(), state.history(), state.legal_actions(seen)) == before
    assert state.can_undo(seen) == undo
    message = str(raised.value)
    assert message.strip(), f"{attempt!r} was refused without a reason"
    return message


def malformed(legal: list[Action]) -> Iterator[str]:
    """Strings near the legal ones that are not legal: an unknown verb, a legal action with a
    word too many, a legal verb with its arguments left out or replaced by nonsense."""
    texts = {str(a) for a in legal}
    candidates = ["no_such_verb", "no_such_verb 1 2", "a" * 300]
    for action in legal[:3]:
        candidates.append(f"{action} 9999")
        if action.args:
            candidates.append(action.verb)
            candidates.append(" ".join((action.verb, *("?" for _ in action.args))))
    yield from (c for c in candidates if c not in texts)


def test_empty_and_malformed_actions_are_refused_and_change_nothing(game_id: str) -> None:
    for state in positions(game_id):
        if state.is_terminal():
            continue
        for side in state.sides_to_act():
            for blank in ("", "   "):
                assert "empty" in unchanged_after(state, blank, side, IllegalAction)
            for attempt in malformed(state.legal_actions(side)):
                unchanged_after(state, attempt, side, IllegalAction)


def test_a_side_not_asked_may_not_act(game_id: str) -> None:
    checked = 0
    for state in positions(game_id):
        if state.is_terminal():
            continue
        asked = state.sides_to_act()
        action = str(state.legal_actions(asked[0])[0])
        for side in state.game.sides:
            if side not in asked:
                assert "turn" in unchanged_after(state, action, side, IllegalAction)
                checked += 1
    if not checked:
        pytest.skip("every sampled position asks every side at once")


def test_an_unknown_side_is_refused(game_id: str) -> None:
    state = next(positions(game_id))
    action = str(state.legal_actions()[0])
    assert "the sides are" in unchanged_after(state, action, "no_such_side", BadSide)


def test_nothing_is_accepted_after_the_end(game_id: str) -> None:
    state = list(positions(game_id))[-1]
    assert state.is_terminal()
    for side in state.game.sides:
        message = unchanged_after(state, "no_such_verb", side, IllegalAction)
        assert "the game is over" in message


def test_legal_actions_of_an_unknown_side_say_so_and_the_end_has_none(game_id: str) -> None:
    """An unknown side named to ``legal_actions`` is an error that names the sides, asked or
    not; at the end the current player (TERMINAL) has no actions, and that is no error."""
    state = load_game(game_id).new_initial_state(0)
    with pytest.raises(BadSide, match="the sides are"):
        state.legal_actions("no_such_side")
    player = RandomPlayer(0)
    while not state.is_terminal():
        state.apply_action(player.choose(state, state.current_player()))
    assert state.legal_actions() == []
    with pytest.raises(BadSide, match="the sides are"):
        state.legal_actions("no_such_side")
