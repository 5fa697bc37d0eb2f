"""The end of a turn and the scenario's victory points (playbook, reconstructed: C4)."""

from __future__ import annotations

from greatwar.games.devildogs.cards import discard_sector_cards
from greatwar.games.devildogs.data import SIDES
from greatwar.games.devildogs.state import DevilDogsState


def points(state: DevilDogsState, side: str) -> int:
    """C4: 3 per objective hex held, 2 per enemy HQ and 1 per other enemy unit set aside in
    the dead pool (reconstituted units no longer count)."""
    table = state.c.tables["victory"]
    held = sum(1 for holder in state.held.values() if holder == side)
    dead = 0
    for unit in state.casualties:
        u = state.unit(unit)
        if u.side != side:
            dead += int(table["dead_hq"] if u.kind == "hq" else table["dead_unit"])
    return held * int(table["objective"]) + dead


def end_turn(state: DevilDogsState) -> None:
    """5.10, 5.11: the turn's cards are discarded and its effects end; after the scenario's
    last turn the side with more points wins, the defender on a tie."""
    discard_sector_cards(state)
    state.gas = [g for g in state.gas if g[2] == 1]  # 9 the #2 gas marker is removed
    state.effects = {}
    state.executed = {s: [] for s in SIDES}
    state.hurt = set()
    state.tokens = []
    state.drawn = []
    state.replaced = []
    state.activated = []
    state.chits = {}
    state.combats = []
    if state.turn < state.sc.turns:
        state.turn += 1
        return
    score = {side: points(state, side) for side in SIDES}
    text = ", ".join(f"{side} {score[side]}" for side in SIDES)
    state.note("3.1", f"final victory points: {text}")
    attacker, defender = state.sc.attacker, state.sc.defender
    if score[attacker] > score[defender]:
        state.end(attacker, "3.1", "the attacker has more victory points")
    else:
        state.end(defender, "3.1", "the attacker does not have more victory points")
