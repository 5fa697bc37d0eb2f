"""Trenches' research encoding: integer actions and the observation tensor (see
docs/research.md).

The table is continuous (integer tenths of an inch), but what ``legal_actions`` offers is a
finite set built from data (movement.py, ``MoveFire.offer``), and the action space holds
exactly those families; points typed by a person (``move F12 305 410``, ``barrage he 300
400``, ``shell G1 300 400``) are accepted by the rules but never offered, so they are left
out. The families, their domains from data/ and the options:

- ``order GROUP DIRECTION DISTANCE`` (French Move and Fire, German Move): a group of
  forces.csv (plus ``R`` and ``A``, the German rear and tank groups of German New Units), one of
  the eight compass directions of geometry.py, ``full`` or ``half``; ``follow GROUP
  OBJECTIVE`` (Leaders: "follow the leader" to a named point of table.toml); ``cover``,
  ``volley``, ``grenade``, ``cut GROUP`` (Barbed Wire).
- ``move FIGURE DIRECTION``: a weapon or tank, moved one by one.
- ``fire`` / ``ap`` / ``he`` / ``opfire SHOOTER TARGET`` (Fire (Hot Steel), Tanks, machine-gun
  opportunity fire): the shooter among the figures that carry a weapon (mg, mortar, gun,
  tank), the target any figure of forces.csv.
- ``barrage MUNITION AIM`` (Bombardment Phase, Poison Gas, Smoke), ``shell GUN AIM`` and
  ``hold GUN``: an aim is a named objective or a group (its leader; ``HQ`` the HQ stand).
- ``strafe X1 Y1 X2 Y2`` (The German Airplane): the offered tapes run through a French leader
  or the HQ east-west, north-south or on a diagonal and end on the table's edge, so a tape is
  one of the finitely many lines of those four slopes through a whole point of the table. They
  form one joint domain of whole tapes (their end points, as the rules write them), computed
  with the rules' own ``tape_line``.
- ``arrive ENTRY PART`` (German New Units), ``event EVENT`` and ``plan EVENT TURN`` (Fortune of
  War, game master a person; turns up to the turn limit plus the three planned ahead), ``done``.

Tensor: a 2" raster of the 8 ft x 6 ft table (36 rows x 48 columns, row 0 the French edge):
the public table (trench lines, bunkers, communication trenches, shell holes, woods and ruins,
each wire section still uncut), per side the figures on it by kind and their flags, the gas
and smoke clouds, the shells of the last bombardment and the strafing tape; then the lines'
owners, the wind, the event, each group's move and morale, the airplane, the dead piles, the
German pool (German and gm seats only) and the gm's secret plans (gm only): all read from
``observation(side)``.
"""

from __future__ import annotations

from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt
import shapely

from greatwar.core import Game
from greatwar.core.encoding import (
    ActionSpace,
    Domain,
    Encoding,
    Field,
    Observation,
    TensorSpec,
    Verb,
    multi_hot_field,
    one_hot_field,
    scalar_field,
    static_field,
)
from greatwar.games.trenches import geometry as geo
from greatwar.games.trenches.bombardment import MUNITIONS
from greatwar.games.trenches.data import SIDES, TANKS, WEAPONS, Components, components
from greatwar.games.trenches.movement import DISTANCES
from greatwar.games.trenches.sequence import PLAN_AHEAD, VEER
from greatwar.games.trenches.state import TrenchesState

# Random play ends within a few hundred actions; 20 turns of careful play take far more.
MAX_GAME_LENGTH = 20_000
CELL = 20  # tenths of an inch: a 2" raster
EXTRA_GROUPS = ("R", "A")  # German New Units: rear-edge arrivals and tanks (sequence.py)
PARTS = ("W", "C", "E")  # German New Units: west, centre or east
STRAFE_SLOPES = ((1, 0), (0, 1), (1, 1), (1, -1))  # specials.strafe_offers
KINDS = ("rifle", "elite", "leader", "hq", "mg", "mortar", "gun", "tank", "plane")
FLAGS = ("moved", "fired", "pinned", "out", "no_fire", "fascine")
PLANES_STATUS = ("pool", "ready", "off", "crashed")


def tapes(width: int, depth: int) -> list[str]:
    """Every strafing tape ``strafe_offers`` can offer: the line of each of its four slopes
    through each whole point of the table, with its end points as the rules compute them.

    The rules clip the line with shapely and truncate the end points to whole tenths; along
    the NW-SE diagonal (x + y = s) the far end then comes out exact or one tenth short,
    depending on the point the line was drawn through (measured over every whole point of
    the table: 6,723 distinct tapes). A line that only touches a corner gives the rules'
    fallback tape. Both ends of every such line are listed, computed here once."""
    found: dict[str, None] = {}
    starts: dict[tuple[int, int], list[tuple[int, int]]] = {
        (1, 0): [(0, y) for y in range(depth + 1)],
        (0, 1): [(x, 0) for x in range(width + 1)],
        (1, 1): [(c, 0) for c in range(width, -1, -1)] + [(0, c) for c in range(1, depth + 1)],
        (1, -1): [(0, 0), (width, depth)],  # the two corners; the other lines below
    }
    for dx, dy in STRAFE_SLOPES:
        for x, y in starts[(dx, dy)]:
            tape = geo.tape_line((x, y), (x + dx * 100, y + dy * 100), width, depth)
            (x1, y1), (x2, y2) = [(int(p[0]), int(p[1])) for p in tape.coords[:2]]
            found[f"{x1} {y1} {x2} {y2}"] = None
    for s in range(1, width + depth):
        x1, y1 = max(0, s - depth), min(s, depth)
        x2, y2 = min(s, width), max(0, s - width)
        found[f"{x1} {y1} {x2} {y2}"] = None
        short = (x2 - 1, y2) if s <= width else (x2, y2 - 1)
        found[f"{x1} {y1} {short[0]} {short[1]}"] = None
    return list(found)


@cache
def action_space(turn_limit: int) -> ActionSpace:
    c = components()
    groups = Domain.of("group", [*dict.fromkeys(f.group for f in c.figures), *EXTRA_GROUPS])
    figures = Domain.of("figure", (f.id for f in c.figures))
    armed = [f for f in c.figures if f.kind in WEAPONS or f.kind in TANKS]
    shooters = Domain.of("shooter", (f.id for f in armed))
    movers = Domain.of("mover", (f.id for f in c.figures if f.kind in (*WEAPONS, *TANKS, "hq")))
    guns = Domain.of("gun", (f.id for f in c.figures if f.kind == "gun"))
    directions = Domain.of("direction", geo.DIRECTIONS)
    objectives = Domain.of("objective", c.objectives)
    aims = Domain.of("aim", [*c.objectives, *groups.values])
    events = Domain.of("event", (e["id"] for e in c.events))
    entries = Domain.of("entry", [*(f"line{t.line}" for t in c.trenches), "rear"])
    return ActionSpace(
        [
            Verb("order", (groups, directions, Domain.of("distance", DISTANCES))),
            Verb("follow", (groups, objectives)),  # Leaders
            Verb("cover", (groups,)),
            Verb("volley", (groups,)),  # Fire (Hot Steel)
            Verb("grenade", (groups,)),
            Verb("cut", (groups,)),  # Barbed Wire
            Verb("move", (movers, directions)),
            Verb("fire", (shooters, figures)),
            Verb("ap", (shooters, figures)),  # Tanks, Bombardment Phase
            Verb("he", (shooters, figures)),  # Tanks
            Verb("opfire", (shooters, figures)),  # machine gun opportunity fire
            Verb("barrage", (Domain.of("munition", MUNITIONS), aims)),  # Bombardment Phase
            Verb("shell", (guns, aims)),
            Verb("hold", (guns,)),
            Verb("hold"),
            Verb("strafe", (Domain.of("tape", tapes(c.width, c.depth)),), joint=True),
            Verb("arrive", (entries, Domain.of("part", PARTS))),  # German New Units
            Verb("event", (events,)),  # Fortune of War
            Verb("plan", (events, Domain.numbers("turn", 2, turn_limit + PLAN_AHEAD))),
            Verb("done"),
        ]
    )


# --- the raster --------------------------------------------------------------------------


def raster_shape(c: Components) -> tuple[int, int]:
    return (c.depth // CELL + 1, c.width // CELL + 1)


def cell(c: Components, x: int, y: int) -> tuple[int, int] | None:
    rows, cols = raster_shape(c)
    r, k = y // CELL, x // CELL
    return (r, k) if 0 <= r < rows and 0 <= k < cols else None


def covered(c: Components, shape: shapely.Geometry) -> npt.NDArray[np.float32]:
    """1 on every cell whose square meets ``shape``."""
    rows, cols = raster_shape(c)
    out = np.zeros((rows, cols), dtype=np.float32)
    boxes = shapely.box(
        *np.meshgrid(np.arange(cols) * CELL, np.arange(rows) * CELL),
        *np.meshgrid(np.arange(cols) * CELL + CELL, np.arange(rows) * CELL + CELL),
    )
    out[shapely.intersects(boxes, shape)] = 1.0
    return out


@cache
def static_planes(c: Components) -> dict[str, npt.NDArray[np.float32]]:
    planes = {f"trench line {t.line}": covered(c, t.shape) for t in c.trenches}
    planes.update({f"bunker {t.line}": covered(c, t.bunker) for t in c.trenches})
    planes["communication trenches"] = covered(c, shapely.union_all(c.communication))
    planes["shell holes"] = covered(c, shapely.union_all([h.shape for h in c.holes]))
    planes["woods and ruins"] = covered(c, shapely.union_all([w.shape for w in c.woods]))
    return planes


def kind_of(kind: str) -> str:
    return "tank" if kind in TANKS else kind


def table_field(c: Components) -> Field:
    """Per cell: the figures of each side by kind and flag, uncut wire, clouds, shells, the
    strafing tape."""
    wire_planes = {w.id: covered(c, w.shape) for w in c.wire}

    @lru_cache(maxsize=256)
    def uncut_wire(cut: tuple[str, ...]) -> npt.NDArray[np.float32]:
        """The plane of the wire sections not in ``cut`` (the same few in every game)."""
        plane = np.zeros((rows, cols), dtype=np.float32)
        for w in c.wire:
            if w.id not in cut:
                np.maximum(plane, wire_planes[w.id], out=plane)
        return plane

    per_side = [*(f"{k}" for k in KINDS), *FLAGS]
    planes = (
        *(f"{s} {w}" for s in SIDES for w in per_side),
        "uncut wire",
        *(f"{k} cloud" for k in ("gas", "smoke")),
        *(f"{s} {m} shell landed" for s in SIDES for m in MUNITIONS),
        "strafing tape",
    )
    index = {p: i for i, p in enumerate(planes)}
    width = len(per_side)
    rows, cols = raster_shape(c)

    # a figure's planes, from its side, kind and flags
    side_plane = {s: n * width for n, s in enumerate(SIDES)}
    kind_plane = {
        k: KINDS.index(kind_of(k)) for k in (*KINDS, *TANKS, *c.kinds) if kind_of(k) in KINDS
    }
    flag_plane = {flag: len(KINDS) + n for n, flag in enumerate(FLAGS)}

    def fill(obs: Observation, out: npt.NDArray[np.float32]) -> None:
        view = obs["table"]
        figures = view["figures"]
        bases = [side_plane.get(fig["side"], -1) for fig in figures]
        at_rows = [fig["y"] // CELL for fig in figures]
        at_cols = [fig["x"] // CELL for fig in figures]
        planes = [kind_plane.get(fig["kind"], -1) for fig in figures]
        flagged = [(n, fig["flags"]) for n, fig in enumerate(figures) if "flags" in fig]
        for n, flags in flagged:
            for flag in flags:
                if flag in flag_plane:
                    bases.append(bases[n])
                    at_rows.append(at_rows[n])
                    at_cols.append(at_cols[n])
                    planes.append(flag_plane[flag])
        where = np.array([bases, planes, at_rows, at_cols], dtype=np.int64).reshape(4, -1)
        keep = (where[0] >= 0) & (where[1] >= 0) & (where[2] >= 0) & (where[2] < rows)
        keep &= (where[3] >= 0) & (where[3] < cols)
        where = where[:, keep]
        np.add.at(out, (where[0] + where[1], where[2], where[3]), 1.0)
        out[index["uncut wire"]] = uncut_wire(tuple(view["wire_cut"]))
        for cloud in view["clouds"]:
            at = cell(c, cloud["x"], cloud["y"])
            name = f"{cloud['kind']} cloud"
            if at is not None and name in index:
                out[index[name]][at] += 1.0
        for shell in view["shells"]:
            at = cell(c, *shell["landed"])
            name = f"{shell['side']} {shell['kind']} shell landed"
            if at is not None and name in index:
                out[index[name]][at] += 1.0
        if view["strafe"]:
            x1, y1, x2, y2 = view["strafe"]
            steps = max(abs(x2 - x1), abs(y2 - y1)) // (CELL // 2) + 1
            for t in range(steps + 1):
                at = cell(c, x1 + (x2 - x1) * t // steps, y1 + (y2 - y1) * t // steps)
                if at is not None:
                    out[index["strafing tape"]][at] = 1.0

    return Field(
        "table",
        (len(planes), rows, cols),
        fill,
        f'a {CELL // 10}" raster of the table, row 0 the French edge: per side, figures by kind '
        "and flag; uncut wire sections; clouds; the last bombardment's shells; the strafing tape",
        planes,
    )


def encoding(game: Game) -> Encoding:
    c = components()
    turn_limit = int(game.options["turn_limit"])
    events = tuple(e["id"] for e in c.events)
    groups = tuple(dict.fromkeys(f.group for f in c.figures)) + EXTRA_GROUPS
    lines = tuple(str(t.line) for t in c.trenches)
    pool_kinds = tuple(dict.fromkeys(f.kind for f in c.figures if f.side == SIDES[1]))
    winds = tuple(VEER)

    def per_group(key: str, scale: float) -> Field:
        def fill(obs: Observation, out: npt.NDArray[np.float32]) -> None:
            for group, value in (obs.get(key) or {}).items():
                if group in groups:
                    out[groups.index(group)] = float(str(value).removesuffix(" in")) / scale

        what = "move this phase, in inches / 12" if key == "movement" else "morale: phases lost"
        return Field(key, (len(groups),), fill, f"per group: {what}", groups)

    def lines_fill(obs: Observation, out: npt.NDArray[np.float32]) -> None:
        for n, line in enumerate(lines):
            owner = obs["lines"].get(line)
            if owner in SIDES:
                out[n, SIDES.index(owner)] = 1.0

    def plans_fill(obs: Observation, out: npt.NDArray[np.float32]) -> None:
        for turn, event in (obs.get("plans") or {}).items():
            ahead = int(turn) - int(obs["turn"]) - 1
            if 0 <= ahead < PLAN_AHEAD and event in events:
                out[ahead, events.index(event)] = 1.0

    fields = [
        one_hot_field("side", game.sides, lambda o: o["side"], "the observing side"),
        multi_hot_field(
            "to_act", game.sides, lambda o: o.get("to_act") or (), "the sides asked to act"
        ),
        one_hot_field(
            "prompt",
            sorted(TrenchesState.prompts),
            lambda o: (o.get("prompt") or {}).get("name"),
            "the prompt the observing side is asked (all 0 when it is not asked)",
        ),
        static_field(
            "terrain",
            static_planes(c),
            f'the public table on the {CELL // 10}" raster: trench lines, bunkers, '
            "communication trenches, shell holes, woods and ruins",
        ),
        table_field(c),
        Field(
            "lines",
            (len(lines), len(SIDES)),
            lines_fill,
            "per trench line: held by the French, by the Germans",
            tuple(f"line {n}" for n in lines),
        ),
        one_hot_field("wind", winds, lambda o: o["wind"], "the wind blows from the French ..."),
        one_hot_field("event", events, lambda o: o["event"], "this turn's Fortune of War event"),
        one_hot_field("airplane", PLANES_STATUS, lambda o: o["airplane"], "the German airplane"),
        per_group("movement", 12.0),
        per_group("broken", 1.0),
        multi_hot_field(
            "pool",
            pool_kinds,
            lambda o: [k for k, n in (o.get("pool") or {}).items() for _ in range(n)],
            "the German off-table pool by kind (German and gm seats only)",
        ),
        Field(
            "plans",
            (PLAN_AHEAD, len(events)),
            plans_fill,
            "the gm's secret plans for the next turns (gm seat only)",
            tuple(f"turn +{n + 1}" for n in range(PLAN_AHEAD)),
        ),
        scalar_field(
            "scalars",
            [
                ("turn / turn limit", lambda o: o["turn"] / turn_limit),
                ("French dead / 100", lambda o: o["dead"][SIDES[0]] / 100),
                ("German dead / 100", lambda o: o["dead"][SIDES[1]] / 100),
                ("French won", lambda o: o["winner"] == SIDES[0]),
                ("German won", lambda o: o["winner"] == SIDES[1]),
                ("can undo", lambda o: o["can_undo"]),
            ],
        ),
    ]
    return Encoding(action_space(turn_limit), TensorSpec(fields), MAX_GAME_LENGTH)
