"""The trenches game's computer players: scripted French and German commanders, and a
computer game master for the gm seat (it rolls its own die on the Fortune of War table and
now and then plans an event ahead, as a person game master might).

The French: weapons fire first (machine guns and mortars move or fire), men at the wire cut
it, each regiment follows its leader toward the nearest point of the first German line it
does not hold, the HQ keeps within 12" of the centre leader, then every man who can fires
or throws a grenade. The Germans stay in their trenches and shoot: opportunity fire at every
chance, volleys, weapons, the airplane's tape over the most Frenchmen, new units into the
most threatened line.

Their judgements are ``Weights``, one set per side; ``styles(side)`` gives the scripted
player in each of the variants the rollout player may choose among, turn by turn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from greatwar.core import Action
from greatwar.core.play import Player, weighted_styles
from greatwar.core.rng import Rng
from greatwar.core.state import State
from greatwar.games.trenches import geometry as geo
from greatwar.games.trenches.data import FRENCH, GERMAN, GM
from greatwar.games.trenches.state import TABLE, TrenchesState

# The order in which a move phase's actions are taken, by verb.
FRENCH_ORDER = ("fire", "ap", "he", "cut", "follow", "move", "volley", "grenade", "strafe")
GERMAN_ORDER = ("fire", "ap", "he", "strafe", "move", "volley", "grenade", "follow")

# The rollout player's constants (greatwar.ai.rollout): a game is 20 turns, so rollouts stop
# at the next turn for the evaluator
ROLLOUT = {"turns": 1}


@dataclass(frozen=True)
class Weights:
    """The judgements of a side's scripted commander (lengths in tenths of an inch); the
    script's own are ``Weights.for_side(side)``."""

    # the verbs of a move phase, taken in this order (Move and Fire: firing ends a man's move)
    order: tuple[str, ...] = FRENCH_ORDER
    # bombardment: the figures within this of an aim count (a shell scatters 2d6", its high
    # explosive kills within 1": Bombardment Phase, D3)
    reach: int = 40
    friend: int = 3  # bombardment: a friend near an aim weighs as this many enemies
    munition: str = "he"  # the off-board barrage: he, gas or smoke (Poison Gas, Smoke)
    charge_at: int = 30  # French: the leader charges once this near his line (Hand to hand)
    charge: str = "full"  # French: a charge's order moves full or half (Move and Fire)
    # French: a leader this near the uncut wire ahead orders his men up to it, man by man, so
    # that many cut it next turn (Barbed Wire: n men cut on 7 - n, six at once); 0: never
    close_up: int = 0
    hq_lag: int = 60  # French: the HQ moves up once this far behind the last leader (Morale)
    tanks_on: bool = True  # tanks drive at the enemy (Tanks, The German Tank)
    arrive: str = "front"  # German New Units: into the "front" line still held, or the "last"
    threat: int = 200  # German New Units: the Frenchmen within this of a third threaten it
    meet: bool = True  # German New Units: into the most threatened third (else the least)
    rear_up: bool = True  # German New Units: men come on at the rear edge march to line 3

    @classmethod
    def for_side(cls, side: str) -> Weights:
        """The weights each side plays with by default."""
        return GERMAN_WEIGHTS if side == GERMAN else FRENCH_WEIGHTS


FRENCH_WEIGHTS = Weights()
GERMAN_WEIGHTS = Weights(order=GERMAN_ORDER)

# The rollout player's styles (greatwar.ai.rollout): the script's weights first, then variants
# of them it may play a turn with, chosen by rollouts. Each played whole games against the
# other side's script (default options, seeds 0-99), where the script's own side won 55
# (French) and 45 (German). The French whose regiments close up on the wire before cutting
# it won 72, with smoke for the barrage 68; shelling with a wider aim (8") alone won 63. The
# Germans whose new units come up in the third of the line with the fewest Frenchmen near
# won 71, with gas for the barrage 78; weighing the Frenchmen within 60" (not 20") won 75.
STYLES: dict[str, dict[str, dict[str, Any]]] = {
    FRENCH: {
        "script": {},
        "close_up": {"close_up": 30},
        "close_smoke": {"close_up": 30, "munition": "smoke"},
        "shelling": {"reach": 80},
    },
    GERMAN: {
        "script": {},
        "aside": {"meet": False},
        "gassing": {"meet": False, "munition": "gas"},
        "wide": {"threat": 600},
    },
}

__all__ = [
    "FRENCH_ORDER",
    "GERMAN_ORDER",
    "ROLLOUT",
    "STYLES",
    "ComputerGameMaster",
    "TrenchesHeuristic",
    "Weights",
    "determinize",
    "evaluate",
    "heuristic",
    "styles",
]


class TrenchesHeuristic:
    """The scripted commander of one side, with its side's weights unless told others."""

    def __init__(self, side: str, seed: int, weights: Weights | None = None) -> None:
        self.side = side
        self.rng = Rng(seed, stream=11)
        self.w = weights or Weights.for_side(side)

    def choose(self, state: State, side: str) -> Action:
        assert isinstance(state, TrenchesState)
        legal = state.legal_actions(side)
        prompt = state.stack[-1]["p"]
        if prompt == "opfire":
            return next((a for a in legal if a.verb == "opfire"), legal[-1])
        if prompt in ("barrage", "guns"):
            return self.bombard(state, side, legal)
        if prompt == "arrive":
            return self.arrive(state, legal)
        if prompt == "return_fire":
            return next((a for a in legal if a.verb != "done"), legal[-1])
        return self.move(state, side, legal)

    # --- bombardment -----------------------------------------------------------------------

    def bombard(self, state: TrenchesState, side: str, legal: list[Action]) -> Action:
        """The aim with the most enemies and the fewest friends near it; a tank in reach of
        an armour-piercing round is shot at first."""
        from greatwar.games.trenches.bombardment import aim_point

        for a in legal:
            if a.verb == "ap":
                target = state.c.figure(a.args[1])
                if target is not None and target.is_tank:
                    return a
        best, score = legal[-1], -1_000
        for a in legal:
            if a.verb not in ("barrage", "shell"):
                continue
            if a.verb == "barrage" and a.args[0] != self.w.munition:
                continue
            aim = aim_point(state, side, a.args[1:])  # barrage MUNITION AIM, shell GUN AIM
            if aim is None:
                continue
            value = crowd(state, aim, self.w.reach, side, self.w.friend)
            if value > score:
                best, score = a, value
        return best

    # --- German new units -------------------------------------------------------------------

    def arrive(self, state: TrenchesState, legal: list[Action]) -> Action:
        """Into the front line still held, at the third with the most Frenchmen near."""
        lines = sorted({a.args[0] for a in legal if a.args[0] != "rear"})
        if not lines:
            return legal[0]
        front = lines[0] if self.w.arrive == "front" else lines[-1]
        options = [a for a in legal if a.args[0] == front]
        line = state.c.trenches[int(front[-1]) - 1]
        xs = {"W": state.c.width // 6, "C": state.c.width // 2, "E": state.c.width * 5 // 6}

        def threat(a: Action) -> int:
            x = xs[a.args[1]]
            near = sum(
                1
                for i in state.on_table(FRENCH)
                if geo.within(state.at(i), (x, line.y_at(x)), self.w.threat)
            )
            return -near if self.w.meet else near

        return min(options, key=threat)

    # --- move and fire ----------------------------------------------------------------------

    def move(self, state: TrenchesState, side: str, legal: list[Action]) -> Action:
        order = self.w.order
        by_verb: dict[str, list[Action]] = {}
        for a in legal:
            by_verb.setdefault(a.verb, []).append(a)
        for verb in order:
            for a in by_verb.get(verb, []):
                chosen = self.consider(state, side, a, by_verb)
                if chosen is not None:
                    return chosen
        return next(a for a in legal if a.verb == "done")

    def consider(
        self, state: TrenchesState, side: str, a: Action, by_verb: dict[str, list[Action]]
    ) -> Action | None:
        if a.verb in ("fire", "ap", "he", "cut", "volley", "grenade"):
            return a
        if a.verb == "strafe":
            return best_tape(state, by_verb["strafe"])
        if side == GERMAN:
            return self.german_move(state, a)
        if a.verb == "follow":
            return self.french_follow(state, a.args[0], by_verb)
        if a.verb == "move":
            return self.french_single(state, a, by_verb["move"])
        return None

    def french_follow(
        self, state: TrenchesState, group: str, by_verb: dict[str, list[Action]]
    ) -> Action | None:
        """Each regiment marches on the nearest point of the first line not yet French; once
        there, it charges the nearest German in that line. Held short of uncut wire (with
        ``close_up``), it orders every man up to the wire instead (Barbed Wire)."""
        if group not in state.leader:
            return None
        mine = [a for a in by_verb["follow"] if a.args[0] == group]
        line = next((n for n, o in enumerate(state.owner, start=1) if o != FRENCH), 3)
        leader = state.at(state.leader[group])
        aims = [a for a in mine if a.args[1].startswith(f"L{line}") or a.args[1] == f"B{line}"]
        trench = state.c.trenches[line - 1]
        if self.w.close_up and self.held_by_wire(state, leader, line):
            wanted = (group, "N", "full")
            return next((a for a in by_verb.get("order", []) if a.args == wanted), None)
        if not aims or leader[1] >= trench.y_at(leader[0]) - self.w.charge_at:
            return self.charge(state, group, line, by_verb.get("order", []))
        return min(aims, key=lambda a: geo.dist2(leader, state.c.objectives[a.args[1]]))

    def held_by_wire(self, state: TrenchesState, leader: geo.Point2, line: int) -> bool:
        """Whether the leader stands within ``close_up`` short of the line's uncut wire."""
        x, y = leader
        for w in state.c.wire:
            x0, y0, x1, _ = w.box
            if w.line == line and x0 <= x <= x1 and w.id not in state.cut:
                return y0 - self.w.close_up <= y < y0
        return False

    def charge(
        self, state: TrenchesState, group: str, line: int, orders: list[Action]
    ) -> Action | None:
        """The full-move order whose direction points best at the nearest German in the line."""
        leader = state.at(state.leader[group])
        foes = [i for i in state.on_table(GERMAN) if state.line_of(state.at(i)) == line]
        mine = [a for a in orders if a.args[0] == group and a.args[2] == self.w.charge]
        if not foes or not mine:
            return None
        target = state.at(min(foes, key=lambda i: (geo.dist2(leader, state.at(i)), i)))
        dx, dy = target[0] - leader[0], target[1] - leader[1]

        def along(a: Action) -> int:
            ux, uy = geo.DIRECTIONS[a.args[1]]
            return ux * dx + uy * dy

        return max(mine, key=along)

    def french_single(self, state: TrenchesState, a: Action, offers: list[Action]) -> Action | None:
        """Tanks drive north; the HQ keeps behind the centre regiment, within 12"."""
        f = state.c.figure(a.args[0])
        if f is None or len(a.args) != 2 or a.args[1] != "N":
            return None
        if f.is_tank:
            return a if self.w.tanks_on else None
        if f.kind == "hq":
            leaders = [state.y[i] for i in state.leader.values() if state.status[i] == TABLE]
            if leaders and state.y[f.index] < min(leaders) - self.w.hq_lag:
                return a
        return None

    def german_move(self, state: TrenchesState, a: Action) -> Action | None:
        """Germans hold their trenches; the A7V drives at the French; men come up from the
        rear edge into the last line."""
        if a.verb == "move" and len(a.args) == 2 and a.args[1] == "S":
            f = state.c.figure(a.args[0])
            if f is not None and f.is_tank and self.w.tanks_on:
                return a
        if (
            a.verb == "follow"
            and a.args[0] == "R"
            and a.args[1].startswith("L3")
            and self.w.rear_up
        ):
            return a
        return None


def crowd(state: TrenchesState, p: geo.Point2, reach: int, side: str, friend: int = 3) -> int:
    """Enemies less ``friend`` times the friends within ``reach`` of a point."""
    return sum(-friend if state.fig(i).side == side else 1 for i in state.near(p, reach))


def best_tape(state: TrenchesState, offers: list[Action]) -> Action:
    """The strafing tape over the most Frenchmen."""
    from greatwar.games.trenches.specials import tape_band

    men = [state.at(i) for i in state.on_table(FRENCH)]

    def covered(a: Action) -> int:
        x1, y1, x2, y2 = (int(v) for v in a.args)
        band = tape_band(state, (x1, y1), (x2, y2))
        return sum(geo.covered(band, men))

    return max(offers, key=covered)


class ComputerGameMaster:
    """A game master at the gm seat: a die on the Fortune of War table each turn, and one
    time in six a secret plan for a later turn."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed, stream=13)

    def choose(self, state: State, side: str) -> Action:
        legal = state.legal_actions(side)
        plans = [a for a in legal if a.verb == "plan"]
        if plans and self.rng.die() == 6:
            return self.rng.choice(plans)
        events = [a for a in legal if a.verb == "event"]
        if events:
            return events[self.rng.die() - 1] if len(events) >= 6 else self.rng.choice(events)
        return next((a for a in legal if a.verb == "done"), legal[0])


def heuristic(side: str, seed: int) -> Player:
    """The scripted player of a side (french, german) or the computer game master (gm)."""
    if side == GM:
        return ComputerGameMaster(seed)
    if side not in (FRENCH, GERMAN):
        raise ValueError(f"trenches has no side {side!r}")
    return TrenchesHeuristic(side, seed)


def styles(side: str) -> dict[str, Callable[[int], Player]]:
    """The scripted player of ``side`` in each of its styles (``STYLES``), by name."""
    return weighted_styles(
        partial(TrenchesHeuristic, side), Weights.for_side(side), STYLES.get(side, {})
    )


def determinize(state: State, side: str, rng: Rng) -> State:
    """A copy of the position resampled in all ``side`` cannot see, for information-set
    search: fresh dice, and for the French and German seats no game master's plans (they are
    secret until their turn). The German pool is not resampled: every arrival is public, so
    what is left in it follows from the table."""
    assert isinstance(state, TrenchesState)
    copy = state.clone()
    copy.rng = Rng(rng.next32() | rng.next32() << 32)
    if side != GM:
        copy.plans = {}
    return copy


def evaluate(state: State, side: str) -> float:
    """-1 lost .. +1 won for the French or German seat (0 for the game master): the lines the
    French hold, and the infantry each side has left."""
    assert isinstance(state, TrenchesState)
    if state.winner() is not None:
        return 0.0 if side == GM else (1.0 if state.winner() == side else -1.0)
    if side == GM:
        return 0.0
    lines = sum(1 for o in state.owner if o == FRENCH) / 3
    french = len(state.infantry(FRENCH)) / max(1, sum(state.strength.values()))
    german = len(state.infantry(GERMAN)) / 60
    score = max(-1.0, min(1.0, 0.6 * lines + 0.4 * (french - german)))
    return score if side == FRENCH else -score
