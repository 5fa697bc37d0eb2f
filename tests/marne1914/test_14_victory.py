"""14. Victory points for cities and towns held at the end."""

from __future__ import annotations

from greatwar.games.marne1914.victory import final_victory, holder, paris_holder, victory_points
from tests.marne1914.positions import cleared, hx, place


def test_14_control_is_the_last_side_to_enter() -> None:
    """14.0: control is the last side to enter."""
    state = cleared()
    meaux = state.c.board.place.index("Meaux")
    assert state.control[meaux] == "allied"
    place(state, "G4R-1", state.hex_id(meaux))
    assert state.control[meaux] == "german"
    state.lift(state.unit("G4R-1"))
    assert holder(state, meaux) == "german"  # no garrison needed


def test_14_a_hex_in_an_enemy_zoc_counts_for_nobody() -> None:
    state = cleared()
    meaux = state.c.board.place.index("Meaux")
    neighbour = state.c.board.grid.neighbors(meaux)[0]
    place(state, "G4R-1", state.hex_id(neighbour))
    assert holder(state, meaux) == ""
    place(state, "F7-1", state.hex_id(meaux))
    assert holder(state, meaux) == "allied"  # held by its own units (PROVENANCE)


def test_14_paris_is_ten_points_for_more_than_half_its_hexes() -> None:
    state = cleared()
    assert paris_holder(state) == "allied"
    for i, h in enumerate(("0213", "0214")):
        place(state, f"G4R-{i + 1}", h)
    assert paris_holder(state) == ""  # the rest lie in the German ZOC
    place(state, "G4R-3", "0313")
    assert paris_holder(state) == "german"


def test_14_points_are_paris_10_city_3_town_1_and_the_larger_total_wins() -> None:
    state = cleared()
    points = victory_points(state)
    board = state.c.board
    allied = (
        sum(
            {"city": 3, "town": 1}.get(board.value[h], 0)
            for h in board.valued
            if board.start_control[h] == "allied"
        )
        + 10
    )
    assert points["allied"] == allied
    final_victory(state)
    cause = state.end_cause()
    assert cause is not None and cause[0] == "14"
    assert state.winner() == max(points, key=lambda s: points[s])


def test_14_a_tie_goes_to_the_allies() -> None:
    state = cleared()
    state.control = ["" for _ in state.control]
    state.garrison.clear()
    final_victory(state)
    assert state.winner() == "allied"
    assert hx(state, "0413") in state.c.board.paris
