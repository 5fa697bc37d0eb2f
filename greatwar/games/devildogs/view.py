"""What one side may see, built from a whitelist: its own hand and face-down cards, the
opponent's only as counts until revealed (5.2, 5.7); the deck order is never shown."""

from __future__ import annotations

from typing import Any

from greatwar.core import act
from greatwar.games.devildogs.data import SIDES, Card, enemy
from greatwar.games.devildogs.initiative import pool_band
from greatwar.games.devildogs.state import DevilDogsState
from greatwar.games.devildogs.victory import points

# The step of the turn sequence (5) being played: its title and its place in board.phases.
PHASES = {
    "5.1": ("Draw Command Card Hand", 0),
    "5.2": ("Assign Sector Command Cards", 1),
    "5.3": ("Initiative Phase", 2),
    "5.4": ("Assign Sector Orders", 3),
    "5.5": ("Mortar Fire and Gas Drift", 4),
    "5.6": ("Alternate Sector Activation", 5),
    "5.8": ("Players Execute Orders", 7),
    "9": ("Keyword Actions", 7),
    "7": ("Resolve Combat", 8),
    "5.11": ("Reinforcements", 10),
}


def card_view(card: Card) -> dict[str, Any]:
    """A command card's face (1.2): deviation and the three orders."""
    return {
        "id": card.id,
        "side": card.side,
        "title": card.title,
        "deviation": card.deviation_text,
        "orders": {
            o.row: {
                "move": o.move,
                "n": o.n,
                "mg": o.mg,
                "keywords": [k.printed for k in o.keywords],
            }
            for o in card.orders
        },
    }


SIDE_NAMES = {"us": "United States and France", "german": "Germany"}  # as board.py names them


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def card_label(card: Card) -> str:
    rows = " / ".join(f"{o.row[0].upper()}: {o.text()}" for o in card.orders)
    return f"{card.id} {card.title} [{card.deviation_text}] {rows}"


def unit_view(state: DevilDogsState, unit: int) -> dict[str, Any]:
    """A counter with its tokens (6.2 pin, 7.2 falter and reduced side)."""
    u = state.unit(unit)
    return {
        "id": u.id,
        "side": u.side,
        "kind": u.kind,
        "name": u.name,
        "nation": u.nation,
        "regiment": u.regiment,
        "steps": u.steps,
        "lost": state.lost[unit],
        "reduced": state.is_reduced(unit),
        "falter": state.has_falter(unit),
        "pinned": unit in state.pinned,
        "face": face(state, unit),
    }


def face(state: DevilDogsState, unit: int) -> str:
    """What the counter shows in the browser: steps left, F for a falter, P for a pin."""
    left = state.unit(unit).steps - state.lost[unit]
    return f"{left}{'F' if state.has_falter(unit) else ''}{'P' if unit in state.pinned else ''}"


def stacks(state: DevilDogsState) -> list[dict[str, Any]]:
    """4.1: one unit per hex; every counter on the map is seen by both players."""
    return [
        {
            "hex": state.hex_id(h),
            "side": state.unit(u).side,
            "count": 1,
            "units": [unit_view(state, u)],
        }
        for h, u in sorted(state.at.items())
    ]


def prompt_view(state: DevilDogsState, side: str) -> dict[str, Any] | None:
    """The waiting prompt of this side, with what it needs to decide."""
    view = state.prompt_title(side)
    if view is None:
        return None
    frame = state.stack[-1]
    if frame["p"] == "pick":
        view["title"] = f"choose: {frame['why']} ({frame['count']} more)"
    elif frame["p"] == "move":
        view.update(sector=frame["sector"], order=f"{frame['kind']} {frame['n']}")
    elif frame["p"] == "barrage_direction":
        view["first"] = state.hex_id(frame["first"])
    elif frame["p"] == "misdirect_swap":
        other = enemy(side)
        seen = state.assigned[other][frame["sector"]]
        view["sector"] = frame["sector"]
        view["cards"] = [card_view(state.card(seen)), card_view(state.card(state.hands[other][0]))]
    elif frame["p"] == "misdirect_bottom":
        view["cards"] = [card_view(state.card(c)) for c in frame["cards"]]
    return view


def is_assigning(state: DevilDogsState, side: str) -> bool:
    """5.2: while a side is still placing its cards, the other sees only how many."""
    return bool(state.stack) and state.stack[-1]["p"] == "assign" and side not in state.committed


def sector_view(state: DevilDogsState, side: str, sector: str) -> dict[str, Any]:
    """5.3.2 chit, 5.4 order indicators (the opponent's once face up), 5.7 revealed cards."""
    revealed = sector in state.activated
    cards: dict[str, Any] = {}
    orders: dict[str, Any] = {}
    for s in SIDES:
        placed = state.assigned[s].get(sector)
        if placed is not None and (s == side or revealed):
            cards[s] = card_view(state.card(placed))
        elif placed is not None and not is_assigning(state, s):
            cards[s] = "face down"
        else:
            cards[s] = None
        if s == side or s in state.shown_orders:
            orders[s] = state.orders[s].get(sector)
    return {
        "id": sector,
        "chit": state.chits.get(sector),
        "activated": revealed,
        "cards": cards,
        "orders": orders,
    }


def hand_panel(state: DevilDogsState, side: str, legal: set[str]) -> dict[str, Any]:
    """Your hand: clicking a card places it in the first empty sector (5.2)."""
    empty = [s for s in state.sc.sectors if s not in state.assigned[side]]
    placed = set(state.assigned[side].values())
    items = []
    for card in state.hands[side]:
        item: dict[str, Any] = {
            "label": card_label(state.card(card)),
            "card": card_view(state.card(card)),
        }
        if card in placed:
            item["label"] += " (face down)"
            item["note"] = "placed face down"
        elif empty:
            action = str(act("assign", state.card(card).id, empty[0]))
            if action in legal:
                item["action"] = action
        items.append(item)
    return {"title": "Your hand", "items": items}


def panels(state: DevilDogsState, side: str, legal: set[str]) -> list[dict[str, Any]]:
    """The browser's panels: hand, face-down cards, the opponent's counts, the initiative
    track (5.3) and what was revealed this turn (5.5, 5.7)."""
    other = enemy(side)
    mine = [
        {
            "label": f"{sector}: {card_label(state.card(card))}",
            "card": card_view(state.card(card)),
            "note": f"Sector {sector}",
        }
        for sector, card in sorted(state.assigned[side].items())
    ]
    band = pool_band(state)
    track = [
        {"label": f"Track {state.track:+d}: {band['name']}"},
        *[{"label": f"Sector {s}: {c}"} for s, c in state.chits.items()],
        {
            "label": "Battlefield initiative: "
            + (SIDE_NAMES[state.battlefield] if state.battlefield else "not yet decided")
        },
    ]
    revealed = []
    for sector in state.activated:
        for s in SIDES:
            card = state.card(state.assigned[s][sector])
            row = state.row(s, sector)
            revealed.append(
                {
                    "label": f"{sector} {s} {row}: {card_label(card)}",
                    "card": card_view(card),
                    "note": f"Sector {sector}: {SIDE_NAMES[s]}, {row} order",
                }
            )
    revealed += [
        {
            "label": f"{SIDE_NAMES[s]} drew {state.card(c).id} for {why}: "
            f"{state.card(c).deviation_text}"
        }
        for s, c, why in state.drawn
    ]
    return [
        hand_panel(state, side, legal),
        {"title": "Your face-down cards", "items": mine},
        {
            "title": "Opponent",
            "items": [
                {
                    "label": f"{SIDE_NAMES[other]}: "
                    f"{_cards(len(state.assigned[other]))} placed face down"
                },
                {"label": f"{SIDE_NAMES[other]}: {_cards(len(state.hands[other]))} in hand"},
            ],
        },
        {"title": "Initiative track", "items": track},
        {"title": "Revealed this turn", "items": revealed},
        score_panel(state),
    ]


def score_panel(state: DevilDogsState) -> dict[str, Any]:
    """The scenario's turn, victory points and objectives (C4), the replacement points (5.11)
    and the cards left in each deck: what a player reads off the table."""
    items = [
        {"label": f"Turn {state.turn} of {state.sc.turns}"},
        *[{"label": f"{SIDE_NAMES[s]}: {points(state, s)} victory points"} for s in SIDES],
        *[
            {
                "label": f"Objective {o.name} ({state.hex_id(o.hex)}): held by "
                + (SIDE_NAMES.get(state.held[o.hex] or "", "nobody"))
            }
            for o in state.sc.objectives
        ],
        {"label": f"US replacement points left: {state.replacements}"},
        *[{"label": f"{SIDE_NAMES[s]}: {_cards(len(state.decks[s]))} in the deck"} for s in SIDES],
    ]
    return {"title": "Score (C4)", "items": items}


def observation(state: DevilDogsState, side: str) -> dict[str, Any]:
    """Everything ``side`` may know now, as JSON-able data."""
    shared = state.shared_view(side)
    other = enemy(side)
    return {
        **shared,
        "scenario": {"id": state.sc.id, "title": state.sc.title, "turns": state.sc.turns},
        "turn": state.turn,
        "phase": {
            "rule": state.phase,
            "title": PHASES[state.phase][0],
            "index": PHASES[state.phase][1],
        },
        "prompt": prompt_view(state, side),
        "stacks": stacks(state),
        "markers": [{"kind": k, "hex": state.hex_id(h)} for k, h in state.tokens]
        + [{"kind": f"gas {n}", "hex": state.hex_id(h), "side": o} for o, h, n in state.gas],
        "track": state.track,
        "battlefield_initiative": state.battlefield,
        "sectors": [sector_view(state, side, s) for s in state.sc.sectors],
        "hand": [card_view(state.card(c)) for c in state.hands[side]],
        "opponent_hand": len(state.hands[other]),
        # 5.2: cards placed but not committed can still be taken back; the opponent learns
        # only that the cards are down, once they are committed.
        "opponent_placed": len(state.assigned[other]) if other in state.committed else 0,
        "decks": {s: len(state.decks[s]) for s in SIDES},
        "discards": {s: [state.card(c).id for c in state.discard[s]] for s in SIDES},
        "objectives": [
            {
                "hex": state.hex_id(o.hex),
                "kind": f"objective ({state.held[o.hex]})",
                "name": o.name,
                "holder": state.held[o.hex],
            }
            for o in state.sc.objectives
        ],
        "points": {s: points(state, s) for s in SIDES},
        "replacements": state.replacements,
        "casualties": [state.unit(u).id for u in state.casualties],
        # panels: for people; a computer player's view (player_view) leaves them out
        "panels": [] if state.lean_view else panels(state, side, set(shared["legal_actions"])),
    }
