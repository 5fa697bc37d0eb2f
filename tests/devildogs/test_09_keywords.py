"""9: every keyword of the command cards (barrages are in test_05_05_artillery.py)."""

from __future__ import annotations

from greatwar.games.devildogs.fire import combat_fire
from greatwar.games.devildogs.state import DevilDogsState
from tests.devildogs.positions import (
    blank,
    hex_of,
    legal,
    place,
    play,
    run,
    sector,
    waiting,
)


def keyword(
    state: DevilDogsState, side: str, sector_name: str, name: str, x: int = 0
) -> DevilDogsState:
    return run(state, ("keyword", side, sector_name, name, x))


def open_ground() -> DevilDogsState:
    """Sector B of 'wheat': a Marine in the open wheat facing two German companies."""
    state = blank("wheat")
    place(state, "5M-16", "1116")
    place(state, "461-1", "1114")
    place(state, "461-2", "1213")
    return state


def test_9_accurate_fire_two_steps_possibly_on_one_unit() -> None:
    state = open_ground()
    keyword(state, "us", "B", "accurate_fire")
    assert waiting(state) == ("pick", "us")
    play(state, "hit 461-1", "hit 461-1")
    assert state.lost[state.unit_index("461-1")] == 2


def test_9_accurate_fire_needs_a_unit_in_sight() -> None:
    state = blank("wheat")
    place(state, "5M-16", "1212")
    hidden = place(state, "461-2", "1309")  # in sector B, behind the wood's edge at 1311
    seen = place(state, "461-1", "1210")
    keyword(state, "us", "B", "accurate_fire")
    assert state.lost[seen] == 2 and state.lost[hidden] == 0


def test_9_combat_x_queues_a_sector_combat_keeping_the_longer_range() -> None:
    state = open_ground()
    keyword(state, "us", "B", "combat", 1)
    keyword(state, "us", "B", "combat", 2)
    keyword(state, "german", "B", "combat", 1)
    assert sorted(state.combats) == [("german", 1), ("us", 2)]


def test_9_entrench_ignores_the_first_x_step_losses() -> None:
    state = open_ground()
    german = state.unit_index("461-1")
    keyword(state, "german", "B", "entrench", 1)
    assert not state.inflict(german, "7.2", "test")
    assert state.inflict(german, "7.2", "test") and state.lost[german] == 1


def test_9_defensive_fire_adds_two_only_when_the_opponent_started_the_combat() -> None:
    state = open_ground()
    keyword(state, "german", "B", "defensive_fire")
    against, _ = combat_fire(state, "german", "B", "us", 3)
    own, _ = combat_fire(state, "german", "B", "german", 3)
    assert against == own + 2


def test_9_concealment_cuts_the_enemys_combat_range_by_one() -> None:
    state = open_ground()
    before, _ = combat_fire(state, "us", "B", "us", 2)
    keyword(state, "german", "B", "concealment")
    after, targets = combat_fire(state, "us", "B", "us", 2)
    assert before == 1 and after == 0 and targets == []


def test_9_bayonets_add_a_hit_per_adjacent_company_and_push_the_damaged_back() -> None:
    state = blank("wheat")
    marine = place(state, "5M-16", "1115")
    german = place(state, "461-1", "1114")
    sector(state, "B", "US01", "GE09", chit="us")
    plain, _ = combat_fire(state, "us", "B", "us", 1)
    keyword(state, "us", "B", "bayonets")
    fixed, _ = combat_fire(state, "us", "B", "us", 1)
    assert (plain, fixed) == (2, 3)
    state.combats = [("us", 1)]
    run(state, ("combats", "B"))
    assert state.lost[german] == 1 and waiting(state) == ("retreat", "german")
    play(state, "retreat 461-1 1113")
    assert waiting(state) == ("advance", "us")
    play(state, "advance 5M-16 1114")
    assert hex_of(state, "5M-16") == "1114" and state.where[marine] >= 0


def test_9_audacity_returns_a_unit_to_full_strength() -> None:
    state = open_ground()
    marine = state.unit_index("5M-16")
    state.lost[marine] = 3
    state.pinned.add(marine)
    keyword(state, "us", "B", "audacity")
    assert state.lost[marine] == 0 and marine not in state.pinned


def test_9_hesitation_marks_the_enemy_in_this_sector() -> None:
    state = open_ground()
    keyword(state, "german", "B", "hesitation")
    assert state.effect("hesitation", "us", "B") == 2 and state.effect("hesitation", "us", "C") == 0


def test_9_hidden_mgs_cannot_take_combat_damage_unless_adjacent() -> None:
    state = blank("wheat")
    place(state, "5M-16", "1116")
    mg = place(state, "461-MG1", "1114")
    keyword(state, "german", "B", "hidden_mgs")
    _, targets = combat_fire(state, "us", "B", "us", 3)
    assert mg not in targets
    place(state, "5M-20", "1115")
    _, targets = combat_fire(state, "us", "B", "us", 3)
    assert mg in targets


def test_9_leadership_with_nothing_executed_is_rally_five_then_reshuffles() -> None:
    state = open_ground()
    marine = state.unit_index("5M-16")
    state.pinned.add(marine)
    state.lost[marine] = 1
    state.discard["us"] = [state.decks["us"].pop() for _ in range(5)]
    keyword(state, "us", "B", "leadership")
    assert marine not in state.pinned and state.lost[marine] == 0
    assert state.discard["us"] == [] and len(state.decks["us"]) == 30 - 4  # all but the hand


def test_9_leadership_repeats_a_keyword_executed_this_turn() -> None:
    state = open_ground()
    state.executed["us"] = [("combat", 2), ("underfed", 1)]
    keyword(state, "us", "B", "leadership")
    assert waiting(state) == ("leadership", "us")
    assert legal(state) == ["repeat combat 2", "repeat underfed 1"]
    play(state, "repeat combat 2")
    assert state.combats == [("us", 2)]


def test_9_misdirection_peek_and_swap_with_the_reserve() -> None:
    state = blank("wheat")
    for name, us, ge in (("B", "US14", "GE01"), ("C", "US02", "GE02"), ("D", "US03", "GE03")):
        sector(state, name, us, ge)
    state.hands["german"] = [state.c.card("GE04").index]
    state.activated = ["B"]
    keyword(state, "us", "B", "misdirection")
    assert legal(state) == ["peek C", "peek D", "scout"]
    play(state, "peek C")
    assert [c["id"] for c in state.observation("us")["prompt"]["cards"]] == ["GE02", "GE04"]
    assert "GE02" not in str(state.observation("german")["prompt"])
    play(state, "swap")
    assert state.card(state.assigned["german"]["C"]).id == "GE04"
    assert state.card(state.hands["german"][0]).id == "GE02"
    assert state.orders["german"]["C"] == "initiative"  # the order type remains


def test_9_misdirection_scout_puts_cards_at_the_bottom() -> None:
    state = open_ground()
    sector(state, "B", "US14", "GE01")
    keyword(state, "us", "B", "misdirection")
    play(state, "scout")
    shown = [c["id"] for c in state.observation("us")["prompt"]["cards"]]
    assert len(shown) == 6 and shown[0] == state.card(state.decks["german"][-1]).id
    play(state, f"bottom {shown[0]}", "done")
    assert state.card(state.decks["german"][0]).id == shown[0]


def test_9_rally_removes_x_pin_or_falter_tokens() -> None:
    state = open_ground()
    marine = state.unit_index("5M-16")
    other = place(state, "5M-20", "1016", lost=1)
    state.pinned.add(marine)
    keyword(state, "us", "B", "rally", 1)
    assert waiting(state) == ("pick", "us")
    assert legal(state) == ["rally 5M-16 pin", "rally 5M-20 falter"]
    play(state, "rally 5M-20 falter")
    assert state.lost[other] == 0 and marine in state.pinned


def test_9_regroup_clears_units_not_adjacent_to_the_enemy() -> None:
    state = open_ground()
    near = place(state, "5M-20", "1115", lost=1, pinned=True)  # next to 461-1
    far = place(state, "5M-45", "1018", lost=3, pinned=True)
    keyword(state, "us", "B", "regroup", 2)
    assert state.lost[far] == 2 and far not in state.pinned  # falter off, still reduced
    assert state.lost[near] == 1 and near in state.pinned


def test_9_reinforcement_hastens_a_friendly_regiment_or_delays_an_enemy_one() -> None:
    state = blank("campaign")
    keyword(state, "us", "B", "reinforcement")
    assert "hasten 7I" in legal(state) and "delay 40F" in legal(state)
    play(state, "delay 40F")
    groups = [g.regiment for g in state.sc.reinforcements]
    assert state.arrivals[groups.index("40F")] == 4


def test_9_reinforcement_reconstitutes_a_destroyed_infantry_unit_next_to_its_hq() -> None:
    state = open_ground()
    place(state, "5M-HQ", "1019")
    dead = place(state, "5M-20", "1017")
    for _ in range(4):
        state.inflict(dead, "7.2", "test")
    keyword(state, "us", "B", "reinforcement")
    moves = legal(state)
    assert moves and all(m.startswith("reconstitute 5M-20 ") for m in moves)
    play(state, moves[0])
    assert state.is_reduced(dead) and not state.has_falter(dead)
    assert dead not in state.casualties


def test_9_rout_sends_back_enemy_units_damaged_or_pinned_this_turn() -> None:
    state = open_ground()
    hit = state.unit_index("461-1")
    state.inflict(hit, "7.2", "test")
    state.pinned.add(state.unit_index("461-2"))  # pinned before this turn: not routed
    keyword(state, "us", "B", "rout")
    assert waiting(state) == ("retreat", "german")
    assert all(a.split()[1] == "461-1" for a in legal(state))
    play(state, legal(state)[0])
    assert state.c.board.row[state.where[hit]] < 14


def test_9_shell_holes_halve_damage_rounded_up() -> None:
    state = open_ground()
    state.chits["B"] = "stalemate"
    keyword(state, "german", "B", "shell_holes")
    run(state, ("mg", "us", "B", 3))
    assert any("MG fire in sector B: 2 CD" in e.text for e in state.log())


def test_9_sniper_pins_unpinned_units_within_five_of_a_friend_first() -> None:
    state = open_ground()
    first, second = state.unit_index("461-1"), state.unit_index("461-2")
    state.pinned.add(first)
    keyword(state, "us", "B", "sniper", 2)
    assert second in state.pinned  # unpinned first
    assert state.lost[first] == 1  # then the pinned one: a second pin is a step (6.2)


def test_9_sniper_ignores_units_out_of_reach() -> None:
    state = blank("wheat")
    place(state, "5M-16", "0922")
    far = place(state, "461-1", "1108")
    keyword(state, "us", "B", "sniper", 1)
    assert far not in state.pinned


def test_9_underfed_never_destroys() -> None:
    state = open_ground()
    weak = state.unit_index("461-1")
    state.lost[weak] = 2  # one step from death
    keyword(state, "us", "B", "underfed", 2)
    assert state.lost[weak] == 2 and state.lost[state.unit_index("461-2")] == 1
