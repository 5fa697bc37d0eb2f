"""Devil Dogs' rules program: the prompts (waiting points) and the agenda steps of the turn
sequence (5), by rulebook chapter."""

from __future__ import annotations

from collections.abc import Callable

from greatwar.core import Prompt
from greatwar.games.devildogs import (
    activation,
    artillery,
    cards,
    fire,
    initiative,
    keywords,
    movement,
    reinforcements,
    victory,
)
from greatwar.games.devildogs.pick import Pick
from greatwar.games.devildogs.state import DevilDogsState

PROMPTS: tuple[Prompt[DevilDogsState], ...] = (
    cards.Assign(),  # 5.2
    cards.Orders(),  # 5.4
    artillery.MortarFire(),  # 5.5
    activation.Activate(),  # 5.6
    movement.Move(),  # 5.8, 6
    movement.Retreat(),  # 8, 9
    movement.BayonetAdvance(),  # 9
    Pick(),  # 7.1, 8.2, 9
    artillery.BarrageTarget(),  # 9
    artillery.BarrageDirection(),  # 9
    keywords.Leadership(),  # 9
    keywords.Misdirection(),  # 9
    keywords.MisdirectSwap(),  # 9
    keywords.MisdirectBottom(),  # 9
    keywords.Reinforce(),  # 9
    reinforcements.Reorganise(),  # 5.11
    reinforcements.Replace(),  # 5.11
    reinforcements.Deploy(),  # 5.11
)

STEPS: dict[str, Callable[..., None]] = {
    "draw_hands": cards.draw_hands,  # 5.1
    "assign": cards.start_assign,  # 5.2
    "initiative": initiative.initiative_phase,  # 5.3
    "orders": cards.start_orders,  # 5.4
    "mortar_phase": artillery.mortar_phase,  # 5.5
    "mortars": artillery.mortars_step,
    "gas_drift": artillery.gas_drift,
    "drift_gas": artillery.drift_gas_step,
    "activation": activation.activation_step,  # 5.6, 5.10
    "execute": activation.execute_step,  # 5.8
    "movement": movement.movement_step,
    "mg": fire.mg_step,
    "apply_hits": fire.apply_hits,
    "keyword": keywords.keyword_step,  # 9
    "sniper_apply": keywords.sniper_apply,
    "restore_apply": keywords.restore_apply,
    "rally_apply": keywords.rally_apply,
    "regroup_apply": keywords.regroup_apply,
    "reshuffle": keywords.reshuffle_step,
    "combats": fire.combats_step,  # 5.9, 7.3
    "combat": fire.combat_step,  # 7
    "allocate": fire.allocate_step,  # 7.1, 8.1
    "apply_combat": fire.apply_combat_step,  # 8.3
    "bayonet_retreat": fire.bayonet_retreat_step,  # 9
    "bayonet_advance": fire.bayonet_advance_step,
    "reinforcement_phase": reinforcements.reinforcement_phase,  # 5.11
    "withdrawals": reinforcements.withdrawals_step,
    "reorganise": reinforcements.reorganise_step,
    "set_aside": reinforcements.set_aside_step,
    "replacements": reinforcements.replacements_step,
    "deploy": reinforcements.deploy_step,
    "deploy_group": reinforcements.deploy_group_step,
    "end_turn": victory.end_turn,
}

DevilDogsState.prompts = {prompt.name: prompt for prompt in PROMPTS}
DevilDogsState.steps = STEPS
