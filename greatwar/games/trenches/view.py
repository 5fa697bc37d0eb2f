"""What one seat may see, built from a whitelist. The table is open: every figure on it,
the wire, the clouds, the dice. Hidden: the game master's plans (only the gm seat) and the
German off-table pool (the German and gm seats only). The game master sees everything."""

from __future__ import annotations

from functools import cache
from typing import Any

from greatwar.games.trenches.board import KINDS
from greatwar.games.trenches.data import FRENCH, GERMAN, GM, Components
from greatwar.games.trenches.state import DEAD, POOL, TABLE, TrenchesState

# The sides as the panels name them.
SIDE_NAMES = {FRENCH: "France", GERMAN: "Germany"}


def figure_views(state: TrenchesState) -> list[dict[str, Any]]:
    """Every figure on the table as the table shows it, in figure order."""
    flags, shots = figure_flags(state), state.shots
    named, group, xs, ys = names(state.c), state.group, state.x, state.y
    views = []
    for i in state.on_table():
        fid, side, kind, name = named[i]
        view: dict[str, Any] = {
            "id": fid,
            "side": side,
            "kind": kind,
            "name": name,
            "group": group[i],
            "x": xs[i],
            "y": ys[i],
        }
        if i in flags:
            view["flags"] = flags[i]
        if i in shots:
            view["shots"] = shots[i]
        views.append(view)
    return views


@cache
def names(c: Components) -> tuple[tuple[str, str, str, str], ...]:
    """Per figure: its id, side, kind and name."""
    return tuple((f.id, f.side, f.kind, f.name) for f in c.figures)


def figure_flags(state: TrenchesState) -> dict[int, list[str]]:
    """Figure -> the flags it shows, in this order (the flagged figures only)."""
    group = state.group
    leaders = {i for g, i in state.leader.items() if group[i] == g}
    found: dict[int, list[str]] = {}
    for name, figures in (
        ("moved", state.moved),
        ("fired", state.fired),
        ("pinned", state.pinned),
        ("leader", leaders),
        ("out", state.tank_out),
        ("no_fire", state.no_fire),
        ("fascine", state.fascines),
    ):
        for i in figures:
            found.setdefault(i, []).append(name)
    return found


def table_view(state: TrenchesState) -> dict[str, Any]:
    """What web/table.js draws: the figures, clouds, last shells, the strafing tape, the cut
    wire and each group's move this phase (tenths of an inch)."""
    return {
        "figures": figure_views(state),
        "clouds": [{"kind": k, "x": x, "y": y} for k, x, y in state.clouds],
        "shells": [
            {"side": s, "kind": k, "aim": [ax, ay], "landed": [lx, ly]}
            for s, k, ax, ay, lx, ly in state.shells
        ],
        "strafe": list(state.strafe_line),
        "wire_cut": sorted(state.cut),
        "moves": dict(sorted(state.allow.items())),
    }


def pool(state: TrenchesState) -> dict[str, int]:
    """German New Units: what is still off the table, by kind (a German secret)."""
    counts: dict[str, int] = {}
    status, kinds = state.status, state.c.kinds
    for i in side_figures(state.c, GERMAN):
        if status[i] == POOL:
            counts[kinds[i]] = counts.get(kinds[i], 0) + 1
    return counts


def dead(state: TrenchesState) -> dict[str, int]:
    """The dead piles, counted by side (in plain view beside the table)."""
    status = state.status
    return {
        side: sum(1 for i in side_figures(state.c, side) if status[i] == DEAD)
        for side in (FRENCH, GERMAN)
    }


@cache
def side_figures(c: Components, side: str) -> tuple[int, ...]:
    return tuple(f.index for f in c.figures if f.side == side)


def prompt_view(state: TrenchesState, side: str) -> dict[str, Any] | None:
    if side not in state.sides_to_act():
        return None
    frame = state.stack[-1]
    prompt = state.prompts[frame["p"]]
    view: dict[str, Any] = {"name": prompt.name, "title": prompt.title}
    if frame["p"] == "barrage":
        view["shells"] = frame["shells"]
    if frame["p"] == "opfire":
        view["targets"] = [state.fig(i).id for i in state.just_moved if state.status[i] == TABLE]
    return view


def observation(state: TrenchesState, side: str) -> dict[str, Any]:
    acting = side in state.sides_to_act()
    end = state.end_cause()
    view: dict[str, Any] = {
        "game": "trenches",
        "side": side,
        "turn": state.turn,
        "phase": {"title": state.phase[:1].upper() + state.phase[1:]},
        "to_act": list(state.sides_to_act()),
        "prompt": prompt_view(state, side),
        "legal_actions": [str(a) for a in state.legal_actions(side)] if acting else [],
        "table": table_view(state),
        "wind": state.wind,
        "event": state.event,
        "lines": {str(n + 1): owner for n, owner in enumerate(state.owner)},
        "movement": {g: f"{v / 10:g} in" for g, v in sorted(state.allow.items())},
        "broken": dict(sorted(state.broken.items())),
        "airplane": state.plane,
        "dead": dead(state),
        "can_undo": state.can_undo(side),
        "winner": state.winner(),
        "end": {"rule": end[0], "cause": end[1]} if end else None,
        "log": state.log_view(side),
    }
    if side in (GERMAN, GM):
        view["pool"] = pool(state)
    if side == GM:
        view["plans"] = {str(t): e for t, e in sorted(state.plans.items())}
    view["panels"] = panels(state, side, view)
    return view


def panels(state: TrenchesState, side: str, view: dict[str, Any]) -> list[dict[str, Any]]:
    event = state.c.event(state.event) or {"title": state.event, "text": ""}
    found = [
        {
            "title": f"Turn {state.turn}: {event['title']}",
            "items": [
                {"label": event["text"]},
                {"label": f"wind from the French {state.wind}"},
                *(
                    {"label": f"trench line {n} held by {SIDE_NAMES.get(o, o)}"}
                    for n, o in view["lines"].items()
                ),
            ],
        }
    ]
    if "pool" in view:
        found.append(
            {
                "title": "German off-table pool",
                "items": [
                    {"label": f"{KINDS.get(k, k)}: {n}"} for k, n in sorted(view["pool"].items())
                ],
            }
        )
    if "plans" in view:
        found.append(
            {
                "title": "Your plans (secret)",
                "items": [{"label": f"turn {t}: {e}"} for t, e in view["plans"].items()]
                or [{"label": "none"}],
            }
        )
    return found
