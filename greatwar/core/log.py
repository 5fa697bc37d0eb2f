"""The narrative log: each entry names the rule it applied and who may read it."""

from __future__ import annotations

from typing import Any, NamedTuple


class LogEntry(NamedTuple):
    """``rule`` is the rulebook number applied ("10.11"); ``to`` limits it to one side's view."""

    rule: str
    text: str
    to: str | None = None
    dice: tuple[int, ...] = ()

    def visible_to(self, side: str | None) -> bool:
        """Whether ``side`` (None: an omniscient reader) may read this entry."""
        return self.to is None or side is None or self.to == side

    def as_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        entry: dict[str, Any] = {"rule": self.rule, "text": self.text}
        if self.dice:
            entry["dice"] = list(self.dice)
        return entry
