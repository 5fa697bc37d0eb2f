"""Determinization for search and for the fairness tests: a copy of the position that one
side cannot tell from the real one.

What a side cannot see, and how it is resampled:
- the dice and draws to come: the copy gets a fresh generator from the searcher's ``rng``;
- the order of its own deck (3.1, 5.1): shuffled;
- the opponent's hand, deck and face-down cards in sectors not yet activated (5.2, 5.7):
  all shuffled together and dealt back in the same numbers;
- the opponent's order indicators while face down (5.4): each sector's choice redrawn.
While a prompt names cards (misdirection), the cards stay as they are.
"""

from __future__ import annotations

from greatwar.core.rng import Rng
from greatwar.games.devildogs.cards import GENERAL, INITIATIVE
from greatwar.games.devildogs.data import enemy
from greatwar.games.devildogs.state import DevilDogsState


def determinize(state: DevilDogsState, side: str, rng: Rng) -> DevilDogsState:
    """A copy of ``state`` with what ``side`` cannot see resampled from ``rng``."""
    copy = state.clone()
    copy.rng = Rng(rng.next32() | rng.next32() << 32)  # future draws are unknown
    rng.shuffle(copy.decks[side])
    other = enemy(side)
    if not any("cards" in frame or "card" in frame for frame in copy.stack):
        _deal_again(copy, other, rng)
    if other not in copy.shown_orders:
        for sector in copy.orders[other]:
            copy.orders[other][sector] = (INITIATIVE, GENERAL)[rng.below(2)]
    copy.forget_cached()  # the legal actions may name resampled cards
    return copy


def _deal_again(state: DevilDogsState, owner: str, rng: Rng) -> None:
    """The owner's unseen cards, shuffled and dealt back in the same numbers: its hand, its
    deck and its face-down cards in sectors not activated (placed ones not yet committed are
    still in its hand, 5.2, and stay so)."""
    hidden = [s for s in state.assigned[owner] if s not in state.activated]
    placed = {state.assigned[owner][s] for s in hidden}
    still_in_hand = [s for s in hidden if state.assigned[owner][s] in state.hands[owner]]
    loose = [c for c in state.hands[owner] if c not in placed]
    pool = loose + state.decks[owner] + [state.assigned[owner][s] for s in hidden]
    rng.shuffle(pool)
    for sector in hidden:
        state.assigned[owner][sector] = pool.pop()
    hand = [pool.pop() for _ in loose]
    state.hands[owner] = hand + [state.assigned[owner][s] for s in still_in_hand]
    state.decks[owner] = pool
