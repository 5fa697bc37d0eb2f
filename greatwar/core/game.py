"""What a game declares about itself: sides, options, rulebook (the loaded ``Game`` that makes
states is in ``state.py``, beside the ``State`` it makes)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from greatwar.core.errors import BadOption

OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    """One game option: its default fixes its kind (bool, int or str)."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()

    def validate(self, value: object) -> OptionValue:
        """``value`` converted to this option's kind, or BadOption saying why not."""
        if isinstance(value, str) and not isinstance(self.default, str):
            value = self._parse(value)
        kind = type(self.default)
        if type(value) is not kind:
            raise BadOption(
                f"option {self.name!r} takes a {kind.__name__}, got {value!r} "
                f"({type(value).__name__})"
            )
        if self.choices and value not in self.choices:
            raise BadOption(f"option {self.name!r} must be one of {', '.join(self.choices)}")
        return value

    def _parse(self, text: str) -> OptionValue:
        if isinstance(self.default, bool):
            lowered = text.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
            raise BadOption(f"option {self.name!r} takes true or false, got {text!r}")
        try:
            return int(text)
        except ValueError:
            raise BadOption(f"option {self.name!r} takes a whole number, got {text!r}") from None


@dataclass(frozen=True)
class GameInfo:
    """The facts a game declares at the top of its package."""

    id: str
    title: str
    sides: tuple[str, ...]
    rulebook: str
    summary: str
    options: tuple[Option, ...] = ()
    concession_rule: str | None = None  # the rule allowing a side to concede, if any
    neutral: tuple[str, ...] = ()  # seats that neither win nor lose (a game master)


def resolve_options(info: GameInfo, given: Mapping[str, object] | None) -> dict[str, OptionValue]:
    """Defaults overridden by ``given``; an unknown option names the valid ones."""
    known = {o.name: o for o in info.options}
    options = {name: o.default for name, o in known.items()}
    for name, value in (given or {}).items():
        if name not in known:
            valid = ", ".join(sorted(known)) or "none"
            raise BadOption(f"unknown option {name!r} for {info.id}; its options are: {valid}")
        options[name] = known[name].validate(value)
    return options
