"""The static components of a hex game with counters: its board, its counters (one row each,
looked up by printed id) and its tables, read once per process by the game's ``data.py``."""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar


class Printed(Protocol):
    @property
    def id(self) -> str: ...


B = TypeVar("B")
C = TypeVar("C", bound=Printed)


class HexComponents(Generic[B, C]):
    """Board, counters and tables; a game's subclass adds what it derives from them."""

    def __init__(self, board: B, counters: tuple[C, ...], tables: dict[str, Any]) -> None:
        self.board = board
        self.counters = counters
        self.tables = tables
        self.by_id = {c.id: c for c in counters}

    def counter(self, unit_id: str) -> C:
        """The counter with this printed id."""
        return self.by_id[unit_id]
