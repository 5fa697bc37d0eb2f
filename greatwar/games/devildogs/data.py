"""Devil Dogs components loaded from data/: map, counters, the two decks, tables, scenarios.

Everything here is static and shared by every state; an owner of the printed game can enter
the real map, counters, cards and playbook in data/ (PROVENANCE.md gives each column's meaning)
without touching code.
"""

from __future__ import annotations

import csv
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from greatwar.hexes import STANDARD_NUMBERING, HexGrid

US, GERMAN = "us", "german"
SIDES = (US, GERMAN)
STALEMATE = "stalemate"
ROWS = ("active", "reactive", "general")  # 1.2: the three order boxes of a command card
MOVES = ("ADV", "RET", "REP", "HOLD")  # 5.8, 6


def enemy(side: str) -> str:
    return GERMAN if side == US else US


ENEMY = {US: GERMAN, GERMAN: US}  # ``enemy`` as a table, for the hot paths (no call)


@dataclass(frozen=True)
class Keyword:
    """One keyword of an order (9): the rules' name, its X if it takes one, the printed text."""

    name: str
    x: int
    printed: str

    def __str__(self) -> str:
        return self.printed


@dataclass(frozen=True)
class Order:
    """One order box of a card (1.2): movement type and number, MG number, two keywords."""

    row: str
    move: str
    n: int
    mg: int
    keywords: tuple[Keyword, ...]

    def text(self) -> str:
        keys = ", ".join(k.printed for k in self.keywords)
        return f"{self.move} {self.n} | MG {self.mg} | {keys}"


@dataclass(frozen=True)
class Card:
    """A command card (1.2, 5.5): its faction, title, artillery deviation and three orders."""

    index: int
    id: str
    side: str
    title: str
    deviation: int | None  # compass number 1-6, or None for HIT
    orders: tuple[Order, Order, Order]  # active, reactive, general

    def order(self, row: str) -> Order:
        return self.orders[ROWS.index(row)]

    @property
    def deviation_text(self) -> str:
        return "HIT" if self.deviation is None else str(self.deviation)


@dataclass(frozen=True)
class Unit:
    """A combat unit counter (4): side, nation, kind, regiment and how many steps it has (7.2)."""

    index: int
    id: str
    side: str
    nation: str
    kind: str  # infantry, mg, mortar, gun_pit, hq
    regiment: str
    steps: int  # 4: US and German assault units; 3: German defensive and French units
    name: str


class Board:
    """The map: grid, terrain, slope hexes and the sectors each hex belongs to."""

    def __init__(self, rows: list[dict[str, str]], terrain: dict[str, dict[str, Any]]) -> None:
        self.grid = HexGrid((row["hex"] for row in rows), STANDARD_NUMBERING)
        self.terrain = tuple(row["terrain"] for row in rows)
        unknown = sorted(set(self.terrain) - set(terrain))
        if unknown:
            raise ValueError(f"map.csv uses terrain not in tables.toml: {', '.join(unknown)}")
        self.terrain_types = terrain
        self.slope = tuple(row["slope"] == "yes" for row in rows)
        self.sectors = tuple(frozenset(row["sector"].split("/")) for row in rows)
        self.place = tuple(row["place"] for row in rows)
        self.blocks = tuple(bool(terrain[t]["blocks_los"]) for t in self.terrain)  # 7.1
        self.cover = tuple(bool(terrain[t]["cover"]) for t in self.terrain)  # 7.1, 8.2
        # the printed ids by index, read where a note names a unit's hex
        self.ids = tuple(self.grid.id(h) for h in range(self.grid.size))
        self.row = tuple(int(hex_id[2:]) for hex_id in self.ids)
        self.sector_names = tuple(sorted({s for group in self.sectors for s in group}))
        self.sector_hexes = {
            name: tuple(h for h, group in enumerate(self.sectors) if name in group)
            for name in self.sector_names
        }

    def hex(self, hex_id: str) -> int:
        return self.grid.index(hex_id)

    def in_sector(self, hex_index: int, sector: str) -> bool:
        """5.7: a hex bisected by a sector border belongs to both sectors."""
        return sector in self.sectors[hex_index]


@dataclass(frozen=True)
class Group:
    """A reinforcing regiment of a scenario (5.11): side, turn on the turn track, entry hex."""

    side: str
    regiment: str
    turn: int
    entry: int
    units: tuple[int, ...]


@dataclass(frozen=True)
class Objective:
    hex: int
    name: str
    holder: str


@dataclass(frozen=True)
class Scenario:
    """One playbook scenario (3.1): sectors, turns, attacker, track start, set-up."""

    id: str
    title: str
    date: str
    summary: str
    sectors: tuple[str, ...]
    turns: int
    attacker: str
    track: int
    objectives: tuple[Objective, ...]
    setup: tuple[tuple[int, int], ...]  # (unit, hex)
    damaged: tuple[tuple[int, int], ...]  # (unit, steps lost at the start)
    reinforcements: tuple[Group, ...]
    withdrawals: tuple[tuple[str, int], ...]  # (regiment, turn)

    @property
    def defender(self) -> str:
        return enemy(self.attacker)


class Components:
    """Everything static of Devil Dogs."""

    def __init__(
        self,
        board: Board,
        units: tuple[Unit, ...],
        cards: tuple[Card, ...],
        tables: dict[str, Any],
        scenarios: dict[str, Scenario],
    ) -> None:
        self.board = board
        self.units = units
        self.cards = cards
        self.tables = tables
        self.scenarios = scenarios
        self.unit_by_id = {u.id: u for u in units}
        self.card_by_id = {c.id: c for c in cards}
        self.hq = {u.regiment: u.index for u in units if u.kind == "hq"}
        self.compass = {int(k): v for k, v in tables["compass"].items()}
        self.side_units = {side: tuple(u.index for u in units if u.side == side) for side in SIDES}
        self.foe = tuple(enemy(u.side) for u in units)  # each unit's enemy side, by index

    def unit(self, unit_id: str) -> Unit:
        return self.unit_by_id[unit_id]

    def card(self, card_id: str) -> Card:
        return self.card_by_id[card_id]

    def deck(self, side: str) -> list[int]:
        return [c.index for c in self.cards if c.side == side]


def _text(name: str) -> str:
    return resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")


def _csv(name: str) -> list[dict[str, str]]:
    return list(csv.DictReader(_text(name).splitlines()))


def parse_keyword(printed: str, tables: dict[str, Any]) -> Keyword:
    """'COMBAT 2' -> Keyword('combat', 2, 'COMBAT 2'); unknown keywords are an error."""
    words = printed.split()
    x = 0
    if words and words[-1].isdigit():
        x = int(words[-1])
        words = words[:-1]
    base = " ".join(words)
    names: dict[str, str] = tables["keywords"]["printed"]
    if base not in names:
        raise ValueError(f"cards.csv has an unknown keyword {printed!r}")
    name = names[base]
    if (name in tables["keywords"]["with_x"]) != bool(x):
        raise ValueError(f"cards.csv keyword {printed!r}: X is required exactly for {name}")
    return Keyword(name, x, printed)


def _card(index: int, row: dict[str, str], tables: dict[str, Any]) -> Card:
    orders = []
    for name in ROWS:
        move = row[f"{name}_move"]
        if move not in MOVES:
            raise ValueError(f"card {row['id']}: movement {move!r} is not one of {MOVES}")
        keywords = tuple(
            parse_keyword(row[f"{name}_keyword{i}"], tables)
            for i in (1, 2)
            if row[f"{name}_keyword{i}"]
        )
        orders.append(Order(name, move, int(row[f"{name}_n"]), int(row[f"{name}_mg"]), keywords))
    deviation = None if row["deviation"] == "HIT" else int(row["deviation"])
    return Card(
        index, row["id"], row["side"], row["title"], deviation, (orders[0], orders[1], orders[2])
    )


def _scenario(key: str, spec: dict[str, Any], board: Board, units: dict[str, Unit]) -> Scenario:
    setup = tuple(
        (units[u].index, board.hex(h)) for side in SIDES for u, h in spec["setup"][side].items()
    )
    groups = tuple(
        Group(
            g["side"],
            g["regiment"],
            int(g["turn"]),
            board.hex(g["entry"]),
            tuple(units[u].index for u in g["units"]),
        )
        for g in spec.get("reinforcements", [])
    )
    return Scenario(
        id=key,
        title=spec["title"],
        date=spec["date"],
        summary=spec["summary"],
        sectors=tuple(spec["sectors"]),
        turns=int(spec["turns"]),
        attacker=spec["attacker"],
        track=int(spec["track"]),
        objectives=tuple(
            Objective(board.hex(o["hex"]), o["name"], o["holder"]) for o in spec["objectives"]
        ),
        setup=setup,
        damaged=tuple((units[u].index, int(n)) for u, n in spec.get("damaged", {}).items()),
        reinforcements=groups,
        withdrawals=tuple((w["regiment"], int(w["turn"])) for w in spec.get("withdrawals", [])),
    )


@cache
def components() -> Components:
    """The components, read once per process."""
    tables = tomllib.loads(_text("tables.toml"))
    board = Board(_csv("map.csv"), tables["terrain"])
    units = tuple(
        Unit(
            i, r["id"], r["side"], r["nation"], r["kind"], r["regiment"], int(r["steps"]), r["name"]
        )
        for i, r in enumerate(_csv("counters.csv"))
    )
    cards = tuple(_card(i, row, tables) for i, row in enumerate(_csv("cards.csv")))
    by_id = {u.id: u for u in units}
    specs = tomllib.loads(_text("scenarios.toml"))
    scenarios = {key: _scenario(key, spec, board, by_id) for key, spec in specs.items()}
    return Components(board, units, cards, tables, scenarios)


def scenario_ids() -> tuple[str, ...]:
    """The scenario keys in playbook order (for the ``scenario`` option)."""
    return tuple(tomllib.loads(_text("scenarios.toml")))
