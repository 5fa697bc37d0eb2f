"""FBSM's rules program: the prompts and the phase table of the sequence of play (5.3)."""

from __future__ import annotations

from functools import partial

from greatwar.games.fbsm.bombardment import Bombard, start_bombardment
from greatwar.games.fbsm.data import GERMAN, US
from greatwar.games.fbsm.events import Rally, start_random_events
from greatwar.games.fbsm.fire import Advance, FireGroup, FirePhase, start_fire
from greatwar.games.fbsm.movement import Move, MovementPhase, start_movement
from greatwar.games.fbsm.reinforcements import Enter, start_reinforcements
from greatwar.games.fbsm.setup import UsSetup
from greatwar.games.fbsm.state import FbsmState

PROMPTS = (
    UsSetup(),
    Rally(),
    Enter(),
    Bombard(),
    MovementPhase(),
    Move(),
    FirePhase(),
    FireGroup(),
    Advance(),
)

FbsmState.prompts = {prompt.name: prompt for prompt in PROMPTS}
FbsmState.phase_starts = (
    start_random_events,  # I (7.x)
    start_reinforcements,  # II (8.1: every turn after the first; 8.3-8.6)
    partial(start_bombardment, side=GERMAN),  # III (11.x)
    partial(start_bombardment, side=US),  # IV
    partial(start_movement, side=GERMAN),  # V (9.x)
    partial(start_fire, side=US),  # VI (10.x)
    partial(start_fire, side=GERMAN),  # VII
    partial(start_movement, side=US),  # VIII
    partial(start_fire, side=GERMAN),  # IX
    partial(start_fire, side=US),  # X
    partial(start_bombardment, side=GERMAN),  # XI
    partial(start_bombardment, side=US),  # XII
)
