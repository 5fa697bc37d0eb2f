"""Choosing units for an effect (targets of fire, snipers, rallied tokens ...): one prompt
for every rule that lets a player pick some of several candidates."""

from __future__ import annotations

from collections.abc import Sequence

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.devildogs.state import DevilDogsState

Choice = tuple[str, ...]  # the arguments of one pick: a unit id, or a unit id and a token


def choose(
    state: DevilDogsState,
    side: str,
    key: str,
    options: Sequence[Choice],
    count: int,
    *,
    verb: str,
    why: str,
    repeat: bool = False,
) -> None:
    """Record ``count`` of ``options`` under ``key``: all of them at once when there is no
    real choice, otherwise ask ``side`` with actions ``<verb> <args>``."""
    picked = state.hits.setdefault(key, [])
    if count <= 0 or not options:
        return
    if len(options) == 1 and repeat:
        picked.extend([options[0]] * count)
    elif count >= len(options) and not repeat:
        picked.extend(options)
    else:
        state.push(
            "pick",
            side=side,
            key=key,
            options=tuple(options),
            count=count,
            verb=verb,
            why=why,
            repeat=repeat,
        )


class Pick(Prompt[DevilDogsState]):
    """Pick the next of ``count`` candidates (distinct unless the rule allows repeats)."""

    name = "pick"
    title = "choose"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> list[Action]:
        verb = frame["verb"]
        if frame["repeat"]:
            return [act(verb, *option) for option in frame["options"]]
        taken = state.hits.get(frame["key"], [])
        return [act(verb, *option) for option in frame["options"] if option not in taken]

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        state.hits.setdefault(frame["key"], []).append(action.args)
        frame["count"] -= 1
        if frame["count"] == 0 or not self.offer(state, frame, side):
            state.pop()

    def explain(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> str | None:
        return f"choose one of the offered units: {frame['why']}"


def take(state: DevilDogsState, key: str) -> list[Choice]:
    """The choices recorded under ``key``, forgetting them."""
    return [tuple(c) for c in state.hits.pop(key, [])]


def units_of(state: DevilDogsState, choices: list[Choice]) -> list[int]:
    """The units named by the first argument of each choice."""
    return [state.unit_index(c[0]) for c in choices]
