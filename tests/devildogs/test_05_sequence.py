"""5. The turn sequence: hands, face-down sector cards, initiative, orders, activation."""

from __future__ import annotations

import pytest

from greatwar.core import IllegalAction
from greatwar.games.devildogs.initiative import battlefield_initiative, initiative_pool
from greatwar.games.devildogs.state import DevilDogsState
from tests.devildogs.positions import (
    blank,
    legal,
    new_state,
    place,
    play,
    run,
    sector,
    waiting,
)


def assign_all(state: DevilDogsState, side: str) -> None:
    """Place the first cards of the hand in the sectors in order, then commit (5.2)."""
    hand = list(state.hands[side])
    for sector_name, card in zip(state.sc.sectors, hand, strict=False):
        state.apply_action(f"assign {state.card(card).id} {sector_name}", side)
    state.apply_action("commit", side)


@pytest.mark.parametrize(("scenario", "size"), [("hill142", 2), ("wheat", 4), ("campaign", 5)])
def test_5_1_hand_size_is_sectors_plus_one(scenario: str, size: int) -> None:
    state = new_state(scenario)
    assert all(len(state.hands[s]) == size for s in ("us", "german"))
    assert all(len(state.decks[s]) == 30 - size for s in ("us", "german"))


def test_5_1_5_2_the_first_assignment_offers_every_card_for_every_sector() -> None:
    # 5.1, 5.2: hand = sectors + 1, so (sectors + 1) x sectors placements at the start.
    for scenario, sectors in (("hill142", 1), ("wheat", 3), ("campaign", 4)):
        state = new_state(scenario)
        for side in ("us", "german"):
            assert len(state.legal_actions(side)) == (sectors + 1) * sectors


def test_5_1_reserve_card_stays_and_an_empty_deck_is_rebuilt_from_the_discard() -> None:
    state = blank("hill142")
    reserve = state.c.card("US07").index
    state.hands["us"] = [reserve]
    state.discard["us"] = [c for c in state.c.deck("us") if c != reserve]
    state.decks["us"] = []
    run(state, ("draw_hands",))
    assert state.hands["us"][0] == reserve and len(state.hands["us"]) == 2
    assert state.discard["us"] == [] and len(state.decks["us"]) == 28
    assert any("reshuffles the discard" in e.text for e in state.log())


def test_5_2_both_sides_place_cards_at_once_and_see_only_counts() -> None:
    state = new_state("wheat")
    assert state.sides_to_act() == ("us", "german")
    card = state.card(state.hands["us"][0]).id
    play(state, f"us: assign {card} B")
    german = state.observation("german")
    assert german["opponent_placed"] == 0  # 5.2: not on the table until committed
    assert card not in str(german["sectors"]) and card not in str(german["log"])
    assert all(s["cards"]["us"] is None for s in german["sectors"])
    assert state.observation("us")["sectors"][0]["cards"]["us"]["id"] == card


def test_5_2_the_opponent_sees_the_cards_down_only_once_committed() -> None:
    state = new_state("wheat")
    hand = [state.card(c).id for c in state.hands["us"]]
    for card, name in zip(hand, state.sc.sectors, strict=False):
        play(state, f"us: assign {card} {name}")
    assert state.observation("german")["opponent_placed"] == 0
    play(state, "us: commit")
    assert state.observation("german")["opponent_placed"] == len(state.sc.sectors)


def test_5_2_commit_needs_a_card_in_every_sector() -> None:
    state = new_state("wheat")
    with pytest.raises(IllegalAction, match=r"every sector before committing \(5.2\)"):
        state.apply_action("commit", "us")
    card = state.card(state.hands["us"][0]).id
    play(state, f"us: assign {card} B")
    with pytest.raises(IllegalAction, match="already has your card"):
        state.apply_action(f"assign {state.card(state.hands['us'][1]).id} B", "us")
    with pytest.raises(IllegalAction, match="not a card in your hand"):
        state.apply_action("assign GE01 C", "us")


def test_5_2_reset_takes_the_cards_back() -> None:
    state = new_state("hill142")
    play(state, f"us: assign {state.card(state.hands['us'][0]).id} A")
    assert legal(state, "us") == ["commit", "reset"]
    play(state, "us: reset")
    assert state.assigned["us"] == {} and len(legal(state, "us")) == 2


def test_5_2_both_commits_reveal_and_undo_cannot_cross() -> None:
    state = new_state("hill142")
    assign_all(state, "us")
    assert state.sides_to_act() == ("german",)
    assign_all(state, "german")
    assert not state.can_undo("german") and not state.can_undo("us")
    assert waiting(state) == ("orders", "us")


@pytest.mark.parametrize(
    ("track", "pool"),
    [(-10, (2, 4, 0)), (-7, (2, 4, 0)), (-6, (2, 3, 1)), (-3, (2, 3, 1)), (-2, (2, 2, 2)),
     (2, (2, 2, 2)), (3, (3, 2, 1)), (6, (3, 2, 1)), (7, (4, 2, 0)), (10, (4, 2, 0))],
)  # fmt: skip
def test_5_3_1_pool_follows_the_initiative_marker(track: int, pool: tuple[int, ...]) -> None:
    state = blank()
    state.track = track
    chits = initiative_pool(state)
    assert (chits.count("us"), chits.count("german"), chits.count("stalemate")) == pool


def test_5_3_2_one_chit_per_sector_from_the_pool() -> None:
    state = blank("campaign")
    state.track = 10  # strong US: 4 US, 2 German, no stalemate
    run(state, ("initiative",))
    assert sorted(state.chits) == ["A", "B", "C", "D"]
    assert "stalemate" not in state.chits.values()
    assert list(state.chits.values()).count("german") <= 2


def test_5_3_3_battlefield_initiative_most_chits_ties_to_the_attacker() -> None:
    state = blank("wheat")
    state.chits = {"B": "german", "C": "german", "D": "us"}
    assert battlefield_initiative(state) == "german"
    state.chits = {"B": "german", "C": "stalemate", "D": "us"}
    assert battlefield_initiative(state) == "us"  # the scenario attacker


def test_5_4_orders_are_hidden_until_both_are_set() -> None:
    state = new_state("hill142")
    assign_all(state, "us")
    assign_all(state, "german")
    play(state, "us: order A general", "us: commit")
    assert state.observation("german")["sectors"][0]["orders"] == {"german": None}
    play(state, "german: order A initiative", "german: commit")
    assert state.observation("german")["sectors"][0]["orders"] == {
        "us": "general",
        "german": "initiative",
    }


def test_5_4_optional_attacker_places_orders_first_face_up() -> None:
    state = new_state("hill142", attacker_orders_first=True)
    assign_all(state, "us")
    assign_all(state, "german")
    assert state.sides_to_act() == ("us",)
    play(state, "us: order A general", "us: commit")
    assert state.sides_to_act() == ("german",)
    assert state.observation("german")["sectors"][0]["orders"]["us"] == "general"


def test_5_4_initiative_order_is_active_with_sector_initiative_else_reactive() -> None:
    state = blank("wheat")
    sector(state, "B", "US01", "GE01", chit="us")
    sector(state, "C", "US02", "GE02", chit="stalemate")
    sector(state, "D", "US03", "GE03", chit="german", us_order="general")
    assert state.row("us", "B") == "active" and state.row("german", "B") == "reactive"
    assert state.row("us", "C") == "reactive" == state.row("german", "C")  # 5.3.2
    assert state.row("us", "D") == "general" and state.row("german", "D") == "active"


def test_5_6_battlefield_initiative_chooses_first_then_the_choice_alternates() -> None:
    state = blank("wheat")
    for name in ("B", "C", "D"):
        sector(state, name, f"US1{ord(name) - 60}", f"GE1{ord(name) - 60}")
    state.battlefield = state.chooser = "german"
    run(state, ("activation",))
    assert waiting(state) == ("activate", "german")
    play(state, "activate C")
    assert waiting(state) == ("activate", "us")
    assert legal(state) == ["activate B", "activate D"]
    with pytest.raises(IllegalAction, match=r"already been activated this turn \(5.10\)"):
        state.apply_action("activate C")


def test_5_7_activation_reveals_both_cards_of_the_sector_only() -> None:
    state = blank("wheat")
    for name, us, ge in (("B", "US11", "GE11"), ("C", "US12", "GE12"), ("D", "US13", "GE13")):
        sector(state, name, us, ge)
    state.chooser = "us"
    run(state, ("activation",))
    play(state, "activate B")
    view = state.observation("us")["sectors"]
    assert view[0]["cards"]["german"]["id"] == "GE11"
    assert view[1]["cards"]["german"] == "face down"


def test_5_8_the_non_initiative_player_executes_first() -> None:
    state = blank("army")
    place(state, "7I-A", "1512")
    place(state, "347-1", "1505")
    sector(state, "C", "US24", "GE09", chit="german")  # both HOLD orders
    state.chooser = "us"
    run(state, ("activation",))
    play(state, "activate C")
    executions = [e.text for e in state.log() if "executes its" in e.text]
    assert executions[0].startswith("us executes its reactive")
    assert executions[1].startswith("german executes its active")


def test_5_3_3_battlefield_initiative_adds_one_to_active_mg() -> None:
    state = blank("army")
    place(state, "7I-A", "1512")
    place(state, "347-1", "1611", lost=0)
    sector(state, "C", "US19", "GE09", chit="us")  # US19 active: MG 3
    state.battlefield = "us"
    run(state, ("mg", "us", "C", 3))
    assert any("MG fire in sector C: 4 CD" in e.text for e in state.log())


def test_5_10_played_cards_go_to_the_discard_at_the_end_of_the_turn() -> None:
    state = blank("army")
    place(state, "7I-A", "1512")
    place(state, "347-1", "1505")
    sector(state, "C", "US24", "GE09")
    run(state, ("end_turn",))
    assert state.c.card("US24").index in state.discard["us"]
    assert state.assigned == {"us": {}, "german": {}} and state.turn == 2
