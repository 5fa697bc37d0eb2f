"""The rollout player: legal choices, the same choice for the same seed, the scripted choice
kept where search finds nothing better, no search where there is no real choice, and a
"move now" that is obeyed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from greatwar import load_game
from greatwar.ai.mcts import Budget
from greatwar.ai.registry import make_player
from greatwar.ai.rollout import Arm, RolloutPlayer, RolloutSettings, _decide
from greatwar.core.actions import Action
from greatwar.core.errors import GreatwarError
from greatwar.core.state import State
from greatwar.games.devildogs.players import DevilDogsHeuristic

SMALL = Budget(iterations=8)


def decisions(seed: int = 5, wanted: int = 3) -> list[State]:
    """Devil Dogs positions where a side has several legal actions, a few turns apart."""
    game = load_game("devildogs")
    state = game.new_initial_state(seed)
    seats = {side: DevilDogsHeuristic(side, seed) for side in game.sides}
    found: list[State] = []
    step = 0
    while len(found) < wanted and not state.is_terminal():
        side = state.current_player()
        step += 1
        if step % 25 == 0 and len(state.legal_actions(side)) > 3:
            found.append(state.clone())
        state.apply_action(seats[side].choose(state, side), side)
    return found


def test_rollout_player_chooses_a_legal_action_within_its_budget() -> None:
    for state in decisions():
        side = state.current_player()
        player = RolloutPlayer("devildogs", side, seed=1, budget=SMALL)
        assert player.choose(state, side) in state.legal_actions(side)
        assert 0 < player.iterations <= SMALL.iterations


def test_rollout_player_is_deterministic_for_a_seed_and_leaves_the_state_alone() -> None:
    for state in decisions():
        side = state.current_player()
        before = state.to_dict()
        choices = {
            RolloutPlayer("devildogs", side, seed=7, budget=SMALL).choose(state, side)
            for _ in range(2)
        }
        assert len(choices) == 1
        assert state.to_dict() == before


def test_a_single_legal_move_or_a_skipped_verb_is_played_without_search() -> None:
    state = load_game("devildogs").new_initial_state(4)
    side = state.current_player()
    skip_all = RolloutSettings(skip=tuple({a.verb for a in state.legal_actions(side)}))
    player = RolloutPlayer("devildogs", side, seed=1, budget=SMALL, settings=skip_all)
    assert player.choose(state, side) == DevilDogsHeuristic(side, 1).choose(state, side)
    assert player.iterations == 0


def test_the_scripted_choice_stays_unless_another_is_clearly_better() -> None:
    """Overruling the script takes a gain, sample for sample, above the margin plus one
    standard error, over enough samples."""
    hint, other = Action("stay"), Action("move")
    settings = RolloutSettings(margin=0.1, least_samples=3)

    def decide(mine: list[float], theirs: list[float]) -> Action:
        return _decide([Arm(hint, mine), Arm(other, theirs)], settings)

    assert decide([0.0, 0.5, -1.0], [1.0, 1.0, 1.0]) == other
    assert decide([0.0, 0.5, -1.0], [0.1, 0.6, -0.9]) == hint  # within the margin
    assert decide([0.0, 0.5, -1.0], [2.0, 0.5, -1.0]) == hint  # one lucky sample
    assert decide([0.0, 0.5], [1.0, 1.5]) == hint  # too few samples
    assert decide([0.0, 0.5, 0.0, -1.0], [1.0, 1.5, 1.0]) == other  # the shared samples only


def test_rollout_player_asked_to_hurry_plays_after_one_rollout() -> None:
    state = decisions()[0]
    side = state.current_player()
    player = RolloutPlayer("devildogs", side, seed=1, budget=Budget(iterations=10_000))
    player.hurry()
    assert player.choose(state, side) in state.legal_actions(side)
    assert player.iterations == 1
    patient = RolloutPlayer("devildogs", side, seed=1, budget=SMALL)
    patient.choose(state, side)
    assert patient.iterations > 1


def test_rollout_player_is_registered_with_a_budget_in_rollouts_or_seconds() -> None:
    player = make_player("rollout:12", "devildogs", "us", 1)
    assert isinstance(player, RolloutPlayer)
    assert player.budget == Budget(iterations=12)
    timed = make_player("rollout:0.5s", "devildogs", "us", 1)
    assert isinstance(timed, RolloutPlayer)
    assert timed.budget == Budget(iterations=0, seconds=0.5)
    with pytest.raises(GreatwarError, match="rollout takes iterations"):
        make_player("rollout:0", "devildogs", "us", 1)


def test_a_simultaneous_hidden_choice_is_not_seen_by_the_other_side_in_rollouts() -> None:
    """Devil Dogs 5.2: both sides place cards at once. Each candidate is applied to a sample
    before the opponent's scripted player chooses, so that player must not see it: its
    observation, and so its choice, is the same whatever the candidate."""
    state = load_game("devildogs").new_initial_state(4)
    assert len(state.sides_to_act()) == 2
    side, other = state.sides_to_act()
    seen = set()
    for action in state.legal_actions(side):
        copy = state.clone()
        copy.apply_action(action, side)
        seen.add(repr(copy.observation(other)))
    assert len(seen) == 1


def test_rollouts_may_stop_at_the_next_turn_for_the_evaluator() -> None:
    state = decisions()[0]
    side = state.current_player()
    player = RolloutPlayer("devildogs", side, 1, budget=SMALL, settings=RolloutSettings(turns=1))
    scored: list[tuple[int, bool]] = []

    def evaluate(position: State, who: str) -> float:
        scored.append((getattr(position, "turn", 0), position.is_terminal()))
        return 0.0

    player.outcome = None
    player.evaluate = evaluate
    player._rollout(state, 5, Arm(state.legal_actions(side)[0]), side)
    assert scored == [(getattr(state, "turn", 0) + 1, False)]


@pytest.mark.parametrize("game_id", ["fbsm", "meuse", "marne1914", "trenches"])
def test_rollout_player_searches_a_decision_of_every_game(game_id: str) -> None:
    """With the game's own constants (``ROLLOUT``), the first decision that spends rollouts
    (a single action's search, or the turn's style where the side has styles) is legal and
    within its budget."""
    game = load_game(game_id)
    state = game.new_initial_state(2)
    searcher = game.sides[0]
    player = RolloutPlayer(game_id, searcher, 1, budget=Budget(iterations=4))
    others = {side: make_player("heuristic", game_id, side, 2) for side in game.sides}
    while not state.is_terminal():
        side = state.current_player()
        if side == searcher:
            action = player.choose(state, side)
            assert action in state.legal_actions(side)
            if player.iterations:
                break
        else:
            action = others[side].choose(state, side)
        state.apply_action(action, side)
    styled = player.style_turn != -1
    assert player.searched + styled == 1
    assert 0 < player.iterations <= (player.settings.style_rollouts if styled else 4)


def fbsm_turn_start(side: str) -> State:
    """An FBSM position at ``side``'s first choice of game turn 3, from scripted play."""
    game = load_game("fbsm")
    state = game.new_initial_state(3)
    seats = {s: make_player("heuristic", "fbsm", s, 3) for s in game.sides}
    while not (getattr(state, "turn", 0) >= 3 and state.current_player() == side):
        mover = state.current_player()
        state.apply_action(seats[mover].choose(state, mover), mover)
    return state


def test_a_game_with_styles_chooses_one_at_the_first_choice_of_each_turn() -> None:
    state = fbsm_turn_start("german")
    player = RolloutPlayer("fbsm", "german", 2, budget=SMALL)
    assert next(iter(player.styles)) == "script"  # the script's own style first
    seen: list[str] = []
    choose_style = player._choose_style

    def counted(position: State, side: str) -> None:
        choose_style(position, side)
        seen.append(player.style)

    player._choose_style = counted  # type: ignore[method-assign]
    first = player.choose(state, "german")
    assert first in state.legal_actions("german")
    assert len(seen) == 1 and seen[0] in player.styles
    assert player.searched == 0  # the style choice spent that decision's budget
    state.apply_action(first, "german")
    if state.current_player() == "german" and len(state.legal_actions("german")) > 1:
        player.choose(state, "german")
    assert len(seen) == 1  # the same turn keeps its style
    assert player.style_turn == 3


def test_a_style_is_chosen_by_the_best_mean_of_its_rollouts() -> None:
    settings = RolloutSettings(least_samples=1)
    arms = [Arm("script", [0.1, 0.1, 0.1]), Arm("careful", [0.2, 0.3, 0.1])]
    assert _decide(arms, settings, keep_first=False) == "careful"
    assert _decide(arms, settings) == "script"  # an action needs the margin to overrule
    tied = [Arm("script", [0.2]), Arm("careful", [0.2])]
    assert _decide(tied, settings, keep_first=False) == "script"


def test_a_side_named_in_style_keep_plays_its_first_style_unless_another_beats_it() -> None:
    """Meuse's German keeps its first style (screen, the best played throughout) unless a
    rival beats it by the margin, as a searched action must beat the scripted one; the Allies
    take the best mean."""
    from greatwar.ai.rollout import game_rollout_settings

    assert game_rollout_settings("meuse").style_keep == ("german",)
    state = load_game("meuse").new_initial_state(0)
    asked: list[bool] = []

    def search(*args: object, keep_first: bool = True) -> Action | str:
        asked.append(keep_first)
        arms = args[2]
        assert isinstance(arms, list)
        return str(arms[-1].action)

    for side, keep in (("german", True), ("allied", False)):
        player = RolloutPlayer("meuse", side, 0, budget=SMALL)
        player._search = search  # type: ignore[assignment,method-assign]
        asked.clear()
        player._choose_style(state, side)
        assert asked == [keep]
        assert player.style == list(player.styles)[-1]


def test_a_side_without_styles_searches_single_actions_only() -> None:
    player = RolloutPlayer("fbsm", "us", 1, budget=SMALL)
    player.styles = {}  # as for a side whose game has no styles
    state = fbsm_turn_start("us")
    assert player.choose(state, "us") in state.legal_actions("us")
    assert player.style_turn == -1  # no style was chosen


def test_a_side_with_styles_may_search_only_its_style() -> None:
    state = fbsm_turn_start("german")
    player = RolloutPlayer("fbsm", "german", 2, budget=SMALL)
    player.settings = replace(player.settings, actions=False)
    chosen = player.choose(state, "german")  # the turn's style, chosen by rollouts
    spent = player.iterations
    assert spent > 0 and chosen in state.legal_actions("german")
    state.apply_action(chosen, "german")
    while state.current_player() == "german" and getattr(state, "turn", 0) == 3:
        state.apply_action(player.choose(state, "german"), "german")
    assert player.iterations == spent and player.searched == 0  # no single action searched
