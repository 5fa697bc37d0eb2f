"""5.1 command card hands, 5.2 face-down sector cards and 5.4 order indicators: the two
simultaneous hidden choices of the turn."""

from __future__ import annotations

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.devildogs.data import SIDES
from greatwar.games.devildogs.state import DevilDogsState

INITIATIVE, GENERAL = "initiative", "general"  # 5.4: the two sides of an order indicator
COMMIT, RESET = act("commit"), act("reset")  # 5.2, 5.4: done choosing, or start again

# ``assign CARD SECTOR`` by card index and sector, made once per process (actions are
# immutable values; the prompt offers every card in every empty sector after each placing)
_ASSIGN: dict[int, dict[str, Action]] = {}


def hand_size(state: DevilDogsState) -> int:
    """5.1: the scenario's sectors plus one card."""
    return len(state.sc.sectors) + int(state.c.tables["hand"]["extra_cards"])


def draw_hands(state: DevilDogsState) -> None:
    """5.1: both players draw up to the hand size, reshuffling the discard when needed; the
    card kept back last turn (the reserve) stays in hand."""
    state.phase = "5.1"
    state.note("5", f"turn {state.turn} of {state.sc.turns}")
    size = hand_size(state)
    for side in SIDES:
        drawn = []
        while len(state.hands[side]) < size:
            card = state.draw(side)
            state.hands[side].append(card)
            drawn.append(state.card(card).id)
        state.note("5.1", f"{side} draws {len(drawn)} cards (hand of {size})")
        if drawn:
            state.note("5.1", f"you draw {', '.join(drawn)}", to=side)


def start_assign(state: DevilDogsState) -> None:
    """5.2: both players choose at the same time."""
    state.phase = "5.2"
    state.committed = []
    state.push("assign")


def unassigned_cards(state: DevilDogsState, side: str) -> list[int]:
    placed = set(state.assigned[side].values())
    return [c for c in state.hands[side] if c not in placed]


class Assign(Prompt[DevilDogsState]):
    """5.2: each side places one card face down in every sector, then commits; neither sees
    the other's cards until a sector is activated (5.7)."""

    name = "assign"
    title = "place a command card face down in each sector, then commit (5.2)"

    def sides(self, state: DevilDogsState, frame: Frame) -> tuple[str, ...]:
        return tuple([s for s in SIDES if s not in state.committed])

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> list[Action]:
        assigned = state.assigned[side]
        sectors = state.sc.sectors
        if len(assigned) == len(sectors):
            return [COMMIT, RESET]
        empty = [sector for sector in sectors if sector not in assigned]
        actions = []
        for card in unassigned_cards(state, side):
            row = _ASSIGN.get(card)
            if row is None:
                row = _ASSIGN[card] = {}
            for sector in empty:
                found = row.get(sector)
                if found is None:
                    found = row[sector] = act("assign", state.c.cards[card].id, sector)
                actions.append(found)
        return actions

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "assign":
            card_id, sector = action.args
            state.assigned[side][sector] = state.c.card(card_id).index
            state.note("5.2", f"you place {card_id} face down in sector {sector}", to=side)
        elif action.verb == "reset":
            state.assigned[side] = {}
            state.note("5.2", "you take back your face-down cards", to=side)
        else:
            commit_cards(state, side)

    def explain(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb == "commit":
            return "place a card in every sector before committing (5.2)"
        if action.verb != "assign" or len(action.args) != 2:
            return None
        card_id, sector = action.args
        card = state.c.card_by_id.get(card_id)
        if card is None or card.index not in state.hands[side]:
            return f"{card_id} is not a card in your hand (5.2)"
        if sector not in state.sc.sectors:
            return f"sector {sector} is not in this scenario ({', '.join(state.sc.sectors)})"
        if sector in state.assigned[side]:
            return f"sector {sector} already has your card: one card per sector (5.2)"
        return f"{card_id} is already face down in another sector (5.2)"


def commit_cards(state: DevilDogsState, side: str) -> None:
    """5.2: the side's cards are on the table; when both have committed, play goes on."""
    state.committed.append(side)
    placed = set(state.assigned[side].values())
    state.hands[side] = [c for c in state.hands[side] if c not in placed]
    state.note("5.2", f"{side} has placed a card face down in every sector")
    if len(state.committed) == len(SIDES):
        state.reveal()
        state.committed = []
        state.pop()


def start_orders(state: DevilDogsState) -> None:
    """5.4: order indicators, chosen at the same time (optionally the attacker first)."""
    state.phase = "5.4"
    state.committed = []
    state.shown_orders = []
    state.push("orders")


def attacker_first(state: DevilDogsState) -> bool:
    """5.4 optional: the scenario initiative player places his indicators first."""
    return bool(state.game.options["attacker_orders_first"])


class Orders(Prompt[DevilDogsState]):
    """5.4: for each sector, the initiative order (active with sector initiative, otherwise
    reactive) or the general order of the face-down card."""

    name = "orders"
    title = "set each sector's order indicator to initiative or general, then commit (5.4)"

    def sides(self, state: DevilDogsState, frame: Frame) -> tuple[str, ...]:
        waiting = tuple([s for s in SIDES if s not in state.committed])
        if attacker_first(state) and state.sc.attacker in waiting:
            return (state.sc.attacker,)
        return waiting

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> list[Action]:
        chosen = state.orders[side]
        sectors = state.sc.sectors
        if len(chosen) == len(sectors):
            return [COMMIT, RESET]
        return [
            act("order", sector, choice)
            for sector in sectors
            if sector not in chosen
            for choice in (INITIATIVE, GENERAL)
        ]

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "order":
            sector, choice = action.args
            state.orders[side][sector] = choice
            state.note("5.4", f"you set sector {sector} to the {choice} order", to=side)
        elif action.verb == "reset":
            state.orders[side] = {}
        else:
            commit_orders(state, side)

    def explain(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb == "commit":
            return "set an order indicator in every sector before committing (5.4)"
        if action.verb == "order" and len(action.args) == 2:
            sector, choice = action.args
            if choice not in (INITIATIVE, GENERAL):
                return "an order indicator shows 'initiative' or 'general' (5.4)"
            if sector not in state.sc.sectors:
                return f"sector {sector} is not in this scenario"
            return f"sector {sector} already has your order indicator (5.4)"
        return None


def commit_orders(state: DevilDogsState, side: str) -> None:
    """5.4: indicators are placed face up: the opponent sees them once both are down (or at
    once under the optional attacker-first rule)."""
    state.committed.append(side)
    shown = ", ".join(f"{s} {state.orders[side][s]}" for s in state.sc.sectors)
    if attacker_first(state):
        state.reveal()
        state.shown_orders.append(side)
        state.note("5.4", f"{side} order indicators: {shown}")
    else:
        state.note("5.4", f"{side} has set its order indicators")
    if len(state.committed) == len(SIDES):
        state.reveal()
        state.committed = []
        state.pop()
        if not attacker_first(state):
            for s in SIDES:
                text = ", ".join(f"{x} {state.orders[s][x]}" for x in state.sc.sectors)
                state.note("5.4", f"{s} order indicators: {text}")
        state.shown_orders = list(SIDES)


def discard_sector_cards(state: DevilDogsState) -> None:
    """5.10: once every sector has been resolved, the played cards go to the discard."""
    for side in SIDES:
        for sector in state.sc.sectors:
            card = state.assigned[side].pop(sector, None)
            if card is not None:
                state.discard[side].append(card)
        state.orders[side] = {}
    state.shown_orders = []
