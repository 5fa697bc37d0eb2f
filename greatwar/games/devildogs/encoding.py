"""Devil Dogs' research encoding: integer actions and the observation tensor (see
docs/research.md).

Actions depend on the scenario (3.1): the hex domain is the hexes of the scenario's sectors
(units never leave them), the unit domain the units it sets up or brings in (5.11), in
counters.csv order; cards (cards.csv), sectors, regiments, keywords (tables.toml) and the
compass come from data/ too. Tensor: the public map, every counter (4.1: all are seen), the
artillery and gas tokens, objectives, each sector's chit, orders and the cards as the side
may see them (its own face down, the opponent's only once revealed, 5.7), its hand, the
discards and the tracks, all read from ``observation(side)``.
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
    multi_hot_field,
    scalar_field,
    stack_field,
    static_field,
)
from greatwar.games.devildogs.data import MOVES, ROWS, SIDES, US, components
from greatwar.games.devildogs.state import DevilDogsState
from greatwar.games.devildogs.view import PHASES
from greatwar.hexes import COMPASS

# The longest of 200 random-play games took 200 actions; no proven bound, so a wide margin.
MAX_GAME_LENGTH = 5_000
ORDERS = ("initiative", "general")  # 5.4 order indicators
TOKENS = ("pin", "falter")  # 6.2, 7.2


def action_space(scenario_id: str) -> ActionSpace:
    c = components()
    board, sc = c.board, c.scenarios[scenario_id]
    playable = [h for h in range(board.grid.size) if not board.sectors[h].isdisjoint(sc.sectors)]
    hexes = Domain.of("hex", (board.grid.id(h) for h in playable))
    in_play = {u for u, _ in sc.setup} | {u for g in sc.reinforcements for u in g.units}
    scenario_units = [u for u in c.units if u.index in in_play]
    units = Domain.of("unit", (u.id for u in scenario_units))
    infantry = Domain.of("infantry", (u.id for u in scenario_units if u.kind == "infantry"))
    mortars = Domain.of("mortar", (u.id for u in scenario_units if u.kind == "mortar"))
    sectors = Domain.of("sector", sc.sectors)
    regiments = Domain.of("regiment", sorted({u.regiment for u in scenario_units}))
    cards = Domain.of("card", (card.id for card in c.cards))
    keywords = Domain.of("keyword", c.tables["keywords"]["printed"].values())
    return ActionSpace(
        [
            Verb("assign", (cards, sectors)),  # 5.2
            Verb("commit"),
            Verb("reset"),
            Verb("order", (sectors, Domain.of("order", ORDERS))),  # 5.4
            Verb("fire", (mortars, hexes)),  # 5.5
            Verb("activate", (sectors,)),  # 5.6
            Verb("move", (units, hexes)),  # 5.8, 6
            Verb("stay", (units,)),
            Verb("refuse", (units,)),
            Verb("done"),
            Verb("retreat", (units, hexes)),  # 6, 8
            Verb("advance", (units, hexes)),  # 8
            Verb("hit", (units,)),  # 7.1 target priority, 9 ACCURATE FIRE, UNDERFED
            Verb("snipe", (units,)),  # 9 SNIPER
            Verb("restore", (units,)),  # 9 AUDACITY
            Verb("rally", (units, Domain.of("token", TOKENS))),  # 9 RALLY
            Verb("regroup", (units,)),  # 9 REGROUP
            Verb("target", (hexes,)),  # 9 BARRAGE
            Verb("direction", (Domain.of("direction", COMPASS),)),
            Verb("repeat", (keywords,)),  # 9 LEADERSHIP
            Verb("repeat", (keywords, Domain.numbers("x", 1, 9))),
            Verb("peek", (sectors,)),  # 9 MISDIRECTION
            Verb("scout"),
            Verb("swap"),
            Verb("keep"),
            Verb("bottom", (cards,)),
            Verb("hasten", (regiments,)),  # 9 REINFORCEMENT AND REORGANIZATION
            Verb("delay", (regiments,)),
            Verb("reconstitute", (infantry, hexes)),
            Verb("reform", (infantry, hexes)),  # 5.11
            Verb("replace", (units,)),
            Verb("place", (units, hexes)),
        ]
    )


def sector_field(sectors: tuple[str, ...]) -> Field:
    """Per sector of the scenario: chit, activation, orders, and each card as far as seen."""
    per_side = ["card placed", "card seen", *ORDERS]
    for row in ROWS:
        per_side += [*(f"{row} {m}" for m in MOVES), f"{row} n", f"{row} mg", f"{row} keywords"]
    features = [
        "chit us",
        "chit german",
        "activated",
        *(f"{s} {w}" for s in SIDES for w in per_side),
    ]

    def fill(obs: Observation, out: npt.NDArray[np.float32]) -> None:
        for view in obs["sectors"]:
            if view["id"] not in sectors:
                continue
            row = out[sectors.index(view["id"])]
            row[0] = view.get("chit") == SIDES[0]
            row[1] = view.get("chit") == SIDES[1]
            row[2] = bool(view.get("activated"))
            for k, side in enumerate(SIDES):
                base = 3 + k * len(per_side)
                card = view["cards"].get(side)
                row[base] = card is not None
                order = view.get("orders", {}).get(side)
                if order in ORDERS:
                    row[base + 2 + ORDERS.index(order)] = 1.0
                if isinstance(card, dict):
                    row[base + 1] = 1.0
                    card_features(card, row[base + 2 + len(ORDERS) :])

    return Field(
        "sectors",
        (len(sectors), len(features)),
        fill,
        "per scenario sector: " + ", ".join(features),
        tuple(sectors),
    )


def card_features(card: dict[str, Any], out: npt.NDArray[np.float32]) -> None:
    """A revealed card's three orders (1.2): movement order, N, MG and how many keywords."""
    width = len(MOVES) + 3
    for i, row in enumerate(ROWS):
        order = card["orders"][row]
        if order["move"] in MOVES:
            out[i * width + MOVES.index(order["move"])] = 1.0
        out[i * width + len(MOVES)] = order["n"] / 4
        out[i * width + len(MOVES) + 1] = order["mg"] / 4
        out[i * width + len(MOVES) + 2] = len(order["keywords"])


def encoding(game: Game) -> Encoding:
    c = components()
    board, sc = c.board, c.scenarios[str(game.options["scenario"])]
    ids = [board.grid.id(h) for h in range(board.grid.size)]
    grid = HexPlanes(ids)
    static = {
        f"terrain {t}": grid.plane({ids[h]: 1.0 for h in range(len(ids)) if board.terrain[h] == t})
        for t in sorted(board.terrain_types)
    }
    static["slope (7.1)"] = grid.plane({ids[h]: 1.0 for h in range(len(ids)) if board.slope[h]})
    for name in sc.sectors:
        static[f"sector {name}"] = grid.plane(
            dict.fromkeys((ids[h] for h in board.sector_hexes[name]), 1.0)
        )
    static["on map"] = grid.plane(dict.fromkeys(ids, 1.0))
    cards = tuple(card.id for card in c.cards)
    phases = tuple(sorted({str(index) for _, index in PHASES.values()}, key=int))
    turns = float(sc.turns)

    def holder(side: str) -> Any:
        return lambda o: [x for x in o["objectives"] if x["holder"] == side]

    fields = [
        *common_fields(SIDES, phases, sorted(DevilDogsState.prompts)),
        static_field("map", static, "the public map: terrain, slopes, the scenario's sectors"),
        stack_field(
            "stacks",
            grid,
            SIDES,
            ("steps", "lost"),
            ("infantry", "mg", "mortar", "gun_pit", "hq"),
            ("reduced", "falter", "pinned"),
        ),
        hex_list_field(
            "markers",
            grid,
            "mortar, artillery and gas chits this turn (5.5, 9); gas clouds; objectives held "
            "by each side (C4)",
            lambda o: [m for m in o["markers"] if m["kind"] == "mortar"],
            lambda o: [m for m in o["markers"] if m["kind"] == "artillery"],
            lambda o: [m for m in o["markers"] if m["kind"].startswith("gas")],
            holder(SIDES[0]),
            holder(SIDES[1]),
        ),
        sector_field(sc.sectors),
        multi_hot_field(
            "hand", cards, lambda o: [card["id"] for card in o["hand"]], "cards in hand"
        ),
        multi_hot_field(
            "discards",
            cards,
            lambda o: [x for s in SIDES for x in o["discards"][s]],
            "discarded cards",
        ),
        scalar_field(
            "scalars",
            [
                ("turn / scenario turns", lambda o: o["turn"] / turns),
                ("initiative track / 10 (5.3.1, + for the US)", lambda o: o["track"] / 10),
                ("battlefield initiative is US", lambda o: o["battlefield_initiative"] == US),
                (
                    "battlefield initiative is German",
                    lambda o: o["battlefield_initiative"] == SIDES[1],
                ),
                ("opponent's cards in hand", lambda o: o["opponent_hand"]),
                ("opponent's cards committed (5.2)", lambda o: o["opponent_placed"]),
                ("US deck / 30", lambda o: o["decks"][SIDES[0]] / 30),
                ("German deck / 30", lambda o: o["decks"][SIDES[1]] / 30),
                ("US points", lambda o: o["points"][SIDES[0]]),
                ("German points", lambda o: o["points"][SIDES[1]]),
                ("US replacement points (5.11)", lambda o: o["replacements"]),
                ("casualties this turn", lambda o: len(o["casualties"])),
                ("can undo", lambda o: o["can_undo"]),
            ],
        ),
    ]
    return Encoding(action_space(sc.id), TensorSpec(fields), MAX_GAME_LENGTH)
