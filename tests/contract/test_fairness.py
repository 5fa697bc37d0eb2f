"""Fair play, checked the same way on every registered game by random play (bounded for CI).

- Nothing seen, rolled or drawn can be undone: after an action during which the generator
  advanced (the action itself or the automatic steps after it), undo is refused; and where the
  game can determinize (resample what a side cannot see), an action after which undo is still
  allowed must give every side the same observation whatever that side could not see.
- During hidden simultaneous choices the spectators' view is the same whatever was chosen.
- Undo, where allowed, restores the position exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

import greatwar
from greatwar.ai.game_players import determinize_of
from greatwar.core import Action, Rng, State, load_game
from greatwar.server.store import Seat
from greatwar.server.views import observe

GAMES = [info.id for info in greatwar.registered_games()]
UNDO_ACTIONS = 1200  # actions checked per game id, over as many random games as that takes
UNDO_MAX_GAMES = 40
DETERMINIZE_EVERY = 3  # undoable actions between checks against resampled positions
DETERMINIZE_SAMPLES = 1  # resamplings per side at each such check
UNDO_REPLAY_EVERY = 150  # undoable actions between checks that undo restores the position
SPECTATOR_GAMES = 3  # random games searched for simultaneous choices
SPECTATOR_STEPS = 400  # actions searched per game
SPECTATOR_ROUNDS = 12  # simultaneous choices checked per game id
SPECTATOR_VARIANTS = 4  # ways of choosing compared at each of them
SPECTATOR = Seat("token", "game", "spectator")

Determinizer = Callable[[State, str, Rng], State]


def determinizer(game_id: str) -> Determinizer | None:
    """The game's ``determinize(state, side, rng)``, from its players package."""
    return determinize_of(game_id)


def random_step(state: State, chooser: random.Random) -> tuple[str, Action]:
    """One random legal action of one of the sides asked."""
    side = chooser.choice(state.sides_to_act())
    action = chooser.choice(state.legal_actions(side))
    return side, action


def random_game(game_id: str, seed: int, steps: int) -> Iterator[tuple[State, str, Action]]:
    """(state, side, action) along a random game, before each action is applied; the state is
    the game's own: callers look at it or clone it, never change it."""
    state = load_game(game_id).new_initial_state(seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        side, action = random_step(state, chooser)
        yield state, side, action
        state.apply_action(action, side)


def hidden_facts_gained(
    before: State, after: State, side: str, action: Action, resample: Determinizer, seed: int
) -> str | None:
    """Which side learned something it could not see before ``action``: the action applied to
    positions that side cannot tell from ``before`` gives it a different observation."""
    for viewer in before.game.sides:
        seen = after.observation(viewer)
        for sample in range(DETERMINIZE_SAMPLES):
            twin = resample(before, viewer, Rng(seed * 7919 + sample))
            if action not in twin.legal_actions(side):
                continue  # the action names something the twin does not have
            twin.apply_action(action, side)
            if twin.observation(viewer) != seen:
                return viewer
    return None


@pytest.mark.parametrize("game_id", GAMES)
def test_nothing_rolled_drawn_or_revealed_can_be_undone(game_id: str) -> None:
    resample = determinizer(game_id)
    checked = undoable = 0
    for seed in range(UNDO_MAX_GAMES):
        if checked >= UNDO_ACTIONS:
            break
        for before, side, action in random_game(game_id, seed, UNDO_ACTIONS - checked):
            state = before.clone()
            position = state.rng.position
            state.apply_action(action, side)
            checked += 1
            if state.rng.position != position:
                assert not state.can_undo(), f"seed {seed}: undo allowed after dice: {action}"
                continue
            if not state.can_undo(side):
                continue
            undoable += 1
            if resample is not None and undoable % DETERMINIZE_EVERY == 0:
                learner = hidden_facts_gained(before, state, side, action, resample, seed)
                assert learner is None, (
                    f"seed {seed}, ply {len(before.history())}: {side} {action} showed {learner} "
                    "hidden facts, yet it may be undone"
                )
            if undoable % UNDO_REPLAY_EVERY == 1:  # undo replays the game: checked now and then
                undone = state.clone()
                undone.undo(side)
                assert undone.fingerprint() == before.fingerprint()
    assert checked > 0 and undoable < checked


def simultaneous_choices(game_id: str) -> Iterator[tuple[State, int]]:
    """Positions where several sides are asked at once, along random games."""
    found = 0
    for seed in range(SPECTATOR_GAMES):
        for state, _, _ in random_game(game_id, seed, SPECTATOR_STEPS):
            if len(state.sides_to_act()) > 1:
                yield state.clone(), seed
                found += 1
                if found >= SPECTATOR_ROUNDS:
                    return


def still_choosing(start: State, state: State) -> bool:
    """Whether the simultaneous prompt of ``start`` is still waiting for a side in ``state``."""
    depth = len(start.stack)
    return (
        not state.is_terminal()
        and len(state.stack) == depth
        and state.stack[-1]["p"] == start.stack[-1]["p"]
    )


def choose_in_secret(start: State, chooser: random.Random) -> State:
    """Random hidden choices from ``start``, stopping before the one that ends the prompt."""
    variant = start.clone()
    for _ in range(chooser.randrange(0, 40)):
        side, action = random_step(variant, chooser)
        trial = variant.clone()
        trial.apply_action(action, side)
        if not still_choosing(start, trial):
            break  # this one would reveal the choices: stop before it
        variant = trial
    return variant


@pytest.mark.parametrize("game_id", GAMES)
def test_spectators_see_nothing_of_hidden_simultaneous_choices(game_id: str) -> None:
    rounds = 0
    for start, seed in simultaneous_choices(game_id):
        rounds += 1
        _, expected = observe(start, SPECTATOR)
        for variant_seed in range(SPECTATOR_VARIANTS):
            variant = choose_in_secret(start, random.Random(seed * 100 + variant_seed))
            _, view = observe(variant, SPECTATOR)
            assert view == expected, (
                f"seed {seed}: spectators see hidden choices {variant.history()[-5:]}"
            )
    if rounds == 0:
        pytest.skip(f"{game_id} has no simultaneous choices")


@pytest.mark.parametrize("game_id", GAMES)
def test_spectators_are_shown_the_choices_once_revealed(game_id: str) -> None:
    for start, seed in simultaneous_choices(game_id):
        state = start.clone()
        chooser = random.Random(seed)
        while still_choosing(start, state):
            side, action = random_step(state, chooser)
            state.apply_action(action, side)
        assert state.public_state() is state  # spectators now see the position itself
        return
    pytest.skip(f"{game_id} has no simultaneous choices")
