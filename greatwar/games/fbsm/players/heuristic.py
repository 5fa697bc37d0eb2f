"""A scripted FBSM player for either side that plays as the designer's tips advise (12).

The German pushes to the south exit through cover, masses fire for good odds, close-assaults
and advances, and bombards spotted stacks. The US sets up in depth, holds cover, fires at the
best odds, and falls back rather than be bypassed. The player reads only its observation,
its legal actions and the public components; it observes once per phase and then follows
its plan, recording its own moves, so a whole game takes a fraction of a second.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from greatwar.core.actions import Action
from greatwar.core.rng import Rng
from greatwar.core.state import State
from greatwar.games.fbsm.data import GERMAN, US
from greatwar.games.fbsm.players.maps import (
    Board,
    bypass_map,
    corridor_map,
    enemy_layout,
    shoot_map,
    threat_map,
)
from greatwar.games.fbsm.players.picture import (
    Knowledge,
    Picture,
    Unit,
    kill_chance,
    kill_chances,
    knowledge,
    picture,
    picture_of,
)
from greatwar.games.fbsm.players.setup import setup_plan
from greatwar.games.fbsm.players.tactics import (
    Fire,
    Value,
    plan_bombardment,
    plan_fires,
    target_value,
)
from greatwar.games.fbsm.state import FbsmState, hex_mask, mask_hexes
from greatwar.games.fbsm.view import indexed_view

EXIT = "exit"

# The prompt a list of legal actions belongs to, told by its verbs; and the plan it uses.
KIND_OF_VERB = {
    "place": "setup",
    "accept": "rally",
    "enter": "enter",
    "bombard": "bombard",
    "to": "move",
    "stay": "move",
    "move": "movement",
    "add": "fire_group",
    "resolve": "fire_group",
    "cancel": "fire_group",
    "advance": "advance",
    "fire": "fire",
    "heavy_mg": "fire",
}
HANDLERS = {
    "setup": "_setup",
    "rally": "_rally",
    "enter": "_enter",
    "bombard": "_bombard",
    "movement": "_movement",
    "move": "_move",
    "fire": "_fire",
    "fire_group": "_fire_group",
    "advance": "_advance",
}
FAMILY = {
    "setup": "setup",
    "rally": "rally",
    "enter": "enter",
    "bombard": "bombard",
    "movement": "movement",
    "move": "movement",
    "fire": "fire",
    "fire_group": "fire",
    "advance": "fire",
}


@dataclass(frozen=True)
class Weights:
    """How much each consideration counts when choosing where a unit ends its move."""

    progress: float = 1.0  # German: MP nearer the exit (4.3)
    cover: float = 0.5  # defence strength of the hex (10.3; tip 2)
    danger: float = 4.0  # chance of elimination by the enemy's next fire (10.10)
    crowd: float = 0.7  # units already there (tip 1: do not stack)
    assault: float = 1.0  # German: in cover next to an enemy hex, ready to close-assault
    shoot: float = 1.5  # US: expected eliminations from there next fire phase
    bypass: float = 0.6  # US: Germans nearer the exit than this hex (tip 4)
    hold: float = 0.3  # US: the hex it already holds (tip 4: cling to the line)
    block: float = 2.0  # US: on the Germans' shortest ways to the exit (tip 4)
    noise: float = 0.0  # random spread added to every score (0: deterministic)
    # Switches of behaviour, off at their defaults (the US script's set-up, fire and moves):
    standoff: int = 0  # US set-up: forward units at least this many hexes from the riverbank
    depth: float = 0.2  # US set-up: forward platoons' preference per MP nearer the exit (3.3)
    rear_depth: float = 0.4  # US set-up: the rear platoons' (3.4)
    foresight: float = 0.0  # share of an enemy stack's fire counted where it may move and fire
    firepower: float = 0.0  # power of an enemy unit's fire factor in its worth as a target
    economy: float = 0.5  # power of the factors a fire uses in its cost (10.3; 0: ignore cost)

    @classmethod
    def for_side(cls, side: str) -> Weights:
        """The weights each side plays with by default."""
        return GERMAN_WEIGHTS if side == GERMAN else US_WEIGHTS


# Ground maps by (side, weights, what the side sees of the enemy, first turn, event): kept
# for a search's samples of one position, forgotten all at once when full
_GROUND: dict[tuple[object, ...], tuple[float, ...]] = {}
_GROUND_KEPT = 1024

GERMAN_WEIGHTS = Weights(danger=2.0, crowd=3.0)
US_WEIGHTS = Weights(crowd=2.0, block=3.0)


def prompt_kind(legal: Sequence[Action]) -> str:
    """Which FBSM prompt offered these actions ('' when only end/done is left)."""
    for action in legal:
        kind = KIND_OF_VERB.get(action.verb)
        if kind is not None:
            return kind
    return ""


class FbsmHeuristic:
    """The scripted player; ``seed`` drives the spread of scores when ``weights.noise`` > 0."""

    def __init__(self, side: str, seed: int = 0, weights: Weights | None = None) -> None:
        self.side = side
        self.k: Knowledge = knowledge()
        self.w = weights or Weights.for_side(side)
        self.rng = Rng(seed, stream=11)
        self.pic: Picture | None = None
        self.family = ""
        self.last_verb = ""
        self.fires: list[Fire] = []
        self.firing: Fire | None = None
        self.order: list[str] = []
        self.moving: str | None = None
        self.threat: Board = np.zeros(0)  # 8.3: the enemy fire on each hex, for entries
        self.base: Sequence[float] = ()  # per hex: the part of its score that holds this phase
        self.markers: list[tuple[str, int]] = []
        self.heavy_gains: dict[str, float] = {}  # 7.8: unit id -> gain, this fire phase

    # --- the Player protocol ------------------------------------------------------------

    def choose(self, state: State, side: str) -> Action:
        legal = state.legal_actions(side)
        kind = prompt_kind(legal)
        if len(legal) == 1 or not kind:
            action = legal[0] if len(legal) == 1 else _pick(legal, "end", "done")
        else:
            if self._stale(kind):
                self.pic = self._observe(state, side)
                self.family = FAMILY[kind]
                self._plan(kind, legal)
            action = getattr(self, HANDLERS[kind])(legal)
        self.last_verb = action.verb
        return action

    def _observe(self, state: State, side: str) -> Picture:
        """The picture of the side's view: read in indices from an FBSM position (the same
        whitelist as ``player_view``), else parsed from ``player_view``."""
        if isinstance(state, FbsmState):
            return picture_of(indexed_view(state, side), self.k)
        return picture(state.player_view(side), self.k)

    def _stale(self, kind: str) -> bool:
        """A new observation is needed at the start of each phase of this player's (5.3); within
        one, only its own actions happen, and it records them itself. A phase ends with 'end'
        (movement, fire) or 'done' (bombardment); another kind of prompt is another phase."""
        return (
            self.pic is None
            or FAMILY[kind] != self.family
            or self.last_verb == "end"
            or (self.last_verb == "done" and self.family == "bombard")
        )

    def _plan(self, kind: str, legal: Sequence[Action]) -> None:
        p = self._pic()
        if self.family == "movement":
            self._plan_movement(p, legal)
        elif self.family == "fire":
            self._plan_fire(p, legal)
        elif self.family == "bombard":
            self._plan_bombard(p, legal)
        elif self.family == "enter":
            self.threat = threat_map(p, self.k)

    def _pic(self) -> Picture:
        assert self.pic is not None, "the picture is made before any plan"
        return self.pic

    # --- 3. set-up ----------------------------------------------------------------------

    def _setup(self, legal: Sequence[Action]) -> Action:
        """3.2-3.4: the first free hex of the plan for a kind the prompt asks for."""
        offered = {(a.args[0], a.args[1]) for a in legal}
        units = {a.args[0] for a in legal}
        for kind, _zone, hexes in setup_plan(self.w.standoff, self.w.depth, self.w.rear_depth):
            for unit_id in units:
                if self.k.counters[unit_id].kind != kind:
                    continue
                for hex_index in hexes:
                    if (unit_id, self.k.ids[hex_index]) in offered:
                        return Action("place", (unit_id, self.k.ids[hex_index]))
        return legal[0]

    # --- 7. events ----------------------------------------------------------------------

    def _rally(self, legal: Sequence[Action]) -> Action:
        """7.6: accept the once-a-game rally only when the armies are in contact."""
        p = self._pic()
        enemy = [s.hex for s in p.enemy_stacks()]
        contact = any(self.k.distance(u.hex, e) <= 5 for u in p.units.values() for e in enemy)
        return Action("accept") if contact else Action("decline")

    # --- 8. reinforcements --------------------------------------------------------------

    def _enter(self, legal: Sequence[Action]) -> Action:
        """8.3, 7.5, 7.7: the entry hex nearest the exit that the enemy covers least."""
        p, k, w = self._pic(), self.k, self.w
        best: tuple[float, Action] | None = None
        for action in legal:
            h = k.index[action.args[0]]
            danger = kill_chance(self.threat[h], k.defense[h])
            score = -w.progress * k.exit_distance[h] - w.danger * danger
            score -= w.crowd * p.own_count(h)
            if best is None or score > best[0]:
                best = (score, action)
        assert best is not None
        hex_index = k.index[best[1].args[0]]
        p.add_to(hex_index, Unit("?", hex_index, "infantry", 0, 4, 4, False))
        return best[1]

    # --- 11. bombardment ----------------------------------------------------------------

    def _plan_bombard(self, p: Picture, legal: Sequence[Action]) -> None:
        spotted = sorted({self.k.index[a.args[1]] for a in legal if a.verb == "bombard"})
        self.markers = plan_bombardment(p, self.k, spotted, p.markers_left, self._value(p))

    def _bombard(self, legal: Sequence[Action]) -> Action:
        while self.markers:
            kind, target = self.markers.pop(0)
            action = Action("bombard", (kind, self.k.ids[target]))
            if action in legal:
                return action
        return Action("done")

    # --- 9. movement --------------------------------------------------------------------

    def _plan_movement(self, p: Picture, legal: Sequence[Action]) -> None:
        k = self.k
        self.base = self._ground_map(p)
        movable = [a.args[0] for a in legal if a.verb == "move"]
        movable = [u for u in movable if self._may_improve(p.units[u])]
        self.order = sorted(movable, key=lambda u: (k.exit_distance[p.units[u].hex], u))
        self.moving = p.prompt.get("unit") if p.prompt else None

    def _may_improve(self, unit: Unit) -> bool:
        """Whether some hex the unit might reach scores above staying put: the hexes of the
        empty map bound the real choices, and other units only lower a hex's score."""
        p, k = self._pic(), self.k
        allowance = p.movement_factor(k, unit)
        if self.side == GERMAN and k.exit_distance[unit.hex] <= allowance:
            return True  # 4.3: it may be able to step off the south edge and win
        stay = self._score(unit, unit.hex)
        base, here = self.base, unit.hex
        # a loop, not any(): compiled, a generator expression costs more
        for h in k.open_reach(here, allowance, self.side):  # noqa: SIM110
            if base[h] > stay and h != here:
                return True
        return False

    def _movement(self, legal: Sequence[Action]) -> Action:
        """9.1: the next unit of the plan, front units first."""
        offered = {a.args[0] for a in legal if a.verb == "move"}
        while self.order:
            unit_id = self.order.pop(0)
            if unit_id in offered:
                self.moving = unit_id
                return Action("move", (unit_id,))
        return Action("end")

    def _move(self, legal: Sequence[Action]) -> Action:
        """9.1-9.5: the destination that scores best, or stay."""
        p = self._pic()
        unit = p.units.get(self.moving) if self.moving is not None else None
        if unit is None:
            return Action("stay")
        if self.w.noise:
            return self._move_noisy(p, unit, legal)
        # _score inlined: a move offers dozens of destinations, thousands of times a game
        base, stacks, side, index = self.base, p.stacks, self.side, self.k.index
        crowd_weight = self.w.crowd
        here = unit.hex
        best_score = -math.inf
        best = legal[0]
        for action in legal:
            if action.verb == "to":
                target = action.args[0]
                if target == EXIT:
                    return action  # 4.3: the German wins at once
                h = index[target]
            else:
                h = here
            score = base[h]
            stack = stacks.get(h)
            crowd = stack.count if stack is not None and stack.side == side else 0
            if h == here:
                crowd -= 1
                if side == US:
                    score += self.w.hold
            score -= crowd_weight * crowd
            if score > best_score:
                best_score, best = score, action
        if best.verb == "to":
            p.move_unit(unit.id, index[best.args[0]])
        else:
            unit.done = True
        return best

    def _move_noisy(self, p: Picture, unit: Unit, legal: Sequence[Action]) -> Action:
        """``_move`` with the spread of ``weights.noise`` on every score."""
        best: tuple[float, Action] | None = None
        for action in legal:
            if action.verb == "to" and action.args[0] == EXIT:
                return action  # 4.3: the German wins at once
            h = unit.hex if action.verb == "stay" else self.k.index[action.args[0]]
            score = self._score(unit, h)
            if best is None or score > best[0]:
                best = (score, action)
        assert best is not None
        choice = best[1]
        if choice.verb == "to":
            p.move_unit(unit.id, self.k.index[choice.args[0]])
        else:
            unit.done = True
        return choice

    def _score(self, unit: Unit, h: int) -> float:
        """How good ``h`` is for the unit to end its move in (the same scale for staying)."""
        base = self.base[h]
        stack = self._pic().stacks.get(h)
        crowd = stack.count if stack is not None and stack.side == self.side else 0
        if h == unit.hex:
            crowd -= 1
            if self.side == US:
                base += self.w.hold
        score = base - self.w.crowd * crowd
        if self.w.noise:
            score += self.w.noise * self.rng.below(1000) / 1000
        return score

    def _ground_map(self, p: Picture) -> Sequence[float]:
        """Per hex, the part of its score that holds for every unit this phase: cover, the
        danger of the enemy's next fire, and for the German progress and close-assault
        ground, for the US fire, bypass and the Germans' corridor; worked out for the whole
        map at once, each hex by the same operations in the same order. It reads only the
        weights and what the side sees of the enemy (``threat_map``'s reading), so a
        search's samples of one position share it."""
        key = (self.side, self.w, enemy_layout(p.enemy_stacks()), p.turn == 1, p.event)
        known = _GROUND.get(key)
        if known is None:
            if len(_GROUND) >= _GROUND_KEPT:
                _GROUND.clear()
            known = _GROUND[key] = tuple(self._work_out_ground(p))
        return known

    def _work_out_ground(self, p: Picture) -> list[float]:
        k, w = self.k, self.w
        d = k.defense_array
        threat = threat_map(p, k, w.foresight)
        score = w.cover * np.minimum(d, 5) - w.danger * kill_chances(threat, d)
        if self.side == GERMAN:
            score = score - w.progress * k.exit_array
            near_enemy = np.zeros(k.size, dtype=bool)
            enemy = p.enemy_stacks()
            if enemy:  # every enemy stack's neighbours at once
                near_enemy[np.concatenate([k.neighbor_index[s.hex] for s in enemy])] = True
            ground: list[float] = np.where((d >= 3) & near_enemy, score + w.assault, score).tolist()
            return ground
        score = score + (w.shoot * shoot_map(p, k) - w.bypass * bypass_map(p, k))
        ground = (score + w.block * corridor_map(p, k)).tolist()
        return ground

    # --- 10. fire -----------------------------------------------------------------------

    def _plan_fire(self, p: Picture, legal: Sequence[Action]) -> None:
        k = self.k
        targets = [k.index[a.args[0]] for a in legal if a.verb == "fire"]
        ready = [u for u in p.units.values() if not u.done]
        self.fires = plan_fires(p, k, targets, ready, self._value(p), self.w.economy)
        self.heavy_gains = {}
        self.firing = None
        if p.prompt and p.prompt.get("fire"):
            target = k.index[p.prompt["fire"]["target"]]
            self.firing = next((f for f in self.fires if f.target == target), None)

    def _value(self, p: Picture) -> Value:
        """The worth of eliminating one enemy unit in a hex (tactics.target_value), times its
        estimated fire factor (2.5, 6.5) over the average's to the power ``firepower``."""
        value = target_value(p, self.k)
        power = self.w.firepower
        if not power:
            return value
        k = self.k
        average = _average_fire(p.enemy)

        def weighed(target: int) -> float:
            stack = p.stacks.get(target)
            if stack is None or stack.count == 0:
                return value(target)
            fire = p.stack_strength(k, stack) / stack.count
            return value(target) * float((fire / average) ** power)

        return weighed

    def _fire(self, legal: Sequence[Action]) -> Action:
        """10.2: the next planned fire; 7.8 designate a heavy MG first when it helps."""
        heavy = self._heavy_mg(legal)
        if heavy is not None:
            return heavy
        offered = {a.args[0] for a in legal if a.verb == "fire"}
        while self.fires:
            fire = self.fires.pop(0)
            if self.k.ids[fire.target] in offered:
                self.firing = fire
                return Action("fire", (self.k.ids[fire.target],))
        return Action("end")

    def _fire_group(self, legal: Sequence[Action]) -> Action:
        """10.3, 10.4: add the planned firers, then resolve."""
        offered = {a.args[0] for a in legal if a.verb == "add"}
        if self.firing is not None:
            for unit_id in self.firing.firers:
                if unit_id in offered:
                    self._pic().units[unit_id].done = True
                    return Action("add", (unit_id,))
        if Action("resolve") in legal:
            return Action("resolve")
        return Action("cancel")

    def _advance(self, legal: Sequence[Action]) -> Action:
        """10.12: advance into the emptied hex when it is better ground, one unit at a time."""
        p, k = self._pic(), self.k
        target = k.index[p.prompt["target"]] if p.prompt and "target" in p.prompt else None
        if target is None and self.firing is not None:
            target = self.firing.target
        for action in legal:
            if action.verb != "advance" or target is None:
                continue
            unit = p.units.get(action.args[0])
            if unit is None or p.own_count(target) >= 2:
                continue
            if self._better_ground(unit.hex, target):
                p.move_unit(unit.id, target)
                self.heavy_gains = {}  # the picture changed
                return action
        return Action("done")

    def _better_ground(self, here: int, there: int) -> bool:
        """Cover (10.3) or, for the German, a step nearer the exit (4.3)."""
        k = self.k
        if k.defense[there] > k.defense[here]:
            return True
        nearer = k.exit_distance[there] < k.exit_distance[here]
        return self.side == GERMAN and nearer and k.defense[there] >= 2

    def _heavy_mg(self, legal: Sequence[Action]) -> Action | None:
        """7.8: the unit that gains the most targets from a range of 10."""
        p, k = self._pic(), self.k
        candidates = [a.args[0] for a in legal if a.verb == "heavy_mg"]
        if not candidates:
            return None
        targets: int | None = None  # the enemy hexes not fired into (10.5), as a bitmask
        best: tuple[float, str] | None = None
        for unit_id in candidates:
            gain = self.heavy_gains.get(unit_id)
            if gain is None:
                if targets is None:
                    fired = p.fired_into
                    targets = hex_mask(s.hex for s in p.enemy_stacks() if s.hex not in fired)
                gain = self.heavy_gains[unit_id] = self._heavy_gain(p.units[unit_id], targets)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, unit_id)
        if best is None:
            return None
        p.heavy_mg = best[1]
        ready = [u for u in p.units.values() if not u.done]
        targets_now = [k.index[a.args[0]] for a in legal if a.verb == "fire"]
        self.fires = plan_fires(p, k, targets_now, ready, self._value(p), self.w.economy)
        return Action("heavy_mg", (best[1],))

    def _heavy_gain(self, unit: Unit, targets: int) -> float:
        """7.8: the worth of the ``targets`` (a bitmask of hexes) a range of 10 adds for this
        unit, hex by hex in hex order. It holds for the whole fire phase while no unit moves,
        so it is kept until one advances (10.12)."""
        p, k = self._pic(), self.k
        near = k.fire_mask(unit.hex, p.reach(k, unit.range))
        far = k.fire_mask(unit.hex, p.reach(k, unit.range, heavy_mg=True))
        stacks, defense = p.stacks, k.defense
        gain = 0.0
        for t in mask_hexes(far & ~near & targets):
            gain += stacks[t].count / defense[t]
        return gain * unit.fire


@cache
def _average_fire(side: str) -> float:
    """The average printed fire factor of the side's counters (2.5)."""
    fires = [c.fire for c in knowledge().counters.values() if c.side == side]
    return sum(fires) / len(fires)


def _pick(legal: Sequence[Action], *verbs: str) -> Action:
    for action in legal:
        if action.verb in verbs:
            return action
    return legal[0]
