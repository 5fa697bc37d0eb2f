"""Determinization for search: a copy of the position that one side cannot tell from the real one.

What a side cannot see (view.py), and how it is resampled:
- the order of both draw decks (3.1, 5.1): each deck is shuffled again;
- the opponent's hand (5.1) and its face-down sector cards not yet revealed (5.2, 5.7): these
  cards and the opponent's deck are one pool of unseen cards, dealt again at random into the
  same places (the same number in hand, the same sectors face down, the rest in the deck);
  while the opponent is still placing its cards (5.2), its placed cards are in its hand, so
  they are chosen again from the new hand;
- the opponent's order indicators until they are face up (5.4): each set one is drawn again;
- the dice of the future (none in this game) and the deck reshuffles: a fresh generator.

The resampling starts from the sorted unseen pool, so two positions that differ only in what
the side cannot see give the same copy for the same ``rng``. While a MISDIRECTION prompt shows
the opponent's reserve card (9), the opponent's hand is left as it is.
"""

from __future__ import annotations

from greatwar.core.rng import Rng
from greatwar.games.devildogs.cards import GENERAL, INITIATIVE
from greatwar.games.devildogs.data import enemy
from greatwar.games.devildogs.state import DevilDogsState


def determinize(state: DevilDogsState, side: str, rng: Rng) -> DevilDogsState:
    """A copy of ``state`` with what ``side`` cannot see resampled from ``rng``."""
    copy = state.clone()
    copy.rng = Rng(rng.next32() | rng.next32() << 32)
    other = enemy(side)
    mine = sorted(copy.decks[side])
    rng.shuffle(mine)
    copy.decks[side] = mine
    if not any(frame["p"].startswith("misdirect") for frame in copy.stack):
        _deal_unseen(copy, other, rng)
    else:
        theirs = sorted(copy.decks[other])
        rng.shuffle(theirs)
        copy.decks[other] = theirs
    if other not in copy.shown_orders:
        orders = copy.orders[other]
        for sector in sorted(orders):
            orders[sector] = (INITIATIVE, GENERAL)[rng.below(2)]  # 5.4: face down
    return copy


def _deal_unseen(state: DevilDogsState, other: str, rng: Rng) -> None:
    """Deal the opponent's unseen cards (hand, unrevealed sector cards, deck) again."""
    assigning = state.stack and state.stack[-1]["p"] == "assign" and other not in state.committed
    hidden_sectors = (
        [] if assigning else sorted(s for s in state.assigned[other] if s not in state.activated)
    )
    pool = sorted(
        state.hands[other] + state.decks[other] + [state.assigned[other][s] for s in hidden_sectors]
    )
    rng.shuffle(pool)
    for sector in hidden_sectors:
        state.assigned[other][sector] = pool.pop()
    hand = [pool.pop() for _ in state.hands[other]]
    state.hands[other] = hand
    state.decks[other] = pool
    if assigning:  # 5.2: the cards already placed are still in the hand
        choices = list(hand)
        for sector in sorted(state.assigned[other]):
            state.assigned[other][sector] = choices.pop(rng.below(len(choices)))
