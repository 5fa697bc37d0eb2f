"""A scripted Meuse-Argonne player for either side.

The Allies drive on Sedan: they set up against the Stellung, bombard and breach the trench
hexes they mean to attack, attack wherever the CRT promises more than it risks, advance into
every hex they win and bring their reinforcements up behind. The Germans hold their trench
lines, offer stiff resistance where the works are worth a step, feed reserves and
reinforcements into the gaps nearest the Allied spearheads, and counter-attack only at long
odds. The player reads only its observation, its legal actions, the game's options and the
public components (map and tables); it observes once per phase or attack and keeps its own
record of its moves in between.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from greatwar.core.actions import Action
from greatwar.core.rng import Rng
from greatwar.core.state import State
from greatwar.games.meuse.data import ALLIED, GERMAN, MEUSE, RIVER, WOODS, Components, components
from greatwar.games.meuse.movement import entry_costs
from greatwar.games.meuse.players.routes import (
    SLACK,
    UNIT_DELAY,
    ZOC_DELAY,
    Links,
    Roads,
    links_of,
)
from greatwar.games.meuse.state import MeuseState

# The prompt a list of legal actions belongs to, told by its verbs (most telling first).
PROMPT_OF_VERB = (
    ("place", "setup"),
    ("to", "move"),
    ("stay", "move"),
    ("enter", "reinforce"),
    ("arrive", "arrive"),
    ("bombard", "bombard"),
    ("fire", "bombard"),
    ("accept", "bombard_retreat"),
    ("declare", "attack"),
    ("add", "attack"),
    ("resolve", "shell"),
    ("lost_battalion", "support"),
    ("support", "support"),
    ("lose", "step_loss"),
    ("stiff", "defender_choice"),
    ("downgrade", "defender_choice"),
    ("retreat", "retreat"),
    ("advance", "advance"),
    ("attack", "combat"),
    ("shell", "combat"),
    ("move", "movement"),
    ("rebuild", "movement"),
    ("return", "movement"),
    ("breakdown", "movement"),
)
# What each CRT result is worth to the attacker, in steps gained (digest 7.6).
RESULT_VALUE = {
    "De": 2.5,
    "D3": 1.6,
    "D2": 1.3,
    "D1": 0.9,
    "Ex": 0.2,
    "-": 0.0,
    "A1": -0.2,
    "A2": -0.35,
    "A3": -0.5,
    "(A)": -1.0,
    "Ae": -3.0,
}


@dataclass(frozen=True)
class Weights:
    """How much each consideration counts in the scripted player's choices; a field named for
    one side is read only when playing that side."""

    # where a unit ends its move (digest 5.x, 6.x)
    stay: float = 0.3  # a move must beat staying put by this much
    advance: float = 1.0  # Allies: per hex nearer Sedan (12.1: the Allies win there)
    contact: float = 1.2  # Allies: next to a German unit, to attack it (7.1)
    weak: float = 0.8  # Allies: next to a German unit whose defence is below its attack
    cover: float = 1.5  # per class of the hex's CRT line (digest 7.4, MA 14.2; LINE_DEFENCE)
    woods: float = 0.2  # Allies: woods out of contact, which slow the next move (5.x)
    block: float = 4.0  # Germans: hexes of an open Allied road to Sedan the unit and ZOC close
    reserve: float = 3.0  # Germans: per turn's move away from the shortest road
    garrison: float = 4.0  # Germans: a unit in Sedan itself (12.1: the last door)
    hold: float = 3.0  # Germans: staying in works no Allied unit has got past (MA 14.2)
    threat: float = 0.3  # Germans: what the Allies within reach could expect attacking it (7.6)
    zoc_delay: int = ZOC_DELAY  # Germans: MP a hex of their ZOC costs the Allies' road (6.1)
    unit_delay: int = UNIT_DELAY  # Germans: MP a German unit costs it (attacked out of the way)
    slack: float = SLACK  # Germans: MP within which a longer Allied road still needs closing
    # set-up and reinforcements (MA 11.2, 19.4-19.6)
    front: float = 10.0  # Allies: a set-up hex next to the Stellung
    depth: int = 3  # Germans: hexes from the nearest Allied unit a reserve sets up at
    entry_sedan: float = 0.0  # per hex an entry hex is from Sedan (Allies: nearer is better)
    # combat and bombardment (digest 7.x, 8.x; MA 17.x, 18.x)
    attack: float = 0.6  # least expected worth of an attack, in steps (RESULT_VALUE), to make it
    shell: bool = False  # shell the weakest observed hex when no attack is worth it (8.4)
    breach: float = 0.6  # worth of a bombardment hit on unbreached works (17.6), a step = 1
    stiff: int = 3  # Germans: stiff resistance (7.8) within this many hexes of Sedan
    advance_anywhere: bool = False  # advance after every won combat, not only to retake works

    @classmethod
    def for_side(cls, side: str) -> Weights:
        """The weights each side plays with by default."""
        return GERMAN_WEIGHTS if side == GERMAN else ALLIED_WEIGHTS


ALLIED_WEIGHTS = Weights(
    cover=0.3, entry_sedan=0.5, attack=0.1, shell=True, breach=1.2, advance_anywhere=True
)
GERMAN_WEIGHTS = Weights()
LINE_DEFENCE = {"fortress": 4, "fortification": 3, "stellung": 2, "trench2": 1, "clear": 0}


@dataclass
class Unit:
    """What the observation shows of a unit on the map."""

    id: str
    side: str
    hex: int
    attack: int
    defense: int
    move: int
    depleted: bool
    attacked: bool
    in_supply: bool


@dataclass
class Picture:
    """The board as last observed, updated by the player's own moves."""

    units: dict[str, Unit] = field(default_factory=dict)
    breached: set[int] = field(default_factory=set)
    aircraft: set[int] = field(default_factory=set)
    support: dict[str, list[int]] = field(default_factory=dict)
    turn: int = 0

    by_hex: dict[int, list[Unit]] | None = None  # ``at`` for every hex, built when first asked

    def at(self, hex_index: int) -> list[Unit]:
        if self.by_hex is None:
            self.by_hex = {}
            for u in self.units.values():
                self.by_hex.setdefault(u.hex, []).append(u)
        return list(self.by_hex.get(hex_index, ()))

    def move(self, unit: Unit, hex_index: int) -> None:
        """Record one of the player's own moves."""
        unit.hex = hex_index
        self.by_hex = None

    def hexes(self, side: str) -> set[int]:
        return {u.hex for u in self.units.values() if u.side == side}


def picture_of(observation: dict[str, Any], c: Components) -> Picture:
    """Read the stacks and markers of an observation."""
    index = c.board.grid.index
    pic = Picture(turn=int(observation["turn"]))
    for stack in observation["stacks"]:
        for u in stack["units"]:
            pic.units[u["id"]] = Unit(
                u["id"],
                u["side"],
                index(stack["hex"]),
                u["attack"],
                u["defense"],
                u["move"],
                u["depleted"],
                u["attacked"],
                u["in_supply"],
            )
    for marker in observation["markers"]:
        target = pic.breached if marker["kind"] == "breach" else pic.aircraft
        if marker["kind"] in ("breach", "aircraft"):
            target.add(index(marker["hex"]))
    pic.support = {side: list(m) for side, m in observation["support_markers"].items()}
    return pic


def distance_table(c: Components) -> list[list[int]]:
    """Hexes between every two hexes of the map (built once per process: the map never
    changes, and the player asks for thousands of distances a turn)."""
    if not _DISTANCES:
        grid = c.board.grid
        _DISTANCES.extend([grid.distance(a, b) for b in grid] for a in grid)
    return _DISTANCES


_DISTANCES: list[list[int]] = []


def prompt_kind(legal: Sequence[Action]) -> str:
    """Which Meuse prompt offered these actions ("" when only end or done is left)."""
    verbs = {a.verb for a in legal}
    for verb, kind in PROMPT_OF_VERB:
        if verb in verbs:
            if verb == "retreat" and all(a.args for a in legal if a.verb == "retreat"):
                return "bombard_retreat" if "accept" in verbs else "retreat"
            return kind
    return ""


class MeuseHeuristic:
    """A scripted player for one side of Meuse-Argonne, judging by ``weights`` (default: its
    side's, ``Weights.for_side``)."""

    def __init__(self, side: str, seed: int = 0, weights: Weights | None = None) -> None:
        self.side = side
        self.w = weights or Weights.for_side(side)
        self.enemy = GERMAN if side == ALLIED else ALLIED
        self.rng = Rng(seed, stream=13)
        self.c = components()
        self.grid = self.c.board.grid
        self.distances = distance_table(self.c)
        self.pic = Picture()
        self.last = ""  # the prompt of the last choice: within a movement phase the player
        # keeps its own record of its moves instead of observing again
        self.unit: str | None = None  # the unit whose move or return the player chose
        self.options: dict[str, object] = {}
        self.observation: dict[str, Any] = {}
        self.ply = -1  # the game's action count when this player last chose
        self.links: tuple[Links, Links] = ((), ())  # the Allies' MP per step (digest 5.2)
        self.roads: Roads | None = None  # the Allied roads while a German unit moves

    def choose(self, state: State, side: str) -> Action:
        legal = state.legal_actions(side)
        kind = prompt_kind(legal)
        # Its own record of its moves is good only if nothing else happened since its last
        # choice (a reinforcement arriving on its own, as at 0901 in 19.6, is a new unit).
        own_move_only = state.move_number() == self.ply + 1
        self.ply = state.move_number()
        if len(legal) == 1 or not kind:
            self.ply = -2  # a forced action is not in its record: observe again next time
            return legal[0]
        self.options = dict(state.game.options)
        if not self.links[0] and isinstance(state, MeuseState):
            self.links = links_of(entry_costs(state, ALLIED), self.grid.size)
        moving = ("move", "movement")
        if kind not in moving or self.last not in moving or self.unit is None or not own_move_only:
            # its side's observation, without the log and panels it never reads
            self.observation = state.player_view(side)
            self.pic = picture_of(self.observation, self.c)
        self.last = kind
        chooser = getattr(self, f"choose_{kind}")
        action: Action = chooser(legal)
        return action

    # --- geometry and combat estimates ----------------------------------------------------

    def dist(self, a: int, b: int) -> int:
        return self.distances[a][b]

    def sedan_distance(self, hex_index: int) -> int:
        return self.distances[self.c.sedan][hex_index]

    def hex_of(self, action: Action) -> int:
        return self.grid.index(action.args[-1])

    def noise(self) -> float:
        return self.rng.below(1000) / 100000.0

    def line(self, target: int, defender: str, attackers: Sequence[int] = ()) -> str:
        """The CRT terrain line of an attack (the rules of digest 7.4 and MA 14.2, 18.1)."""
        tables = self.c.tables["crt"]
        by_feature: dict[str, str] = tables["terrain_line"]
        board = self.c.board
        lines = [by_feature[f] for f in board.terrain[target]]
        works = board.works.get(target)
        if works and defender == GERMAN and target not in self.pic.breached:
            lines.append(by_feature[works])
        crossings = [board.water(a, target) for a in attackers]
        if crossings and all(w is not None for w in crossings):
            lines.append(by_feature[MEUSE if all(w == MEUSE for w in crossings) else RIVER])
        order: list[str] = tables["line_order"]
        return min(lines, key=order.index)

    def column(self, line: str, diff: int) -> int:
        headings: list[int] = self.c.tables["crt"]["lines"][line]["headings"]
        position = max(0, sum(1 for h in headings if diff >= h) - 1)
        offset = 0 if self.options.get("crt_alignment", "left") == "left" else 12 - len(headings)
        return offset + position + 1

    def expected(self, line: str, diff: int) -> float:
        """Average worth of the CRT column for the attacker over the six rolls."""
        col = self.column(line, diff)
        rows = self.c.tables["crt"]["results"]
        return sum(RESULT_VALUE[rows[str(r)][col - 1]] for r in range(1, 7)) / 6

    def support_total(self, side: str) -> int:
        cap = int(str(self.options.get("support_cap", 2)))
        markers = sorted(self.pic.support.get(side, []), reverse=True)
        return sum(markers[:cap] if cap else markers)

    def attack_value(self, target: int) -> float:
        """Worth of attacking a hex with every friendly unit next to it that may still attack."""
        attackers = [
            u
            for h in self.grid.neighbors(target)
            for u in self.pic.at(h)
            if u.side == self.side and not u.attacked
        ]
        defenders = self.pic.at(target)
        if not attackers or not defenders:
            return -9.0
        strength = sum(u.attack if u.in_supply else max(1, u.attack // 2) for u in attackers)
        defense = sum(u.defense for u in defenders)
        diff = strength + self.support_total(self.side) - defense - self.support_total(self.enemy)
        line = self.line(target, self.enemy, sorted({u.hex for u in attackers}))
        value = self.expected(line, diff)
        if any(u.depleted for u in defenders):
            value += 0.2  # a depleted defender is one step from elimination
        return value

    def defence_value(self, hex_index: int, side: str) -> int:
        """How strong the hex is for a defender of ``side`` (the CRT lines, digest 7.4)."""
        return LINE_DEFENCE[self.line(hex_index, side)]

    # --- set-up (MA 11.2, 19.4, 19.5) ----------------------------------------------------

    def choose_setup(self, legal: list[Action]) -> Action:
        board = self.c.board
        if self.side == ALLIED:
            # Against the Stellung from the Aire to the Meuse, nearest Sedan first.
            def score(a: Action) -> float:
                h = self.hex_of(a)
                front = any(n in board.stellung for n in self.grid.neighbors(h))
                return self.w.front * front - self.sedan_distance(h) + self.noise()

            return max(legal, key=score)
        allied = self.pic.hexes(ALLIED)
        unit = self.c.counter(legal[0].args[0])
        stellung = all(self.hex_of(a) in board.stellung for a in legal)

        def german_score(a: Action) -> float:
            h = self.hex_of(a)
            threat = sum(
                sum(u.attack for u in self.pic.at(n) if u.side == ALLIED)
                for n in self.grid.neighbors(h)
            )
            if stellung:
                return threat * (unit.full[1] - 5) + self.noise()
            near = min((self.dist(h, x) for x in allied), default=9)
            return -abs(near - self.w.depth) - 0.3 * self.sedan_distance(h) + self.noise()

        return max(legal, key=german_score)

    # --- movement (digest 5.x, 6.x; MA 11.3, 11.6, 19.3, 19.6) -------------------------

    def choose_movement(self, legal: list[Action]) -> Action:
        by_verb: dict[str, list[Action]] = {}
        for action in legal:
            by_verb.setdefault(action.verb, []).append(action)
        if "return" in by_verb:
            self.unit = None  # observe again once the unit is back on the map
            return max(by_verb["return"], key=lambda a: self.c.counter(a.args[0]).full[0])
        if "rebuild" in by_verb:
            self.unit = None
            return max(by_verb["rebuild"], key=lambda a: self.pic.units[a.args[0]].attack)
        if "move" in by_verb:
            move = min(by_verb["move"], key=self.move_order)
            self.unit = move.args[0]
            return move
        return next(a for a in legal if a.verb == "end")

    def move_order(self, action: Action) -> tuple[int, str]:
        """Allies: the units nearest Sedan first; Germans: the units farthest from a fight."""
        unit = self.pic.units[action.args[0]]
        if self.side == ALLIED:
            return self.sedan_distance(unit.hex), unit.id
        enemies = self.pic.hexes(ALLIED)
        near = min((self.dist(unit.hex, h) for h in enemies), default=9)
        return -near, unit.id

    def choose_move(self, legal: list[Action]) -> Action:
        unit = self.pic.units.get(self.unit or "")
        if unit is None:
            return next(a for a in legal if a.verb == "stay")
        score = self.allied_place if self.side == ALLIED else self.german_place
        if self.side == GERMAN and self.links[0]:
            self.roads = self.roads_without(unit)
        here = score(unit, unit.hex) + self.w.stay  # a reason is needed to move at all
        if self.side == GERMAN and self.holds_works(unit):
            here += self.w.hold
        best, best_score = next(a for a in legal if a.verb == "stay"), here
        for action in legal:
            if action.verb == "to":
                value = score(unit, self.hex_of(action)) + self.noise()
                if value > best_score:
                    best, best_score = action, value
        if best.verb == "to":
            self.pic.move(unit, self.hex_of(best))
        return best

    def allied_place(self, unit: Unit, h: int) -> float:
        """Allies: nearer Sedan, in contact with a German unit to attack, in good cover."""
        board = self.c.board
        contact = [
            n for n in self.grid.neighbors(h) if any(u.side == GERMAN for u in self.pic.at(n))
        ]
        weak = any(self.pic.at(n)[0].defense < unit.attack for n in contact)
        w = self.w
        cover = w.cover * self.defence_value(h, ALLIED)
        river = 0.0
        if board.has(h, WOODS) and not contact:
            river -= w.woods  # woods slow the next move
        return (
            -w.advance * self.sedan_distance(h)
            + w.contact * bool(contact)
            + w.weak * weak
            + cover
            + river
        )

    def roads_without(self, unit: Unit) -> Roads:
        """The Allied roads to Sedan through the screen of the other German units."""
        others = frozenset(
            u.hex for u in self.pic.units.values() if u.side == GERMAN and u.id != unit.id
        )
        zoc = frozenset(n for h in others for n in self.grid.neighbors(h))
        delays = (self.w.zoc_delay, self.w.unit_delay)
        allied = self.pic.hexes(ALLIED)
        return Roads(self.links, allied, self.c.sedan, zoc, others, delays, self.w.slack)

    def holds_works(self, unit: Unit) -> bool:
        """An unbreached works hex (MA 14.2) that no Allied unit has got past yet."""
        if unit.hex not in self.c.board.works or unit.hex in self.pic.breached:
            return False
        mine = self.sedan_distance(unit.hex)
        return all(self.sedan_distance(h) >= mine for h in self.pic.hexes(ALLIED))

    def german_place(self, unit: Unit, h: int) -> float:
        """Germans: close the Allied roads to Sedan that the other units leave open (a unit
        and its ZOC on the road), in the best terrain, where the Allies within reach could
        least hurt it; a unit no road needs stays near the shortest one."""
        roads = self.roads
        if roads is None:
            return 0.0
        screened = roads.screened
        block = sum(roads.on_road(n) for n in (h, *self.grid.neighbors(h)) if n not in screened)
        w = self.w
        garrison = w.garrison if h == self.c.sedan else 0.0  # 12.1: the last door
        return (
            garrison
            + w.block * block
            - w.reserve * min(roads.longer(h), 24.0) / 4.0
            + w.cover * self.defence_value(h, GERMAN)
            - w.threat * self.threat(unit, h)
        )

    def threat(self, unit: Unit, h: int) -> float:
        """What the three strongest Allied units within two hexes could expect attacking h."""
        near = sorted(
            (
                u.attack
                for u in self.pic.units.values()
                if u.side == ALLIED and self.dist(u.hex, h) <= 2
            ),
            reverse=True,
        )[:3]
        if not near:
            return 0.0
        return self.expected(self.line(h, GERMAN), sum(near) - unit.defense)

    def choose_reinforce(self, legal: list[Action]) -> Action:
        """The entry hex nearest the fighting (Allies: nearest Sedan as well)."""
        enemies = self.pic.hexes(self.enemy)

        def score(a: Action) -> float:
            h = self.hex_of(a)
            near = min((self.dist(h, e) for e in enemies), default=0)
            return -near - self.w.entry_sedan * self.sedan_distance(h)

        return max(legal, key=score)

    def choose_arrive(self, legal: list[Action]) -> Action:
        places = [a for a in legal if a.verb == "arrive"]
        return self.choose_reinforce(places) if places else legal[-1]

    # --- bombardment (MA 17.x) ----------------------------------------------------------

    def bombard_modifier(self, unit: Unit) -> int:
        spec = self.c.tables["bombardment"]
        table: dict[str, int] = spec["terrain_modifier"]
        board = self.c.board
        values = [table[t] for t in board.terrain[unit.hex]]
        works = board.works.get(unit.hex)
        if works and unit.side == GERMAN and unit.hex not in self.pic.breached:
            values.append(table[works])
        total = max(values)
        if self.side == GERMAN:
            total += int(spec["german_modifier"])
        else:
            total += int(spec["aircraft_modifier"]) * (unit.hex in self.pic.aircraft)
            total += int(spec["gas_modifier"]) * bool(self.observation.get("gas"))
        return total

    def choose_bombard(self, legal: list[Action]) -> Action:
        verbs = {a.verb for a in legal}
        if "gas" in verbs:
            return next(a for a in legal if a.verb == "gas")  # 17.7: nothing is lost by it
        aircraft = [a for a in legal if a.verb == "aircraft"]
        if aircraft:
            best = max(aircraft, key=self.aircraft_value)
            if self.aircraft_value(best) > 0:
                self.pic.aircraft.add(self.hex_of(best))
                return best
        targets = [a for a in legal if a.verb == "bombard"]
        if targets:
            best = max(targets, key=self.bombard_value)
            if self.bombard_value(best) > 0.05:
                return best
        return next(a for a in legal if a.verb == "fire")

    def aircraft_value(self, action: Action) -> float:
        """German units the aircraft would observe that no Allied unit is next to."""
        h = self.hex_of(action)
        allied = self.pic.hexes(ALLIED)
        value = 0.0
        for seen in (h, *self.grid.neighbors(h)):
            for u in self.pic.at(seen):
                adjacent = any(n in allied for n in self.grid.neighbors(seen))
                if u.side == GERMAN and not adjacent:
                    value += 1.0
        if any(u.side == GERMAN for u in self.pic.at(h)):
            value += 0.5  # 17.4: -1 to the roll in the aircraft's own hex
        return value

    def bombard_value(self, action: Action) -> float:
        unit = self.pic.units[action.args[0]]
        chance = max(0.0, min(1.0, (3 - self.bombard_modifier(unit)) / 6))
        worth = 1.5 if unit.depleted else 1.0
        if self.c.board.works.get(unit.hex) and unit.hex not in self.pic.breached:
            worth = self.w.breach  # 17.6 a breach opens the line
        return chance * worth

    def choose_bombard_retreat(self, legal: list[Action]) -> Action:
        """17.5: retreat rather than die; a full unit holding good ground takes the hit."""
        unit = self.pic.units.get(self.observation["prompt"].get("unit", ""))
        hits = int(self.observation["prompt"].get("hits", 1))
        retreats = [a for a in legal if a.verb == "retreat"]
        if unit is None or not retreats:
            return legal[-1]
        dying = unit.depleted or hits >= 2
        if dying or self.defence_value(unit.hex, unit.side) == 0:
            return max(retreats, key=lambda a: self.retreat_score(self.hex_of(a)))
        return next(a for a in legal if a.verb == "accept")

    # --- combat (digest 7.x, 8.x; MA 18.x) -----------------------------------------------

    def choose_combat(self, legal: list[Action]) -> Action:
        threshold = self.w.attack
        attacks = [a for a in legal if a.verb == "attack"]
        if attacks:
            best = max(attacks, key=lambda a: self.attack_value(self.hex_of(a)))
            if self.attack_value(self.hex_of(best)) >= threshold:
                return best
        shells = [a for a in legal if a.verb == "shell"]
        if shells and self.w.shell:  # 8.4: the weakest observed hex, for a step
            return min(shells, key=lambda a: sum(u.defense for u in self.pic.at(self.hex_of(a))))
        return next(a for a in legal if a.verb == "end")

    def choose_attack(self, legal: list[Action]) -> Action:
        adds = [a for a in legal if a.verb == "add"]
        if adds:
            return adds[0]
        return next(a for a in legal if a.verb == "declare")

    def choose_support(self, legal: list[Action]) -> Action:
        verbs = {a.verb for a in legal}
        combat = self.observation.get("combat") or {}
        if "lost_battalion" in verbs and int(combat.get("column", 0)) >= 7:
            return next(a for a in legal if a.verb == "lost_battalion")  # 18.1 when it bites
        supports = [a for a in legal if a.verb == "support"]
        if supports:
            return supports[0]  # the strongest marker first
        return next(a for a in legal if a.verb == "done")

    def choose_shell(self, legal: list[Action]) -> Action:
        supports = [a for a in legal if a.verb == "support"]
        if supports:
            return supports[0]
        return next(a for a in legal if a.verb in ("resolve", "cancel"))

    def choose_step_loss(self, legal: list[Action]) -> Action:
        """Lose the step where it costs least: a full unit, the weakest first."""

        def cost(a: Action) -> tuple[int, int]:
            unit = self.pic.units.get(a.args[0])
            if unit is None:
                return (1, 0)
            return (int(unit.depleted), unit.attack)

        return min(legal, key=cost)

    def choose_defender_choice(self, legal: list[Action]) -> Action:
        """German: stiff resistance (7.8) only close to Sedan; else fall back one hex without
        loss (18.2). Allies: retreat."""
        verbs = {a.verb: a for a in legal}
        target = (self.observation.get("combat") or {}).get("target")
        close = target is not None and self.sedan_distance(self.grid.index(target)) <= self.w.stiff
        if self.side == GERMAN and close and "stiff" in verbs:
            return verbs["stiff"]
        if "downgrade" in verbs:
            return verbs["downgrade"]
        return verbs["retreat"]

    def retreat_score(self, h: int) -> float:
        enemies = self.pic.hexes(self.enemy)
        near = min((self.dist(h, e) for e in enemies), default=9)
        toward = -self.sedan_distance(h) if self.side == GERMAN else self.sedan_distance(h)
        return self.defence_value(h, self.side) + min(near, 3) - 0.1 * toward + self.noise()

    def choose_retreat(self, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: self.retreat_score(self.hex_of(a)))

    def choose_advance(self, legal: list[Action]) -> Action:
        """Allies always take the ground; Germans only to retake works."""
        advances = [a for a in legal if a.verb == "advance"]
        target = (self.observation.get("combat") or {}).get("target")
        if not advances or target is None:
            return next(a for a in legal if a.verb == "done")
        retake = self.c.board.works.get(self.grid.index(target))
        if not self.w.advance_anywhere and not retake:
            return next(a for a in legal if a.verb == "done")
        return max(advances, key=lambda a: self.pic.units[a.args[0]].attack)
