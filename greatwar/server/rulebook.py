"""The rulebooks' own words for the rule numbers the log names, read at run time.

The rulebook texts are not part of the package (they are the publishers' documents, kept in
the shared ``rules`` folder beside the project, see /work/shared/rules/README.md). The server
looks for them where the rules-coverage tool does: ``GREATWAR_RULES_DIR``, else the first
``shared/rules`` folder above the repository; without them, ``rule_index`` is empty and
the browser shows the rule number alone, saying that the text is not installed.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from greatwar.core.registry import GAME_MODULES, game_info
from greatwar.core.rulebooks import NUMBERED_LINE
from greatwar.core.rulebooks import rules_dir as shared_rules_dir

TEXT_LIMIT = 2400  # characters of a rule's text sent to the browser
# Books beyond the one rules_coverage names: Meuse-Argonne's exclusive rules rely on the
# Fire & Movement standard rules, summarised in a digest (7.x combat, 8.x support fire...).
EXTRA_BOOKS: dict[str, tuple[str, ...]] = {"meuse": ("fire-and-movement-digest.md",)}
_CHAPTER = re.compile(r"^(?:[#*\s]+)?\**(\d{1,2})\.(?:0)?\s+(\S.*)$")
_MARKUP = re.compile(r"\*\*|</?sup>|^#+\s*|\\(?=[\[\]])", re.MULTILINE)


def rules_dir() -> Path | None:
    """The folder holding the rulebook texts, or None when this installation has none."""
    folder = shared_rules_dir()
    return folder if folder.is_dir() else None


def books(game_id: str) -> list[str]:
    """The rulebook files of a game, the game's own first."""
    own = [game_info(game_id).rulebook] if game_id in GAME_MODULES else []
    return own + list(EXTRA_BOOKS.get(game_id, ()))


def parse(text: str) -> dict[str, dict[str, str]]:
    """Rule number -> {title, text}: each numbered paragraph up to the next one; a chapter
    heading ("9. KEYWORDS", "7.0 Combat") is found under its number alone ("9") too."""
    rules: dict[str, dict[str, str]] = {}
    current: str | None = None
    lines: list[str] = []

    def close() -> None:
        if current is None:
            return
        body = _MARKUP.sub("", "\n".join(lines)).strip().lstrip("-* ")
        title = body.splitlines()[0] if body else current
        # a chapter's heading is set in capitals where the book has any ("7. COMBAT"), which
        # tells it from a step of a numbered list ("7. Alternate Order Execution")
        if current not in rules or ("." not in current and title.isupper()):
            rules[current] = {"title": title[:120], "text": body[:TEXT_LIMIT]}

    for line in text.splitlines():
        match = NUMBERED_LINE.match(line)
        chapter = _CHAPTER.match(line) if match is None else None
        if match is not None:
            close()
            major, minor, sub, _rest = match.groups()
            current = f"{int(major)}.{int(minor)}" + (f".{int(sub)}" if sub else "")
            lines = [line]
            if int(minor) == 0 and not sub:
                close()
                current = str(int(major))
        elif chapter is not None and len(line) < 80:
            close()
            current = str(int(chapter.group(1)))
            lines = [line]
        elif current is not None:
            lines.append(line)
    close()
    return rules


@cache
def rule_index(game_id: str) -> dict[str, dict[str, str]]:
    """Every rule of a game's rulebooks by number (the game's own book first); empty when the
    texts are not installed."""
    folder = rules_dir()
    index: dict[str, dict[str, str]] = {}
    if folder is None:
        return index
    for name in books(game_id):
        path = folder / name
        if path.is_file():
            for number, rule in parse(path.read_text(encoding="utf-8")).items():
                index.setdefault(number, rule | {"book": name})
    return index
