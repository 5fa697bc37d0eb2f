"""Meuse-Argonne's rules program: the prompts, the phase table (digest 4.1) and the steps of
a resolution that run without a choice."""

from __future__ import annotations

from greatwar.games.meuse.bombardment import (
    Bombard,
    BombardRetreat,
    bombard_done_task,
    bombard_hex_task,
    bombard_hits_task,
    start_bombardment,
)
from greatwar.games.meuse.combat import (
    AttackGroup,
    CombatPhase,
    Shell,
    Support,
    end_combat_task,
    roll_task,
    start_combat,
    support_task,
)
from greatwar.games.meuse.movement import Move, MovementPhase, start_movement
from greatwar.games.meuse.reinforcements import Arrive, Reinforce, reinforce_task
from greatwar.games.meuse.retreat import (
    Advance,
    DefenderChoice,
    Retreat,
    StepLoss,
    advance_task,
    defender_choice_task,
    eliminate_task,
    lose_task,
    retreat_task,
    retreat_to_task,
)
from greatwar.games.meuse.setup import AlliedSetup, GermanSetup
from greatwar.games.meuse.state import MeuseState

PROMPTS = (
    AlliedSetup(),
    GermanSetup(),
    MovementPhase(),
    Move(),
    Reinforce(),
    Arrive(),
    Bombard(),
    BombardRetreat(),
    CombatPhase(),
    AttackGroup(),
    Support(),
    Shell(),
    StepLoss(),
    DefenderChoice(),
    Retreat(),
    Advance(),
)

MeuseState.prompts = {prompt.name: prompt for prompt in PROMPTS}
MeuseState.phase_starts = {
    "movement": start_movement,  # digest 4.1 B1, MA 11.3-11.7, 13.2
    "bombardment": start_bombardment,  # MA 17.2: at the end of the movement phase
    "combat": start_combat,  # digest 7.x, 8.x
}
MeuseState.task_handlers = {
    "reinforce": reinforce_task,
    "support": support_task,
    "roll": roll_task,
    "end_combat": end_combat_task,
    "lose": lose_task,
    "eliminate": eliminate_task,
    "defender_choice": defender_choice_task,
    "retreat": retreat_task,
    "retreat_to": retreat_to_task,
    "advance": advance_task,
    "bombard_hex": bombard_hex_task,
    "bombard_hits": bombard_hits_task,
    "bombard_done": bombard_done_task,
}
