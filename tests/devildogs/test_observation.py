"""Observations: a side's view never changes with the other side's hand, face-down cards or
either deck's order (5.2, 5.7); the view is JSON and carries the browser's keys and panels."""

from __future__ import annotations

import json

import pytest

from greatwar.core import Rng
from greatwar.games.devildogs.data import SIDES, enemy
from greatwar.games.devildogs.players.heuristic import DevilDogsHeuristic
from greatwar.games.devildogs.state import DevilDogsState
from tests.devildogs.positions import new_state, play

BROWSER_KEYS = {
    "game", "side", "turn", "phase", "to_act", "prompt", "legal_actions", "stacks", "panels",
    "can_undo", "winner", "end", "log",
}  # fmt: skip
PEEKS = ("misdirect_swap", "misdirect_bottom")  # 9 MISDIRECTION shows the peeking side cards


def with_other_secrets(state: DevilDogsState, viewer: str, seed: int) -> DevilDogsState:
    """A twin whose opponent holds other cards in hand and face down, and whose two decks
    are in another order: everything the viewer may not know, changed."""
    twin = state.clone()
    other = enemy(viewer)
    rng = Rng(seed, stream=5)
    deck = twin.decks[other]
    for i in range(len(twin.hands[other])):
        j = rng.below(len(deck))
        twin.hands[other][i], deck[j] = deck[j], twin.hands[other][i]
    for sector in twin.assigned[other]:
        if sector not in twin.activated:
            j = rng.below(len(deck))
            twin.assigned[other][sector], deck[j] = deck[j], twin.assigned[other][sector]
    for side in SIDES:
        rng.shuffle(twin.decks[side])
    return twin


def snapshots(scenario: str, seed: int, every: int) -> list[DevilDogsState]:
    """Positions of a heuristic game, one every ``every`` actions."""
    state = new_state(scenario, seed)
    players = {side: DevilDogsHeuristic(side, seed) for side in SIDES}
    taken = []
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            taken.append(state.clone())
        side = state.current_player()
        state.apply_action(players[side].choose(state, side), side)
        step += 1
    return taken


def test_5_2_the_other_sides_face_down_choice_does_not_show() -> None:
    first, second = new_state("wheat", 4), new_state("wheat", 4)
    hand = [first.card(c).id for c in first.hands["us"]]
    play(first, f"us: assign {hand[0]} B", f"us: assign {hand[1]} C")
    play(second, f"us: assign {hand[2]} B", f"us: assign {hand[3]} D")
    assert first.observation("german") == second.observation("german")
    assert first.observation("us") != second.observation("us")


@pytest.mark.parametrize(("scenario", "seed"), [("wheat", 2), ("methodical", 5), ("hill142", 8)])
def test_5_7_views_do_not_depend_on_the_other_sides_secrets(scenario: str, seed: int) -> None:
    checked = 0
    for state in snapshots(scenario, seed, every=5):
        for viewer in SIDES:
            if state.stack and state.stack[-1]["p"] in PEEKS:
                continue
            twin = with_other_secrets(state, viewer, seed + checked)
            assert twin.fingerprint() != state.fingerprint()
            assert twin.observation(viewer) == state.observation(viewer)
            checked += 1
    assert checked > 30


def test_observation_is_json_with_the_browser_keys_and_panels() -> None:
    state = new_state("wheat", 1)
    view = state.observation("us")
    assert json.loads(json.dumps(view)) == view
    assert set(view) >= BROWSER_KEYS
    titles = [p["title"] for p in view["panels"]]
    assert titles == [
        "Your hand",
        "Your face-down cards",
        "Opponent",
        "Initiative track",
        "Revealed this turn",
        "Score (C4)",
    ]
    hand = view["panels"][0]["items"]
    assert all(item["action"] in view["legal_actions"] for item in hand)
    play(state, hand[0]["action"])
    assert state.observation("us")["panels"][1]["items"][0]["label"].startswith("B: ")


def test_observation_never_lists_a_deck() -> None:
    state = new_state("campaign", 3)
    view = state.observation("german")
    assert view["decks"] == {"us": 25, "german": 25}
    deck_ids = {state.card(c).id for c in state.decks["german"]}
    assert not deck_ids & set(json.dumps(view).replace('"', " ").split())
