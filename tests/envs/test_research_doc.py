"""The examples of docs/research.md (sections 1 to 4) run as they are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="the rl extra (pip install -e '.[rl]') is not installed")

DOC = Path(__file__).parents[2] / "docs" / "research.md"


def examples() -> list[str]:
    text = DOC.read_text().split("\n## 5.")[0]  # section 5 on is a sketch and results
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_there_are_examples_for_every_adapter():
    found = examples()
    assert len(found) == 4
    assert ["gym_env" in found[1], "aec_env" in found[2], "pyspiel" in found[3]] == [True] * 3


@pytest.mark.parametrize("number", range(4))
def test_example_runs(number, capsys):
    exec(compile(examples()[number], f"{DOC.name} example {number + 1}", "exec"), {})
