"""Miracle on the Marne's research encoding: integer actions and the observation tensor (see
docs/research.md).

Actions: each verb the rules offer, its arguments' domains drawn from data/: the hexes of
map.csv in file order, the counters of counters.csv in file order (HQs alone where only an HQ
may be named), the four modes (5.1), the reinforcement groups (7.3.2), and small numbers for
bombardment and defense-fire factors (9.1.4, 9.3.4) and the steps of a split result (9.6.2).
The Paris taxis (15.1) are one block of unordered pairs of Allied reinforcements, present only
under that option.
Tensor: the public map (terrain, places, roads, railroads, rivers), every stack as the side
sees it (8.1.5: an enemy stack shows its count and its HQs, their modes face down until combat
reveals them, 5.2.5), the modes of the units seen, the engaged, garrison and control markers,
the combat being resolved and the tracks, all read from ``observation(side)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from greatwar.core import Game
from greatwar.core.encoding import (
    ActionSpace,
    Domain,
    Encoding,
    Field,
    HexPlanes,
    Observation,
    TensorSpec,
    Verb,
    common_fields,
    hex_list_field,
    scalar_field,
    stack_field,
    static_field,
)
from greatwar.games.marne1914.combat import GARRISON
from greatwar.games.marne1914.data import (
    ALLIED,
    ARTILLERY,
    CAVALRY,
    CITY,
    GERMAN,
    HQ,
    INFANTRY,
    MODES,
    PARIS,
    SIDES,
    TOWN,
    components,
)
from greatwar.games.marne1914.rules import PHASE_ORDER
from greatwar.games.marne1914.state import MarneState

# The longest of 40 random-play games with every option took 2,300 actions; no proven bound,
# so a wide margin.
MAX_GAME_LENGTH = 20_000
# Split steps (9.6.2: from half the result, rounded down, to all of it): the contract test's
# fuzzing checks that every offered number is in range.
STEPS = Domain.numbers("steps", 0, 9)
HIDDEN = "hidden"  # the kind of the one entry standing for an enemy stack's combat units
FACE_DOWN = "face down"  # an enemy HQ's mode before combat reveals it (5.2.5)


def action_space(options: dict[str, Any]) -> ActionSpace:
    c = components()
    hexes = Domain.of("hex", (c.board.grid.id(h) for h in range(c.board.grid.size)))
    units = Domain.of("unit", (counter.id for counter in c.counters))
    hqs = Domain.of("hq", (counter.id for counter in c.counters if counter.is_hq))
    modes = Domain.of("mode", MODES)
    groups = Domain.of("group", sorted({counter.group for counter in c.counters} - {""}))
    # 3: a unit is placed only in its zones' hexes
    placings = Domain.of(
        "unit and hex of its zones",
        (
            f"{counter.id} {c.board.grid.id(h)}"
            for counter in c.counters
            for h in sorted({h for z in counter.zones for h in c.zones[z]})
        ),
    )
    # 9.1.4: an artillery counter allots 1 .. its full bombardment factor
    shares = Domain.of(
        "artillery and factors",
        (
            f"{counter.id} {n}"
            for counter in c.counters
            if counter.is_artillery
            for n in range(1, counter.bombard[0] + 1)
        ),
    )
    # 9.3.1-9.3.3: a firer is a unit with a defense factor (not an HQ) or the Paris garrison
    # (13.1.1); a part of its factors is 1 .. its full defense less one
    power = {counter.id: counter.full[1] for counter in c.counters if not counter.is_hq}
    power = {unit: d for unit, d in power.items() if d > 0}
    power[GARRISON] = int(c.tables["paris"]["defense"])
    firers = Domain.of("firer", power)
    parts = Domain.of(
        "firer, hex and factors",
        (f"{f} {h} {n}" for f, d in power.items() for h in hexes.values for n in range(1, d)),
    )
    verbs = [
        Verb("standard"),  # 3 set-up
        Verb("place", (placings,), joint=True),
        Verb("mode", (hqs, modes)),  # 5.2 modes
        Verb("commit"),
        Verb("note", (hqs,)),  # 15.3 command and control
        Verb("first"),  # 6.2 initiative
        Verb("second"),
        Verb("enter", (units,)),  # 7.3 reinforcements
        Verb("delay", (groups,)),
        Verb("done"),
        Verb("back"),
        Verb("attach", (units, hqs)),  # 7.3.4
        Verb("rally", (units,)),  # 8 movement phase
        Verb("recover", (units,)),
        Verb("rebuild", (units,)),
        Verb("rail", (units,)),
        Verb("move", (units,)),
        Verb("revert", (units,)),
        Verb("to", (hexes,)),
        Verb("stay"),
        Verb("end"),
        Verb("bombard", (hexes,)),  # 9.1 bombardment
        Verb("add", (shares,), joint=True),
        Verb("fire"),
        Verb("cancel"),
        Verb("attack", (hexes,)),  # 9.2 attacks
        Verb("add", (units,)),
        Verb("declare"),
        Verb("resolve"),  # 9.3 defense fire
        Verb("fire", (firers, hexes)),
        Verb("fire", (parts,), joint=True),
        Verb("roll"),  # 9.4
        Verb("counter", (hexes,)),  # 9.5 counter attacks
        Verb("decline"),
        Verb("disrupt", (units,)),  # 9.6 results
        Verb("steps", (STEPS,)),
        Verb("lose", (units,)),
        Verb("retreat", (hexes,)),
        Verb("surrender"),
        Verb("advance", (units,)),  # 9.8 advance after combat
        Verb("follow", (units,)),
        Verb("stop"),
        Verb("also_attack", (hexes,)),  # 9.2.2 an attack declared at the same time (ids kept above)
    ]
    if options.get("taxis"):
        # 15.1.2: two Allied reinforcements (not HQs), in counter order as the rules name them
        taxis = [c.id for c in c.counters if c.side == ALLIED and c.arrival and not c.is_hq]
        pairs = (f"{a} {b}" for i, a in enumerate(taxis) for b in taxis[i + 1 :])
        verbs.append(Verb("taxi", (Domain.of("pair of units", pairs),), joint=True))
    return ActionSpace(verbs)


def mode_field(grid: HexPlanes) -> Field:
    """Per side, mode and hex: the units seen in that mode (own units carry their HQ's mode;
    an enemy HQ shows its mode once revealed, else face down, 5.2.5)."""
    modes = (*MODES, FACE_DOWN)
    planes = tuple(f"{side} mode {mode}" for side in SIDES for mode in modes)

    def fill(obs: Observation, out: npt.NDArray[np.float32]) -> None:
        for stack in obs["stacks"]:
            where = grid.at(stack["hex"])
            if where is None:
                continue
            for unit in stack["units"]:
                mode = unit.get("mode")
                if mode in modes:
                    out[SIDES.index(unit["side"]) * len(modes) + modes.index(mode)][where] += 1

    doc = "per side, mode and hex: the units seen in that mode (enemy HQs: face down until combat)"
    return Field("modes", (len(planes), *grid.shape), fill, doc, planes, grid)


def encoding(game: Game) -> Encoding:
    c = components()
    board = c.board
    ids = [board.grid.id(h) for h in range(board.grid.size)]
    grid = HexPlanes(ids)
    static = {
        f"terrain {name}": grid.plane(
            {ids[h]: 1.0 for h in range(len(ids)) if board.terrain[h] == name}
        )
        for name in sorted(set(board.terrain))
    }
    for value in (PARIS, CITY, TOWN):
        static[f"place {value}"] = grid.plane(
            {ids[h]: 1.0 for h in range(len(ids)) if board.value[h] == value}
        )
    static["road"] = grid.plane({ids[h]: 1.0 for h in board.road_hexes})
    static["railroad"] = grid.plane({ids[h]: 1.0 for h in board.rail_hexes})
    rivers: dict[str, float] = {}
    for pair in board.rivers:
        for h in pair:
            rivers[ids[h]] = rivers.get(ids[h], 0.0) + 1 / 6
    static["river hexsides / 6"] = grid.plane(rivers)
    static["on map"] = grid.plane(dict.fromkeys(ids, 1.0))
    phases = tuple(str(i) for i in range(len(PHASE_ORDER)))
    turns = float(len(c.tables["turns"]["dates"]))

    def combat(obs: Any) -> dict[str, Any]:
        return obs.get("combat") or {}

    def prompt(obs: Any) -> dict[str, Any]:
        return obs.get("prompt") or {}

    def unit_hexes(obs: Any, wanted: list[str]) -> list[str]:
        return [s["hex"] for s in obs["stacks"] for u in s["units"] if u["id"] in wanted]

    def held(side: str) -> Any:
        return lambda o: [m for m in o["control"] if m["holder"] == side]

    scalars: list[tuple[str, Any]] = [("turn / count", lambda o: o["turn"] / turns)]
    for side in SIDES:
        scalars += [
            (f"{side} victory points / 10", lambda o, s=side: o["points"][s] / 10),
            (f"{side} has committed its modes", lambda o, s=side: s in o["committed"]),
        ]
    scalars += [
        ("combat: attack / 20", lambda o: combat(o).get("attack", 0) / 20),
        ("combat: defense / 20", lambda o: combat(o).get("defense", 0) / 20),
        (
            "combat: the attacker is the observing side",
            lambda o: combat(o).get("attacker") == o["side"],
        ),
        ("prompt: n (result to split)", lambda o: prompt(o).get("n", 0)),
        ("prompt: left (to lose or retreat)", lambda o: prompt(o).get("left", 0)),
        ("prompt: declared attack / 20", lambda o: prompt(o).get("attack", 0) / 20),
        ("taxis used", lambda o: o["taxi_used"]),
        ("can undo", lambda o: o["can_undo"]),
    ]
    fields = [
        *common_fields(SIDES, phases, sorted(MarneState.prompts)),
        static_field(
            "map",
            static,
            "the public map: terrain, places, road and railroad hexes, river hexsides, on-map",
        ),
        stack_field(
            "stacks",
            grid,
            SIDES,
            ("attack", "defense", "move", "sp"),
            (INFANTRY, CAVALRY, ARTILLERY, HQ, HIDDEN),
            ("reduced", "disrupted", "in_supply", "engaged", "done"),
        ),
        mode_field(grid),
        hex_list_field(
            "markers",
            grid,
            "engaged hexes (9.6.2 EN), garrisoned Paris hexes (13.1), places held by the Allies, "
            "by the Germans (14)",
            lambda o: o["engaged"],
            lambda o: o["garrison"],
            held(ALLIED),
            held(GERMAN),
        ),
        hex_list_field(
            "combat_hexes",
            grid,
            "the combat's target hex and its attacking hexes (9.2); the asked side's prompt "
            "unit and target",
            lambda o: [combat(o)["target"]] if "target" in combat(o) else [],
            lambda o: combat(o).get("hexes", []),
            lambda o: unit_hexes(o, [prompt(o)["unit"]]) if "unit" in prompt(o) else [],
            lambda o: [prompt(o)["target"]] if "target" in prompt(o) else [],
        ),
        scalar_field("scalars", scalars),
    ]
    return Encoding(action_space(dict(game.options)), TensorSpec(fields), MAX_GAME_LENGTH)
