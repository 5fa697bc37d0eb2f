"""The rules-coverage document: every numbered rule of each rulebook, the code that applies it
and the tests that check it. ``make coverage-doc`` writes it to docs/rules-coverage.md.

A rule counts as applied where a game's code names it in a comment, docstring or string
(``# 10.11``, ``(10.11)``, ``"10.11"``; a range ``9.1-9.5`` names every rule between), and
as tested where a test function's name starts with it (``test_10_11_...``; ``test_7_2_to_7_4``
and ``test_13_2_13_3`` name several) or its docstring names it. Rules without game effect
are decided in each game's table below, never guessed.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from greatwar.core.rulebooks import NUMBERED_LINE, REPO, rules_dir

SHOWN = 3  # code locations and tests listed per rule; the rest are counted

# A rule number in prose or code: "10.11" but not "2.5" inside "12.5" or "1.2.3"; "9.1-9.5".
# Three-level numbers too ("5.3.1").
_NUMBER = r"\d{1,2}\.\d{1,2}(?:\.\d{1,2})?"
REFERENCE = re.compile(rf"(?<![\w.])({_NUMBER})(?:\s*[-–]\s*({_NUMBER}))?(?!\.?\d)")
# Numbered paragraphs at the start of a line: "10.11 Close Assault Combat Bonus", also behind
# Markdown heading, list and emphasis marks ("### ***11.2 Allied Initial Deployment***").


@dataclass(frozen=True)
class GameSources:
    """Where one game's rulebook, rules code and rule tests are (paths from the repository)."""

    game: str
    title: str
    rulebook: str  # file name in the rules folder
    package: str  # the rules code
    tests: str  # the rule tests
    no_game_effect: Mapping[str, str] = field(default_factory=dict)  # rule -> why
    titles: Mapping[str, str] = field(default_factory=dict)  # rule -> title, where the
    # rulebook's own line is a sentence or a bare "Random Event 5"
    displaced: Mapping[str, str] = field(default_factory=dict)  # rule -> title: a rule whose
    # number the text's line breaks moved off the start of its line ("... 9.1.3. Combat")
    chapters: Mapping[str, str] = field(default_factory=dict)  # "N.0" -> title: a chapter
    # whose heading the rulebook writes as "9. KEYWORDS" and that has no numbered rules
    sections: tuple[tuple[str, str], ...] = ()  # a rulebook whose sections are named, not
    # numbered: (the id code and tests use, the heading as the rulebook prints it)


FBSM = GameSources(
    game="fbsm",
    title="First Blood: Second Marne",
    rulebook="first-blood-second-marne.txt",
    package="greatwar/games/fbsm",
    tests="tests/fbsm",
    no_game_effect={
        "1.1": "introduction",
        "1.2": "game scales",
        "2.1": "the list of components",
        "2.3": "where the players sit",
        "2.7": "counter colours (the side is a column of counters.csv)",
        "2.9": "the markers, whose use is 5.3 and 11.x",
        "4.1": "the German player's aim; the victory conditions are 4.3-4.5",
        "4.6": "a consequence of 4.3-4.5: every game ends with a winner",
        "8.2": "a pointer to 7.5 and 7.7",
        "12.0": "designer's notes",
    },
    titles={
        "7.2": "US Artillery Problems (event 2)",
        "7.3": "German Artillery Problems (event 3)",
        "7.4": "Intense Poison Gas Attacks (event 4)",
        "7.5": "German Breakthrough West (event 5)",
        "7.6": "US Rally (events 6-7)",
        "7.7": "German Breakthrough East (events 8-9)",
        "7.8": "German Heavy Machineguns (event 10)",
        "7.9": "German Rally (event 11)",
        "7.10": "Superb Artillery Spotting (event 12)",
    },
)

DEVILDOGS = GameSources(
    game="devildogs",
    title="Devil Dogs: Belleau Wood 1918",
    rulebook="devil-dogs-belleau-wood.txt",
    package="greatwar/games/devildogs",
    tests="tests/devildogs",
    chapters={"9.0": "Keywords"},
    no_game_effect={"1.1": "game basics: an overview of the rules that follow"},
)

MEUSE = GameSources(
    game="meuse",
    title="Meuse-Argonne: The Final Offensive",
    rulebook="meuse-argonne-exclusive.txt",
    package="greatwar/games/meuse",
    tests="tests/meuse",
    no_game_effect={
        "10.1": "historical background",
        "10.2": "the standard rules apply except as 13.0-18.0 modify them",
        "10.3": "game scale",
    },
)

TRENCHES = GameSources(
    game="trenches",
    title="Great War miniatures rules (Raybin)",
    rulebook="great-war-miniatures.txt",
    package="greatwar/games/trenches",
    tests="tests/trenches",
    sections=(
        ("The Game Sequence", "The Game Sequence"),
        ("Fortune of War", "Fortune of War"),
        ("Determine Winds", "Determine Winds"),
        ("Move the Poison Gas Clouds and Smoke", "Move the Poison Gas Clouds and Smoke"),
        ("Bombardment Phase", "French PhaseBombardment Phase"),
        ("French Move and Fire", "French Move and Fire and German machine gun opportunity fire"),
        ("German Return Fire", "German Return Fire"),
        ("Combat", "Combat"),
        ("Morale", "Morale"),
        ("French reinforcements", "French reinforcements"),
        ("German New Units", "German PhaseGerman New Units"),
        ("German Bombardment", "German Bombardment"),
        ("German Move", "German Move and French Machinegun fire"),
        ("French Fire", "French Fire"),
        ("German morale", "German morale"),
        ("Fire (Hot Steel)", "Fire (Hot Steel)"),
        ("Tanks", "Tanks (you are welcome)"),
        ("Saving Rolls", "Saving Rolls (Lucky Duck)"),
        ("Barbed Wire", "Barbed Wire (Ouch)"),
        ("The German Airplane", "The German Airplane (Red Baron)"),
        ("The German Tank", "The German Tank (Sausage on Wheels)"),
        ("Hand to hand combat", "Hand to hand combat"),
        ("Poison Gas", "Poison Gas (Yuck)"),
        ("Smoke", "Smoke (Gets in Your Eyes)"),
        ("Leaders", "Leaders (Take me to your"),
        ("Bunker", "Bunker (Archie)"),
    ),
)

# Every game with a coverage table: add a row to cover another game.

MARNE = GameSources(
    game="marne1914",
    title="Miracle on the Marne",
    rulebook="miracle-on-the-marne.txt",
    package="greatwar/games/marne1914",
    tests="tests/marne1914",
    displaced={
        "8.2.1": "Effects of ZOCs",
        "9.1.3": "No bombardment in an enemy ZOC; only in supply",
        "9.1.6": "No bombardment in Transfer mode or after rallying",
    },
    chapters={"3.0": "Initial Deployment", "4.0": "Sequence of Play", "14.0": "Victory"},
    titles={
        "5.1": "Modes and What They Mean",
        "5.2": "Changing Modes",
        "6.1": "Initiative Modifiers",
        "6.2": "Initiative Determination",
        "7.1": "Movement Restrictions",
        "7.2": "Railroad Movement",
        "7.3": "Reinforcements",
        "8.1": "Stacking",
        "8.2": "Zones of Control",
        "9.1": "Bombardment Combat",
        "9.2": "Attacker Declaration",
        "9.3": "Defense Fire",
        "9.5": "Counter Attacks",
        "9.6": "Explanation of Combat Results",
        "9.7": "Combat Die Roll Modifiers",
        "9.8": "Retreats",
        "9.9": "HQs and Combat",
        "10.1": "Effects of Disruption",
        "10.2": "Removal of Disruption",
        "11.1": "Supply Determination",
        "11.2": "Effects of Being Out of Supply",
        "12.1": "Unit Recovery",
        "13.1": "The Paris Garrison",
        "15.1": "Paris Taxicabs",
        "15.2": "Variable Reinforcements",
        "15.3": "Command and Control",
        "15.4": "The B.E.F.",
    },
    no_game_effect={
        "5.1": "a heading: the four modes are 5.1.1-5.1.4",
        "8.1.2": "markers are not counters in greatwar: nothing to count",
    },
)

# Every game with a coverage table: add a row to cover another game.
GAMES: tuple[GameSources, ...] = (FBSM, DEVILDOGS, MEUSE, MARNE, TRENCHES)


@dataclass(frozen=True)
class Rule:
    number: str
    title: str
    chapter: str  # the chapter heading, "10. Fire"


@dataclass
class Coverage:
    """One rule's code locations and tests."""

    rule: Rule
    code: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)


# --- the rulebook ----------------------------------------------------------------------


def short_title(text: str, limit: int = 48) -> str:
    """A rule's heading, or the start of its first sentence when the rulebook has none."""
    text = re.sub(r"\*+", "", text).strip()
    sentence = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
    if len(sentence) <= limit:
        return sentence.rstrip(".")
    cut = sentence[:limit].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def parse_rulebook(
    text: str, titles: Mapping[str, str] | None = None, displaced: Mapping[str, str] | None = None
) -> list[Rule]:
    """The numbered rules in rulebook order; an N.0 chapter heading counts as a rule only in
    a chapter with no numbered rules of its own (such as designer's notes)."""
    titles = titles or {}
    headings: dict[str, str] = {}
    found: dict[str, Rule] = {
        number: Rule(number, title, number.split(".")[0])
        for number, title in (displaced or {}).items()
    }
    for line in text.splitlines():
        match = NUMBERED_LINE.match(line)
        if match is None:
            continue
        chapter, paragraph, sub, rest = match.groups()
        number = f"{int(chapter)}.{int(paragraph)}" + (f".{int(sub)}" if sub else "")
        if int(paragraph) == 0 and not sub:
            headings.setdefault(chapter, short_title(rest))
        elif number not in found:
            title = titles.get(number, short_title(rest))
            found[number] = Rule(number, title, chapter)
    rules = list(found.values())
    with_rules = {rule.chapter for rule in rules}
    for chapter, heading in headings.items():
        if chapter not in with_rules:
            rules.append(Rule(f"{int(chapter)}.0", heading, chapter))
    rules.sort(key=lambda r: tuple(int(p) for p in r.number.split(".")))
    return [
        Rule(r.number, r.title, f"{r.chapter}. {headings.get(r.chapter, '')}".strip())
        for r in rules
    ]


def expand(start: str, end: str | None, order: list[str]) -> list[str]:
    """The rules a reference names: one rule, or every rule from start to end in rulebook
    order (``7.2-7.10``); numbers that are not rules of this rulebook name nothing."""
    if start not in order:
        return []
    if end is None or end not in order or order.index(end) < order.index(start):
        return [start]
    return order[order.index(start) : order.index(end) + 1]


def references(text: str, order: list[str]) -> Iterator[tuple[str, int]]:
    """(rule, character offset) of every rule a piece of text names."""
    for match in REFERENCE.finditer(text):
        for rule in expand(match.group(1), match.group(2), order):
            yield rule, match.start()


# --- the code ----------------------------------------------------------------------------


def code_references(path: Path, order: list[str]) -> Iterator[tuple[str, int]]:
    """(rule, line) for rule numbers in the comments, docstrings and strings of a module."""
    source = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (tokenize.COMMENT, tokenize.STRING):
            continue
        for rule, offset in references(token.string, order):
            yield rule, token.start[0] + token.string.count("\n", 0, offset)


# --- the tests ---------------------------------------------------------------------------


def rules_in_test_name(name: str, order: list[str]) -> list[str]:
    """``test_10_11_close_assault`` -> ["10.11"]; ``test_7_2_to_7_4_and_7_8_x`` -> 7.2, 7.3,
    7.4, 7.8; ``test_13_2_13_3_x`` -> 13.2, 13.3. Only the leading numbers count."""
    words = name.removeprefix("test_").split("_")
    if len(words) > 1 and words[0].isdigit() and not words[1].isdigit():
        chapter = f"{int(words[0])}.0"
        return [chapter] if chapter in order else []
    named: list[str] = []
    pending_range = False
    i = 0
    while i + 1 < len(words) and words[i].isdigit() and words[i + 1].isdigit():
        rule = f"{int(words[i])}.{int(words[i + 1])}"
        step = 2
        if i + 2 < len(words) and words[i + 2].isdigit() and f"{rule}.{int(words[i + 2])}" in order:
            rule, step = f"{rule}.{int(words[i + 2])}", 3  # test_5_3_1_... names 5.3.1
        if pending_range and named:
            named.extend(r for r in expand(named[-1], rule, order)[1:])
        elif rule in order:
            named.append(rule)
        i += step
        pending_range = i < len(words) and words[i] == "to"
        if i < len(words) and words[i] in ("to", "and"):
            i += 1
    return named


def test_references(path: Path, order: list[str]) -> Iterator[tuple[str, str]]:
    """(rule, test name) for each test function naming the rule in its name or docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test_"
        ):
            named = set(rules_in_test_name(node.name, order))
            named.update(rule for rule, _ in references(ast.get_docstring(node) or "", order))
            for rule in sorted(named, key=order.index):
                yield rule, node.name


# --- rulebooks with named sections --------------------------------------------------------


def section_pattern(ids: Iterable[str]) -> re.Pattern[str]:
    """Any section id as a whole phrase, the longest first ("Move the Poison Gas Clouds and
    Smoke" before "Smoke"); case-sensitive, so "Combat" is not "hand to hand combat"."""
    ordered = sorted(ids, key=len, reverse=True)
    return re.compile(r"(?<![\w])(" + "|".join(re.escape(i) for i in ordered) + r")(?![\w])")


def slug(section: str) -> str:
    """``Fire (Hot Steel)`` -> ``fire_hot_steel``: how a test name starts."""
    return "_".join(re.findall(r"[a-z0-9]+", section.lower()))


def section_code_references(path: Path, ids: list[str]) -> Iterator[str]:
    pattern = section_pattern(ids)
    source = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.COMMENT, tokenize.STRING):
            yield from (m.group(1) for m in pattern.finditer(token.string))


def sections_in_test_name(name: str, ids: list[str]) -> list[str]:
    """``test_barbed_wire_six_men_cut`` -> ["Barbed Wire"]: the longest section whose slug
    begins the name."""
    rest = name.removeprefix("test_")
    found = [i for i in ids if rest == slug(i) or rest.startswith(slug(i) + "_")]
    return [max(found, key=len)] if found else []


def section_test_references(path: Path, ids: list[str]) -> Iterator[tuple[str, str]]:
    pattern = section_pattern(ids)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test_"
        ):
            named = set(sections_in_test_name(node.name, ids))
            named.update(m.group(1) for m in pattern.finditer(ast.get_docstring(node) or ""))
            for section in sorted(named, key=ids.index):
                yield section, node.name


def cover_sections(sources: GameSources, repo: Path) -> list[Coverage]:
    """Each named section with the code files and tests that name it, in rulebook order."""
    ids = [i for i, _ in sources.sections]
    table = {i: Coverage(Rule(i, heading, "Sections")) for i, heading in sources.sections}
    package = repo / sources.package
    for path in python_files(package):
        where = path.relative_to(package).as_posix()
        for section in section_code_references(path, ids):
            if where not in table[section].code:
                table[section].code.append(where)
    for path in python_files(repo / sources.tests):
        for section, name in section_test_references(path, ids):
            if name not in table[section].tests:
                table[section].tests.append(name)
    return [table[i] for i in ids]


# --- the document ------------------------------------------------------------------------


# A game's computer players (``players/``, in the package and in its tests) name rules to say
# what they reason about, not to apply or check them: they are left out of the coverage.
LEFT_OUT = {"__pycache__", "players"}


def python_files(folder: Path) -> list[Path]:
    """The rules code or rule tests below ``folder``."""
    found = folder.rglob("*.py")
    return sorted(p for p in found if not LEFT_OUT & set(p.relative_to(folder).parts))


def cover(sources: GameSources, rules: list[Rule], repo: Path) -> list[Coverage]:
    """Each rule with the code locations and tests that name it, in rulebook order."""
    order = [rule.number for rule in rules]
    table = {rule.number: Coverage(rule) for rule in rules}
    package = repo / sources.package
    for path in python_files(package):
        where = path.relative_to(package).as_posix()
        # files, not lines: the document stays current while code moves within a module
        for rule, _ in code_references(path, order):
            if where not in table[rule].code:
                table[rule].code.append(where)
    for path in python_files(repo / sources.tests):
        for rule, name in test_references(path, order):
            if name not in table[rule].tests:
                table[rule].tests.append(name)
    for number in order:  # a heading such as 5.3 is tested by its rules 5.3.1, 5.3.2, ...
        children = [table[n] for n in order if n.startswith(number + ".")]
        if children and not table[number].tests and all(c.tests for c in children):
            table[number].tests.extend(t for c in children for t in c.tests[:1])
    return [table[number] for number in order]


def status(sources: GameSources, entry: Coverage) -> str:
    why = sources.no_game_effect.get(entry.rule.number)
    if why is not None:
        return f"no game effect: {why}"
    if entry.code and entry.tests:
        return "implemented and tested"
    if entry.code:
        return "implemented, not tested"
    return "tested, no rule number in code" if entry.tests else "missing"


def listed(items: list[str], code: bool) -> str:
    shown = [f"`{item}`" for item in items[:SHOWN]]
    if len(items) > SHOWN:
        shown.append(f"+{len(items) - SHOWN} more")
    return ", ".join(shown) if code else "<br>".join(shown)


def counts(sources: GameSources, table: list[Coverage]) -> tuple[int, int, int]:
    """(implemented and tested, rules with game effect, rules without)."""
    effect = [e for e in table if e.rule.number not in sources.no_game_effect]
    done = sum(1 for e in effect if status(sources, e) == "implemented and tested")
    return done, len(effect), len(table) - len(effect)


def summary(done: int, total: int, unit: str = "numbered rules") -> str:
    percent = 100 * done / total if total else 100.0
    return f"{done} of {total} {unit} implemented and tested ({percent:.1f} %)"


def game_section(sources: GameSources, table: list[Coverage]) -> Iterator[str]:
    done, total, no_effect = counts(sources, table)
    yield f"## {sources.title} (`{sources.game}`)"
    yield ""
    yield f"Rulebook `{sources.rulebook}`; code `{sources.package}`; tests `{sources.tests}`."
    yield ""
    unit = "named sections" if sources.sections else "numbered rules"
    yield f"**{summary(done, total, unit)}**; {no_effect} more have no game effect."
    chapter = None
    for entry in table:
        if entry.rule.chapter != chapter:
            chapter = entry.rule.chapter
            yield from ("", f"### {chapter}", "", "| Rule | Title | Code | Tests | Status |")
            yield "|---|---|---|---|---|"
        cells = (
            entry.rule.number,
            entry.rule.title.replace("|", "\\|"),
            listed(entry.code, code=True),
            listed(entry.tests, code=False),
            status(sources, entry),
        )
        yield "| " + " | ".join(cells) + " |"
    yield ""


def render(games: Iterable[GameSources] = GAMES, repo: Path = REPO) -> str:
    """The whole Markdown document, the same for the same repository and rulebooks."""
    sections: list[str] = []
    done = total = 0
    for sources in games:
        text = (rules_dir() / sources.rulebook).read_text(encoding="utf-8")
        if sources.sections:
            table = cover_sections(sources, repo)
            game_done, game_total, _ = counts(sources, table)
            done, total = done + game_done, total + game_total
            sections.extend(game_section(sources, table))
            continue
        rules = parse_rulebook(text, sources.titles, sources.displaced) + [
            Rule(number, title, f"{number.split('.')[0]}. {title}")
            for number, title in sources.chapters.items()
        ]
        rules.sort(key=lambda r: tuple(int(p) for p in r.number.split(".")))
        table = cover(sources, rules, repo)
        game_done, game_total, _ = counts(sources, table)
        done, total = done + game_done, total + game_total
        sections.extend(game_section(sources, table))
    head = [
        "# Rules coverage",
        "",
        "Generated by `make coverage-doc` (`python -m greatwar.tools.rules_coverage`); do not",
        "edit by hand. A rule's code locations are where the rules code names its number in a",
        "comment, docstring or string; its tests are the test functions whose name begins with",
        "the number (`test_10_11_...`) or whose docstring names it. A rulebook whose sections",
        "are named, not numbered (trenches), uses the section names the same way",
        "(`# Barbed Wire`, `test_barbed_wire_...`).",
        "",
        f"**All games: {summary(done, total, 'rules (numbered or named)')}.**",
        "",
    ]
    return "\n".join(head + sections)


def main() -> None:
    """Print the document to stdout."""
    sys.stdout.write(render())


if __name__ == "__main__":
    main()
