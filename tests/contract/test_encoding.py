"""The research encoding of every registered game (issue 15): a fixed integer action space
that is a bijection, masks that match the legal actions, observation tensors of a fixed
shape built from the whitelisted observation alone, and chance steps marked in the history.

A game without ``greatwar/games/<id>/encoding.py`` is skipped, saying so."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import greatwar
from greatwar.ai.random_player import RandomPlayer
from greatwar.core.encoding import EncodingError
from greatwar.core.registry import GAME_MODULES, has_encoding

GOLDENS = Path(__file__).parent / "goldens" / "encoding.json"
# Random-play steps checked per game: every step of a short game, the start of a long one.
STEPS = 600


@pytest.fixture(params=[info.id for info in greatwar.registered_games()])
def game(request: pytest.FixtureRequest) -> greatwar.core.Game:
    game_id = request.param
    if not has_encoding(game_id):
        pytest.skip(f"{game_id} has no research encoding yet ({GAME_MODULES[game_id]}.encoding)")
    return greatwar.load_game(game_id)


def random_states(game: greatwar.core.Game, seed: int = 3, steps: int = STEPS):
    """(state, side) at each step of a random game, before the side acts."""
    state = game.new_initial_state(seed)
    player = RandomPlayer(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        side = state.current_player()
        yield state, side
        state.apply_action(player.choose(state, side), side)


def test_ids_name_one_action_and_back(game):
    """Every 13th id, and the first and last of every verb's block."""
    space = game.encoding().actions
    edges = [i for start, count, _ in space.table() for i in (start, start + count - 1)]
    for action_id in sorted({*range(0, space.size, 13), *edges}):
        action = game.action_from_id(action_id)
        assert game.action_id(action) == action_id
        assert game.action_id(str(action)) == action_id
    assert edges[0] == 0 and edges[-1] == space.size - 1


def test_the_numbering_is_the_golden_one(game):
    """Ids never move silently: a change of the table (new verb, new domain value, reordered
    data) must update tests/contract/goldens/encoding.json on purpose."""
    goldens = json.loads(GOLDENS.read_text())
    space = game.encoding().actions
    assert game.id in goldens, f"add {game.id} to {GOLDENS}"
    assert {"size": space.size, "digest": space.digest()} == goldens[game.id]


def test_mask_marks_exactly_the_legal_actions(game):
    for state, side in random_states(game):
        legal = state.legal_actions(side)
        mask = state.legal_actions_mask(side)
        assert mask.dtype == np.bool_ and mask.shape == (game.num_distinct_actions(),)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(game.action_id(a) for a in legal)
        assert [game.action_from_id(i) for i in state.legal_action_ids(side)] == legal
        for other in game.sides:
            if other not in state.sides_to_act():
                assert not state.legal_actions_mask(other).any()


def test_tensor_is_built_from_the_observation_alone(game):
    """The tensor of a side is a function of its observation dict (through JSON, so of
    nothing but its whitelisted content): it can hold nothing the side may not see."""
    spec = game.encoding().observation
    for step, (state, _side) in enumerate(random_states(game)):
        if step % 60:
            continue
        for viewer in game.sides:
            tensor = state.observation_tensor(viewer)
            assert tensor.shape == game.observation_shape() and tensor.dtype == np.float32
            assert np.isfinite(tensor).all() and np.abs(tensor).max() <= 1_000
            seen = json.loads(json.dumps(state.observation(viewer)))
            assert np.array_equal(spec.tensor(seen), tensor)


def test_tensor_fields_tile_the_shape_and_are_documented(game):
    spec = game.encoding().observation
    assert sum(f.size for f in spec.fields) == spec.shape[0]
    parts = spec.unflatten(np.arange(spec.shape[0], dtype=np.float32))
    assert [p.shape for p in parts.values()] == [f.shape for f in spec.fields]
    for f in spec.fields:
        assert f.doc, f"field {f.name} of {game.id} says nothing about what it holds"
        assert not f.planes or len(f.planes) == f.shape[0]


def test_the_sides_see_different_tensors(game):
    state = game.new_initial_state(1)
    first, second = (state.observation_tensor(s) for s in game.sides[:2])
    assert not np.array_equal(first, second)  # at least the observing side differs


def test_chance_steps_are_the_steps_that_drew_from_the_generator(game):
    state = game.new_initial_state(3)
    player = RandomPlayer(3)
    drew = []
    while not state.is_terminal() and len(drew) < 400:
        before = state.rng.position
        state.apply_action(player.choose(state, state.current_player()))
        drew.append(state.rng.position != before)
    assert state.chance_steps() == drew and len(drew) == len(state.history())
    assert state.clone().chance_steps() == drew
    replayed = game.new_initial_state(3)
    for played in state.history():
        replayed.apply_action(played.action, played.side)
    assert replayed.chance_steps() == drew


def test_fbsm_dice_are_chance_steps():
    """FBSM's events roll (7.1) comes after the last set-up action: that step is chance."""
    if not has_encoding("fbsm"):
        pytest.skip("fbsm has no encoding")
    game = greatwar.load_game("fbsm")
    state = game.new_initial_state(5)
    player = RandomPlayer(5)
    while not any(state.chance_steps()):
        state.apply_action(player.choose(state, state.current_player()))
    assert state.chance_steps()[-1] and state.turn == 1


def test_bad_ids_and_actions_are_clear_errors(game):
    size = game.num_distinct_actions()
    for bad in (-1, size, 1.5, "3"):
        with pytest.raises(EncodingError, match="action id must be in"):
            game.action_from_id(bad)  # type: ignore[arg-type]
    with pytest.raises(EncodingError, match="unknown verb"):
        game.action_id("teleport 0101")
    verb = next(v for v in game.encoding().actions.verbs if v.args and not v.joint)
    wrong = " ".join([verb.verb, *("nowhere" for _ in verb.args)])
    with pytest.raises(EncodingError, match="is not a"):
        game.action_id(wrong)
    assert issubclass(EncodingError, greatwar.GreatwarError)


def test_a_game_without_encoding_says_so(monkeypatch):
    from greatwar.core import Game, GameInfo, registry

    monkeypatch.setitem(registry.GAME_MODULES, "toy", "tests.core")  # a package, no encoding
    toy = Game(
        GameInfo("toy", "Toy", ("a", "b"), "", ""),
        {},
        make_state=lambda g, s: None,
        package="tests.core",
    )
    assert not has_encoding("toy")
    with pytest.raises(EncodingError, match="no research encoding"):
        toy.num_distinct_actions()


def test_the_encodings_document_is_current():
    from greatwar.tools.encoding_doc import document

    path = Path(__file__).parents[2] / "docs" / "encodings.md"
    assert path.read_text() == document(), (
        "docs/encodings.md is stale: python -m greatwar.tools.encoding_doc > docs/encodings.md"
    )


def test_a_face_down_card_is_not_in_the_other_sides_tensor():
    """Devil Dogs 5.2: two positions that differ only in which card the US placed face down
    give the German identical tensors, and the US different ones."""
    if not has_encoding("devildogs"):
        pytest.skip("devildogs has no encoding")
    game = greatwar.load_game("devildogs")
    start = game.new_initial_state(0)
    first, second = [a for a in start.legal_actions("us") if a.verb == "assign"][:2]
    one, two = start.clone(), start.clone()
    one.apply_action(first, "us")
    two.apply_action(second, "us")
    assert np.array_equal(one.observation_tensor("german"), two.observation_tensor("german"))
    assert not np.array_equal(one.observation_tensor("us"), two.observation_tensor("us"))


def test_every_strafing_tape_the_rules_offer_has_an_id():
    """Trenches, The German Airplane: the tapes offered through a French leader anywhere on
    the table (end points as the rules truncate them) all lie in the fixed action space."""
    if not has_encoding("trenches"):
        pytest.skip("trenches has no encoding")
    from greatwar.games.trenches.specials import strafe_offers

    game = greatwar.load_game("trenches")
    state = game.new_initial_state(0)
    state.plane, state.strafed = "ready", False
    leader = state.leader["R1"]
    rng = np.random.default_rng(0)
    corners = [(0, 0), (960, 0), (0, 720), (960, 720), (5, 0), (0, 5), (955, 720)]
    points = corners + [(int(x), int(y)) for x, y in rng.integers(0, [961, 721], (150, 2))]
    offered = 0
    for point in points:
        state.place(leader, point)
        for action in strafe_offers(state, "german"):
            assert game.action_from_id(game.action_id(action)) == action
            offered += 1
    assert offered >= 4 * len(points)


def test_enemy_modes_and_stack_contents_are_not_in_the_other_sides_tensor():
    """Miracle on the Marne 5.2.5, 8.1.5: two positions that differ only in an Allied HQ's
    face-down mode, or in a disrupted Allied brigade, give the German identical tensors and
    the Allies different ones."""
    if not has_encoding("marne1914"):
        pytest.skip("marne1914 has no encoding")
    from greatwar.core.actions import Action
    from greatwar.games.marne1914.data import OFFENSIVE

    game = greatwar.load_game("marne1914")
    start = game.new_initial_state(0)
    while (start.observation(start.current_player())["prompt"] or {}).get("name") == "setup":
        start.apply_action(Action("standard", ()), start.current_player())
    hq = next(
        u
        for u in start.units_on_map("allied")
        if start.counter(u).is_hq and u not in start.revealed
    )
    brigade = next(u for u in start.units_on_map("allied") if not start.counter(u).is_hq)
    assert start.mode[hq] != OFFENSIVE and brigade not in start.disrupted
    moded, disrupted = start.clone(), start.clone()
    moded.set_mode(hq, OFFENSIVE)
    disrupted.disrupted.add(brigade)
    for changed in (moded, disrupted):
        assert np.array_equal(
            start.observation_tensor("german"), changed.observation_tensor("german")
        )
        assert not np.array_equal(
            start.observation_tensor("allied"), changed.observation_tensor("allied")
        )
