"""14.0 Victory: points for controlled cities and towns at the end of the last turn; 15.4.2 the
B.E.F.'s losses."""

from __future__ import annotations

from greatwar.games.marne1914.data import ALLIED, GERMAN, OTHER, PARIS, SIDES
from greatwar.games.marne1914.state import ELIMINATED, LOST, MarneState


def holder(state: MarneState, hex_index: int) -> str:
    """14: the last side to have a combat unit enter the hex; a hex in the ZOC of an enemy
    unit counts for nobody (PROVENANCE: unless its holder's combat units occupy it)."""
    side = state.control[hex_index]
    if not side:
        return ""
    side_at = state.side_at
    if side_at[hex_index] == side and state.combat_units_in(hex_index):
        return side  # occupied
    enemy = OTHER[side]
    for n in state.c.board.grid.neighbors(hex_index):
        if side_at[n] == enemy:
            return ""
    return side


def paris_holder(state: MarneState) -> str:
    """14: control of Paris is control of more than half of its hexes."""
    paris = state.c.board.paris
    for side in SIDES:
        if sum(1 for h in paris if holder(state, h) == side) * 2 > len(paris):
            return side
    return ""


def bef_points(state: MarneState) -> int:
    """15.4.2: two points for each British corps with more than half its steps lost, net of
    recovery, at the end of the game."""
    if not state.option("bef"):
        return 0
    table = state.c.tables["victory"]
    points = 0
    for corps in table["bef_corps"]:
        units = [c for c in state.c.counters if c.corps == corps and not c.is_hq]
        total = sum(c.steps for c in units)
        left = sum(
            0 if state.where[c.index] in (ELIMINATED, LOST) else state.steps[c.index] for c in units
        )
        if (total - left) * 2 > total:
            points += int(table["bef_points"])
    return points


def victory_points(state: MarneState) -> dict[str, int]:
    """14 A-C: Paris 10, a city 3, a town 1."""
    table = state.c.tables["victory"]
    points = {side: 0 for side in SIDES}
    board = state.c.board
    for h in board.valued:
        if board.value[h] == PARIS:
            continue
        side = holder(state, h)
        if side:
            points[side] += int(table[board.value[h]])
    paris = paris_holder(state)
    if paris:
        points[paris] += int(table["paris"])
    points[GERMAN] += bef_points(state)
    return points


def final_victory(state: MarneState) -> None:
    """14: after the last turn, the side with the larger total wins (a tie: PROVENANCE)."""
    points = victory_points(state)
    text = f"Allies {points[ALLIED]}, Germans {points[GERMAN]} victory points"
    if points[ALLIED] == points[GERMAN]:
        winner = str(state.c.tables["victory"]["tie"])
        state.end(winner, "14", f"{text}: a tie, which the Germans needed to break")
    else:
        state.end(max(SIDES, key=lambda s: points[s]), "14", text)
