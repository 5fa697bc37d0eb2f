"""The game API contract, on a toy game with simultaneous hidden choices and a die."""

import ast
from pathlib import Path

import pytest

import greatwar
import greatwar.core.state
from greatwar.core import TERMINAL, BadOption, BadSide, IllegalAction, UnknownGame, act, load_game
from greatwar.core.record import GameRecord
from greatwar.core.state import COPIED_BY_CLONE, ENGINE_FIELDS, State


def new(seed: int = 1, **options: object) -> State:
    return load_game("toy", options).new_initial_state(seed)


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGame, match="fbsm"):
        greatwar.load_game("nosuch")


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(BadOption, match="its options are: target"):
        load_game("toy", {"speed": 3})


def test_option_values_are_checked_and_parsed() -> None:
    assert load_game("toy", {"target": "9"}).options["target"] == 9
    with pytest.raises(BadOption, match="whole number"):
        load_game("toy", {"target": "nine"})
    with pytest.raises(BadOption, match="takes a int"):
        load_game("toy", {"target": True})


def test_simultaneous_choices_are_hidden_until_both_commit() -> None:
    state = new()
    assert state.sides_to_act() == ("north", "south")
    state.apply_action("bid 3", "south")
    assert state.sides_to_act() == ("north",)
    north_view = state.observation("north")
    assert north_view["my_bid"] is None and north_view["bids_made"] == ["south"]
    assert "bids 3" not in str(north_view)
    with pytest.raises(IllegalAction, match="not south's turn"):
        state.apply_action("bid 1", "south")


def test_the_sides_asked_are_read_afresh_after_every_action() -> None:
    """The API keeps the sides asked at a position (``current_player``, ``legal_actions``,
    ``apply_action``) until the next action: through simultaneous bids, each side's bid
    drops it from the sides asked, and a refused action leaves them as they were."""
    state = new()
    assert state.current_player() == "north" and state.legal_actions("south")
    with pytest.raises(IllegalAction):
        state.apply_action("bid 7", "south")
    assert state.sides_to_act() == ("north", "south") and state.current_player() == "north"
    state.apply_action("bid 1", "north")
    assert state.current_player() == "south" and state.legal_actions("north") == []
    with pytest.raises(IllegalAction, match="not north's turn"):
        state.apply_action("bid 2", "north")
    copy = state.clone()
    assert copy.current_player() == "south"
    for _ in range(60):
        if state.is_terminal():
            break
        side = state.current_player()
        assert state.sides_to_act()[0] == side
        state.apply_action(state.legal_actions(side)[-1], side)  # bid 3, pass
    assert state.is_terminal() and state.current_player() == TERMINAL


def test_illegal_action_gives_reason_and_changes_nothing() -> None:
    state = new()
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match=r"bid 1-3 in secret \(1.1\); legal now: bid 1"):
        state.apply_action("bid 9")
    with pytest.raises(IllegalAction, match="empty"):
        state.apply_action("   ")
    with pytest.raises(BadSide, match="the sides are north, south"):
        state.apply_action("bid 1", "east")
    assert state.fingerprint() == before and state.history() == []


def test_string_and_action_forms_are_equivalent() -> None:
    a, b = new(), new()
    a.apply_action("bid 2", "north")
    b.apply_action(act("bid", 2), "north")
    assert a.fingerprint() == b.fingerprint()


def test_clone_is_independent_including_dice() -> None:
    state = new()
    copy = state.clone()
    for s in (state, copy):
        s.apply_action("bid 2", "north")
        s.apply_action("bid 2", "south")  # tie: a die decides
    assert state.fingerprint() == copy.fingerprint()
    copy.apply_action(copy.legal_actions()[0])
    assert state.fingerprint() != copy.fingerprint()


def test_undo_never_past_a_reveal_or_the_other_side() -> None:
    state = new()
    state.apply_action("bid 3", "north")
    assert state.can_undo("north")
    state.apply_action("bid 1", "south")  # reveal: final
    assert not state.can_undo()
    assert state.current_player() == "north"
    state.apply_action("shout")
    state.apply_action("shout")
    assert state.can_undo("north") and not state.can_undo("south")
    state.undo("north")
    assert state.observation("north")["points"] == {"north": 3, "south": 0}
    assert len(state.history()) == 3
    state.undo()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        state.undo()


def play_out(state: State, moves: list[str]) -> None:
    for move in moves:
        side = state.sides_to_act()[0]
        state.apply_action(move, side)


def test_record_round_trip_and_tampering() -> None:
    state = new(seed=5)
    play_out(state, ["bid 2", "bid 2", "pass", "bid 1", "bid 3"])
    text = GameRecord.of(state).to_json()
    assert GameRecord.from_json(text).replay().fingerprint() == state.fingerprint()
    tampered = text.replace('"bid 3"', '"bid 2"')
    with pytest.raises(greatwar.RecordError, match="does not reproduce"):
        GameRecord.from_json(tampered).replay()
    illegal = text.replace('"bid 3"', '"bid 7"')
    with pytest.raises(greatwar.RecordError, match=r"action 5 \(south: 'bid 7'\)"):
        GameRecord.from_json(illegal).replay()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "invalid JSON"),
        ('{"game": "toy"}', "seed: Field required"),
        ('{"game": "toy", "seed": -1}', "seed"),
        ('{"game": "toy", "seed": 1, "cheat": true}', "cheat"),
    ],
)
def test_malformed_records_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(greatwar.RecordError, match=message):
        GameRecord.from_json(text)


def test_record_with_unknown_option() -> None:
    record = GameRecord(game="toy", seed=1, options={"speed": 1})
    with pytest.raises(greatwar.RecordError, match="unknown option 'speed'"):
        record.replay()


def test_concession_ends_the_game_and_is_replayed() -> None:
    state = new()
    state.apply_action("concede", "south")
    assert state.is_terminal() and state.winner() == "north"
    assert state.current_player() == TERMINAL and state.returns() == (1.0, -1.0)
    assert state.end_cause() == ("1.0", "south conceded")
    assert GameRecord.of(state).replay().winner() == "north"
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply_action("bid 1")


def test_log_entries_carry_rules_and_secrecy() -> None:
    state = new()
    state.apply_action("bid 3", "north")
    assert [e.rule for e in state.log("north")] == ["1.1"]
    assert state.log("south") == []


def test_wrong_types_are_clear_errors_and_change_nothing() -> None:
    from greatwar.core import Played
    from greatwar.core.errors import BadSeed

    state = new()
    before = state.fingerprint()
    for wrong in (
        None,
        3,
        Played("north", act("bid", 1)),
        ["bid", "1"],
        act("bid", 1)._replace(args=(1,)),
    ):
        with pytest.raises(IllegalAction, match="an action is an Action or its string form"):
            state.apply_action(wrong)  # type: ignore[arg-type]
    with pytest.raises(BadSide, match="a side is named by a string"):
        state.apply_action("bid 1", 7)  # type: ignore[arg-type]
    with pytest.raises(BadSide, match="unknown side 'french'"):
        state.legal_actions("french")
    assert state.fingerprint() == before and state.history() == []
    for seed in (-1, 2**64, True, "7"):
        with pytest.raises(BadSeed, match="from 0 to 2\\*\\*64 - 1"):
            load_game("toy").new_initial_state(seed)  # type: ignore[arg-type]
    assert load_game("toy").new_initial_state(2**64 - 1).seed == 2**64 - 1


def test_the_engine_fields_are_every_field_the_engine_sets() -> None:
    """``ENGINE_FIELDS`` (taken as they are by ``clone`` and ``undo``) and ``COPIED_BY_CLONE``
    (generator, prompt stack, chains, log views, of which a clone gets its own) name every
    field ``State.__init__`` sets, read from its source: compiled, they are the extension
    type's members (core/state.pxd), outside the instance dict ``clone`` copies, so a field
    the engine adds must be named in one or the other."""
    module = ast.parse((Path(greatwar.core.state.__file__).parent / "state.py").read_text())
    (state,) = [n for n in module.body if isinstance(n, ast.ClassDef) and n.name == "State"]
    (init,) = [f for f in state.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"]
    assigned = {
        target.attr
        for node in ast.walk(init)
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute)
    }
    assert assigned == set(ENGINE_FIELDS) | set(COPIED_BY_CLONE)
    assert not set(ENGINE_FIELDS) & set(COPIED_BY_CLONE)


def test_a_clone_takes_the_engine_fields_and_copies_the_others() -> None:
    """A clone has every one of ``ENGINE_FIELDS`` as the state has it, and its own copies of
    the generator, stack, chains and log views, after actions of a game with dice."""
    state = load_game("fbsm").new_initial_state(4)
    for _ in range(30):
        state.apply_action(state.legal_actions()[-1])
    state.log_view("US")
    clone = state.clone()
    for name in ENGINE_FIELDS:
        assert getattr(clone, name) is getattr(state, name), name
    for name in COPIED_BY_CLONE:
        assert getattr(clone, name) is not getattr(state, name), name
    assert clone.fingerprint() == state.fingerprint() and clone.history() == state.history()
    assert clone._log_views == state._log_views


def test_move_number_counts_the_history_and_its_clones_go_on_alone() -> None:
    """``move_number`` is ``len(history())`` at every step, and a clone's count is its own."""
    state = load_game("fbsm").new_initial_state(3)
    for _ in range(40):
        assert state.move_number() == len(state.history())
        state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert (state.move_number(), clone.move_number()) == (40, 41)
