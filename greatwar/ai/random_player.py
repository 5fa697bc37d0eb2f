"""The random player: a uniform choice among the legal actions, from its own generator."""

from __future__ import annotations

from greatwar.core.actions import Action
from greatwar.core.rng import Rng
from greatwar.core.state import State


class RandomPlayer:
    """Picks uniformly; its generator is its own, so the game's dice are unaffected."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, stream=7)

    def choose(self, state: State, side: str) -> Action:
        return self.rng.choice(state.legal_actions_kept(side))
