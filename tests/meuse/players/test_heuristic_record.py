"""The Meuse heuristic keeps its own record of its moves within a movement phase; that record
must never outlive a change it did not make (a reinforcement arriving, 19.6)."""

from __future__ import annotations

from greatwar.core import State, load_game
from greatwar.games.meuse.players.heuristic import MeuseHeuristic


def on_map(state: State) -> set[str]:
    return {u["id"] for s in state.observation("german")["stacks"] for u in s["units"]}


def movers(state: State) -> set[str]:
    """Units the Germans may choose to move (when no return or rebuild comes first)."""
    legal = state.legal_actions("german")
    if any(a.verb in ("return", "rebuild") for a in legal):
        return set()
    return {a.args[0] for a in legal if a.verb == "move"}


def two_movement_positions(seed: int) -> tuple[State, State]:
    """The Germans' first choice of a unit to move, and a later one offering a unit that was
    not on the map at the first (it arrived since)."""
    game = load_game("meuse")
    players = {s: MeuseHeuristic(s, seed) for s in game.sides}
    state = game.new_initial_state(seed)
    first: State | None = None
    while not state.is_terminal():
        side = state.current_player()
        if side == "german" and movers(state):
            if first is None:
                first = state.clone()
            elif movers(state) - on_map(first):
                return first, state
        state.apply_action(players[side].choose(state, side), side)
    raise AssertionError("no German unit arrived between two movement phases")


def test_19_6_a_unit_that_arrived_since_the_last_choice_is_seen_before_it_is_moved() -> None:
    first, later = two_movement_positions(3)
    player = MeuseHeuristic("german", 3)
    assert player.choose(first, "german").verb == "move"  # it now keeps its own record
    # A position with a unit it has never seen (arrived since): it must look again, not
    # fail with a KeyError on the new unit's id (as 'g25' did, at 0901 on turn 19).
    assert player.choose(later, "german") in later.legal_actions("german")
