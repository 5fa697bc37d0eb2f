"""The scripted player's weights (``Weights``) and the styles the rollout player may choose a
turn's play from (``players.styles``)."""

from __future__ import annotations

import hashlib
from dataclasses import asdict

import pytest

from greatwar.core import load_game, play
from greatwar.games.fbsm.data import GERMAN, US
from greatwar.games.fbsm.players import STYLES, heuristic, styles
from greatwar.games.fbsm.players.heuristic import FbsmHeuristic, Weights


def test_the_default_weights_are_the_scripts_judgements() -> None:
    us = asdict(Weights.for_side(US))
    default = asdict(Weights())
    assert {k: v for k, v in us.items() if default[k] != v} == {"crowd": 2.0, "block": 3.0}
    german = asdict(Weights.for_side(GERMAN))
    assert {k: v for k, v in german.items() if default[k] != v} == {"danger": 2.0, "crowd": 3.0}
    switches = ("standoff", "depth", "rear_depth", "foresight", "firepower", "economy")
    assert [default[k] for k in switches] == [0, 0.2, 0.4, 0.0, 0.0, 0.5]  # all off


def test_the_default_script_plays_the_game_it_played_before_the_switches() -> None:
    """Seed 1 (the US seeded 1, the Germans 1001): a German unit exits on turn 15; the digest
    is of the actions as recorded before the set-up, fire and threat switches were added."""
    state = play(load_game("fbsm"), {US: heuristic(US, 1), GERMAN: heuristic(GERMAN, 1001)}, 1)
    actions = repr([str(a) for a in state.history()]).encode()
    assert (state.winner(), state.turn, len(state.history())) == (GERMAN, 15, 2966)
    assert hashlib.sha1(actions).hexdigest()[:12] == "a2feca1f8158"


def test_the_german_styles_list_the_script_first() -> None:
    found = styles(GERMAN)
    assert list(found) == list(STYLES[GERMAN])
    assert next(iter(found)) == "script" and STYLES[GERMAN]["script"] == {}
    script = found["script"](4)
    assert isinstance(script, FbsmHeuristic) and script.w == Weights.for_side(GERMAN)


def test_the_us_styles_leave_the_script_out_and_ties_go_to_aimed() -> None:
    found = styles(US)
    assert list(found) == list(STYLES[US]) and next(iter(found)) == "aimed"
    assert "script" not in found  # one-turn rollouts misjudge its forward set-up


STYLED = [(side, name) for side, table in STYLES.items() for name in table if name != "script"]


@pytest.mark.parametrize(("side", "name"), STYLED)
def test_each_style_plays_a_legal_game_to_the_end(side: str, name: str) -> None:
    player = styles(side)[name](6)
    assert isinstance(player, FbsmHeuristic) and player.w != Weights.for_side(side)
    other = GERMAN if side == US else US
    state = play(load_game("fbsm"), {side: player, other: heuristic(other, 1006)}, 6)
    assert state.is_terminal() and state.winner() in (US, GERMAN)  # an illegal action raises
