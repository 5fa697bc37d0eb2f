"""Actions: small immutable values with a stable string form, e.g. ``fire 3511``."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple


class Action(NamedTuple):
    """A verb and its arguments; ``str(action)`` is the form players, logs and saves use."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args)) if self.args else self.verb

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action whose string form is ``text`` (whitespace is normalised)."""
        words = text.split()
        if not words:
            raise ValueError("an action cannot be empty")
        return cls(words[0], tuple(words[1:]))


@lru_cache(maxsize=1 << 16, typed=True)
def act(verb: str, *args: object) -> Action:
    """Shorthand used by the rules: ``act("fire", "3511")``. Memoised: actions are immutable
    values, and the rules offer the same few thousand of them again and again."""
    return Action(verb, tuple(map(str, args)))  # map: no generator on a compiled path


class Played(NamedTuple):
    """One entry of a game's history: which side took which action."""

    side: str
    action: Action

    def __str__(self) -> str:
        return f"{self.side}: {self.action}"
