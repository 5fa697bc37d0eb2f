"""The proposed Fire & Movement standard rules in force for one game, in one place.

The standard rules (1.0-9.0) are not public. Every value here is a reconstruction ([P] in the
digest), read from `[standard_rules]` in data/tables.toml, and the main ones can be switched
per game by an option. PROVENANCE.md lists each choice and the reason for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from greatwar.core import Option

STIFF_MODES = ("any", "d1_only", "per_hex", "off")


@dataclass(frozen=True)
class RuleConfig:
    """Every proposed standard rule, and the exclusive-rule readings chosen by option."""

    turn1_bombardment_first: bool  # digest 4.3
    minimum_move: bool  # digest 5.1
    stacking_limit: int  # digest 5.3
    zoc_stops_movement: bool  # digest 6.1
    zoc_to_zoc: bool  # digest 6.1
    river_line_when: str  # digest 7.4: "all" or "any"
    crt_alignment: str  # digest 7.4, 11.2; components C.3
    exchange_attacker_steps: int  # digest 7.6
    retreat_step_per_missing_hex: bool  # digest 7.7
    stiff_resistance: str  # digest 7.8
    advance_after_combat: bool  # digest 7.9
    allied_support_markers: tuple[int, ...]  # digest 8.1
    german_support_markers: tuple[int, ...]  # digest 8.1
    support_cap: int  # digest 8.3 (0: no cap)
    support_bombardment: bool  # digest 8.4
    supply: bool  # digest 9
    supply_attack_divisor: int  # digest 9.3
    move_cost: Mapping[str, float]  # digest 5.2
    hexside_cost: Mapping[str, float]  # digest 5.2
    bombardment_retreat: bool  # MA 17.5 against 16.0 (components C.10.4)
    allied_returns: str  # MA 11.3: "full" or "depleted" (components C.10.2)
    allied_reinforcement_edge: str  # MA 19.3 "south" or 11.4 "south_of_stellung"

    @classmethod
    def of(cls, tables: Mapping[str, Any], options: Mapping[str, object]) -> RuleConfig:
        """The table's values, overridden by the game's options."""
        std = dict(tables["standard_rules"])
        values: dict[str, Any] = {
            name: std[name] for name in cls.__dataclass_fields__ if name in std
        }
        values["allied_support_markers"] = tuple(std["allied_support_markers"])
        values["german_support_markers"] = tuple(std["german_support_markers"])
        values["bombardment_retreat"] = True
        values["allied_returns"] = "full"
        values["allied_reinforcement_edge"] = tables["reinforcements"]["allied_edge"]
        for option, field in OPTION_FIELDS.items():
            if option in options:
                values[field] = options[option]
        return cls(**values)

    def summary(self) -> str:
        """The switches in force, in words, for the log at the start of a game."""
        cap = self.support_cap or "no"
        return (
            f"proposed standard rules in force (PROVENANCE.md): CRT lines {self.crt_alignment}-"
            f"aligned; river line when {self.river_line_when} attackers cross; stiff "
            f"resistance {self.stiff_resistance}; {cap} support markers per side per combat; "
            f"support-fire bombardment {'on' if self.support_bombardment else 'off'}; supply "
            f"{'on' if self.supply else 'off'}; 17.5 bombardment retreat "
            f"{'allowed' if self.bombardment_retreat else 'forbidden (16.0)'}"
        )


# Game option -> the RuleConfig field it sets.
OPTION_FIELDS = {
    "bombardment_retreat": "bombardment_retreat",
    "stiff_resistance": "stiff_resistance",
    "crt_alignment": "crt_alignment",
    "river_line": "river_line_when",
    "support_cap": "support_cap",
    "support_bombardment": "support_bombardment",
    "supply": "supply",
    "turn1_bombardment_first": "turn1_bombardment_first",
    "allied_returns": "allied_returns",
    "allied_reinforcement_edge": "allied_reinforcement_edge",
}


def game_options(tables: Mapping[str, Any]) -> tuple[Option, ...]:
    """The game's options, their defaults taken from the tables so they stay in one place."""
    std = tables["standard_rules"]
    return (
        Option(
            "bombardment_retreat",
            True,
            "MA 17.5: a unit hit by bombardment markers may retreat one hex instead; false reads "
            "MA 16.0 (no retreat from any bombardment) as covering them too",
        ),
        Option(
            "stiff_resistance",
            str(std["stiff_resistance"]),
            "F&M 7.8 (proposed): 'any' D result may be refused for one step, 'd1_only', "
            "'per_hex' (a step per hex not retreated) or 'off'",
            STIFF_MODES,
        ),
        Option(
            "crt_alignment",
            str(std["crt_alignment"]),
            "CRT terrain lines share the twelve result columns from the 'left' (terrain shifts "
            "the attacker left) or the 'right' (+10 always the last column)",
            ("left", "right"),
        ),
        Option(
            "river_line",
            str(std["river_line_when"]),
            "F&M 7.4 (proposed): a river or Meuse line applies when 'all' attackers cross one, "
            "or when 'any' does",
            ("all", "any"),
        ),
        Option(
            "support_cap",
            int(std["support_cap"]),
            "F&M 8.3 (proposed): support-fire markers per side per combat (0: no limit)",
        ),
        Option(
            "support_bombardment",
            bool(std["support_bombardment"]),
            "F&M 8.4 (proposed): support-fire markers may bombard a hex without a ground attack",
        ),
        Option("supply", bool(std["supply"]), "F&M 9.0 (proposed): supply lines and effects"),
        Option(
            "turn1_bombardment_first",
            bool(std["turn1_bombardment_first"]),
            "MA 15.2, 17.7: turn 1 runs the Allied bombardment (with gas) before the Allied "
            "combat phase; false starts at the combat phase itself",
        ),
        Option(
            "allied_returns",
            "full",
            "MA 11.3: an eliminated Allied division brought back by a replacement returns at "
            "'full' strength (three-step divisions depleted) or 'depleted'",
            ("full", "depleted"),
        ),
        Option(
            "allied_reinforcement_edge",
            "south",
            "Allied reinforcements enter on the 'south' edge (MA 19.3) or any edge hex "
            "'south_of_stellung' (MA 11.4)",
            ("south", "south_of_stellung"),
        ),
    )
