"""Where the rulebook texts are, and how a numbered rule starts a line in them.

The texts are not part of the package: they sit in the ``shared/rules`` folder beside the
repository (or above a worktree of it), or wherever ``GREATWAR_RULES_DIR`` points. The rules
coverage tool reads them to list every rule; the game server serves a rule's text to the
browser when someone clicks its number in the log.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# "10.11 Close assault", "### 7.2 ...", "**5.2.5** ...", "5.1.1. Offensive Mode" (a number
# may end in a dot) -> chapter, rule, sub-rule, title
NUMBERED_LINE = re.compile(
    r"^(?:[#*-]+\s*)?\**(\d{1,2})\.(\d{1,2})(?:\.(\d{1,2}))?\.?\**\s+(\S.*)$"
)


def rules_dir() -> Path:
    """The shared rules folder: GREATWAR_RULES_DIR, else the first ``shared/rules`` folder
    above the repository (``../shared/rules`` beside it, or higher up for a worktree)."""
    override = os.environ.get("GREATWAR_RULES_DIR")
    if override:
        return Path(override)
    for parent in REPO.parents:
        if (parent / "shared" / "rules").is_dir():
            return parent / "shared" / "rules"
    return REPO.parent / "shared" / "rules"
