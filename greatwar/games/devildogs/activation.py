"""5.6-5.10 alternate sector activation and order execution: reveal the sector's cards, the
non-initiative player acts first (movement, MG, keywords), then combat."""

from __future__ import annotations

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.devildogs.data import Order, enemy
from greatwar.games.devildogs.state import DevilDogsState


def activation_step(state: DevilDogsState) -> None:
    """5.6, 5.10: while sectors remain, the chooser picks the next one."""
    state.phase = "5.6"
    if state.sectors_left():
        state.push("activate", side=state.chooser or state.sc.attacker)


def executed_order(state: DevilDogsState, side: str, sector: str) -> Order:
    """5.4, 5.8: the order box of the side's card in the sector that its indicator selects."""
    card = state.card(state.assigned[side][sector])
    return card.order(state.row(side, sector))


def activate(state: DevilDogsState, side: str, sector: str) -> None:
    """5.7: both cards of the sector are revealed; 5.8 the non-initiative player executes his
    order first, then the initiative player; 5.9 combat; 5.10 the other player chooses next."""
    state.activated.append(sector)
    state.chooser = enemy(side)
    state.reveal()
    state.note("5.6", f"{side} activates sector {sector}")
    for s in (state.sc.attacker, state.sc.defender):
        card = state.card(state.assigned[s][sector])
        order = executed_order(state, s, sector)
        state.note(
            "5.7",
            f"{s} reveals {card.id} ({card.title}): {order.row} order {order.text()}",
        )
    second = state.initiative_player(sector)
    first = enemy(second)
    state.then(
        ("execute", first, sector),
        ("execute", second, sector),
        ("combats", sector),
        ("activation",),
    )


def execute_step(state: DevilDogsState, side: str, sector: str) -> None:
    """5.8: movement, then MG fire, then each keyword in order."""
    state.phase = "5.8"
    order = executed_order(state, side, sector)
    state.note("5.8", f"{side} executes its {order.row} order in sector {sector}")
    state.then(
        ("movement", side, sector, order.move, order.n),
        ("mg", side, sector, order.mg),
        *[("keyword", side, sector, k.name, k.x) for k in order.keywords],
    )


class Activate(Prompt[DevilDogsState]):
    """5.6: the player with battlefield initiative chooses the first sector; then the choice
    alternates."""

    name = "activate"
    title = "choose the next sector to activate (5.6)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> list[Action]:
        return [act("activate", sector) for sector in state.sectors_left()]

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        activate(state, side, action.args[0])

    def explain(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> str | None:
        if action.args and action.args[0] in state.activated:
            return f"sector {action.args[0]} has already been activated this turn (5.10)"
        return None
