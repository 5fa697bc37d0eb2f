"""Research adapters over the game API (issue 15): PettingZoo, Gymnasium and OpenSpiel.

Installed with the optional extra ``greatwar[rl]``. Each adapter uses only the game API and
the game's encoding (``greatwar/core/encoding.py``): integer actions from
``game.action_from_id``, masks from ``state.legal_actions_mask``, observations from
``state.observation_tensor``. Simultaneous hidden choices (several sides asked at once) are
taken one side at a time in ``sides_to_act()`` order; a side's commitment stays out of the
other's observation until the rules reveal it, which is how PettingZoo's AEC model and
OpenSpiel's turn-based imperfect-information games expect simultaneous moves.
"""

from __future__ import annotations

from typing import Any


def aec_env(game_id: str, **options: Any) -> Any:
    """A PettingZoo AEC environment: agents are the sides (see ``greatwar.envs.pettingzoo``)."""
    from greatwar.envs.pettingzoo import GreatwarAECEnv

    return GreatwarAECEnv(game_id, **options)


def gym_env(game_id: str, side: str, opponent: str = "heuristic", **options: Any) -> Any:
    """A Gymnasium environment for one side against a built-in player (``greatwar.envs.gym``)."""
    from greatwar.envs.gym import GreatwarEnv

    return GreatwarEnv(game_id, side, opponent=opponent, **options)


__all__ = ["aec_env", "gym_env"]
