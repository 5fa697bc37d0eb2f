"""5. Unit modes, changed by face-down HQ counters at the same time by both sides (5.2);
15.3 the optional Command and Control rolls; 6. initiative."""

from __future__ import annotations

from collections.abc import Iterator

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.marne1914.data import (
    GERMAN,
    MODES,
    OFFENSIVE,
    OTHER,
    REGROUP,
    SIDES,
)
from greatwar.games.marne1914.state import ELIMINATED, LOST, MarneState


def side_hqs(state: MarneState, side: str) -> list[int]:
    """The side's HQs in play or still to arrive (a reinforcement HQ's mode is set before it
    enters, 7.3; PROVENANCE)."""
    where = state.where
    return [hq for hq in state.c.side_hqs[side] if where[hq] != ELIMINATED and where[hq] != LOST]


def is_out_of_supply(state: MarneState, hq: int) -> bool:
    return hq in state.oos or hq in state.cut_off


def must_leave_offensive(state: MarneState, hq: int) -> bool:
    """11.2.3, 5.1.1: an HQ out of supply in Offensive mode changes at the first opportunity."""
    return state.mode[hq] == OFFENSIVE and is_out_of_supply(state, hq)


def allowed_modes(state: MarneState, hq: int) -> tuple[str, ...]:
    """5.2.6 never Regroup straight to Offensive (5.2.1: any mode to begin the game);
    11.2.3 no Offensive mode out of supply."""
    if is_out_of_supply(state, hq):  # 11.2.3
        return NOT_OFFENSIVE
    if state.mode[hq] == REGROUP and state.turn > 1:  # 5.2.6
        return NOT_OFFENSIVE
    return MODES


NOT_OFFENSIVE = tuple(mode for mode in MODES if mode != OFFENSIVE)


def changeable(state: MarneState, side: str) -> list[int]:
    """The HQs whose mode the side may set in this choice: all of them, or under 15.3 those
    whose Command and Control roll was Change Normally."""
    if state.option("command_and_control") and state.turn > 1:
        return list(state.cc_free[side])
    return side_hqs(state, side)


def chosen(state: MarneState, hq: int) -> str:
    side = state.counter(hq).side
    return state.pending[side].get(hq, state.mode[hq])


def start_modes(state: MarneState) -> None:
    """4.A: both players may change the mode of any HQ, at once and face down (5.2.5); 5.2.2
    this is the only time modes change."""
    from greatwar.games.marne1914.results import displace_hqs

    state.revealed.clear()  # 5.2.5: the new HQ counters are placed face down
    state.pending = {side: {} for side in SIDES}
    state.committed = []
    state.cc_free = {side: [] for side in SIDES}
    if state.option("command_and_control") and state.turn > 1:
        state.cc_notes = {
            side: [hq for hq in side_hqs(state, side) if must_leave_offensive(state, hq)]
            for side in SIDES
        }
        state.push("cc_note")  # 15.3.3
    else:
        state.push("modes")
    if state.turn == 1:
        for side in SIDES:
            displace_hqs(state, side)  # 9.9: no HQ begins in an enemy ZOC


class Modes(Prompt[MarneState]):
    """5.2: set each HQ's mode face down; both sides choose at once, neither sees the other's."""

    name = "modes"
    title = "set your HQs' modes face down, then commit (5.2)"

    def sides(self, state: MarneState, frame: Frame) -> tuple[str, ...]:
        committed = state.committed
        return tuple([s for s in SIDES if s not in committed])

    def offer(self, state: MarneState, frame: Frame, side: str) -> list[Action]:
        return modes_offer(state, frame, side)

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "mode":
            set_face_down(state, frame, side, action.args[0], action.args[1])
            return
        state.committed.append(side)
        state.note("5.2", f"{side} has placed its HQ counters face down")
        if len(state.committed) == len(SIDES):
            commit_modes(state)
            state.pop()

    def explain(self, state: MarneState, frame: Frame, action: Action, side: str) -> str | None:
        if action.verb == "commit":
            return "an HQ out of supply must leave Offensive mode first (11.2.3)"
        if action.verb != "mode" or len(action.args) != 2:
            return None
        counter = state.c.by_id.get(action.args[0])
        if counter is None or not counter.is_hq or counter.side != side:
            return f"{action.args[0]} is not one of your HQs (5.2.3)"
        if action.args[1] not in MODES:
            return f"the modes are {', '.join(MODES)} (5.1)"
        if counter.index not in changeable(state, side):
            return f"{counter.id} did not roll Change Normally (15.3.1)"
        if action.args[1] == OFFENSIVE and is_out_of_supply(state, counter.index):
            return "an HQ out of supply may not be placed in Offensive mode (11.2.3)"
        if action.args[1] == OFFENSIVE:
            return "an HQ in Regroup mode may not change straight to Offensive mode (5.2.6)"
        return f"{counter.id} is already set to {action.args[1]}"


def modes_offer(state: MarneState, frame: Frame, side: str) -> list[Action]:
    """The modes prompt's offer, from the side's ``ModesMemo`` at ``frame`` (typed in
    modes.pxd: its methods called in C)."""
    pending = state.pending[side]
    found = state.modes_memo.get(side)
    if isinstance(found, ModesMemo) and found.frame is frame:
        memo = found
        memo.update(state, pending)
    else:
        memo = state.modes_memo[side] = ModesMemo(state, frame, side)
    return memo.offer(state, pending)


def set_face_down(state: MarneState, frame: Frame, side: str, hq_id: str, mode: str) -> None:
    """5.2.3: the side sets the HQ ``hq_id`` face down to ``mode`` (the modes prompt's answer;
    typed in modes.pxd)."""
    hq = state.c.by_id[hq_id].index  # (``unit`` without a method call: at every answer)
    state.pending[side][hq] = mode
    memo = state.modes_memo.get(side)
    if isinstance(memo, ModesMemo) and memo.frame is frame:
        memo.chose(state, hq, mode)  # (``update`` then finds nothing new)
    state.note("5.2", f"you set {hq_id} to {mode} mode (face down)", to=side)


class ModesMemo:
    """The modes prompt's actions for each HQ the side may set (``changeable``), kept at the
    prompt's ``frame``: within it only the side's face-down choices (``pending``) change, one
    HQ an action, so only the HQs whose choice changed are read again (a test checks the
    offer against a fresh one after every action of random games)."""

    def __init__(self, state: MarneState, frame: Frame, side: str) -> None:
        self.frame = frame
        self.hqs = changeable(state, side)
        # 11.2.3: the HQs that must leave Offensive mode (out of supply), of all the side's
        self.leaving = [hq for hq in side_hqs(state, side) if must_leave_offensive(state, hq)]
        pending, mode = state.pending[side], state.mode
        self.pending = dict(pending)
        self.actions = {hq: mode_actions(state, hq, pending.get(hq, mode[hq])) for hq in self.hqs}
        self.flat: list[Action] | None = None  # the ``actions`` of every HQ in order, once asked

    def offer(self, state: MarneState, pending: dict[int, str]) -> list[Action]:
        """The prompt's actions: commit unless an HQ must still leave Offensive mode (11.2.3),
        then each HQ's ``mode`` actions."""
        mode = state.mode
        offered = []
        for hq in self.leaving:
            if pending.get(hq, mode[hq]) == OFFENSIVE:
                break  # 11.2.3 it must leave Offensive mode first
        else:
            offered.append(COMMIT)
        flat = self.flat
        if flat is None:
            actions = self.actions
            flat = self.flat = []
            for hq in self.hqs:
                flat.extend(actions[hq])
        offered.extend(flat)
        return offered

    def chose(self, state: MarneState, hq: int, chosen: str) -> None:
        """The side has just set ``hq`` face down to ``chosen`` (at this prompt)."""
        actions = self.actions
        if hq in actions and self.pending.get(hq, state.mode[hq]) != chosen:
            now, was = mode_actions(state, hq, chosen), actions[hq]
            flat = self.flat
            if flat is not None and was:
                # the HQ's actions replaced where they lie (its first found by identity: the
                # HQ's actions are the only ones naming it)
                first = was[0]
                for i in range(len(flat)):
                    if flat[i] is first:
                        flat[i : i + len(was)] = now
                        break
                else:
                    self.flat = None  # (not found: read afresh)
            else:
                self.flat = None
            actions[hq] = now
        self.pending[hq] = chosen

    def update(self, state: MarneState, pending: dict[int, str]) -> None:
        """Read again the HQs whose face-down choice changed since (by ``chose`` or not)."""
        seen = self.pending
        if pending == seen:
            return
        actions, mode = self.actions, state.mode
        self.flat = None
        for hq, chosen in pending.items():
            if hq in actions and seen.get(hq, mode[hq]) != chosen:
                actions[hq] = mode_actions(state, hq, chosen)
        for hq in seen:  # (a choice taken back: not within one prompt)
            if hq not in pending and hq in actions:
                actions[hq] = mode_actions(state, hq, mode[hq])
        self.pending = dict(pending)


def mode_actions(state: MarneState, hq: int, chosen: str) -> tuple[Action, ...]:
    """``mode HQ MODE`` for every ``allowed_modes`` but the one ``chosen``: made once for
    each HQ, choice and set of modes allowed (every modes prompt asks it of every HQ)."""
    limited = (
        hq in state.oos or hq in state.cut_off or (state.mode[hq] == REGROUP and state.turn > 1)
    )  # ``allowed_modes`` is NOT_OFFENSIVE (11.2.3, 5.2.6)
    # kept by choice, then in a list by HQ and limit (no key tuple made and hashed at each
    # ask; ``at`` a machine integer when compiled)
    row = _MODE_ACTIONS.get(chosen)
    if row is None:
        row = _MODE_ACTIONS[chosen] = [None] * (2 * len(state.c.counters))
    at = hq
    k = 2 * at + 1 if limited else 2 * at
    found = row[k]
    if found is None:
        hq_id = state.counter(hq).id
        allowed = allowed_modes(state, hq)
        found = tuple([act("mode", hq_id, mode) for mode in allowed if mode != chosen])
        row[k] = found
    return found


# by choice, then at 2 * HQ (+ 1 when limited to Not Offensive): the same counters in every game
_MODE_ACTIONS: dict[str, list[tuple[Action, ...] | None]] = {}
COMMIT = act("commit")


def commit_modes(state: MarneState) -> None:
    """5.2.3, 5.2.4: the new HQ counters take effect; each side reads only its own."""
    state.reveal()
    for side in SIDES:
        for hq, mode in sorted(state.pending[side].items()):
            state.set_mode(hq, mode)
        text = ", ".join(f"{state.counter(h).id} {state.mode[h]}" for h in side_hqs(state, side))
        state.note("5.2", f"your HQ modes: {text}", to=side)
        state.pending[side] = {}
    state.committed = []


# --- 15.3 Command and Control ------------------------------------------------------------


class CcNote(Prompt[MarneState]):
    """15.3.3: each side secretly notes the HQs that will try to change mode, then both reveal."""

    name = "cc_note"
    title = "note the HQs that will try to change mode, then commit (15.3.3)"

    def sides(self, state: MarneState, frame: Frame) -> tuple[str, ...]:
        return tuple(s for s in SIDES if s not in state.committed)

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        yield act("commit")
        for hq in side_hqs(state, side):
            if hq not in state.cc_notes[side]:
                yield act("note", state.counter(hq).id)

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "note":
            state.cc_notes[side].append(state.unit(action.args[0]))
            state.note("15.3.3", f"you note {action.args[0]} to try a mode change", to=side)
            return
        state.committed.append(side)
        if len(state.committed) == len(SIDES):
            state.pop()
            state.committed = []
            roll_command_and_control(state)
            state.push("modes")


def cc_result(state: MarneState, hq: int) -> str:
    """15.3.1: one die on the line of the HQ's army (D.5)."""
    table = state.c.tables["command_and_control"]
    limits: list[int] = table[state.c.corps[state.counter(hq).corps].army]
    roll = state.rng.die(int(state.c.tables["turns"]["die"]))
    result = next(r for r, top in zip(table["results"], limits, strict=True) if roll <= top)
    state.note(
        "15.3.1", f"{state.counter(hq).id} rolls {roll}: {result.replace('_', ' ')}", dice=[roll]
    )
    return str(result)


def roll_command_and_control(state: MarneState) -> None:
    """15.3.3: the noted HQs are revealed at once and all roll in the open (15.3.1, 15.3.2)."""
    state.reveal()
    for side in SIDES:
        names = ", ".join(state.counter(h).id for h in state.cc_notes[side]) or "none"
        state.note("15.3.3", f"{side} HQs trying to change mode: {names}")
    for side in SIDES:
        for hq in sorted(state.cc_notes[side]):
            forced = must_leave_offensive(state, hq)
            while True:
                result = cc_result(state, hq)
                if result == "offensive" and is_out_of_supply(state, hq):
                    continue  # 15.3.1 result 5: roll again when out of supply
                if forced and result == "no_change":
                    continue  # 15.3.2
                break
            if result == "normal":
                state.cc_free[side].append(hq)
            elif result != "no_change":
                state.set_mode(hq, result)
                state.revealed.add(hq)  # rolled in the open: the enemy saw the result
    state.cc_notes = {side: [] for side in SIDES}


# --- 6. Initiative ---------------------------------------------------------------------


def initiative_modifier(state: MarneState, side: str) -> int:
    """6.1: +1 for every three Offensive HQs, counted secretly."""
    count = sum(1 for hq in side_hqs(state, side) if state.mode[hq] == OFFENSIVE)
    return count // 3


def start_initiative(state: MarneState) -> None:
    """6.2: the Germans on the first two turns; otherwise the higher modified roll, re-rolling
    ties; the winner chooses the first player."""
    if state.turn <= int(state.c.tables["turns"]["german_initiative_turns"]):
        winner = GERMAN
        state.note("6.2", "the Germans have the initiative on the first two turns")
    else:
        die = int(state.c.tables["turns"]["die"])
        while True:
            rolls = {side: state.rng.die(die) for side in SIDES}
            totals = {side: rolls[side] + initiative_modifier(state, side) for side in SIDES}
            text = ", ".join(f"{s} {rolls[s]} (total {totals[s]})" for s in SIDES)
            state.note("6.2", f"initiative: {text}", dice=list(rolls.values()))
            if totals[SIDES[0]] != totals[SIDES[1]]:
                break
            state.note("6.2", "a tie: both roll again")
        winner = max(SIDES, key=lambda s: totals[s])
    state.push("order", side=winner)


class Order(Prompt[MarneState]):
    """6.2: the initiative player chooses to go first or second."""

    name = "order"
    title = "you have the initiative: go first or second (6.2)"

    def offer(self, state: MarneState, frame: Frame, side: str) -> Iterator[Action]:
        yield act("first")
        yield act("second")

    def apply(self, state: MarneState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        state.first = side if action.verb == "first" else OTHER[side]
        state.note(
            "6.2",
            f"{side} has the initiative and chooses to go {action.verb}: "
            f"{state.first} is the first player",
        )


PROMPTS = (Modes(), CcNote(), Order())
