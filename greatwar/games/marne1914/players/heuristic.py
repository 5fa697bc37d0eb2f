"""The scripted Miracle on the Marne player, for either side.

It reads only its observation, its legal actions and the public components (map and
tables). It sets every HQ it can to Offensive mode (Regroup for a corps out of contact with
reduced units to recover), presses toward the nearest town, city or enemy stack, keeps one
unit in each town it holds and sends one to each empty town of its own an enemy unit could
reach, brings artillery to two hexes of the enemy, attacks where its total is well above the
enemy's visible stack with the units of one army and not across a river while others can
attack, fires every defense factor, and prefers retreat to step losses. Its judgements are
the fields of ``Weights``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from greatwar.core.actions import Action
from greatwar.core.rng import Rng
from greatwar.core.state import State
from greatwar.games.marne1914.data import OFFENSIVE, components
from greatwar.hexes import distance_table

VALUE = {"paris": 10, "city": 3, "town": 1}  # 14 A-C: victory points of Paris, a city, a town
FAR = 99  # the distance to the nearest of no sources


@dataclass(frozen=True)
class Weights:
    """The scripted player's judgements: where units go, when they attack, which mode."""

    goal_bonus: float = 4.0  # per victory point (14) of an untaken goal a unit moves into
    attack_ratio: float = 1.3  # attack when our total is this much above the estimated defense
    town_ratio: float = 1.0  # ... or this much, against a town, city or Paris hex (14)
    factors_per_counter: float = 3.0  # estimated defense of an unseen enemy counter (8.1.5)
    unknown_defense: float = 10.0  # estimated defense of a stack whose combat units are unseen
    threat: int = 6  # an empty town this near an enemy unit needs a garrison (14)
    garrison: bool = True  # one combat unit stays in each town, city or Paris hex held (14)
    hold_contact: bool = True  # a unit next to the enemy stays there to attack (9.4.2)
    artillery_range: int = 2  # the distance from the enemy artillery moves to (9.3)
    artillery_pull: float = 0.1  # artillery: weight of the distance to the goals
    hq_contact: int = 3  # an HQ keeps up to this far from the enemy (9.9 displacement)
    regroup_distance: int = 2  # a corps this far from the enemy may regroup (5.1.4) ...
    regroup_reduced: int = 2  # ... when it has this many reduced units to recover (12.1)
    first: bool = True  # take the first player turn (6.2), except on the last turn
    one_army: bool = True  # attack with the units of one army only (9.7.2 H: two armies +3)
    dry: bool = True  # not across a river while others can attack (9.7.2 E, F)
    hold_towns: bool = True  # pay steps, not retreat, to hold a valued hex (9.6.2, 14)
    defend_ratio: float = 0.0  # Defensive mode (5.1.2) for a corps in contact whose attack is
    # below this times the enemy's estimated defense there (0: never; large: always)
    transfer_distance: int = 0  # Transfer mode (5.1.3) for a corps this far from the enemy
    # (0: never)
    second_from: int = 0  # the turn from which it takes the second player turn (6.2);
    # 0: the last turn only

    @classmethod
    def for_side(cls, side: str) -> Weights:
        """The weights each side plays with by default (today both sides play the same)."""
        return DEFAULT_WEIGHTS


DEFAULT_WEIGHTS = Weights()


class MarneHeuristic:
    """A scripted player for one side, playing with ``weights`` (default: the side's own)."""

    def __init__(self, side: str, seed: int = 0, weights: Weights | None = None) -> None:
        self.side = side
        self.w = weights or Weights.for_side(side)
        self.rng = Rng(seed, stream=31)
        self.c = components()
        self.grid = self.c.board.grid
        self._obs_key: tuple[int, str, int] | None = None
        self._obs: dict[str, Any] = {}
        self.stayed: set[str] = set()  # units told to stay this phase
        self.declined: set[str] = set()  # targets looked at and passed over this phase
        self._pic_key: tuple[int, str, int] | None = None
        self._pic: dict[str, Any] = {}
        self.unit = ""  # the unit being moved

    # --- what the side knows ------------------------------------------------------------

    def observe(self, state: State, fresh: bool = False) -> dict[str, Any]:
        """The observation, read again only when the phase changes (or when asked)."""
        key = (state.turn, state.phase, state.player_turn)  # type: ignore[attr-defined]
        if fresh or key != self._obs_key:
            if key != self._obs_key:
                self.stayed.clear()
                self.declined.clear()
            self._obs_key = key
            self._obs = state.player_view(self.side)
        return self._obs

    def picture(self, obs: dict[str, Any]) -> dict[str, Any]:
        idx = self.grid.index
        mine: dict[int, list[dict[str, Any]]] = {}
        enemy: dict[int, int] = {}
        for stack in obs["stacks"]:
            h = idx(stack["hex"])
            if stack["side"] == self.side:
                mine[h] = stack["units"]
            else:
                enemy[h] = sum(1 for u in stack["units"] if u["kind"] != "hq") and stack["count"]
        goals = [idx(c["hex"]) for c in obs["control"] if c["holder"] != self.side]
        held = {idx(c["hex"]) for c in obs["control"] if c["holder"] == self.side}
        goals += [h for h, n in enemy.items() if n]
        enemy_dist = self.spread(list(enemy))
        # our empty towns and cities within an enemy unit's reach: go and hold them (14)
        threatened = {
            h
            for h in held
            if h not in mine and enemy_dist[h] <= self.w.threat and self.c.board.value[h] != "paris"
        }
        goals += threatened
        return {
            "mine": mine,
            "enemy": enemy,
            "goals": set(goals),
            "held": held,
            "threatened": threatened,
            "goal_dist": self.spread(goals),
            "enemy_dist": enemy_dist,
        }

    def spread(self, sources: list[int]) -> list[int]:
        """Hex distance from each hex to the nearest source (FAR without one): the least of
        the sources' rows of the distance table (the map has no holes: these are steps)."""
        if not sources:
            return [FAR] * self.grid.size
        nearest: list[int] = distance_table(self.grid).take(sources, axis=0).min(axis=0).tolist()
        return nearest

    def current(self, state: State) -> dict[str, Any]:
        """The picture of this phase, kept up to date with our own moves."""
        key = (state.turn, state.phase, state.player_turn)  # type: ignore[attr-defined]
        if key != self._pic_key:
            self._pic_key = key
            self._pic = self.picture(self.observe(state, fresh=True))
        return self._pic

    def moved(self, unit: str, to: int) -> None:
        pic = self._pic
        here = self.where(pic, unit)
        if here is None:
            return
        view = next(u for u in pic["mine"][here] if u["id"] == unit)
        for key in [k for k in pic if k.startswith("corps ")]:
            del pic[key]
        pic["mine"][here] = [u for u in pic["mine"][here] if u["id"] != unit]
        pic["mine"].setdefault(to, []).append(view)
        if to in pic["threatened"] and view["kind"] != "hq":
            pic["threatened"].discard(to)  # garrisoned: the others go elsewhere
            pic["goals"].discard(to)
            pic["goal_dist"] = self.spread(list(pic["goals"]))

    # --- choosing -------------------------------------------------------------------------

    def choose(self, state: State, side: str) -> Action:
        legal = state.legal_actions(side)
        if len(legal) == 1:
            return legal[0]
        name = state.stack[-1]["p"]
        method = getattr(self, f"on_{name}", None)
        if method is not None:
            action: Action | None = method(state, legal)
            if action is not None:
                return action
        return legal[0]

    def find(self, legal: list[Action], verb: str) -> Action | None:
        return next((a for a in legal if a.verb == verb), None)

    def on_setup(self, state: State, legal: list[Action]) -> Action | None:
        return self.find(legal, "standard")

    def on_modes(self, state: State, legal: list[Action]) -> Action | None:
        """5.2: each HQ's mode (see ``wanted_modes``); Defensive where the wanted mode is
        barred (5.2.6 from Regroup, 11.2.3 out of supply)."""
        obs = self.observe(state, fresh=True)
        want: dict[str, str] = {}
        cut: set[str] = set()
        for item in obs["panels"][0]["items"]:
            hq, _, rest = item["label"].partition(": ")
            want[hq] = rest.split(" ")[0]
            if "out of supply" in rest:
                cut.add(hq)  # 11.2.3: no Offensive mode
        desired = {hq: OFFENSIVE for hq in want} | self.wanted_modes(obs)
        for hq in cut:
            if desired.get(hq) == OFFENSIVE:
                desired[hq] = "defensive"
        offered = {(a.args[0], a.args[1]): a for a in legal if a.verb == "mode"}
        for hq, mode in desired.items():
            if want.get(hq) == mode:
                continue
            action = offered.get((hq, mode))
            if action is None and want.get(hq) not in (mode, "defensive"):
                action = offered.get((hq, "defensive"))  # 5.2.6, 11.2.3
            if action is not None:
                return action
        return self.find(legal, "commit")

    def wanted_modes(self, obs: dict[str, Any]) -> dict[str, str]:
        """Offensive, but Regroup (5.1.4: recovery, 12.1) for a corps out of contact with
        two or more reduced units; and, when the weights ask for them, Defensive (5.1.2)
        for one in contact that is weaker than the enemy next to it, Transfer (5.1.3) for
        one far from the enemy."""
        pic = self.picture(obs)
        near: dict[int, int] = pic["enemy_dist"]
        corps: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for h, units in pic["mine"].items():
            for u in units:
                corps.setdefault(u["hq"], []).append((h, u))
        out: dict[str, str] = {}
        for hq, units in corps.items():
            combat = [(h, u) for h, u in units if u["kind"] != "hq"]
            if not combat:
                out[hq] = OFFENSIVE
                continue
            contact = min(near[h] for h, _ in combat)
            reduced = sum(1 for _, u in combat if u["reduced"] and u["kind"] != "artillery")
            if contact > self.w.regroup_distance and reduced >= self.w.regroup_reduced:
                out[hq] = "regroup"
            elif contact <= 1 and self.outmatched(pic, combat):
                out[hq] = "defensive"
            elif 0 < self.w.transfer_distance <= contact:
                out[hq] = "transfer"
            else:
                out[hq] = OFFENSIVE
        return out

    def outmatched(self, pic: dict[str, Any], combat: list[tuple[int, dict[str, Any]]]) -> bool:
        """Whether the corps' attack in contact falls short of ``defend_ratio`` times the
        estimated defense of the enemy stacks next to it (8.1.5)."""
        if self.w.defend_ratio <= 0:
            return False
        enemy: dict[int, int] = pic["enemy"]
        ours, theirs = 0, set()
        for h, u in combat:
            near = [n for n in self.grid.neighbors(h) if n in enemy]
            if near:
                ours += u["attack"]
                theirs.update(near)
        estimate = sum(
            enemy[n] * self.w.factors_per_counter or self.w.unknown_defense for n in theirs
        )
        return ours < self.w.defend_ratio * estimate

    def on_cc_note(self, state: State, legal: list[Action]) -> Action | None:
        obs = self.observe(state, fresh=True)
        modes = {
            i["label"].partition(": ")[0]: i["label"].partition(": ")[2].split(" ")[0]
            for i in obs["panels"][0]["items"]
        }
        for action in legal:
            if action.verb == "note" and modes.get(action.args[0]) != OFFENSIVE:
                return action
        return self.find(legal, "commit")

    def on_order(self, state: State, legal: list[Action]) -> Action | None:
        """6.2: go first, but second on the last turn (the enemy cannot answer the last
        moves before victory is counted, 14)."""
        obs = self.observe(state, fresh=True)
        last = len(self.c.tables["turns"]["dates"])
        first = self.w.first and obs["turn"] < (self.w.second_from or last)
        return self.find(legal, "first" if first else "second")

    # --- movement -------------------------------------------------------------------------

    def on_movement(self, state: State, legal: list[Action]) -> Action | None:
        self.observe(state)
        pic = self.current(state)
        for verb in ("recover", "rebuild"):
            found = self.find(legal, verb)
            if found is not None:
                return found
        for action in legal:
            if action.verb == "rally" and not action.args[0].endswith("-A"):
                return action
        garrisons = {h for h in pic["held"] if h in pic["mine"]}
        kept: set[int] = set()
        for action in legal:
            if action.verb != "move" or action.args[0] in self.stayed:
                continue
            unit = action.args[0]
            here = self.where(pic, unit)
            if here is None:
                continue
            hq = unit.endswith("-HQ")
            if self.w.garrison and here in garrisons and here not in kept and not hq:
                kept.add(here)
                self.stayed.add(unit)  # one unit holds each town (14)
                continue
            contact = any(n in pic["enemy"] for n in self.grid.neighbors(here))
            if self.w.hold_contact and contact and not hq:
                self.stayed.add(unit)  # already in contact: attack from here
                continue
            self.unit = unit
            return action
        return self.find(legal, "end")

    def where(self, pic: dict[str, Any], unit: str) -> int | None:
        mine: dict[int, list[dict[str, Any]]] = pic["mine"]
        for h, units in mine.items():
            if any(u["id"] == unit for u in units):
                return h
        return None

    def score(self, pic: dict[str, Any], unit: str, h: int) -> float:
        enemy = pic["enemy"]
        near: int = pic["enemy_dist"][h]
        if unit.endswith("-HQ"):
            spots = self.corps_hexes(pic, unit[:-3])
            spread = sum(self.grid.distance(h, x) for x in spots) / max(1, len(spots))
            return -spread + min(near, self.w.hq_contact)
        if unit.endswith("-A"):
            away = abs(near - self.w.artillery_range)
            return -away * 2 - self.w.artillery_pull * self.goal_distance(pic, h)
        worth = VALUE.get(self.c.board.value[h], 0)
        bonus = worth * self.w.goal_bonus if h in pic["goals"] and h not in enemy else 0
        return bonus - self.goal_distance(pic, h)

    def corps_hexes(self, pic: dict[str, Any], corps: str) -> list[int]:
        """Hexes holding the corps' combat units (kept for the phase)."""
        key = f"corps {corps}"
        if key not in pic:
            pic[key] = [
                x
                for x, us in pic["mine"].items()
                if any(u["id"].startswith(corps + "-") and u["kind"] != "hq" for u in us)
            ]
        hexes: list[int] = pic[key]
        return hexes

    def goal_distance(self, pic: dict[str, Any], h: int) -> int:
        distance: int = pic["goal_dist"][h]
        return distance

    def pick_hex(self, state: State, legal: list[Action], unit: str) -> Action | None:
        pic = self.current(state)
        here = self.where(pic, unit)
        options = [a for a in legal if a.verb == "to"]
        if not options:
            return None
        best = max(options, key=lambda a: self.score(pic, unit, self.grid.index(a.args[0])))
        if here is not None and self.score(pic, unit, here) >= self.score(
            pic, unit, self.grid.index(best.args[0])
        ):
            self.stayed.add(unit)
            return self.find(legal, "stay") or self.find(legal, "back")
        self.moved(unit, self.grid.index(best.args[0]))
        return best

    def on_move(self, state: State, legal: list[Action]) -> Action | None:
        return self.pick_hex(state, legal, self.unit)

    def on_rail_to(self, state: State, legal: list[Action]) -> Action | None:
        return self.on_move(state, legal)

    def on_reinforce(self, state: State, legal: list[Action]) -> Action | None:
        action = self.find(legal, "enter")
        if action is not None:
            self.unit = action.args[0]
            return action
        return self.find(legal, "done")

    def on_arrive(self, state: State, legal: list[Action]) -> Action | None:
        pic = self.current(state)
        options = [a for a in legal if a.verb == "to"]
        best = max(options, key=lambda a: self.score(pic, self.unit, self.grid.index(a.args[0])))
        self._pic_key = None  # the newcomer is not in the picture yet
        return best

    # --- combat ---------------------------------------------------------------------------

    def on_bombardment(self, state: State, legal: list[Action]) -> Action | None:
        return self.find(legal, "bombard") or self.find(legal, "end")

    def on_bombard_with(self, state: State, legal: list[Action]) -> Action | None:
        frame = state.stack[-1]
        used = {u for u in frame["shares"]}
        for action in legal:
            if action.verb == "add" and str(self.c.by_id[action.args[0]].index) not in used:
                return action  # the first offer of a unit is its whole factor left
        return self.find(legal, "fire")

    def on_combat(self, state: State, legal: list[Action]) -> Action | None:
        obs = self.observe(state, fresh=True)
        pic = self.picture(obs)
        attacks = [a for a in legal if a.verb == "attack"]
        if self.find(legal, "end") is None:
            return attacks[0]  # 9.6.2 forced
        for action in attacks:
            if action.args[0] in self.declined:
                continue
            target = self.grid.index(action.args[0])
            seen = pic["enemy"].get(target, 0) * self.w.factors_per_counter
            defense = seen or self.w.unknown_defense
            strength = self.strength_around(pic, target)
            valued = self.c.board.value[target] != ""
            ratio = min(self.w.town_ratio, self.w.attack_ratio) if valued else self.w.attack_ratio
            if strength >= ratio * defense:
                return action
            self.declined.add(action.args[0])
        return self.find(legal, "end")

    def strength_around(self, pic: dict[str, Any], target: int) -> int:
        total = 0
        for h in self.grid.neighbors(target):
            for u in pic["mine"].get(h, []):
                if (
                    u["kind"] != "hq"
                    and u["mode"] in (OFFENSIVE,)
                    and u["in_supply"]
                    and not u["done"]
                ):
                    total += max(
                        0, u["attack"] - (2 if u["disrupted"] and u["kind"] != "artillery" else 0)
                    )
        return total

    def on_declare(self, state: State, legal: list[Action]) -> Action | None:
        """9.2.1: the units of one army (9.7.2 H: two armies +3), not across a river while
        others can attack (9.7.2 E, F: Defense Fire -2, -3)."""
        frame = state.stack[-1]
        target: int = frame["target"]
        chosen = [self.c.counters[u] for u in frame["units"]]
        adds = [self.c.by_id[a.args[0]] for a in legal if a.verb == "add"]
        where = state.where  # type: ignore[attr-defined]
        board = self.c.board

        def dry(counter: Any) -> bool:
            return not self.w.dry or not board.is_river(where[counter.index], target)

        if not chosen and any(dry(c) for c in adds):
            adds = [c for c in adds if dry(c)]
        armies = {c.army for c in chosen} or {c.army for c in adds[:1]}
        fit = [c for c in adds if c.army in armies or not self.w.one_army]
        if any(dry(c) for c in chosen + fit):
            fit = [c for c in fit if dry(c)]
        if fit:
            pick = fit[0].id  # (fit keeps to the armies already chosen)
            return next(a for a in legal if a.verb == "add" and a.args[0] == pick)
        return self.find(legal, "declare") or self.find(legal, "add")

    def on_defense_fire(self, state: State, legal: list[Action]) -> Action | None:
        return self.find(legal, "fire") or self.find(legal, "resolve")

    def on_counter(self, state: State, legal: list[Action]) -> Action | None:
        return self.find(legal, "counter")

    def on_split(self, state: State, legal: list[Action]) -> Action | None:
        """9.6.2: fewest steps and the longest retreat, but a town, city or Paris hex is held
        with steps when its units can pay them all and still stand (14)."""
        frame = state.stack[-1]
        at: int = frame["at"]
        if self.w.hold_towns and self.c.board.value[at] and at >= 0:
            obs = self.observe(state, fresh=True)
            here = next((s for s in obs["stacks"] if self.grid.index(s["hex"]) == at), None)
            units = [] if here is None else [u for u in here["units"] if u["kind"] != "hq"]
            steps = sum(self.c.by_id[u["id"]].steps - (1 if u["reduced"] else 0) for u in units)
            if steps > int(frame["n"]):
                return legal[-1]  # every step, no retreat
        return legal[0]  # fewest steps, longest retreat

    def on_advance(self, state: State, legal: list[Action]) -> Action | None:
        return self.find(legal, "advance") or self.find(legal, "stop")

    def on_reinforce_done(self, state: State, legal: list[Action]) -> Action | None:
        return None

    # --- owner's choices of 9.8.2 and 9.9 -------------------------------------------------

    def on_retreat_loss(self, state: State, legal: list[Action]) -> Action | None:
        """9.8.2: the unit with the most steps left loses one (no unit eliminated if any can
        avoid it), the first in counter order among equals."""
        steps = {
            u["id"]: 1 if u["reduced"] else self.c.by_id[u["id"]].steps
            for stack in self.observe(state, fresh=True)["stacks"]
            for u in stack["units"]
            if stack["side"] == self.side
        }
        return max(legal, key=lambda a: (steps.get(a.args[0], 0), -self.c.by_id[a.args[0]].index))

    def on_hq_retreat(self, state: State, legal: list[Action]) -> Action | None:
        """9.9: the refuge the HQ's own movement would prefer (near its corps)."""
        unit: str = self.observe(state, fresh=True)["prompt"]["unit"]
        pic = self.current(state)
        return max(legal, key=lambda a: self.score(pic, unit, self.grid.index(a.args[0])))
