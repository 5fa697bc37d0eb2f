"""The game state and its prompt stack: the rules as a stack of waiting points (RTT style),
and the loaded ``Game`` that makes states.

Every waiting point is a ``Prompt``. Its ``offer`` generates the legal actions and its
``apply`` accepts only what ``offer`` generated, so what is legal and what is checked can
never disagree. The stack holds plain-data frames (dicts of immutable values), so clone,
save and replay are exact. A prompt may ask several sides at once: that is how a side
commits a hidden choice that the other side cannot see until both have chosen.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from greatwar.core.actions import Action, Played
from greatwar.core.chain import Chain
from greatwar.core.errors import BadSeed, BadSide, GreatwarError, IllegalAction
from greatwar.core.game import GameInfo, OptionValue
from greatwar.core.log import LogEntry
from greatwar.core.rng import Rng

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from greatwar.core.encoding import Encoding

TERMINAL = "terminal"
CONCEDE = "concede"

Frame = dict[str, Any]
S = TypeVar("S", bound="State")

# History and log entries are kept as plain tuples, made as ``Played`` and ``LogEntry`` only
# when read: a NamedTuple's generated ``__new__`` is interpreted Python even in a compiled
# module (and ``tuple.__new__(cls, ...)`` a generic call), and every action and most steps of
# the rules make one.
_new = tuple.__new__
PlayedTuple = tuple[str, Action]  # a ``Played``'s fields
EntryTuple = tuple[str, str, "str | None", tuple[int, ...]]  # a ``LogEntry``'s fields


@dataclass(frozen=True)
class Game:
    """A game with its options fixed; makes initial states."""

    info: GameInfo
    options: Mapping[str, OptionValue]
    make_state: Callable[[Game, int], State] = field(repr=False)
    # the game's whitelist view, observation(state, side) in its view.py; the registry passes
    # it from the game package, so the package's state and view modules need not know each other
    view: Callable[[Any, str], dict[str, Any]] | None = field(default=None, repr=False)
    package: str = ""  # the game's Python package, where its optional modules live

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def sides(self) -> tuple[str, ...]:
        return self.info.sides

    @property
    def option_defaults(self) -> dict[str, dict[str, Any]]:
        """Every option the game knows, with its default and meaning."""
        return {o.name: {"default": o.default, "help": o.help} for o in self.info.options}

    def new_initial_state(self, seed: int = 0) -> State:
        """The state before the first action; ``seed`` fixes every die and draw."""
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
            raise BadSeed(f"a seed is a whole number from 0 to 2**64 - 1, got {seed!r}")
        return self.make_state(self, seed)

    # --- the research encoding (greatwar/core/encoding.py) --------------------------------

    def encoding(self) -> Encoding:
        """This game's integer actions and observation tensors; EncodingError if it has none."""
        from greatwar.core.encoding import encoding_of

        return encoding_of(self)

    def num_distinct_actions(self) -> int:
        """The size of the fixed action space: ids are 0 .. num_distinct_actions() - 1."""
        return self.encoding().actions.size

    def action_id(self, action: Action | str) -> int:
        """The fixed integer id of an action (or of its string form)."""
        if isinstance(action, str):
            action = Action.parse(action)
        return self.encoding().actions.action_id(action)

    def action_from_id(self, action_id: int) -> Action:
        """The action with this id: the same in every state of this game and options."""
        return self.encoding().actions.action_from_id(action_id)

    def observation_shape(self) -> tuple[int, ...]:
        """The shape of every ``state.observation_tensor(side)``."""
        return self.encoding().observation.shape


class Prompt(Generic[S]):
    """A waiting point of the rules: which sides it asks, what they may do, what that does."""

    name: ClassVar[str]
    title: ClassVar[str] = ""  # what the side is asked, with its rule: "move a unit (9.1)"

    def sides(self, state: S, frame: Frame) -> tuple[str, ...]:
        """The sides asked; more than one means simultaneous hidden choices."""
        return (frame["side"],)

    def offer(self, state: S, frame: Frame, side: str) -> Iterable[Action]:
        """Every legal action of ``side`` at this point."""
        raise NotImplementedError(f"prompt {self.name} must define offer")

    def apply(self, state: S, frame: Frame, action: Action, side: str) -> None:
        """Carry out an action that ``offer`` generated."""
        raise NotImplementedError(f"prompt {self.name} must define apply")

    def explain(self, state: S, frame: Frame, action: Action, side: str) -> str | None:
        """Why ``action`` is not legal here, with its rule number, when a prompt can say."""
        return None

    def accepts(self, state: S, frame: Frame, action: Action, side: str) -> bool:
        """Whether an action outside ``offer`` is legal too: a prompt whose choices are
        continuous (any point of a table) offers a finite set and validates the rest here."""
        return False


# The engine's own per-position fields of plain values, which ``clone`` and ``undo`` copy as
# they are (``_take_plain_fields``); ``clone`` gives the others (generator, prompt stack,
# chains, log views) copies of their own. state.pxd makes them C struct members: compiled,
# ``State`` is an extension type, and a game's state either a Python subclass of it or an
# extension type that takes it for base (tests/core/test_state.py checks this list against
# ``__init__`` and ``clone``).
ENGINE_FIELDS = (
    "_asked",
    "_end",
    "_last_side",
    "_legal_cache",
    "_public",
    "_revealed",
    "_undo_floor",
    "_winner",
    "game",
    "lean_view",
    "seed",
)
COPIED_BY_CLONE = ("_chance", "_history", "_log", "_log_views", "rng", "stack")


class State:
    """A game position: rules data of the game's subclass, the prompt stack, dice, history, log.

    A game subclasses this, defines ``prompts``, sets up its fields in ``__init__`` (calling
    ``super().__init__`` first), and overrides ``advance`` to run the steps that need no choice.
    """

    prompts: ClassVar[Mapping[str, Prompt[Any]]] = {}

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self.stack: list[Frame] = []
        # append-only, shared with clones (greatwar/core/chain.py)
        self._history = Chain()  # of PlayedTuple
        self._chance = Chain()  # of bool, per history entry: did it draw from the generator?
        self._log = Chain()  # of EntryTuple
        self._undo_floor = 0
        self._revealed = False
        # While sides make hidden simultaneous choices, the state as it was before the first
        # of them: what spectators are shown until the choices are revealed.
        self._public: State | None = None
        self._winner: str | None = None
        self._end: tuple[str, str] | None = None  # (rule, cause)
        # (side, its legal actions) at this position: cleared by every change of position
        self._legal_cache: tuple[str, list[Action]] | None = None
        # sides_to_act() at this position, once asked (the rules never ask it while they
        # apply an action): cleared with _legal_cache
        self._asked: tuple[str, ...] | None = None
        self._last_side: str | None = None  # the side of the last entry of _history
        # True while ``player_view`` builds a view: a game's view may then leave out what only
        # a person reads (panels, labels); see ``shared_view``
        self.lean_view = False
        # reader -> (its JSON-able log entries, how many entries of _log they cover)
        self._log_views: dict[str | None, tuple[list[dict[str, Any]], int]] = {}

    # --- the game API -------------------------------------------------------------------

    def current_player(self) -> str:
        """The side to act, or TERMINAL."""
        sides = self._asked  # (``sides_to_act``, read without a method call once known)
        if sides is None:
            sides = self.sides_to_act()
        return sides[0] if sides else TERMINAL

    def sides_to_act(self) -> tuple[str, ...]:
        """Every side that may act now (several during simultaneous hidden choices); asked of
        the prompt once a position."""
        asked = self._asked
        if asked is None:
            stack = self.stack
            if self._winner is not None or not stack:
                asked = ()
            else:
                frame = stack[-1]
                asked = self.prompts[frame["p"]].sides(self, frame)
            self._asked = asked
        return asked

    def legal_actions(self, side: str | None = None) -> list[Action]:
        """The legal actions of ``side`` (default: the current player); [] if it may not act."""
        return list(self.legal_actions_kept(side))

    def legal_actions_kept(self, side: str | None = None) -> Sequence[Action]:
        """``legal_actions`` without its copy: the list the state keeps until its next action,
        for a caller that only reads it (a random player choosing one, at every action of a
        playout: the copy of a long offer cost as much as the choice)."""
        named = side is not None
        if side is None:
            side = self.current_player()  # (TERMINAL at the end: no actions)
        cache = self._legal_cache
        if cache is not None and cache[0] == side:
            return cache[1]
        asked = self._asked  # (``sides_to_act``, read without a method call once known)
        if side not in (asked if asked is not None else self.sides_to_act()):
            # (a side asked is one of the game's: only another one named is checked)
            if named and side not in self.game.info.sides:
                self._check_side(side)  # (which says what is wrong)
            return []
        frame = self.stack[-1]
        actions = self.prompts[frame["p"]].offer(self, frame, side)
        if type(actions) is not list:  # an offer may yield its actions one by one
            actions = list(actions)
        self._legal_cache = (side, actions)  # kept to itself: legal_actions gives copies
        return actions

    def apply_action(self, action: Action | str, side: str | None = None) -> None:
        """Apply a legal action (or its string form); IllegalAction leaves the state unchanged."""
        action = _as_action(action)
        if side is not None and not isinstance(side, str):
            raise BadSide(f"a side is named by a string, got {type(side).__name__} {side!r}")
        asked = self._asked  # (the common case of ``_acting_side`` without its method call)
        if side is None and asked and self._winner is None:
            side = asked[0]
        else:
            side, asked = self._acting_side(action, side)
        if action.verb == CONCEDE and self.game.info.concession_rule:
            self._concede(side, action)
            return
        frame = self.stack[-1]
        prompt = self.prompts[frame["p"]]
        cache = self._legal_cache  # (``_offered``, read here without a method call)
        offered = cache[1] if cache is not None and cache[0] == side else None
        if offered is None:
            offered = self._offered(prompt, frame, side)
        if not _among(action, offered) and not prompt.accepts(self, frame, action, side):
            raise IllegalAction(action, self._reason(prompt, frame, action, side))
        drawn = self.rng._state  # (every draw moves the generator's state on)
        self._revealed = False
        history = self._history
        last_side = self._last_side
        if last_side is not None and last_side != side:
            self._undo_floor = len(history)  # never undo the other side's actions
        if len(asked) > 1 and self._public is None:
            self._public = self.clone()  # hidden simultaneous choices begin: spectators wait
        self._asked = None  # the sides asked change as the action is applied
        prompt.apply(self, frame, action, side)
        history.append((side, action))
        self._last_side = side
        self._legal_cache = self._asked = None
        self.advance()
        rolled = self.rng._state != drawn
        self._chance.append(rolled)
        # Whatever the action and the automatic steps after it rolled, drew or revealed is
        # final: checked after advance(), which rolls the next turn's dice and deals hands.
        revealed = self._revealed
        if rolled or revealed:
            self._undo_floor = len(history)
        if revealed or self._winner is not None:
            self._public = None  # the hidden choices are on the table

    def is_terminal(self) -> bool:
        return self._winner is not None

    def winner(self) -> str | None:
        """The winning side, or None while the game goes on."""
        return self._winner

    def returns(self) -> tuple[float, ...]:
        """+1 for the winner, -1 for the others, in ``game.sides`` order; 0 before the end and
        always 0 for a neutral seat (a game master)."""
        if self._winner is None:
            return tuple(0.0 for _ in self.game.sides)
        neutral = self.game.info.neutral
        return tuple(
            0.0 if s in neutral else 1.0 if s == self._winner else -1.0 for s in self.game.sides
        )

    def end_cause(self) -> tuple[str, str] | None:
        """(rule, cause) of the victory, once the game is over."""
        return self._end

    def observation(self, side: str) -> dict[str, Any]:
        """What ``side`` may see, as a JSON-able dict built from a whitelist."""
        self._check_side(side)
        return self.observe(side)

    def player_view(self, side: str) -> dict[str, Any]:
        """What a computer player reads: ``observation(side)`` without the log and the legal
        actions' strings (a player asks ``legal_actions`` itself, and the log grows with the
        game), less whatever else the game's view leaves out for ``lean_view`` (its panels).
        Never more than the observation: the same whitelist."""
        self._check_side(side)
        self.lean_view = True
        try:
            return self.observe(side)
        finally:
            self.lean_view = False

    def shared_view(self, side: str) -> dict[str, Any]:
        """The observation keys every game shares (docs/game-module-guide.md): the game, the
        side, who is asked, the side's legal actions (none unless asked), undo, the result and
        the log the side may read. A game's ``observation`` adds ``prompt`` and its own keys."""
        asked = self.sides_to_act()
        end = self._end
        if self.lean_view:  # player_view: no log, no action strings
            return {
                "game": self.game.id,
                "side": side,
                "to_act": list(asked),
                "can_undo": self.can_undo(side),
                "winner": self._winner,
                "end": {"rule": end[0], "cause": end[1]} if end else None,
            }
        return {
            "game": self.game.id,
            "side": side,
            "to_act": list(asked),
            "legal_actions": [str(a) for a in self.legal_actions(side)] if side in asked else [],
            "can_undo": self.can_undo(side),
            "winner": self._winner,
            "end": {"rule": end[0], "cause": end[1]} if end else None,
            "log": self.log_view(side),
        }

    def prompt_title(self, side: str) -> dict[str, Any] | None:
        """The waiting prompt's name and title for a side asked to act; None for the others
        (a game's prompt view adds what the side needs to decide)."""
        if side not in self.sides_to_act():
            return None
        prompt = self.prompts[self.stack[-1]["p"]]
        return {"name": prompt.name, "title": prompt.title}

    def clone(self: S) -> S:
        """An independent copy, random generator included."""
        new = type(self).__new__(type(self))  # (made by the extension type's allocator)
        vars(new).update(vars(self))  # (the fields of a game that has no extension type)
        new._take_plain_fields(self)
        new.rng = self.rng.copy()
        new.stack = [dict(frame) for frame in self.stack]
        new._history = self._history.fork()
        new._chance = self._chance.fork()
        new._log = self._log.fork()
        new._log_views = dict(self._log_views)  # the lists inside are never mutated: shared
        self.copy_into(new)
        return new

    def public_state(self) -> State:
        """The state as every side may know it: during hidden simultaneous choices, the state
        before the first of them (nothing chosen is shown until revealed); otherwise itself."""
        return self if self._public is None else self._public

    def move_number(self) -> int:
        """How many actions have been applied (``len(history())`` without making the list)."""
        return len(self._history)

    def history(self) -> list[Played]:
        """(side, action) pairs so far; replaying them with the same seed and options reproduces
        this state exactly."""
        return [_new(Played, played) for played in self._history]

    def log(self, side: str | None = None) -> list[LogEntry]:
        """Narrative events with their rule numbers; with ``side``, only what that side may read."""
        entries = [_new(LogEntry, entry) for entry in self._log]
        if side is None:
            return entries
        return [entry for entry in entries if entry.visible_to(side)]

    def log_view(self, side: str | None = None) -> list[dict[str, Any]]:
        """``log(side)`` as JSON-able dicts, built once per entry and kept between calls (views
        read the whole log every time); the dicts are shared, so treat them as read-only."""
        done, covered = self._log_views.get(side, ([], 0))
        if covered < len(self._log):
            entries = [_new(LogEntry, e) for e in self._log.since(covered)]
            fresh = [e.as_dict() for e in entries if e.visible_to(side)]
            done = done + fresh  # a new list: clones that share the old one never see these
            self._log_views[side] = (done, len(self._log))
        return list(done)

    def chance_steps(self) -> list[bool]:
        """For each entry of ``history()``: whether resolving it drew from the state's generator
        (dice, draws, shuffles), i.e. was followed by a chance node in OpenSpiel's terms.
        The initial state may have drawn too (the seed is the root chance outcome)."""
        return self._chance.to_list()

    # --- the research encoding (greatwar/core/encoding.py) --------------------------------

    def legal_actions_mask(self, side: str | None = None) -> npt.NDArray[np.bool_]:
        """A bool vector over the game's fixed action space, True at the legal actions' ids."""
        side = self.current_player() if side is None else side
        if side != TERMINAL:
            self._check_side(side)
        actions = self.legal_actions(side) if side != TERMINAL else []
        return self.game.encoding().actions.mask(actions)

    def legal_action_ids(self, side: str | None = None) -> list[int]:
        """The ids of ``legal_actions(side)``, in the same order."""
        space = self.game.encoding().actions
        return [space.action_id(a) for a in self.legal_actions(side)]

    def observation_tensor(self, side: str) -> npt.NDArray[np.float32]:
        """``observation(side)`` as a float32 vector of ``game.observation_shape()``: built from
        that whitelisted dict alone, so it holds nothing the side may not see."""
        return self.game.encoding().observation.tensor(self.observation(side))

    # --- undo ---------------------------------------------------------------------------

    def can_undo(self, side: str | None = None) -> bool:
        """Whether the last action may be taken back: never past a die roll, draw or reveal,
        and never another side's action."""
        if len(self._history) <= self._undo_floor or self.is_terminal():
            return False
        return side is None or self._history.last()[0] == side

    def undo(self, side: str | None = None) -> None:
        """Take back the last action by replaying the rest (exact, since games are pure)."""
        if not self.can_undo(side):
            raise IllegalAction("undo", "nothing to undo since the last die roll, draw or reveal")
        replayed = self.game.new_initial_state(self.seed)
        for side_of, action in self._history.to_list()[:-1]:
            replayed.apply_action(action, side_of)
        replayed._undo_floor = self._undo_floor
        vars(self).update(vars(replayed))
        self._take_plain_fields(replayed)
        self.rng, self.stack, self._log_views = replayed.rng, replayed.stack, replayed._log_views
        self._history, self._chance, self._log = replayed._history, replayed._chance, replayed._log
        replayed.copy_into(self)  # and the fields a game keeps in slots, outside the dict

    def forget_cached(self) -> None:
        """Drop what was computed from the position (the sides asked, legal actions): call
        after changing a state outside the rules, as determinization and test positions do."""
        self._legal_cache = self._asked = None

    # --- for the rules ------------------------------------------------------------------

    def push(self, prompt: str, **fields: Any) -> None:
        """Ask a side something: put a prompt frame on the stack."""
        self.stack.append({"p": prompt, **fields})

    def pop(self) -> Frame:
        """The answered prompt leaves the stack."""
        return self.stack.pop()

    def note(
        self, rule: str, text: str, *, to: str | None = None, dice: Iterable[int] = ()
    ) -> None:
        """Add to the log, naming the rule applied; ``to`` keeps it secret to one side."""
        self._log.append((rule, text, to, tuple(dice)))

    def reveal(self) -> None:
        """Mark the action being applied as revealing hidden information (no undo past it)."""
        self._revealed = True

    def end(self, winner: str, rule: str, cause: str) -> None:
        """The game is over at once (victory checked the instant it happens)."""
        if self._winner is None:
            self._winner = winner
            self._end = (rule, cause)
            self.note(rule, f"{winner} wins: {cause}")

    def advance(self) -> None:
        """Run the steps that need no choice until a prompt waits or the game ends."""

    def copy_into(self, new: State) -> None:
        """Give ``new`` its own copies of the game's mutable fields (for ``clone``)."""

    def observe(self, side: str) -> dict[str, Any]:
        """The game's whitelist view for ``side``: its package's ``observation`` (``view.py``),
        unless the state class overrides this."""
        if self.game.view is None:
            raise GreatwarError(
                f"game {self.game.id!r} declares no observation(state, side) in its package"
            )
        return self.game.view(self, side)

    def to_dict(self) -> dict[str, Any]:
        """The whole state, secrets included, as plain data (saves check it, tests compare it)."""
        return {
            "rng": list(self.rng.position),
            "stack": self.stack,
            "winner": self._winner,
            "history": len(self._history),
        }

    def fingerprint(self) -> str:
        """A digest of ``to_dict``: equal fingerprints mean equal states."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), default=list)
        return hashlib.sha256(text.encode()).hexdigest()

    # --- internals ----------------------------------------------------------------------

    def _take_plain_fields(self, other: State) -> None:
        """Take ``other``'s ``ENGINE_FIELDS`` as they are (plain values: shared, not copied)."""
        self.game, self.seed, self.lean_view = other.game, other.seed, other.lean_view
        self._asked, self._end, self._last_side = other._asked, other._end, other._last_side
        self._legal_cache, self._public = other._legal_cache, other._public
        self._revealed, self._undo_floor, self._winner = (
            other._revealed,
            other._undo_floor,
            other._winner,
        )

    def _offered(self, prompt: Prompt[Any], frame: Frame, side: str) -> list[Action]:
        cache = self._legal_cache
        if cache is not None and cache[0] == side:
            return cache[1]
        return list(prompt.offer(self, frame, side))

    def _acting_side(self, action: Action, side: str | None) -> tuple[str, tuple[str, ...]]:
        """The side that takes ``action`` (default: the first asked), and the sides asked."""
        if self._winner is not None:
            raise IllegalAction(action, f"the game is over; {self._winner} won")
        sides = self.sides_to_act()
        if not sides:
            raise IllegalAction(action, "no side is asked to act now")
        if side is None:
            return sides[0], sides
        self._check_side(side)
        if side not in sides and action.verb != CONCEDE:
            raise IllegalAction(action, f"it is not {side}'s turn; waiting for {', '.join(sides)}")
        return side, sides

    def _check_side(self, side: str) -> None:
        if side not in self.game.info.sides:
            raise BadSide(f"unknown side {side!r}; the sides are {', '.join(self.game.sides)}")

    def _reason(self, prompt: Prompt[Any], frame: Frame, action: Action, side: str) -> str:
        specific = prompt.explain(self, frame, action, side)
        if specific:
            return specific
        offered = self._offered(prompt, frame, side)
        sample = ", ".join(str(a) for a in offered[:8]) + (", ..." if len(offered) > 8 else "")
        return f"{side} is asked to {prompt.title or prompt.name}; legal now: {sample}"

    def _concede(self, side: str, action: Action) -> None:
        self._public = None
        rule = self.game.info.concession_rule or ""
        if action.args:
            raise IllegalAction(action, "concede takes no arguments")
        neutral = self.game.info.neutral
        if side in neutral:
            raise IllegalAction(action, f"{side} is a neutral seat: it neither wins nor concedes")
        others = [s for s in self.game.sides if s != side and s not in neutral]
        self._history.append((side, action))
        self._last_side = side
        self._legal_cache = self._asked = None
        self._chance.append(False)
        self.end(others[0], rule, f"{side} conceded")


def _among(action: Action, offered: list[Action]) -> bool:
    """``action in offered``, looking for the very object first: a player hands back one of
    the actions it was offered, and finding it by identity spares comparing it, argument by
    argument, with every action before it."""
    for candidate in offered:
        if candidate is action:
            return True
    return action in offered


def _as_action(action: object) -> Action:
    """An action from its string form or an Action; anything else is a clear IllegalAction."""
    if type(action) is Action:  # the usual case, checked without a generator
        verb, args = action
        if type(verb) is str and type(args) is tuple:
            for arg in args:
                if type(arg) is not str:
                    break
            else:
                return action
    if isinstance(action, str):
        try:
            return Action.parse(action)
        except ValueError as error:
            raise IllegalAction(action, str(error)) from None
    if (
        isinstance(action, Action)
        and isinstance(action.verb, str)
        and isinstance(action.args, tuple)
        and all(isinstance(arg, str) for arg in action.args)
    ):
        return action
    raise IllegalAction(
        repr(action),
        f"an action is an Action or its string form (such as 'pass'), not {type(action).__name__}",
    )
