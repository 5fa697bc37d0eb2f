"""Determinization for search: a copy of the position that one side cannot tell from the real one.

What a side cannot see, and how it is resampled:
- the dice and draws to come: the copy gets a fresh generator from the searcher's ``rng``;
- the order of the German container (3.5): shuffled;
- under fog of war (6.5), the enemy units below the top of each stack: each is swapped with a
  random container unit of the same side when the swap keeps the stack within 16 infantry
  fire factors (6.1). Units named by a waiting prompt, and the top units, stay where they are.
  Only the German has a container, so only a US searcher sees German stacks resampled; US
  units below the top are alike in value to the German anyway (2.5).

Everything the side can see (tops of stacks, stack sizes, its own units, carnage, the turn,
the phase) is unchanged, so the copy is consistent with the side's observation.
"""

from __future__ import annotations

from greatwar.core.rng import Rng
from greatwar.games.fbsm.state import CONTAINER, FbsmState


def determinize(state: FbsmState, side: str, rng: Rng) -> FbsmState:
    """A copy of ``state`` with what ``side`` cannot see resampled from ``rng``."""
    copy = state.clone()
    copy.rng = Rng(rng.next32() | rng.next32() << 32)  # future dice are unknown
    rng.shuffle(copy.container)  # 3.5: nobody knows what comes out next
    for hex_index, stack in copy.stacks.items():
        if copy.counter(stack[0]).side != side:
            _resample_below_top(copy, hex_index, rng)
    copy.forget_cached()  # the legal actions may name resampled units
    return copy


def _named_by_prompts(state: FbsmState) -> set[int]:
    """Units that a prompt on the stack refers to, or that hold the 7.8 heavy MG."""
    named = {state.heavy_mg} if state.heavy_mg is not None else set()
    for frame in state.stack:
        if isinstance(frame.get("unit"), int):
            named.add(frame["unit"])
        for key in ("firers", "units"):
            named.update(frame.get(key, ()))
    return named


def _resample_below_top(state: FbsmState, hex_index: int, rng: Rng) -> None:
    """6.5: swap each unit below the top with a random same-side container unit, if 6.1 allows."""
    stack = state.stacks[hex_index]
    side = state.counter(stack[0]).side
    named = _named_by_prompts(state)
    limit = int(state.c.tables["stacking"]["max_infantry_fire_factors"])
    for position in range(len(stack) - 1):  # the top (last) unit is seen
        hidden = stack[position]
        pool = [u for u in state.container if state.counter(u).side == side]
        if hidden in named or not pool:
            continue
        other = pool[rng.below(len(pool))]
        total = sum(state.counter(u).fire for u in stack)
        if total - state.counter(hidden).fire + state.counter(other).fire > limit:
            continue  # 6.1: the stack must stay legal
        stack[position] = other
        state.container[state.container.index(other)] = hidden
        state.where[other], state.where[hidden] = hex_index, CONTAINER
        if hidden in state.done:  # the enemy's fired or moved units stay so
            state.done.discard(hidden)
            state.done.add(other)
