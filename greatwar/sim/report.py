"""A study report: PNG plots and an HTML page from one or more results files.

Plots: each variant's win rates with 95 % Wilson intervals, the distribution of game length,
and (for games that describe their board) where units exited or died on the map.
"""

from __future__ import annotations

import html
import importlib
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from greatwar.core.registry import GAME_MODULES, load_game
from greatwar.sim.local import GameResult, Matchup
from greatwar.sim.stats import causes, lengths, side_stats
from greatwar.sim.study import load_results, variant_label

# Okabe-Ito colours, told apart with any colour vision: sides first (blue, vermilion), then
# one per run; line styles tell runs apart in print too.
SIDE_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7")
RUN_COLOURS = ("#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9", "#000000")
RUN_STYLES = ("-", "--", "-.", ":")
MAP_COLOURS = ("#1b1b1b", "#d55e00", "#cc79a7", "#009e73")  # against the paled terrain
Studies = dict[Matchup, list[GameResult]]


def game_title(matchup: Matchup) -> str:
    """The game's printed title, for plot titles."""
    return load_game(matchup.game, matchup.options).info.title


def run_name(matchup: Matchup) -> str:
    """Who played whom, side by side ("us: heuristic v german: mcts"), and the options."""
    sides = _sides(matchup)
    players = " v ".join(f"{s}: {p}" for s, p in zip(sides, matchup.players, strict=True))
    options = " ".join(f"{k}={v}" for k, v in matchup.option_items)
    return f"{players} {options}".strip()


def _titled(studies: Studies) -> str:
    games = sorted({game_title(m) for m in studies})
    return " / ".join(games) if games else "no games"


def _save(fig: Figure, path: Path) -> Path:
    """Saved with every label inside the image (tight bounding box)."""
    fig.savefig(path, dpi=110, bbox_inches="tight", pad_inches=0.15)
    return path


def write_report(paths: Sequence[Path], out_dir: Path) -> Path:
    """Read the results files, write the plots and ``index.html`` into ``out_dir``."""
    studies: Studies = {}
    for path in paths:
        for matchup, results in load_results(path).items():
            studies.setdefault(matchup, []).extend(results)
    out_dir.mkdir(parents=True, exist_ok=True)
    images = [plot_win_rates(studies, out_dir / "win_rates.png")]
    images.append(plot_lengths(studies, out_dir / "game_length.png"))
    for number, (matchup, results) in enumerate(studies.items(), start=1):
        board = game_board(matchup.game)
        if board is not None:
            path = out_dir / f"map_{number}.png"
            images.append(plot_map(board, matchup, results, path))
    page = out_dir / "index.html"
    page.write_text(html_page(studies, [p.name for p in images], paths), encoding="utf-8")
    return page


def _sides(matchup: Matchup) -> tuple[str, ...]:
    return load_game(matchup.game, matchup.options).sides


def plot_win_rates(studies: Studies, path: Path) -> Path:
    """Grouped bars: each side's win rate per run, with its 95 % Wilson interval; the game
    and every run named."""
    fig = Figure(figsize=(9, 1.6 + 0.9 * max(len(studies), 1)), layout="constrained")
    ax = fig.add_subplot()
    labels = []
    shown: set[str] = set()
    for row, (matchup, results) in enumerate(studies.items()):
        stats = side_stats(_sides(matchup), results)
        height = 0.8 / max(len(stats), 1)
        for i, s in enumerate(stats):
            y = row + (i - (len(stats) - 1) / 2) * height
            error = [[max(0.0, s.rate - s.low)], [max(0.0, s.high - s.rate)]]
            colour = SIDE_COLOURS[i % len(SIDE_COLOURS)]
            legend = s.side if s.side not in shown else None
            shown.add(s.side)
            ax.barh(
                y, s.rate, height=height * 0.9, color=colour, xerr=error, capsize=3, label=legend
            )
            inside = s.rate > 0.75  # label inside long bars, past the end of short ones
            x, align = (s.rate - 0.02, "right") if inside else (s.high + 0.01, "left")
            colour = "white" if inside else "black"
            ax.text(x, y, f"{s.rate:.1%}", va="center", ha=align, fontsize=8, color=colour)
        labels.append(f"{run_name(matchup)}\n{len(results)} games")
    ax.set_yticks(range(len(labels)), labels, fontsize=8)
    ax.set_xlim(0, 1.08)
    ax.invert_yaxis()  # the first run on top
    ax.set_xlabel("win rate (bars: 95% Wilson interval)")
    ax.set_title(f"{_titled(studies)}: win rate per side", fontsize=10)
    if shown:
        ax.legend(title="side", fontsize=8, loc="lower right")
    return _save(fig, path)


def plot_lengths(studies: Studies, path: Path) -> Path:
    """Game length in turns, one histogram per run: a light fill under a line of its own
    colour and style, so that overlapping runs stay readable."""
    fig = Figure(figsize=(9, 4.2), layout="constrained")
    ax = fig.add_subplot()
    every = [r.turns for results in studies.values() for r in results]
    longest, shortest = max(every, default=1), min(every, default=1)
    bins = [x + 0.5 for x in range(0, longest + 1)]
    for i, (matchup, results) in enumerate(studies.items()):
        turns = [r.turns for r in results]
        if not turns:
            continue
        colour = RUN_COLOURS[i % len(RUN_COLOURS)]
        style = RUN_STYLES[i % len(RUN_STYLES)]
        label = (
            f"{run_name(matchup)} ({len(turns)} games, median {lengths(results).median_turns:.0f})"
        )
        ax.hist(turns, bins=bins, histtype="stepfilled", color=colour, alpha=0.15)
        ax.hist(
            turns,
            bins=bins,
            histtype="step",
            linewidth=1.8,
            color=colour,
            linestyle=style,
            label=label,
        )
    ax.set_xlabel("turns played")
    ax.set_ylabel("games")
    ax.set_xlim(max(0.5, shortest - 1.5), longest + 1.5)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # whole games
    ax.set_title(f"{_titled(studies)}: game length", fontsize=10)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8, loc="upper left")
    return _save(fig, path)


def game_board(game: str) -> dict[str, Any] | None:
    """The game's board description (its ``board`` module), or None if it has none."""
    try:
        module = importlib.import_module(f"{GAME_MODULES[game]}.board")
    except (ImportError, KeyError):
        return None
    board: dict[str, Any] = module.board()
    return board


def plot_map(
    board: dict[str, Any], matchup: Matchup, results: list[GameResult], path: Path
) -> Path:
    """The map, shaded by terrain, with eliminations per hex (dot size) and exits (stars)."""
    hexes = {h["id"]: (h["x"], h["y"]) for h in board["hexes"]}
    fills = {t["id"]: t["fill"] for t in board["terrain"]}
    fig = Figure(figsize=(8, 8), layout="constrained")
    ax = fig.add_subplot()
    names = {s["id"]: s["name"] for s in board.get("sides", [])}
    xs = [h["x"] for h in board["hexes"]]
    ys = [h["y"] for h in board["hexes"]]
    colours = [fills.get(h["terrain"], "#dddddd") for h in board["hexes"]]
    ax.scatter(xs, ys, s=28, marker="h", c=colours, linewidths=0, alpha=0.45)
    sides = _sides(matchup)
    for i, side in enumerate(sides):
        dead = Counter(
            h for r in results for h, s in zip(r.dead_hexes, r.dead_sides, strict=True) if s == side
        )
        points = [(hexes[h], n) for h, n in dead.items() if h in hexes]
        if points:
            scale = 60 / max(n for _, n in points)
            ax.scatter(
                [p[0] for p, _ in points],
                [p[1] for p, _ in points],
                s=[4 + n * scale for _, n in points],
                color=MAP_COLOURS[i % len(MAP_COLOURS)],
                edgecolors="#ffffff",
                linewidths=0.4,
                alpha=0.75,
                label=f"{names.get(side, side)} eliminated",
            )
    exits = Counter(r.exit_hex for r in results if r.exit_hex)
    if exits:
        ax.scatter(
            [hexes[h][0] for h in exits],
            [hexes[h][1] for h in exits],
            s=[30 + 200 * n / max(exits.values()) for n in exits.values()],
            marker="*",
            color="#e69f00",
            edgecolors="#000000",
            linewidths=0.5,
            label="exits",
        )
    ax.invert_yaxis()  # board y grows southward
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title(
        f"{game_title(matchup)}: where units exited or died\n{run_name(matchup)}, "
        f"{len(results)} games",
        fontsize=9,
    )
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="lower left", fontsize=8)
    return _save(fig, path)


def html_page(studies: Studies, images: list[str], sources: Sequence[Path]) -> str:
    """The page: one table of figures per variant, then the plots."""
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>greatwar study</title>",
        "<style>body{font-family:sans-serif;max-width:960px;margin:2em auto}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;"
        "padding:3px 8px;text-align:right}th{background:#eee}img{max-width:100%}</style>",
        "</head><body><h1>Study report</h1>",
        f"<p>Results: {html.escape(', '.join(str(s) for s in sources))}</p>",
    ]
    for matchup, results in studies.items():
        parts.append(_variant_html(matchup, results))
    parts.extend(
        f"<p><img src='{html.escape(name)}' alt='{html.escape(name)}'></p>" for name in images
    )
    parts.append("</body></html>")
    return "\n".join(parts)


def _variant_html(matchup: Matchup, results: list[GameResult]) -> str:
    title = html.escape(f"{matchup.game}: {variant_label(matchup)}")
    rows = "".join(
        f"<tr><td>{html.escape(s.side)}</td><td>{s.wins}/{s.games}</td><td>{s.rate:.1%}</td>"
        f"<td>{s.low:.1%} - {s.high:.1%}</td></tr>"
        for s in side_stats(_sides(matchup), results)
    )
    n = lengths(results)
    why = "".join(
        f"<tr><td>{html.escape(w)}</td><td>{html.escape(c)}</td><td>{k}</td></tr>"
        for w, c, k in causes(results)
    )
    return (
        f"<h2>{title}</h2><table><tr><th>side</th><th>wins</th><th>win rate</th>"
        f"<th>95% Wilson interval</th></tr>{rows}</table>"
        f"<p>Game length: {n.mean_turns:.1f} turns on average, median {n.median_turns:.0f} "
        f"(10%-90%: {n.p10_turns:.0f}-{n.p90_turns:.0f}); {n.mean_actions:.0f} actions.</p>"
        f"<table><tr><th>winner</th><th>cause of victory</th><th>games</th></tr>{why}</table>"
    )
