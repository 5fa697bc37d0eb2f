"""12.x victory: the Allies win the instant a unit enters Sedan; otherwise the Germans win."""

from __future__ import annotations

from typing import TYPE_CHECKING

from greatwar.games.meuse.data import ALLIED, GERMAN

if TYPE_CHECKING:
    from greatwar.games.meuse.state import MeuseState


def check_sedan(state: MeuseState, unit: int, hex_index: int) -> None:
    """12.1: any Allied unit entering the Sedan city hex wins at once, even for a moment."""
    counter = state.c.counters[unit]
    if hex_index == state.c.sedan and counter.side == ALLIED:
        state.end(ALLIED, "12.1", f"{counter.name} enters Sedan")


def is_armistice(state: MeuseState) -> bool:
    """19.1: the game ends with the Nov 11 turn, the 24th."""
    return state.turn >= int(state.c.tables["turns"]["count"])


def armistice(state: MeuseState) -> None:
    """12.1: any result but an Allied unit in Sedan is a German victory."""
    state.end(GERMAN, "12.1", "the Armistice: no Allied unit has entered Sedan")
