"""13. The Paris garrison."""

from __future__ import annotations

from greatwar.games.marne1914.combat import apply_attack_result
from greatwar.games.marne1914.movement import destinations
from tests.marne1914.positions import cleared, hx, place, set_mode


def test_13_1_1_an_unoccupied_paris_hex_holds_like_a_unit_and_13_1_3_has_no_zoc() -> None:
    """13.1, 13.1.3: no ZOC, never disrupted."""
    state = cleared()
    unit = place(state, "G4R-1", "0512")
    set_mode(state, "G4R", "offensive")
    assert state.is_garrisoned(hx(state, "0413"))
    assert hx(state, "0413") not in destinations(state, unit)
    assert hx(state, "0413") not in state.zoc("allied")
    place(state, "F4-1", "0413")
    assert not state.is_garrisoned(hx(state, "0413"))  # 13.1.1 not when occupied


def test_13_1_4_d_results_are_no_effect_and_numbers_defeat_the_garrison() -> None:
    state = cleared()
    paris = hx(state, "0413")
    place(state, "G4R-1", "0412")
    apply_attack_result(state, "D2", [], paris, [hx(state, "0412")], "attack")
    assert paris in state.garrison
    apply_attack_result(state, "1", [], paris, [hx(state, "0412")], "attack")
    assert paris not in state.garrison
    assert state.c.board.value[paris] == "paris"  # still a Paris hex for its occupants
