"""7.x random events: 2d6 at the start of every turn after the first."""

from __future__ import annotations

from collections.abc import Iterator

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.fbsm.data import US
from greatwar.games.fbsm.reinforcements import start_entry
from greatwar.games.fbsm.state import FbsmState

TITLES = {
    "us_artillery_problems": "US Artillery Problems",
    "german_artillery_problems": "German Artillery Problems",
    "gas": "Intense Poison Gas Attacks",
    "breakthrough_west": "German Breakthrough West",
    "us_rally": "US Rally",
    "breakthrough_east": "German Breakthrough East",
    "german_heavy_mg": "German Heavy Machineguns",
    "german_rally": "German Rally",
    "superb_spotting": "Superb Artillery Spotting",
}
RULES = {
    "us_artillery_problems": "7.2",
    "german_artillery_problems": "7.3",
    "gas": "7.4",
    "breakthrough_west": "7.5",
    "us_rally": "7.6",
    "breakthrough_east": "7.7",
    "german_heavy_mg": "7.8",
    "german_rally": "7.9",
    "superb_spotting": "7.10",
}


def start_random_events(state: FbsmState) -> None:
    """7.1: both players roll a die; the total picks the event; once-only events repeat as none."""
    dice = state.rng.dice(2)
    event = state.c.tables["events"][str(sum(dice))]
    rule = RULES[event]
    if event in state.used_once:
        state.note(rule, f"events roll {sum(dice)}: {TITLES[event]} again, so No Event", dice=dice)
        return
    state.note(rule, f"events roll {sum(dice)}: {TITLES[event]}", dice=dice)
    if event == "us_rally":
        state.push("rally", side=US)  # 7.6 the US may decline
    elif event in ("breakthrough_west", "breakthrough_east"):
        breakthrough(state, event)
    elif event == "superb_spotting":
        superb_spotting(state)
    else:
        state.event = event


def breakthrough(state: FbsmState, event: str) -> None:
    """7.5, 7.7: once per game, a die (west) or two (east) of units drawn onto edge hexes."""
    state.used_once.add(event)
    spec = state.c.tables[event]
    dice = state.rng.dice(spec["dice"])
    state.note(RULES[event], f"{sum(dice)} units break through", dice=dice)
    start_entry(state, event, sum(dice), RULES[event])


def superb_spotting(state: FbsmState) -> None:
    """7.10: another die; odd, German bombardments have no drift this turn; even, US ones."""
    roll = state.rng.die()
    spec = state.c.tables["superb_spotting"]
    state.event = "superb_spotting"
    state.event_side = spec["odd_side"] if roll % 2 else spec["even_side"]
    state.note("7.10", f"rolled {roll}: {state.event_side} bombardments have no drift", dice=[roll])


class Rally(Prompt[FbsmState]):
    """7.6: the US player accepts the rally (once per game) or declines it (No Event)."""

    name = "rally"
    title = "accept or decline the US Rally (7.6)"

    def offer(self, state: FbsmState, frame: Frame, side: str) -> Iterator[Action]:
        yield act("accept")
        yield act("decline")

    def apply(self, state: FbsmState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        if action.verb == "accept":
            state.used_once.add("us_rally")
            state.event = "us_rally"
            state.note("7.6", "the US accepts the rally: +1 infantry MF, +1 fire this turn")
        else:
            state.note("7.6", "the US declines the rally: No Event")
