"""Every game of the corpus (recorded from the rules before the speed work) replays to the same
legal-action sets at every step and the same end: speed work changes no rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from greatwar.sim.corpus import load_records, replay

FOLDER = Path(__file__).parent
RECORDS: list[tuple[str, dict[str, Any]]] = [
    (f"{path.name.removesuffix('.json.gz')}-{record['seed']}", record)
    for path in sorted(FOLDER.glob("*.json.gz"))
    for record in load_records(path)
]


def test_corpus_covers_every_game_and_player() -> None:
    kinds = {(record["game"], record["players"]) for _, record in RECORDS}
    for game_id in ("fbsm", "meuse", "devildogs", "marne1914", "trenches"):
        assert {(game_id, "random"), (game_id, "heuristic")} <= kinds


@pytest.mark.parametrize("record", [r for _, r in RECORDS], ids=[name for name, _ in RECORDS])
def test_record_replays_unchanged(record: dict[str, Any]) -> None:
    assert replay(record).difference is None


def test_a_changed_record_is_caught() -> None:
    record = next(r for name, r in RECORDS if name.startswith("devildogs-random"))
    tampered = dict(record, checkpoints=["0" * 16, *record["checkpoints"][1:]])
    found = replay(tampered).difference
    assert found is not None and "steps 0..63" in found
    ended = dict(record, ending=dict(record["ending"], winner="nobody"))
    assert "ended differently" in (replay(ended).difference or "")
