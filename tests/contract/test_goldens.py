"""Goldens of every registered game, from its data files in ``tests/<id>/goldens/``: the
legal actions of fixed positions and along fixed lines of play (perft-like), and fixed seeds'
playthroughs. Any change of behaviour shows as a failed comparison. After a deliberate change
of the rules, rewrite the files and review the diff before committing:

    GREATWAR_REGEN_GOLDENS=1 pytest tests/contract/test_goldens.py -k <game id>
"""

from __future__ import annotations

import pytest

from tests.contract.harness import (
    GAMES,
    Playthrough,
    action_counts,
    compare_or_write,
    compare_or_write_json,
    count_and_digest,
    golden_positions,
    golden_spec,
    goldens_dir,
    transcript,
)

PLAYTHROUGHS = [(g, p) for g in GAMES for p in golden_spec(g).playthroughs]
POSITIONS = [(g, name) for g in GAMES for name in sorted(golden_positions(g))]


@pytest.mark.parametrize("game_id", GAMES)
def test_action_counts_of_fixed_positions_and_lines(game_id: str) -> None:
    found = action_counts(game_id)
    assert found, f"{game_id} keeps no action-count goldens"
    for name, entry in found.items():
        assert entry if isinstance(entry, list) else entry["count"], f"{name} offers nothing"
    compare_or_write_json(goldens_dir(game_id) / golden_spec(game_id).action_counts, found)


@pytest.mark.parametrize(("game_id", "name"), POSITIONS)
def test_each_golden_position_is_built_alike_every_time(game_id: str, name: str) -> None:
    make = golden_positions(game_id)[name]
    assert count_and_digest(make()) == count_and_digest(make())


@pytest.mark.parametrize(
    ("game_id", "spec"), PLAYTHROUGHS, ids=[f"{g}-{p.file}" for g, p in PLAYTHROUGHS]
)
def test_golden_playthrough(game_id: str, spec: Playthrough) -> None:
    compare_or_write(goldens_dir(game_id) / spec.file, transcript(game_id, spec))
