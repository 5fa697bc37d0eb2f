"""FBSM's research encoding: integer actions and the observation tensor (see docs/research.md).

Actions: each verb the rules offer, with its arguments' domains drawn from data/: the hexes
of map.csv in file order, the counters of counters.csv in file order (``place`` takes only
US counters: only the US sets up, 3.2).
Tensor: the public map (terrain), the stacks as a side sees them (6.5 fog of war), markers,
carnage, the prompt's unit and target, and the turn, phase and event scalars, all read from
``observation(side)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from greatwar.core import Game
from greatwar.core.encoding import (
    ActionSpace,
    Domain,
    Encoding,
    HexPlanes,
    Verb,
    common_fields,
    hex_list_field,
    multi_hot_field,
    one_hot_field,
    scalar_field,
    stack_field,
    static_field,
)
from greatwar.games.fbsm.data import GERMAN, US, components
from greatwar.games.fbsm.events import TITLES
from greatwar.games.fbsm.movement import EXIT
from greatwar.games.fbsm.state import PHASE_NAMES, SETUP, FbsmState

# The longest of 200 random-play games took 17,100 actions; a game's length has no proven
# bound (units may move hex by hex), so this is that figure with a wide margin.
MAX_GAME_LENGTH = 60_000


def action_space() -> ActionSpace:
    c = components()
    hexes = Domain.of("hex", (c.board.grid.id(h) for h in range(c.board.grid.size)))
    units = Domain.of("unit", (counter.id for counter in c.counters))
    us_units = Domain.of("us_unit", (counter.id for counter in c.counters if counter.side == US))
    return ActionSpace(
        [
            Verb("place", (us_units, hexes)),  # 3.2 US set-up
            Verb("done"),
            Verb("accept"),  # 7.x rally events
            Verb("decline"),
            Verb("enter", (hexes,)),  # 8.x German reinforcements
            Verb("bombard", (Domain.of("marker", ("heavy", "light")), hexes)),  # 11.1
            Verb("move", (units,)),  # 9.1
            Verb("to", (Domain.of("destination", (*hexes.values, EXIT)),)),  # 9.1, 4.3
            Verb("stay"),
            Verb("end"),
            Verb("fire", (hexes,)),  # 10.1
            Verb("heavy_mg", (units,)),  # 7.8
            Verb("add", (units,)),  # 10.2
            Verb("resolve"),
            Verb("cancel"),
            Verb("advance", (units,)),  # 10.12
        ]
    )


def encoding(game: Game) -> Encoding:
    c = components()
    grid = HexPlanes(c.board.grid.id(h) for h in range(c.board.grid.size))
    side_of = {counter.id: counter.side for counter in c.counters}
    terrain = {
        f"terrain {name}": grid.plane(
            {
                c.board.grid.id(h): 1.0
                for h in range(c.board.grid.size)
                if c.board.terrain[h].name == name
            }
        )
        for name in c.board.terrain_types
    }
    terrain["on map"] = grid.plane(dict.fromkeys(grid.ids, 1.0))
    sides = (US, GERMAN)
    phases = tuple(str(i) for i in range(SETUP, len(PHASE_NAMES)))

    def prompt(obs: Any) -> dict[str, Any]:
        return obs.get("prompt") or {}

    def unit_hexes(obs: Any, ids: list[str]) -> list[str]:
        wanted = set(ids)
        return [s["hex"] for s in obs["stacks"] for u in s["units"] if u["id"] in wanted]

    def exited(obs: Any, side: str) -> float:
        return sum(side_of[u] == side for u in obs["exited"])

    fields = [
        *common_fields(sides, phases, sorted(FbsmState.prompts)),
        static_field("map", terrain, "the public map: one plane per terrain type, and on-map"),
        stack_field(
            "stacks",
            grid,
            sides,
            ("fire", "range", "move"),
            ("infantry", "heavy_weapons"),
            ("done",),
        ),
        hex_list_field(
            "markers",
            grid,
            "heavy and light bombardment markers placed this phase (11.2); hexes fired into "
            "this phase (10.5); carnage markers (2.6)",
            lambda o: [m for m in o["markers_placed"] if m["kind"] == "heavy"],
            lambda o: [m for m in o["markers_placed"] if m["kind"] == "light"],
            lambda o: o["fired_into"],
            lambda o: o["carnage"],
        ),
        hex_list_field(
            "prompt_hexes",
            grid,
            "the asked side's prompt: the hex of the unit moving or entering (9.1, 8.x); the "
            "fire target and the firers' hexes (10.3); the advance target (10.12)",
            lambda o: unit_hexes(o, [prompt(o)["unit"]]) if "unit" in prompt(o) else [],
            lambda o: [prompt(o)["fire"]["target"]] if "fire" in prompt(o) else [],
            lambda o: unit_hexes(o, prompt(o)["fire"]["firers"]) if "fire" in prompt(o) else [],
            lambda o: [prompt(o)["target"]] if "target" in prompt(o) else [],
        ),
        one_hot_field(
            "event", sorted(TITLES), lambda o: (o.get("event") or {}).get("id"), "this turn's event"
        ),
        multi_hot_field("events_used", sorted(TITLES), lambda o: o["events_used"], "7.5-7.7 used"),
        scalar_field(
            "scalars",
            [
                ("turn / 20", lambda o: o["turn"] / 20),
                ("German units in the container / 100", lambda o: o["container"] / 100),
                ("heavy markers left", lambda o: o["markers_left"].count("heavy")),
                ("light markers left", lambda o: o["markers_left"].count("light")),
                ("heavy MG chosen (7.8)", lambda o: o["heavy_mg"] is not None),
                ("US units exited", lambda o: exited(o, US)),
                ("German units exited (4.3)", lambda o: exited(o, GERMAN)),
                ("fire strength / 20", lambda o: prompt(o).get("fire", {}).get("strength", 0) / 20),
                ("fire defense / 10", lambda o: prompt(o).get("fire", {}).get("defense", 0) / 10),
                ("can undo", lambda o: o["can_undo"]),
            ],
        ),
    ]
    from greatwar.core.encoding import TensorSpec

    return Encoding(action_space(), TensorSpec(fields), MAX_GAME_LENGTH)


assert np  # numpy arrays come back from the helpers
