"""A scripted Devil Dogs player for either side.

It scores each card's orders for the sectors where its units and the enemy's stand, puts its
strongest cards where the fighting is, picks the better of the initiative and general orders
once the chits are out (an attacker's orders by how far they close on the objectives it must
take, whether they can seize one left empty, and BAYONETS or ROUT! against an enemy on one),
moves attackers towards the enemy's objectives through cover and defenders onto their
objectives, and aims fire, snipers and barrages at the most damaged or most crowded enemy.
It reads only its observation, its legal actions and the public components (map, cards,
scenarios).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from greatwar.core.actions import Action
from greatwar.core.state import State
from greatwar.games.devildogs.data import (
    GERMAN,
    US,
    Board,
    Card,
    Components,
    Order,
    components,
    enemy,
)

# Rough worth of each keyword when the enemy is close; X adds to it where a keyword has one.
KEYWORD_WORTH = {
    "combat": 2.0,
    "accurate_fire": 2.5,
    "barrage": 2.0,
    "sausage_barrage": 2.5,
    "gas_barrage": 2.0,
    "sniper": 0.8,
    "underfed": 0.9,
    "entrench": 0.8,
    "defensive_fire": 1.2,
    "bayonets": 1.2,
    "hidden_mgs": 0.8,
    "concealment": 0.8,
    "shell_holes": 0.3,
    "hesitation": 0.6,
    "rout": 0.8,
    "rally": 0.4,
    "regroup": 0.4,
    "audacity": 1.0,
    "leadership": 1.2,
    "misdirection": 0.5,
    "reinforcement": 0.5,
}
PER_X = {"combat": 0.6, "sniper": 0.8, "underfed": 0.9, "entrench": 0.8, "rally": 0.4}


@dataclass
class Picture:
    """The battlefield as this side's observation shows it."""

    side: str
    c: Components
    obs: dict[str, Any]
    units: dict[int, dict[str, Any]] = field(default_factory=dict)  # hex -> unit view

    def __post_init__(self) -> None:
        board = self.c.board
        for stack in self.obs["stacks"]:
            self.units[board.hex(stack["hex"])] = stack["units"][0]

    @property
    def board(self) -> Board:
        return self.c.board

    @property
    def attacker(self) -> bool:
        return bool(self.c.scenarios[self.obs["scenario"]["id"]].attacker == self.side)

    def hexes(self, side: str) -> list[int]:
        return [h for h, u in self.units.items() if u["side"] == side]

    def where(self, unit_id: str) -> int:
        return next(h for h, u in self.units.items() if u["id"] == unit_id)

    def in_sector(self, side: str, sector: str) -> list[int]:
        return [h for h in self.hexes(side) if self.board.in_sector(h, sector)]

    def near(self, h: int, side: str, radius: int) -> int:
        grid = self.board.grid
        return sum(1 for o in self.hexes(side) if grid.distance(h, o) <= radius)

    def nearest(self, h: int, targets: Sequence[int]) -> int:
        grid = self.board.grid
        return min((grid.distance(h, t) for t in targets), default=0)

    def to_take(self) -> list[int]:
        """Objectives this side does not hold."""
        board = self.board
        return [board.hex(o["hex"]) for o in self.obs["objectives"] if o["holder"] != self.side]

    def goals(self) -> list[int]:
        """Objectives to take (attacker) or to hold (defender)."""
        board = self.board
        if self.attacker:
            return self.to_take() or self.hexes(enemy(self.side))
        return [board.hex(o["hex"]) for o in self.obs["objectives"] if o["holder"] == self.side]

    def sector_row(self, sector: str, choice: str, side: str) -> str:
        """5.4: which box an order indicator selects given the sector's chit."""
        if choice == "general":
            return "general"
        chit = next(s["chit"] for s in self.obs["sectors"] if s["id"] == sector)
        return "active" if chit == side else "reactive"


def order_score(pic: Picture, order: Order, sector: str, side: str) -> float:
    """How good an order box looks in a sector for ``side`` now."""
    own = pic.in_sector(side, sector)
    foes = pic.in_sector(enemy(side), sector)
    if not own:
        return 0.0
    contact = 1.0 if foes else 0.2
    attacking = pic.c.scenarios[pic.obs["scenario"]["id"]].attacker == side
    if attacking and side == pic.side and pic.to_take():
        move = attack_move_worth(pic, order) + assault_worth(pic, order)
    else:
        move = {
            "ADV": 0.5 * order.n if attacking else -0.4 * order.n,
            "RET": -1.0 if attacking else -0.2 * order.n,
            "REP": 0.3,
            "HOLD": -0.5 if attacking else 0.5,
        }[order.move]
    worth = order.mg * 1.1 * contact + move
    for k in order.keywords:
        worth += (KEYWORD_WORTH[k.name] + PER_X.get(k.name, 0.0) * k.x) * contact
    return worth


# The attacker's own orders: each hex an order closes on the objectives, giving ground, standing
# still while short of them, and an order that can reach an objective left empty. Ties go to
# the defender (3.1), so an attacker that only trades fire loses: taking an objective is worth
# more than any fire an order brings.
CLOSE_IN = 1.5
GIVE_GROUND = 4.0
STAND_SHORT = 3.0
SEIZE = 6.0
# 9 BAYONETS next to an enemy on an objective (it falls back and a company may take its hex),
# 9 ROUT! (the holder falls back if it was hit or pinned this turn)
BAYONETS_ON_HOLDER = 6.0
ROUT_OFF_HOLDER = 2.0


def attack_move_worth(pic: Picture, order: Order) -> float:
    """5.8, 6: an attacker's movement order by how far it lets its companies close on the
    objectives still to take (6.1 stops them next to the enemy anyway)."""
    gap = front_gap(pic)
    moving = order.move in ("ADV", "REP")
    value = CLOSE_IN * min(order.n, gap) if moving else 0.0
    if order.move == "RET":
        value -= GIVE_GROUND
    elif order.move == "HOLD" and gap > 0:
        value -= STAND_SHORT
    if moving and empty_goal_within(pic, order.n):
        value += SEIZE
    return value


COMPANY = ("infantry", "hq")


def companies(pic: Picture, side: str) -> list[int]:
    """Hexes of the side's infantry and HQs (9 BAYONETS: the units that charge)."""
    return [h for h, u in pic.units.items() if u["side"] == side and u["kind"] in COMPANY]


def front_gap(pic: Picture) -> int:
    """How many hexes the nearest company still has to go to stand next to an objective."""
    goals = pic.to_take()
    mine = companies(pic, pic.side)
    if not goals or not mine:
        return 0
    return max(0, min(pic.nearest(h, goals) for h in mine) - 1)


def empty_goal_within(pic: Picture, n: int) -> bool:
    """An objective to take stands empty within ``n`` hexes of a friendly unit (C4: entering
    it takes it); by distance alone, as 6.1 zones of control are judged when moving."""
    grid = pic.board.grid
    empty = [g for g in pic.to_take() if g not in pic.units]
    return any(grid.distance(h, g) <= n for h in pic.hexes(pic.side) for g in empty)


def assault_worth(pic: Picture, order: Order) -> float:
    """9 BAYONETS and ROUT!: what an order's keywords do to drive the enemy off an objective
    the attacker must take."""
    names = {k.name for k in order.keywords}
    holders = [g for g in pic.to_take() if g in pic.units and pic.units[g]["side"] != pic.side]
    if not holders:
        return 0.0
    value = ROUT_OFF_HOLDER if "rout" in names else 0.0
    grid = pic.board.grid
    charging = {h for h in companies(pic, pic.side) if not pic.units[h]["pinned"]}
    if "bayonets" in names and any(n in charging for g in holders for n in grid.neighbors(g)):
        value += BAYONETS_ON_HOLDER
    return value


def card_value(pic: Picture, card: Card, sector: str) -> float:
    """5.2: expected worth before the chits are drawn (initiative or general chosen later)."""
    band = next(
        b for b in pic.c.tables["track"]["pools"] if b["low"] <= pic.obs["track"] <= b["high"]
    )
    own_chance = float(band[pic.side]) / float(band[US] + band[GERMAN] + band["stalemate"])
    general = order_score(pic, card.order("general"), sector, pic.side)
    active = max(order_score(pic, card.order("active"), sector, pic.side), general)
    reactive = max(order_score(pic, card.order("reactive"), sector, pic.side), general)
    return own_chance * active + (1 - own_chance) * reactive


def sector_weight(pic: Picture, sector: str) -> float:
    board = pic.board
    objectives = sum(
        1 for o in pic.obs["objectives"] if board.in_sector(board.hex(o["hex"]), sector)
    )
    return (
        1.0
        + 0.3 * len(pic.in_sector(pic.side, sector))
        + 0.3 * len(pic.in_sector(enemy(pic.side), sector))
        + 0.5 * objectives
    )


class DevilDogsHeuristic:
    """Chooses by prompt: card placement, orders, movement, targets."""

    def __init__(self, side: str, seed: int = 0) -> None:
        self.side = side
        self.seed = seed
        self.c = components()

    def choose(self, state: State, side: str) -> Action:
        legal = state.legal_actions(side)
        if len(legal) == 1:
            return legal[0]
        pic = Picture(side, self.c, state.player_view(side))
        prompt = pic.obs["prompt"]["name"] if pic.obs["prompt"] else ""
        handler = HANDLERS.get(prompt)
        choice = handler(pic, legal) if handler else None
        return choice if choice is not None else legal[0]


Handler = Callable[[Picture, list[Action]], Action | None]


def verb(legal: list[Action], name: str) -> list[Action]:
    return [a for a in legal if a.verb == name]


def best(actions: Sequence[Action], score: Callable[[Action], float]) -> Action | None:
    """The highest-scoring action (first on ties), or None."""
    top: Action | None = None
    top_score = float("-inf")
    for action in actions:
        value = score(action)
        if value > top_score:
            top, top_score = action, value
    return top


# --- cards (5.2, 5.4, 5.6) -------------------------------------------------------------


def on_assign(pic: Picture, legal: list[Action]) -> Action | None:
    if verb(legal, "commit"):
        return verb(legal, "commit")[0]
    return best(
        verb(legal, "assign"),
        lambda a: card_value(pic, pic.c.card(a.args[0]), a.args[1]) * sector_weight(pic, a.args[1]),
    )


def own_card(pic: Picture, sector: str) -> Card | None:
    view = next(s for s in pic.obs["sectors"] if s["id"] == sector)["cards"][pic.side]
    return pic.c.card(view["id"]) if isinstance(view, dict) else None


def on_orders(pic: Picture, legal: list[Action]) -> Action | None:
    if verb(legal, "commit"):
        return verb(legal, "commit")[0]

    def gain(action: Action) -> float:
        sector, choice = action.args
        card = own_card(pic, sector)
        if card is None:
            return 0.0
        mine = order_score(
            pic, card.order(pic.sector_row(sector, choice, pic.side)), sector, pic.side
        )
        other = "general" if choice == "initiative" else "initiative"
        theirs = order_score(
            pic, card.order(pic.sector_row(sector, other, pic.side)), sector, pic.side
        )
        return mine - theirs

    return best(verb(legal, "order"), gain)


def on_activate(pic: Picture, legal: list[Action]) -> Action | None:
    def worth(action: Action) -> float:
        sector = action.args[0]
        card = own_card(pic, sector)
        if card is None:
            return 0.0
        view = next(s for s in pic.obs["sectors"] if s["id"] == sector)
        row = pic.sector_row(sector, view["orders"].get(pic.side) or "initiative", pic.side)
        return order_score(pic, card.order(row), sector, pic.side)

    return best(legal, worth)


# --- movement (5.8, 9) ---------------------------------------------------------------------


def hex_worth(pic: Picture, unit: dict[str, Any], h: int) -> float:
    """Where a unit would like to end a move."""
    board = pic.board
    foe = enemy(pic.side)
    heavy = unit["kind"] in ("mg", "mortar", "gun_pit", "hq")
    # the attacker presses on to the objectives it must take (3.1: ties go to the defender)
    progress = (1.3 if heavy else 2.0) if pic.attacker else 0.4
    value = -progress * pic.nearest(h, pic.goals() or pic.hexes(foe))
    value += 1.2 if board.cover[h] else 0.0
    if any(board.hex(o["hex"]) == h for o in pic.obs["objectives"]):
        value += 3.0
    close = pic.near(h, foe, 1)
    if unit["kind"] == "hq":
        value -= 2.0 * close
    elif not board.cover[h]:
        value -= 0.4 * pic.near(h, foe, 2)
    elif pic.attacker and not heavy:
        value += 0.5 * min(close, 1)
    return value


def move_choice(pic: Picture, unit_id: str, actions: list[Action]) -> Action | None:
    """The unit's best move, if it beats staying (or if it may not stay)."""
    here = pic.where(unit_id)
    unit = pic.units[here]
    moves = verb(actions, "move") + verb(actions, "retreat")
    target = best(moves, lambda a: hex_worth(pic, unit, pic.board.hex(a.args[1])))
    if target is None:
        return None
    gain = hex_worth(pic, unit, pic.board.hex(target.args[1])) - hex_worth(pic, unit, here)
    refuse = verb(actions, "refuse")
    if refuse and not unit["pinned"] and gain < -1.5:
        return refuse[0]  # 8: better a pin than giving up an objective or cover
    return target if not verb(actions, "stay") or gain > 0.1 else None


def on_move(pic: Picture, legal: list[Action]) -> Action | None:
    by_unit: dict[str, list[Action]] = {}
    for action in legal:
        if action.args:
            by_unit.setdefault(action.args[0], []).append(action)
    for unit_id, actions in by_unit.items():
        choice = move_choice(pic, unit_id, actions)
        if choice is not None:
            return choice
    done = verb(legal, "done") or verb(legal, "stay")
    return done[0] if done else None


def on_retreat(pic: Picture, legal: list[Action]) -> Action | None:
    def worth(action: Action) -> float:
        h = pic.board.hex(action.args[1])
        return (1.5 if pic.board.cover[h] else 0.0) - pic.near(h, enemy(pic.side), 2)

    moves = verb(legal, "retreat")
    return best(moves, worth) or legal[0]


def on_advance(pic: Picture, legal: list[Action]) -> Action | None:
    """Into an objective the side must take, else into cover (BAYONETS, 9)."""
    board = pic.board
    advances = verb(legal, "advance")
    goals = set(pic.goals()) if pic.attacker else set()
    taking = [a for a in advances if board.hex(a.args[1]) in goals]
    good = taking or [a for a in advances if board.cover[board.hex(a.args[1])]]
    return good[0] if good else verb(legal, "done")[0]


# --- fire and effects (5.5, 7, 9) -------------------------------------------------------


def damage_worth(unit: dict[str, Any]) -> float:
    """An enemy unit's worth as a target: near death first, HQs and MGs next."""
    near_death = float(unit["lost"]) / float(unit["steps"])
    kind = {"hq": 0.6, "mg": 0.4, "mortar": 0.3, "gun_pit": 0.3}.get(unit["kind"], 0.0)
    return near_death + kind + (0.2 if unit["pinned"] else 0.0)


def on_pick(pic: Picture, legal: list[Action]) -> Action | None:
    holding = set(pic.goals()) if pic.attacker else set()  # enemies on objectives to take

    def worth(action: Action) -> float:
        h = pic.where(action.args[0])
        unit = pic.units[h]
        if action.verb in ("hit", "snipe"):
            value = damage_worth(unit) + (1.5 if h in holding else 0.0)
            return value - (1.0 if action.verb == "snipe" and unit["pinned"] else 0)
        token = action.args[1] if len(action.args) > 1 else ""
        lost = float(unit["lost"])
        return lost + (0.5 if unit["pinned"] else 0.0) + (1.0 if token == "falter" else 0.0)

    return best(legal, worth)


def blast(pic: Picture, h: int | None) -> float:
    """Enemy units (the more damaged, or holding an objective to take, the better) minus
    (heavily weighted) friends under or next to a token."""
    if h is None:
        return 0.0
    area = [h, *pic.board.grid.neighbors(h)]
    holding = set(pic.goals()) if pic.attacker else set()
    score = 0.0
    for x in area:
        unit = pic.units.get(x)
        if unit is None:
            continue
        if unit["side"] == pic.side:
            score -= 2.5
        else:
            score += 1.5 + float(unit["lost"]) / float(unit["steps"])
            score += 1.5 if x in holding else 0.0
    return score


def on_mortar(pic: Picture, legal: list[Action]) -> Action | None:
    def worth(action: Action) -> float:
        h = pic.board.hex(action.args[1])
        unit = pic.units.get(h)
        value = 0.0
        if unit is not None and unit["side"] != pic.side:
            value += 2.0 + (1.0 if unit["pinned"] else 0.0)
        return value - 2.5 * pic.near(h, pic.side, 1)

    return best(legal, worth)


def on_barrage(pic: Picture, legal: list[Action]) -> Action | None:
    return best(legal, lambda a: blast(pic, pic.board.hex(a.args[0])))


def on_direction(pic: Picture, legal: list[Action]) -> Action | None:
    first = pic.board.hex(pic.obs["prompt"]["first"])

    def worth(action: Action) -> float:
        grid = pic.board.grid
        h: int | None = first
        for _ in range(2):
            h = grid.neighbor(h, action.args[0]) if h is not None else None
        return blast(pic, h)

    return best(legal, worth)


def on_leadership(pic: Picture, legal: list[Action]) -> Action | None:
    def worth(action: Action) -> float:
        x = int(action.args[1]) if len(action.args) > 1 else 0
        return KEYWORD_WORTH.get(action.args[0], 0.0) + PER_X.get(action.args[0], 0.0) * x

    return best(legal, worth)


def on_misdirection(pic: Picture, legal: list[Action]) -> Action | None:
    foe = enemy(pic.side)
    for action in verb(legal, "peek"):
        view = next(s for s in pic.obs["sectors"] if s["id"] == action.args[0])
        if view["chit"] == foe and view["orders"].get(foe) == "initiative":
            return action
    return (verb(legal, "peek") or verb(legal, "scout"))[0]


def foe_row_value(pic: Picture, card_view: dict[str, Any], sector: str) -> float:
    foe = enemy(pic.side)
    view = next(s for s in pic.obs["sectors"] if s["id"] == sector)
    row = pic.sector_row(sector, view["orders"].get(foe) or "initiative", foe)
    return order_score(pic, pic.c.card(card_view["id"]).order(row), sector, foe)


def on_swap(pic: Picture, legal: list[Action]) -> Action | None:
    seen, reserve = pic.obs["prompt"]["cards"]
    sector = pic.obs["prompt"]["sector"]
    if foe_row_value(pic, reserve, sector) < foe_row_value(pic, seen, sector):
        return Action("swap")
    return Action("keep")


def on_bottom(pic: Picture, legal: list[Action]) -> Action | None:
    for action in verb(legal, "bottom"):
        card = pic.c.card(action.args[0])
        if any(
            k.name in ("combat", "barrage", "gas_barrage") and k.x != 1
            for k in card.order("active").keywords
        ):
            return action
    return verb(legal, "done")[0]


def on_reinforce(pic: Picture, legal: list[Action]) -> Action | None:
    for name in ("reconstitute", "hasten", "delay"):
        if verb(legal, name):
            return verb(legal, name)[0]
    return None


def far_from_enemy(pic: Picture, legal: list[Action]) -> Action | None:
    return best(legal, lambda a: pic.nearest(pic.board.hex(a.args[-1]), pic.hexes(enemy(pic.side))))


def on_replace(pic: Picture, legal: list[Action]) -> Action | None:
    options = verb(legal, "replace")
    return best(options, lambda a: pic.units[pic.where(a.args[0])]["lost"]) or legal[-1]


def on_deploy(pic: Picture, legal: list[Action]) -> Action | None:
    foes = pic.hexes(enemy(pic.side))

    def worth(action: Action) -> float:
        h = pic.board.hex(action.args[1])
        return (1.0 if pic.board.cover[h] else 0.0) - 0.3 * pic.nearest(h, foes)

    return best(legal, worth)


HANDLERS: dict[str, Handler] = {
    "assign": on_assign,
    "orders": on_orders,
    "activate": on_activate,
    "move": on_move,
    "retreat": on_retreat,
    "advance": on_advance,
    "pick": on_pick,
    "mortar": on_mortar,
    "barrage": on_barrage,
    "barrage_direction": on_direction,
    "leadership": on_leadership,
    "misdirection": on_misdirection,
    "misdirect_swap": on_swap,
    "misdirect_bottom": on_bottom,
    "reinforce": on_reinforce,
    "reorganise": far_from_enemy,
    "replace": on_replace,
    "deploy": on_deploy,
}
