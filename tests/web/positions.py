"""Games brought to a chosen position through the server's own API, for screenshots: the
scripted players choose every action of a local copy with the same seed, and each is posted
by the seat of the side that chose it (so the server's game is the local one, step for step)."""

from __future__ import annotations

from typing import Any

import httpx

from greatwar.ai.registry import make_player
from greatwar.core.registry import load_game


def scripted_actions(
    game_id: str, seed: int, plies: int, options: dict[str, Any]
) -> list[tuple[str, str]]:
    """(side, action) of the first ``plies`` actions the scripted players choose."""
    game = load_game(game_id, options)
    state = game.new_initial_state(seed)
    players = {side: make_player("heuristic", game_id, side, seed) for side in game.sides}
    played: list[tuple[str, str]] = []
    while len(played) < plies and not state.is_terminal():
        side = state.sides_to_act()[0]
        action = str(players[side].choose(state, side))
        state.apply_action(action, side)
        played.append((side, action))
    return played


def game_at(
    base_url: str, game_id: str, seed: int, plies: int, options: dict[str, Any] | None = None
) -> dict[str, str]:
    """A game between two people at the given position: side (and "spectator") -> seat URL."""
    options = options or {}
    answer = httpx.post(
        f"{base_url}/api/games",
        json={"game": game_id, "options": options, "opponent": "remote", "seed": seed},
        timeout=30,
    )
    answer.raise_for_status()
    seats = [_claimed(base_url, s) if s["invitation"] else s for s in answer.json()["seats"]]
    tokens = {s["side"] or s["role"]: s["token"] for s in seats}
    for ply, (side, action) in enumerate(scripted_actions(game_id, seed, plies, options)):
        posted = httpx.post(
            f"{base_url}/api/seats/{tokens[side]}/actions",
            json={"action": action, "ply": ply},
            timeout=60,
        )
        posted.raise_for_status()
    return {s["side"] or s["role"]: s["url"] for s in seats}


def _claimed(base_url: str, seat: dict[str, Any]) -> dict[str, Any]:
    """The seat an invitation opens once the friend has claimed it (issue 10.3)."""
    answer = httpx.post(f"{base_url}/api/invitations/{seat['token']}/claim", timeout=30)
    answer.raise_for_status()
    you: dict[str, Any] = answer.json()["you"]
    return you
