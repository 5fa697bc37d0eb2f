"""Tiny Devil Dogs positions for rule tests, built from data, and decks that tests stack.

``blank("hill142")`` is the scenario's state with the map emptied and nothing waiting;
``place(state, "5M-17", "0512")`` puts a unit down; ``sector(state, "A", "US05", "GE07",
chit="us")`` lays out a sector's cards, order indicators and chit; ``top(state, "us", 3)``
puts a card of that deviation on top of the deck (the next one drawn); ``run(state, step)``
runs agenda steps until a prompt waits.
"""

from __future__ import annotations

from typing import Any

from greatwar.core import Action, load_game
from greatwar.games.devildogs.data import SIDES
from greatwar.games.devildogs.state import OFF, DevilDogsState, Step


def new_state(scenario: str = "hill142", seed: int = 1, **options: Any) -> DevilDogsState:
    state = load_game("devildogs", {"scenario": scenario, **options}).new_initial_state(seed)
    assert isinstance(state, DevilDogsState)
    return state


def blank(scenario: str = "hill142", seed: int = 1) -> DevilDogsState:
    """The scenario at turn 1 with no unit on the map, no prompt and an empty agenda."""
    state = new_state(scenario, seed)
    for unit in list(state.at.values()):
        state.take_off(unit, OFF)
    state.stack.clear()
    state.agenda.clear()
    state.chits = {s: "stalemate" for s in state.sc.sectors}
    state.battlefield = state.sc.attacker
    return state


def place(
    state: DevilDogsState, unit_id: str, hex_id: str, *, lost: int = 0, pinned: bool = False
) -> int:
    """Put a unit on the map with ``lost`` steps gone and maybe a pin."""
    unit = state.unit_index(unit_id)
    state.put(unit, state.c.board.hex(hex_id))
    state.lost[unit] = lost
    if pinned:
        state.pinned.add(unit)
    return unit


def hex_of(state: DevilDogsState, unit_id: str) -> str:
    where = state.where[state.unit_index(unit_id)]
    return state.hex_id(where) if where >= 0 else str(where)


def sector(
    state: DevilDogsState,
    name: str,
    us_card: str,
    german_card: str,
    *,
    chit: str = "stalemate",
    us_order: str = "initiative",
    german_order: str = "initiative",
) -> None:
    """A sector's face-down cards, order indicators and initiative chit (5.2-5.4)."""
    for side, card_id, order in (("us", us_card, us_order), ("german", german_card, german_order)):
        card = state.c.card(card_id).index
        for pile in (state.decks[side], state.hands[side], state.discard[side]):
            if card in pile:
                pile.remove(card)
        state.assigned[side][name] = card
        state.orders[side][name] = order
    state.chits[name] = chit
    state.shown_orders = list(SIDES)


def top(state: DevilDogsState, side: str, deviation: int | None) -> str:
    """Put a card of the side with this deviation (None: HIT) on top of its deck."""
    deck = state.decks[side]
    card = next(c for c in deck if state.card(c).deviation == deviation)
    deck.remove(card)
    deck.append(card)
    return state.card(card).id


def run(state: DevilDogsState, *steps: Step) -> DevilDogsState:
    """Run agenda steps until a prompt waits; a 5.2 assignment prompt marks the end (and is
    taken away when the next steps are run)."""
    if state.stack and state.stack[-1]["p"] == "assign":
        state.stack.pop()
    state.agenda = [*steps, ("assign",)]
    state.advance()
    return state


def waiting(state: DevilDogsState) -> tuple[str, str]:
    """(prompt, first side asked) of the prompt that waits."""
    frame = state.stack[-1]
    return frame["p"], state.sides_to_act()[0]


def play(state: DevilDogsState, *moves: str) -> DevilDogsState:
    """Apply moves written ``side: action`` or just ``action`` (the first side asked)."""
    for move in moves:
        side, sep, text = move.partition(": ")
        if sep and side in SIDES:
            state.apply_action(text, side)
        else:
            state.apply_action(move, state.sides_to_act()[0])
    return state


def legal(state: DevilDogsState, side: str | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(side)]


def verbs(actions: list[Action]) -> set[str]:
    return {a.verb for a in actions}
