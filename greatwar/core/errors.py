"""Errors of the game API; each subclasses ValueError and says what was wrong."""

from __future__ import annotations

from collections.abc import Iterable


class GreatwarError(ValueError):
    """Base class of every error greatwar raises for bad input."""


class IllegalAction(GreatwarError):
    """An action that the rules do not allow now; the state is left unchanged."""

    def __init__(self, action: object, reason: str) -> None:
        self.action = str(action)
        self.reason = reason
        super().__init__(f"illegal action {self.action!r}: {reason}")


class UnknownGame(GreatwarError):
    """A game id that is not registered."""

    def __init__(self, game_id: str, known: Iterable[str]) -> None:
        self.game_id = game_id
        super().__init__(f"unknown game {game_id!r}; the games are: {', '.join(sorted(known))}")


class BadOption(GreatwarError):
    """An unknown option, or a value of the wrong kind for an option."""


class BadSeed(GreatwarError):
    """A seed outside 0 .. 2**64 - 1 (the generator's whole state): never wrapped silently."""


class BadSide(GreatwarError):
    """A side that the game does not have, or that may not act now."""


class RecordError(GreatwarError):
    """A saved game that is malformed, tampered with or made for other rules."""
