"""5.3 the initiative phase: the pool from the track, one chit per sector, battlefield
initiative; 7.2 the track follows the step losses."""

from __future__ import annotations

from typing import Any

from greatwar.games.devildogs.data import GERMAN, SIDES, STALEMATE, US
from greatwar.games.devildogs.state import DevilDogsState


def pool_band(state: DevilDogsState) -> dict[str, Any]:
    """5.3.1: the row of the pool table for the marker's position on the track."""
    for band in state.c.tables["track"]["pools"]:
        if int(band["low"]) <= state.track <= int(band["high"]):
            return dict(band)
    raise ValueError(f"initiative track position {state.track} is on no pool of tables.toml")


def initiative_pool(state: DevilDogsState) -> list[str]:
    """5.3.1: the chits of the pool, US first, then German, then stalemate."""
    band = pool_band(state)
    return [US] * int(band[US]) + [GERMAN] * int(band[GERMAN]) + [STALEMATE] * int(band[STALEMATE])


def initiative_phase(state: DevilDogsState) -> None:
    """5.3.1-5.3.3: build the pool, draw a chit for each sector, count battlefield initiative."""
    state.phase = "5.3"
    band = pool_band(state)
    pool = initiative_pool(state)
    state.note(
        "5.3.1",
        f"track at {state.track:+d}: {band['name']} ({band[US]} US, {band[GERMAN]} German, "
        f"{band[STALEMATE]} stalemate chits)",
    )
    state.chits = {}
    for sector in state.sc.sectors:
        chit = pool.pop(state.rng.below(len(pool)))
        state.chits[sector] = chit
        state.note("5.3.2", f"sector {sector}: {describe_chit(chit)}")
    state.battlefield = battlefield_initiative(state)
    state.chooser = state.battlefield
    state.note("5.3.3", f"{state.battlefield} has battlefield initiative")


def describe_chit(chit: str) -> str:
    if chit == STALEMATE:
        return "stalemate: both players are reactive"
    return f"{chit} initiative: {chit} is active"


def battlefield_initiative(state: DevilDogsState) -> str:
    """5.3.3: most sector chits; a tie goes to the scenario attacker."""
    counts = {side: sum(1 for c in state.chits.values() if c == side) for side in SIDES}
    if counts[US] == counts[GERMAN]:
        return state.sc.attacker
    return US if counts[US] > counts[GERMAN] else GERMAN
