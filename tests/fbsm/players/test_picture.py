"""The computer player's picture (6.5 fog of war): read in indices from the position, it shows
exactly what the side's ``player_view`` shows, and nothing the side may not see."""

from __future__ import annotations

import pytest

from greatwar.core.rng import Rng
from greatwar.games.fbsm.players.determinize import determinize
from greatwar.games.fbsm.players.picture import knowledge, picture, picture_of
from greatwar.games.fbsm.view import indexed_view
from tests.fbsm.players.test_determinize import crowded_state
from tests.fbsm.test_view import random_positions


@pytest.mark.parametrize("seed", [6, 7])
def test_6_5_the_picture_in_indices_equals_the_one_parsed_from_the_player_view(seed: int) -> None:
    k = knowledge()
    checked = 0
    for state in random_positions(seed, every=17):
        for side in ("us", "german"):
            parsed = picture(state.player_view(side), k)
            assert picture_of(indexed_view(state, side), k) == parsed
            checked += bool(parsed.prompt)
    assert checked > 20, "too few positions with a prompt were compared"


def test_6_5_the_view_in_indices_is_blind_to_enemy_units_below_the_top_and_the_container() -> None:
    state = crowded_state()
    for side in ("us", "german"):
        twin = determinize(state, side, Rng(3))  # what the side cannot see, dealt again
        assert twin.fingerprint() != state.fingerprint()
        assert indexed_view(twin, side) == indexed_view(state, side)


def test_6_5_an_enemy_stack_in_the_view_in_indices_shows_only_its_count_and_top() -> None:
    state = crowded_state()
    view = indexed_view(state, "us")
    enemy = [row for row in view.stacks if row[1] == "german"]
    assert any(count > 1 for _, _, count, _, _ in enemy)
    for hex_index, _, count, top, own in enemy:
        assert (count, top, own) == (len(state.stacks[hex_index]), state.stacks[hex_index][-1], ())
    assert all(state.counter(u).side == "us" for u in view.done)
