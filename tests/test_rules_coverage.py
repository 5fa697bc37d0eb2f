"""The rules-coverage tool, and docs/rules-coverage.md kept up to date with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from greatwar.tools import rules_coverage
from greatwar.tools.rules_coverage import (
    FBSM,
    GameSources,
    parse_rulebook,
    references,
    render,
    rules_dir,
    rules_in_test_name,
)

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules-coverage.md"
ORDER = ["7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "7.8", "7.9", "7.10", "9.1", "10.11"]


def test_docs_rules_coverage_is_up_to_date(capsys: pytest.CaptureFixture[str]) -> None:
    rules_coverage.main()
    fresh = capsys.readouterr().out
    assert DOC.exists(), "docs/rules-coverage.md is missing: run `make coverage-doc`"
    assert fresh == DOC.read_text(encoding="utf-8"), (
        "docs/rules-coverage.md is out of date with the rules code or tests: "
        "run `make coverage-doc` and commit the result"
    )


def test_references_find_rules_ranges_and_nothing_else() -> None:
    text = "# 10.11 doubles; (9.1) and 7.2-7.4, §7.10; not 1.5, 2.5.1, 17.10, 0.5 or v7.6"
    assert [rule for rule, _ in references(text, ORDER)] == [
        "10.11",
        "9.1",
        "7.2",
        "7.3",
        "7.4",
        "7.10",
    ]


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("test_10_11_close_assault_doubles_fire", ["10.11"]),
        ("test_7_2_to_7_4_and_7_8_events_repeat", ["7.2", "7.3", "7.4", "7.8"]),
        ("test_7_5_7_7_zones", ["7.5", "7.7"]),
        ("test_the_view_is_json", []),
        ("test_9_1_in_16_hexes", ["9.1"]),
        ("test_3_1_unknown_rule", []),
    ],
)
def test_rules_named_by_a_test_function(name: str, rules: list[str]) -> None:
    assert rules_in_test_name(name, ORDER) == rules


def test_the_rulebook_parser_keeps_numbered_rules_in_order() -> None:
    text = "\n".join(
        [
            "1.0 Introduction",
            "1.1 Welcome to the game, which is long enough to need a title cut short here.",
            "2.0 Designer's Notes",
            "notes",
            "3.0 Play",
            "3.10 Last",
            "3.2 Second",
            "3.2 Second again (a repeated heading is ignored)",
            "  4.1 indented lines are prose, not rules",
        ]
    )
    rules = parse_rulebook(text, {"3.10": "The tenth"})
    assert [(r.number, r.title, r.chapter) for r in rules] == [
        ("1.1", "Welcome to the game, which is long enough to…", "1. Introduction"),
        ("2.0", "Designer's Notes", "2. Designer's Notes"),
        ("3.2", "Second", "3. Play"),
        ("3.10", "The tenth", "3. Play"),
    ]


def test_every_rule_without_game_effect_is_a_rule_of_the_rulebook() -> None:
    text = (rules_dir() / FBSM.rulebook).read_text(encoding="utf-8")
    numbers = {rule.number for rule in parse_rulebook(text)}
    assert set(FBSM.no_game_effect) <= numbers
    assert set(FBSM.titles) <= numbers


def test_another_game_is_covered_by_adding_a_table_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "toy.txt").write_text(
        "1.0 Intro\n1.1 Fun\n2.0 Moving\n2.1 Steps\n2.2 Jumps\n", encoding="utf-8"
    )
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "rules.py").write_text('"""2.1-2.2 moving."""\n', encoding="utf-8")
    (tmp_path / "tst").mkdir()
    (tmp_path / "tst" / "test_toy.py").write_text(
        "def test_2_1_steps():\n    pass\n", encoding="utf-8"
    )
    monkeypatch.setenv("GREATWAR_RULES_DIR", str(tmp_path / "rules"))
    toy = GameSources("toy", "Toy", "toy.txt", "pkg", "tst", no_game_effect={"1.1": "intro"})
    document = render([toy], repo=tmp_path)
    assert "| 2.1 | Steps | `rules.py` | `test_2_1_steps` | implemented and tested |" in document
    assert "| 2.2 | Jumps | `rules.py` |  | implemented, not tested |" in document
    assert "| 1.1 | Fun |  |  | no game effect: intro |" in document
    assert "1 of 2 numbered rules implemented and tested (50.0 %)" in document


def test_the_parser_reads_markdown_headings_and_three_level_numbers() -> None:
    text = "\n".join(
        [
            "## **11.0 SET UP**",
            "### ***11.2 Allied Initial Deployment***",
            "**11.4 Allied Reinforcements** arrive on the map.",
            "- 12.0 VICTORY",
            "5.3.1 GENERATE INITIATIVE POOL",
        ]
    )
    numbers = [r.number for r in parse_rulebook(text)]
    assert numbers == ["5.3.1", "11.2", "11.4", "12.0"]


def test_named_sections_longest_first_and_test_names_by_slug() -> None:
    from greatwar.tools.rules_coverage import TRENCHES, section_pattern, sections_in_test_name

    ids = [i for i, _ in TRENCHES.sections]
    found = [
        m.group(1)
        for m in section_pattern(ids).finditer(
            "Move the Poison Gas Clouds and Smoke; Smoke; Hand to hand combat; Combat; tanks"
        )
    ]
    assert found == [
        "Move the Poison Gas Clouds and Smoke",
        "Smoke",
        "Hand to hand combat",
        "Combat",
    ]
    assert sections_in_test_name("test_barbed_wire_six_men_cut", ids) == ["Barbed Wire"]
    assert sections_in_test_name("test_german_morale_surrender", ids) == ["German morale"]
    assert sections_in_test_name("test_fire_hot_steel_rifle", ids) == ["Fire (Hot Steel)"]
    assert sections_in_test_name("test_the_view_is_json", ids) == []


def test_every_named_section_heading_is_in_the_rulebook() -> None:
    from greatwar.tools.rules_coverage import TRENCHES

    text = (rules_dir() / TRENCHES.rulebook).read_text(encoding="utf-8")
    for _, heading in TRENCHES.sections:
        assert heading in text, heading
