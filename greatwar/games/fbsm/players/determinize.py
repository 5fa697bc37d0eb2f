"""Determinization for search: a copy of the position that one side cannot tell from the real one.

What a side cannot see, and how it is resampled:
- the dice and draws to come: the copy gets a fresh generator from the searcher's ``rng``;
- the order of the German container (3.5): shuffled;
- under fog of war (6.5), the enemy units below the top of each stack: these and the enemy's
  container units are one pool of unseen units, dealt again at random into the same places
  (hex by hex, each stack kept within 16 infantry fire factors, 6.1; the rest back into the
  container). Units named by a waiting prompt, and the top units, stay where they are. A
  place's moved-or-fired mark (9.1, 10.2) stays with the place.

Everything the side can see (tops of stacks, stack sizes, its own units, carnage, the turn,
the phase) is unchanged, so the copy is consistent with the side's observation. The deal
starts from the sorted pool, so two positions that differ only in what the side cannot see
give the same copy for the same ``rng``.
"""

from __future__ import annotations

from greatwar.core.rng import Rng
from greatwar.games.fbsm.state import CONTAINER, FbsmState

ATTEMPTS = 8  # deals tried before the hidden units are left where they are


def determinize(state: FbsmState, side: str, rng: Rng) -> FbsmState:
    """A copy of ``state`` with what ``side`` cannot see resampled from ``rng``."""
    copy = state.clone()
    copy.rng = Rng(rng.next32() | rng.next32() << 32)  # future dice are unknown
    named = _named_by_prompts(copy)
    side_of = copy.c.side_of
    slots = [
        (hex_index, position)
        for hex_index in sorted(copy.stacks)
        for stack in (copy.stacks[hex_index],)
        if side_of[stack[0]] != side
        for position in range(len(stack) - 1)  # the top (last) unit is seen
        if stack[position] not in named
    ]
    enemy_container = [u for u in copy.container if side_of[u] != side]
    pool = sorted([copy.stacks[h][p] for h, p in slots] + enemy_container)
    for _ in range(ATTEMPTS):
        order = list(pool)
        rng.shuffle(order)
        dealt = _deal(copy, slots, order)
        if dealt is not None:
            _place(copy, slots, dealt, order)
            copy.restack({hex_index for hex_index, _ in slots})  # 6.2: their fire is new
            break
    copy.container.sort()
    rng.shuffle(copy.container)  # 3.5: nobody knows what comes out next
    copy.forget_cached()  # the legal actions may name resampled units
    return copy


def _deal(state: FbsmState, slots: list[tuple[int, int]], order: list[int]) -> list[int] | None:
    """The first unit of ``order`` that fits each slot in turn (6.1), or None if one has none;
    the units dealt leave ``order``."""
    c = state.c
    limit = int(c.tables["stacking"]["max_infantry_fire_factors"])
    infantry, fire_of = c.infantry, c.fire_of
    dealt: list[int] = []
    hidden = set(slots)
    fire: dict[int, int] = {}  # hex -> fire factors of the units already fixed there
    for hex_index, _ in slots:
        stack = state.stacks[hex_index]
        if hex_index not in fire:
            kept = [u for p, u in enumerate(stack) if (hex_index, p) not in hidden]
            fire[hex_index] = sum(fire_of[u] for u in kept)
        room = limit - fire[hex_index]
        choice = next((u for u in order if infantry[u] and fire_of[u] <= room), None)
        if choice is None:
            return None
        order.remove(choice)
        fire[hex_index] += fire_of[choice]
        dealt.append(choice)
    return dealt


def _place(
    state: FbsmState, slots: list[tuple[int, int]], dealt: list[int], rest: list[int]
) -> None:
    """Put the dealt units into their slots and the rest into the container."""
    done = {(h, p) for h, p in slots if state.stacks[h][p] in state.done}
    for (hex_index, position), unit in zip(slots, dealt, strict=True):
        old = state.stacks[hex_index][position]
        state.done.discard(old)
        state.where[old] = CONTAINER
        state.stacks[hex_index][position] = unit
    for (hex_index, position), unit in zip(slots, dealt, strict=True):
        state.where[unit] = hex_index
        if (hex_index, position) in done:
            state.done.add(unit)
    pooled = set(dealt) | set(rest)
    state.container = [u for u in state.container if u not in pooled] + rest
    for unit in rest:
        state.where[unit] = CONTAINER


def _named_by_prompts(state: FbsmState) -> set[int]:
    """Units that a prompt on the stack refers to, or that hold the 7.8 heavy MG."""
    named = {state.heavy_mg} if state.heavy_mg is not None else set()
    for frame in state.stack:
        if isinstance(frame.get("unit"), int):
            named.add(frame["unit"])
        for key in ("firers", "units"):
            named.update(frame.get(key, ()))
    return named
