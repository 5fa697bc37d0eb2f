"""Meuse-Argonne's research encoding: integer actions and the observation tensor (see
docs/research.md).

Actions: each verb the rules offer, its arguments' domains drawn from data/: the hexes of
map.csv in file order, the counters of counters.csv in file order, and small numbers for
support-fire strengths (8.1) and the steps lost to stiff resistance (digest 7.8).
Tensor: the public map (terrain features, the works along hexsides), every stack (no hidden
units in this game, digest 10), the markers, the combat being resolved and the tracks, all
read from ``observation(side)``.
"""

from __future__ import annotations

from typing import Any

from greatwar.core import Game
from greatwar.core.encoding import (
    ActionSpace,
    Domain,
    Encoding,
    HexPlanes,
    TensorSpec,
    Verb,
    common_fields,
    hex_list_field,
    scalar_field,
    stack_field,
    static_field,
)
from greatwar.games.meuse.data import ALLIED, GERMAN, components
from greatwar.games.meuse.state import PHASES, SETUP, MeuseState

# The longest of 200 random-play games took 2,600 actions; no proven bound, so a wide margin.
MAX_GAME_LENGTH = 20_000
# Support-fire marker strengths (8.1) and stiff-resistance steps (digest 7.8) are small whole
# numbers; the contract test's fuzzing checks that every offered one is in this range.
SMALL_NUMBERS = Domain.numbers("number", 1, 9)


def action_space() -> ActionSpace:
    c = components()
    hexes = Domain.of("hex", (c.board.grid.id(h) for h in range(c.board.grid.size)))
    units = Domain.of("unit", (counter.id for counter in c.counters))
    return ActionSpace(
        [
            Verb("place", (units, hexes)),  # 11.2, 19.2-19.5 set-up
            Verb("move", (units,)),  # 5.x movement
            Verb("breakdown", (units,)),  # 13.2
            Verb("to", (hexes,)),
            Verb("stay"),
            Verb("end"),
            Verb("enter", (hexes,)),  # 11.x reinforcements
            Verb("return", (units,)),  # 11.3, 11.6 replacements
            Verb("rebuild", (units,)),
            Verb("arrive", (hexes,)),
            Verb("cancel"),
            Verb("bombard", (units,)),  # 17.2
            Verb("gas"),
            Verb("aircraft", (hexes,)),  # 17.3
            Verb("fire"),
            Verb("retreat", (hexes,)),  # 7.x, 8.4 retreats
            Verb("retreat"),
            Verb("accept"),
            Verb("attack", (hexes,)),  # 7.1
            Verb("shell", (hexes,)),  # 8.4
            Verb("add", (units,)),
            Verb("declare"),
            Verb("support", (SMALL_NUMBERS,)),  # 8.3
            Verb("lost_battalion"),
            Verb("done"),
            Verb("resolve"),
            Verb("lose", (units,)),  # step losses
            Verb("downgrade"),  # 18.2
            Verb("stiff", (SMALL_NUMBERS,)),  # digest 7.8
            Verb("advance", (units,)),  # advance after combat
        ]
    )


def encoding(game: Game) -> Encoding:
    c = components()
    board = c.board
    ids = [board.grid.id(h) for h in range(board.grid.size)]
    grid = HexPlanes(ids)
    features = sorted({f for group in board.terrain for f in group})
    static = {
        f"terrain {name}": grid.plane(
            {ids[h]: 1.0 for h in range(len(ids)) if name in board.terrain[h]}
        )
        for name in features
    }
    for kind in sorted(set(board.works.values())):
        static[f"works {kind}"] = grid.plane(
            {ids[h]: 1.0 for h, k in board.works.items() if k == kind}
        )
    static["on map"] = grid.plane(dict.fromkeys(ids, 1.0))
    sides = (ALLIED, GERMAN)
    phases = tuple(str(i) for i in range(SETUP, len(PHASES)))
    turns = float(c.tables["turns"]["count"])

    def combat(obs: Any) -> dict[str, Any]:
        return obs.get("combat") or {}

    def prompt(obs: Any) -> dict[str, Any]:
        return obs.get("prompt") or {}

    def unit_hexes(obs: Any, wanted: list[str]) -> list[str]:
        return [s["hex"] for s in obs["stacks"] for u in s["units"] if u["id"] in wanted]

    def off_map(obs: Any, side: str, where: str) -> float:
        return len(obs["off_map"][side][where])

    scalars: list[tuple[str, Any]] = [("turn / count", lambda o: o["turn"] / turns)]
    for side in sides:
        scalars += [
            (f"{side} bombardment markers left", lambda o, s=side: o["bombardment_markers"][s]),
            (f"{side} support-fire strength", lambda o, s=side: sum(o["support_markers"][s]) / 10),
            (f"{side} support-fire markers", lambda o, s=side: len(o["support_markers"][s])),
        ]
        for where in ("eliminated", "broken_down", "to_arrive"):
            scalars.append((f"{side} units {where}", lambda o, s=side, w=where: off_map(o, s, w)))
    scalars += [
        ("combat: attack / 20", lambda o: combat(o).get("attack", 0) / 20),
        ("combat: defense / 20", lambda o: combat(o).get("defense", 0) / 20),
        ("combat: differential / 10", lambda o: combat(o).get("differential", 0) / 10),
        ("combat: attacker support", lambda o: sum(combat(o).get("attacker_support", ()))),
        ("combat: defender support", lambda o: sum(combat(o).get("defender_support", ()))),
        (
            "combat: the attacker is the observing side",
            lambda o: combat(o).get("attacker") == o["side"],
        ),
        ("free brigades", lambda o: len(o["free_brigades"])),
        ("lost battalion used", lambda o: o["lost_battalion_used"]),
        ("German replacement used", lambda o: o["german_replacement_used"]),
        ("Allied replacement used", lambda o: o["allied_replacement"] != "unused"),
        ("gas", lambda o: o["gas"]),
        ("can undo", lambda o: o["can_undo"]),
    ]
    fields = [
        *common_fields(sides, phases, sorted(MeuseState.prompts)),
        static_field("map", static, "the public map: terrain features, works, on-map"),
        stack_field(
            "stacks",
            grid,
            sides,
            ("attack", "defense", "move"),
            ("division", "brigade"),
            ("depleted", "three_step", "moved", "attacked", "done", "in_supply"),
        ),
        hex_list_field(
            "markers",
            grid,
            "breach reminders (17.6), aircraft (17.3), planned bombardments (17.2)",
            lambda o: [m for m in o["markers"] if m["kind"] == "breach"],
            lambda o: [m for m in o["markers"] if m["kind"] == "aircraft"],
            lambda o: [m for m in o["markers"] if m["kind"] == "bombardment"],
        ),
        hex_list_field(
            "combat_hexes",
            grid,
            "the combat's target hex and its attackers' hexes (7.1); the asked side's prompt "
            "unit and target",
            lambda o: [combat(o)["target"]] if "target" in combat(o) else [],
            lambda o: unit_hexes(o, combat(o).get("units", [])),
            lambda o: unit_hexes(o, [prompt(o)["unit"]]) if "unit" in prompt(o) else [],
            lambda o: [prompt(o)["target"]] if "target" in prompt(o) else [],
        ),
        scalar_field("scalars", scalars),
    ]
    return Encoding(action_space(), TensorSpec(fields), MAX_GAME_LENGTH)
