"""Player specs ("random", "heuristic", "mcts:48", "mcts:2s", "rollout:16"): parsed and checked
before any game starts, with caps, so no spec can stick a game (``mcts:0``) or starve a server
(``mcts:1e12s``). Every problem is a PlayerSpecError naming the spec and what is allowed."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from greatwar.core.errors import GreatwarError

MAX_ITERATIONS = 20_000  # per decision: about 7 minutes of FBSM on one core
MAX_SECONDS = 60.0  # per decision
SERVER_MAX_SECONDS = 10.0  # a computer move on the game server, whatever its spec
TAKES_NO_PARAMETER = ("random", "heuristic")
SEARCHES = ("mcts", "rollout")  # players with a budget per decision: iterations or seconds
_ITERATIONS = re.compile(r"[0-9]{1,9}")
_SECONDS = re.compile(r"[0-9]{1,6}(\.[0-9]{1,6})?s")


class PlayerSpecError(GreatwarError):
    """A player spec that names no player, or a budget outside the caps."""


@dataclass(frozen=True)
class PlayerSpec:
    """A checked spec: the player's name and, for a search, its budget per decision."""

    name: str
    iterations: int | None = None
    seconds: float | None = None

    def __str__(self) -> str:
        if self.seconds is not None:
            return f"{self.name}:{self.seconds:g}s"
        if self.iterations is not None:
            return f"{self.name}:{self.iterations}"
        return self.name


def parse_spec(text: object, known: tuple[str, ...] | list[str] = ()) -> PlayerSpec:
    """``text`` as a PlayerSpec; ``known`` lists the registered player names."""
    if not isinstance(text, str) or not text.strip():
        raise PlayerSpecError(f"a player is named by text such as 'heuristic', got {text!r}")
    name, colon, parameter = text.strip().partition(":")
    if known and name not in known:
        raise PlayerSpecError(
            f"unknown player {text!r}; the players are: {', '.join(sorted(known))}"
        )
    if name in TAKES_NO_PARAMETER:
        if colon:
            raise PlayerSpecError(f"{name} takes no parameter: write {name!r}, not {text!r}")
        return PlayerSpec(name)
    if name in SEARCHES:
        return _search(name, text, parameter) if colon else PlayerSpec(name)
    if colon and not parameter:
        raise PlayerSpecError(f"{text!r}: nothing after the colon")
    return PlayerSpec(name)


def _search(name: str, text: str, parameter: str) -> PlayerSpec:
    usage = (
        f"{name} takes iterations (1-{MAX_ITERATIONS}) or seconds (above 0, at most "
        f"{MAX_SECONDS:g}) per decision, as {name}:48 or {name}:2s; got {text!r}"
    )
    if _ITERATIONS.fullmatch(parameter):
        iterations = int(parameter)
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise PlayerSpecError(usage)
        return PlayerSpec(name, iterations=iterations)
    if _SECONDS.fullmatch(parameter):
        seconds = float(parameter[:-1])
        if not (math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
            raise PlayerSpecError(usage)
        return PlayerSpec(name, seconds=seconds)
    raise PlayerSpecError(usage)
