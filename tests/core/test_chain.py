"""The append-only chain under a state's history and log: forks share, never disturb."""

from __future__ import annotations

from greatwar.core.chain import Chain
from greatwar.core.registry import load_game


def test_fork_is_independent_both_ways() -> None:
    a = Chain()
    for i in range(5):
        a.append(i)
    b = a.fork()
    a.append(5)
    b.append(50)
    b.append(51)
    assert a.to_list() == [0, 1, 2, 3, 4, 5]
    assert b.to_list() == [0, 1, 2, 3, 4, 50, 51]
    assert (len(a), len(b)) == (6, 7)
    assert (a.last(), b.last()) == (5, 51)
    assert b.since(3) == [3, 4, 50, 51] and b.since(7) == [] and a.since(0) == a.to_list()


def test_many_forks_merge_segments_and_keep_order() -> None:
    chain = Chain()
    copies = []
    for i in range(100):
        chain.append(i)
        copies.append(chain.fork())
    assert chain.to_list() == list(range(100))
    assert all(copy.to_list() == list(range(n + 1)) for n, copy in enumerate(copies))
    assert list(chain) == list(range(100)) and chain.since(97) == [97, 98, 99]


def test_empty_chain() -> None:
    chain = Chain()
    assert not chain and len(chain) == 0 and chain.to_list() == [] and chain.since(0) == []
    try:
        chain.last()
    except IndexError:
        pass
    else:
        raise AssertionError("last() of an empty chain must raise IndexError")


def test_clone_shares_history_and_log_without_disturbing_either() -> None:
    state = load_game("fbsm").new_initial_state(3)
    for _ in range(40):
        state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    before = (state.history(), state.log(), state.chance_steps())
    copy.apply_action(copy.legal_actions()[-1])
    assert (state.history(), state.log(), state.chance_steps()) == before
    assert copy.history()[:-1] == before[0] and len(copy.history()) == 41
    state.apply_action(state.legal_actions()[0])
    assert copy.history()[:40] == state.history()[:40]


def test_player_view_is_the_observation_less_log_and_action_strings() -> None:
    state = load_game("fbsm").new_initial_state(5)
    for _ in range(60):
        state.apply_action(state.legal_actions()[0])
    side = state.current_player()
    full = state.observation(side)
    lean = state.player_view(side)
    assert "log" not in lean and "legal_actions" not in lean
    assert set(lean) <= set(full)
    assert {k: v for k, v in lean.items() if k != "panels"} == {
        k: v for k, v in full.items() if k in lean and k != "panels"
    }
    assert not state.lean_view  # the flag is only up while the view is built
