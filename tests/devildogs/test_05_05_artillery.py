"""5.5 mortar fire and gas drift, and the barrages of 9 (BARRAGE, SAUSAGE/RECON'D, GAS):
deviation is read from the top card of the deck on the compass."""

from __future__ import annotations

from greatwar.games.devildogs.artillery import mortar_targets
from tests.devildogs.positions import blank, hex_of, legal, place, play, run, top, waiting


def test_5_5_mortar_chit_goes_two_to_five_hexes_away() -> None:
    state = blank("wheat")
    mortar = place(state, "2D-TM", "1616")
    grid = state.c.board.grid
    targets = mortar_targets(state, mortar)
    assert {grid.distance(state.where[mortar], t) for t in targets} == {2, 3, 4, 5}
    assert len(targets) == 12 + 18 + 24 + 30  # every ring is on the battlefield here


def test_5_5_deviation_moves_the_chit_one_hex_and_pins_the_unit_there() -> None:
    state = blank("wheat")
    place(state, "2D-TM", "1218")
    target = place(state, "461-1", "1215")
    card = top(state, "us", 4)  # 4 = south on the compass
    run(state, ("mortars", "us"))
    assert waiting(state) == ("mortar", "us")
    play(state, "fire 2D-TM 1214")
    assert target in state.pinned and state.lost[target] == 0
    assert state.c.card(card).index in state.discard["us"]  # the drawn card is discarded
    assert ("mortar", state.c.board.hex("1215")) in state.tokens


def test_5_5_a_hit_stays_and_an_already_pinned_unit_loses_a_step_whatever_the_terrain() -> None:
    state = blank("wheat")
    place(state, "2D-TM", "1518")
    target = place(state, "461-1", "1514", pinned=True)  # in the wood
    top(state, "us", None)
    run(state, ("mortars", "us"))
    play(state, "fire 2D-TM 1514")
    assert state.lost[target] == 1 and target in state.pinned


def test_5_5_every_mortar_fires_battlefield_initiative_first() -> None:
    state = blank("wheat")
    place(state, "2D-TM", "1220")
    place(state, "237D-MW", "1606")
    state.battlefield = "german"
    run(state, ("mortar_phase",))
    assert waiting(state) == ("mortar", "german")
    play(state, legal(state)[0])
    assert waiting(state) == ("mortar", "us")


def test_5_5_gas_flips_drifts_and_strikes_again_then_goes_at_the_end_of_the_turn() -> None:
    state = blank("wheat")
    token = state.c.board.hex("1214")
    state.gas = [("german", token, 1)]
    victim = place(state, "5M-16", "1216")  # next to 1215, where the gas drifts
    top(state, "german", 4)  # drift south
    run(state, ("gas_drift",))
    assert state.gas == [("german", state.c.board.hex("1215"), 2)]
    assert state.lost[victim] == 1
    assert waiting(state) == ("retreat", "us")  # it must get out of the cloud
    play(state, legal(state)[0])
    assert state.c.board.grid.distance(state.where[victim], state.c.board.hex("1215")) >= 2
    run(state, ("end_turn",))
    assert state.gas == []


# --- 9 barrages ---------------------------------------------------------------------------


def test_9_barrage_two_tokens_along_the_deviation_strike_everything_near() -> None:
    state = blank("wheat")
    under = place(state, "461-1", "1213")  # under the first token after deviation
    beside = place(state, "461-2", "1216")  # next to the second token (1215)
    friend = place(state, "5M-16", "1214")  # between both tokens: friendly fire, one step
    top(state, "us", 4)  # deviation south: 1212 -> 1213, second token 1215
    run(state, ("keyword", "us", "B", "barrage", 0))
    assert waiting(state) == ("barrage", "us")
    play(state, "target 1212")
    assert state.lost[under] == 1 and state.lost[beside] == 1
    assert state.lost[friend] == 1
    kinds = [(k, state.hex_id(h)) for k, h in state.tokens]
    assert kinds == [("artillery", "1213"), ("artillery", "1215")]


def test_9_barrage_after_a_hit_the_player_chooses_the_second_tokens_direction() -> None:
    state = blank("wheat")
    target = place(state, "461-1", "1210")
    top(state, "us", None)
    run(state, ("keyword", "us", "B", "barrage", 0))
    play(state, "target 1214")
    assert waiting(state) == ("barrage_direction", "us")
    assert len(legal(state)) == 6
    play(state, "direction N")
    assert [state.hex_id(h) for _, h in state.tokens] == ["1214", "1212"]
    assert state.lost[target] == 0  # 1210 is two hexes from 1212


def test_9_sausage_barrage_first_token_does_not_deviate() -> None:
    state = blank("wheat")
    top(state, "us", 2)  # NE gives only the second token's direction
    run(state, ("keyword", "us", "B", "sausage_barrage", 0))
    play(state, "target 1214")
    first, second = (h for _, h in state.tokens)
    assert state.hex_id(first) == "1214"
    assert state.c.board.grid.distance(first, second) == 2


def test_9_gas_barrage_one_token_steps_and_forced_moves_not_next_to_the_enemy() -> None:
    state = blank("wheat")
    victim = place(state, "5M-16", "1215")
    place(state, "461-1", "1010")
    top(state, "german", None)
    run(state, ("keyword", "german", "B", "gas_barrage", 0))
    play(state, "target 1214")
    assert state.gas == [("german", state.c.board.hex("1214"), 1)]
    assert state.lost[victim] == 1 and waiting(state) == ("retreat", "us")
    moves = [a for a in legal(state) if a.startswith("retreat")]
    grid = state.c.board.grid
    for move in moves:
        h = state.c.board.hex(move.split()[2])
        assert grid.distance(h, state.c.board.hex("1214")) == 2  # the shortest way out
    play(state, moves[0])
    assert hex_of(state, "5M-16") == moves[0].split()[2]


def test_9_gas_with_both_markers_on_the_map_is_a_regular_barrage() -> None:
    state = blank("wheat")
    state.gas = [("german", 0, 1), ("us", 1, 2)]
    top(state, "german", 3)
    run(state, ("keyword", "german", "B", "gas_barrage", 0))
    play(state, "target 1214")
    assert len(state.gas) == 2 and [k for k, _ in state.tokens] == ["artillery", "artillery"]
