"""Observations of every registered game (docs/game-module-guide.md): the keys the browser
relies on tell the truth, a side not asked sees no prompt and no legal actions, log entries
kept to another side stay out, and looking changes nothing.

That one side's view does not change with another side's secrets is each game's rules test
(which secrets there are is the game's business); spectators are checked with fairness."""

from __future__ import annotations

import pytest

from greatwar.core import BadSide
from tests.contract.harness import GAMES, positions

pytestmark = pytest.mark.parametrize("game_id", GAMES)

KEYS = {"game", "side", "to_act", "prompt", "legal_actions", "can_undo", "winner", "end", "log"}


def test_the_shared_keys_say_what_the_state_says(game_id: str) -> None:
    for state in positions(game_id):
        asked = state.sides_to_act()
        for side in state.game.sides:
            view = state.observation(side)
            assert set(view) >= KEYS, f"missing {sorted(KEYS - set(view))}"
            assert (view["game"], view["side"]) == (game_id, side)
            assert view["to_act"] == list(asked)
            assert view["legal_actions"] == [str(a) for a in state.legal_actions(side)]
            assert (view["prompt"] is not None) == (side in asked)
            assert view["can_undo"] == state.can_undo(side)
            assert view["winner"] == state.winner()
            cause = state.end_cause()
            assert view["end"] == (None if cause is None else {"rule": cause[0], "cause": cause[1]})


def test_a_side_reads_only_the_log_entries_it_may(game_id: str) -> None:
    for state in positions(game_id):
        for side in state.game.sides:
            view = state.observation(side)["log"]
            assert view == [e.as_dict() for e in state.log(side)]
            assert len(view) == sum(1 for e in state.log() if e.to in (None, side))


def test_looking_changes_nothing(game_id: str) -> None:
    for state in positions(game_id, count=6):
        before = state.fingerprint()
        views = [state.observation(side) for side in state.game.sides]
        assert state.fingerprint() == before
        assert views == [state.observation(side) for side in state.game.sides]


def test_an_unknown_side_is_refused(game_id: str) -> None:
    state = next(positions(game_id, count=2))
    with pytest.raises(BadSide, match="the sides are"):
        state.observation("no_such_side")
