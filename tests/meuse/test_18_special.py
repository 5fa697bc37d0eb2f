"""18.x special rules: the Lost Battalion and German combat experience."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from tests.meuse.positions import (
    attack,
    legal,
    log_texts,
    play,
    position,
    prompt,
    rigged,
    unit,
    where,
)

# 1107 is a woods hex of the Foret de Dieulet; 1006 and 1007 are clear hexes beside it.
WOODS_FIGHT = {"us3": "1007", "us5": "1006", "g15": "1107"}


def test_18_1_lost_battalion_against_an_allied_attack_into_woods() -> None:
    state = position(WOODS_FIGHT, support=True)
    play(state, "attack 1107", "add us3", "add us5", "declare", "done")
    assert state.current_player() == "german" and "lost_battalion" in legal(state)
    play(state, "lost_battalion")
    assert state.lost_battalion_used and state.combat is not None
    from greatwar.games.meuse.view import combat_view

    assert combat_view(state)["line"].startswith("Fortress")  # 18.1 the Lost Battalion line
    assert combat_view(state)["column"] == 8  # +10 on the fortress line: its last column


def test_18_1_both_players_may_still_add_support_after_the_declaration() -> None:
    state = position(WOODS_FIGHT, support=True)
    play(state, "attack 1107", "add us3", "add us5", "declare", "done", "lost_battalion")
    play(state, "support 2", "done")
    assert state.current_player() == "allied" and "support 2" in legal(state)
    with pytest.raises(IllegalAction):
        play(state, "cancel")  # 18.1 note: the attack may not be cancelled
    rigged(state, [6])
    play(state, "support 2", "support 2")
    assert log_texts(state, "7.6")[-1].startswith("differential +12 on the Fortress")


def test_18_1_only_woods_only_allied_attacks_once_per_game() -> None:
    state = position({"us3": "1706", "g15": "1705"}, support=True)
    play(state, "attack 1705", "add us3", "declare", "done")
    assert "lost_battalion" not in legal(state)  # clear terrain
    state = position({"g3G": "1007", "us3": "1107"}, phase=("german", "combat"), support=True)
    play(state, "attack 1107", "add g3G", "declare", "done")
    assert "lost_battalion" not in legal(state)  # a German attack
    state = position(WOODS_FIGHT, support=True)
    state.lost_battalion_used = True
    play(state, "attack 1107", "add us3", "add us5", "declare", "done")
    assert "lost_battalion" not in legal(state)


def test_18_2_german_combat_experience_downgrades_d2_to_d1() -> None:
    state = position({"us3": "1706", "g15": "1705"})
    rigged(state, [1])
    play(state, "attack 1705", "add us3", "declare")  # +1: column 7, D2
    assert legal(state) == ["retreat", "downgrade", "stiff 1"]
    play(state, "downgrade")
    if prompt(state) == "retreat":
        play(state, legal(state)[0])
    grid = state.c.board.grid
    here = grid.index(where(state, "g15") or "")
    assert grid.distance(here, grid.index("1705")) == 1
    assert not state.is_depleted(unit(state, "g15"))


def test_18_2_not_for_allied_units_and_never_with_stiff_resistance() -> None:
    state = position({"g1G": "1706", "us92": "1705"}, phase=("german", "combat"))
    rigged(state, [1])
    attack(state, "1705", "g1G")  # 8 - 7 = +1: column 7, a 1 is D2 on the Allied unit
    assert legal(state) == ["retreat", "stiff 1"]  # no downgrade for the Allies
    state = position({"us3": "1706", "g15": "1705"})
    rigged(state, [1])
    attack(state, "1705", "us3")
    play(state, "downgrade")  # one hex and no step: stiff resistance is not offered after it
    assert not any(a.startswith("stiff") for a in legal(state))
    assert not state.is_depleted(unit(state, "g15"))
