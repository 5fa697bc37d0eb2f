"""Integer actions and fixed-shape observation tensors, for research code (issue 15).

A game declares its encoding in ``greatwar/games/<id>/encoding.py`` with a function
``encoding(game) -> Encoding`` built from two small pieces:

- an ``ActionSpace``: a list of ``Verb`` blocks, each a verb and the finite ``Domain`` of
  each of its arguments (hexes, units, cards... drawn from the game's data and options).
  An action's id is its block's offset plus the mixed-radix number of its argument indexes,
  so ``action_id`` / ``action_from_id`` are a bijection fixed by the game and its options:
  the same id means the same action in every state.
- a ``TensorSpec``: named ``Field`` arrays (hex-grid planes, per-sector features, scalars),
  each filled from the side's ``observation()`` dict alone and laid end to end in one flat
  float32 vector. A field never sees the state, so the tensor can hold nothing the
  whitelisted observation does not.

Chance stays inside the state's generator; ``State.chance_steps()`` says which steps of the
history drew from it (OpenSpiel's chance nodes, sampled in place).
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from greatwar.core.actions import Action
from greatwar.core.errors import GreatwarError


class Game(Protocol):
    """What the encoding needs of a game (``greatwar.core.state.Game`` is one)."""

    @property
    def id(self) -> str: ...

    @property
    def options(self) -> Mapping[str, Any]: ...

    @property
    def package(self) -> str: ...


Observation = Mapping[str, Any]
Fill = Callable[[Observation, npt.NDArray[np.float32]], None]


class EncodingError(GreatwarError, ValueError):
    """An action or id outside a game's action space, or a game with no encoding."""


# --- actions --------------------------------------------------------------------------


@dataclass(frozen=True)
class Domain:
    """A finite, ordered set of argument values: the position of a value is its index."""

    name: str
    values: tuple[str, ...]
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(set(self.values)) != len(self.values):
            raise ValueError(f"domain {self.name!r} lists a value twice")
        object.__setattr__(self, "_index", {v: i for i, v in enumerate(self.values)})

    @classmethod
    def of(cls, name: str, values: Iterable[object]) -> Domain:
        return cls(name, tuple(str(v) for v in values))

    @classmethod
    def numbers(cls, name: str, low: int, high: int) -> Domain:
        """The whole numbers low..high, as the rules write them ("1", "2", ...)."""
        return cls.of(name, range(low, high + 1))

    def __len__(self) -> int:
        return len(self.values)

    def index(self, value: str) -> int | None:
        return self._index.get(value)


@dataclass(frozen=True)
class Verb:
    """One block of the action space: ``verb arg1 arg2 ...`` with each argument in a domain."""

    verb: str
    args: tuple[Domain, ...] = ()
    # ``joint``: one domain whose values are whole space-separated argument lists, for
    # arguments that are not a product of independent domains (a line's two end points)
    joint: bool = False

    def __post_init__(self) -> None:
        if self.joint and (
            len(self.args) != 1 or len({len(v.split()) for v in self.args[0].values}) != 1
        ):
            raise ValueError(f"joint verb {self.verb!r} needs one domain of equal-length lists")

    @property
    def arity(self) -> int:
        """How many arguments an action of this block has."""
        return len(self.args[0].values[0].split()) if self.joint else len(self.args)

    @property
    def size(self) -> int:
        size = 1
        for domain in self.args:
            size *= len(domain)
        return size

    @property
    def pattern(self) -> str:
        return " ".join((self.verb, *(f"<{d.name}>" for d in self.args)))


class ActionSpace:
    """Verb blocks laid end to end: ids 0 .. size-1, a bijection with the actions they name."""

    def __init__(self, verbs: Sequence[Verb]) -> None:
        self.verbs = tuple(verbs)
        self._blocks: dict[tuple[str, int], tuple[int, Verb]] = {}
        self._starts: list[int] = []
        offset = 0
        for verb in self.verbs:
            key = (verb.verb, verb.arity)
            if key in self._blocks:
                raise ValueError(f"verb {verb.verb!r} with {key[1]} arguments is declared twice")
            self._blocks[key] = (offset, verb)
            self._starts.append(offset)
            offset += verb.size
        self.size = offset
        self._ids: dict[Action, int] = {}  # memo: rules offer the same actions again and again

    def action_id(self, action: Action) -> int:
        """The id of ``action``; EncodingError if the space has no such action."""
        found = self._ids.get(action)
        if found is not None:
            return found
        block = self._blocks.get((action.verb, len(action.args)))
        if block is None:
            raise EncodingError(f"no action {str(action)!r} in this action space (unknown verb)")
        offset, verb = block
        if verb.joint:
            index = verb.args[0].index(" ".join(action.args))
            if index is None:
                raise EncodingError(
                    f"no action {str(action)!r} in this action space: its arguments are not "
                    f"a {verb.args[0].name} of {verb.pattern}"
                )
            self._ids[action] = offset + index
            return offset + index
        number = 0
        for value, domain in zip(action.args, verb.args, strict=True):
            index = domain.index(value)
            if index is None:
                raise EncodingError(
                    f"no action {str(action)!r} in this action space: {value!r} is not a "
                    f"{domain.name} of {verb.pattern}"
                )
            number = number * len(domain) + index
        self._ids[action] = offset + number
        return offset + number

    def action_from_id(self, action_id: int) -> Action:
        """The action numbered ``action_id``; EncodingError outside 0 .. size-1."""
        if not isinstance(action_id, int | np.integer) or not 0 <= action_id < self.size:
            raise EncodingError(f"action id must be in 0..{self.size - 1}, got {action_id!r}")
        block = int(np.searchsorted(self._starts, action_id, side="right")) - 1
        verb = self.verbs[block]
        number = int(action_id) - self._starts[block]
        if verb.joint:
            return Action(verb.verb, tuple(verb.args[0].values[number].split()))
        args: list[str] = []
        for domain in reversed(verb.args):
            number, index = divmod(number, len(domain))
            args.append(domain.values[index])
        return Action(verb.verb, tuple(reversed(args)))

    def mask(self, actions: Iterable[Action]) -> npt.NDArray[np.bool_]:
        """A bool vector over the space, True at the ids of ``actions``."""
        mask = np.zeros(self.size, dtype=np.bool_)
        ids = [self.action_id(a) for a in actions]
        if ids:
            mask[ids] = True
        return mask

    def table(self) -> list[tuple[int, int, str]]:
        """(first id, count, pattern) of every block, for documentation."""
        return [
            (start, v.size, v.pattern) for start, v in zip(self._starts, self.verbs, strict=True)
        ]

    def digest(self) -> str:
        """A digest of the whole id table: equal digests mean equal numbering."""
        text = "\n".join(
            "|".join(
                (v.verb, *(f"{d.name}={','.join(d.values)}" for d in v.args), *("joint",) * v.joint)
            )
            for v in self.verbs
        )
        return hashlib.sha256(text.encode()).hexdigest()


# --- observation tensors --------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One named part of the observation tensor, filled from the observation dict only."""

    name: str
    shape: tuple[int, ...]
    fill: Fill = field(repr=False, compare=False)
    doc: str = ""
    planes: tuple[str, ...] = ()  # the meaning of each index of the first axis, if listed
    grid: HexPlanes | None = field(default=None, repr=False, compare=False)  # hex-grid planes

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


class TensorSpec:
    """Fields laid end to end in one flat float32 vector of ``shape``."""

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields = tuple(fields)
        self._slices: dict[str, slice] = {}
        offset = 0
        for f in self.fields:
            self._slices[f.name] = slice(offset, offset + f.size)
            offset += f.size
        self.shape = (offset,)

    def tensor(self, observation: Observation) -> npt.NDArray[np.float32]:
        """The tensor of one observation dict."""
        out = np.zeros(self.shape, dtype=np.float32)
        for f in self.fields:
            f.fill(observation, out[self._slices[f.name]].reshape(f.shape))
        return out

    def unflatten(self, flat: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """Views of a flat tensor, one per field, in the field's own shape."""
        return {f.name: flat[self._slices[f.name]].reshape(f.shape) for f in self.fields}

    def describe(self) -> list[tuple[str, tuple[int, ...], str, tuple[str, ...]]]:
        """(name, shape, meaning, plane names) of every field, for documentation."""
        return [(f.name, f.shape, f.doc, f.planes) for f in self.fields]


@dataclass(frozen=True)
class Encoding:
    """A game's research encoding for one set of options."""

    actions: ActionSpace
    observation: TensorSpec
    max_game_length: int  # a bound on history length, for OpenSpiel's GameInfo


# --- helpers shared by hex games --------------------------------------------------------


class HexPlanes:
    """Printed hex ids ("CCRR": column then row) placed on a rows x columns array."""

    def __init__(self, hex_ids: Iterable[str]) -> None:
        ids = list(hex_ids)
        cols = [int(h[:2]) for h in ids]
        rows = [int(h[2:]) for h in ids]
        self.col0, self.row0 = min(cols), min(rows)
        self.shape = (max(rows) - self.row0 + 1, max(cols) - self.col0 + 1)
        self.ids = tuple(ids)
        self._at = {
            h: (r - self.row0, c - self.col0) for h, c, r in zip(ids, cols, rows, strict=True)
        }

    def at(self, hex_id: str) -> tuple[int, int] | None:
        """(row, column) of a hex on the array, None for an id off the map ("exit")."""
        return self._at.get(hex_id)

    def plane(self, values: Mapping[str, float]) -> npt.NDArray[np.float32]:
        """A rows x columns plane with ``values`` at their hexes, 0 elsewhere."""
        out = np.zeros(self.shape, dtype=np.float32)
        for hex_id, value in values.items():
            where = self.at(hex_id)
            if where is not None:
                out[where] = value
        return out


def one_hot(out: npt.NDArray[np.float32], values: Sequence[str], value: object) -> None:
    """Set ``out[i]`` to 1 where ``values[i] == value`` (nothing for an unknown value)."""
    for i, known in enumerate(values):
        if known == value:
            out[i] = 1.0


def stack_field(
    name: str,
    grid: HexPlanes,
    sides: Sequence[str],
    values: Sequence[str] = (),
    kinds: Sequence[str] = (),
    flags: Sequence[str] = (),
    key: str = "stacks",
) -> Field:
    """Planes from the shared ``stacks`` key of hex games: per side, the stack's ``count``,
    then the sum of each numeric unit value, the number of units of each kind and the number
    with each flag set, over the units the observation lists (an enemy stack may list only
    its top unit)."""
    per_side = ["count", *values, *(f"kind {k}" for k in kinds), *flags]
    planes = tuple(f"{side} {what}" for side in sides for what in per_side)

    width = len(per_side)
    value_planes = tuple(enumerate(values, 1))
    kind_plane = {k: i for i, k in enumerate(kinds, 1 + len(values))}
    flag_planes = tuple(enumerate(flags, 1 + len(values) + len(kinds)))

    def fill(obs: Observation, out: npt.NDArray[np.float32]) -> None:
        for stack in obs.get(key) or ():
            where = grid.at(stack["hex"])
            if where is None or stack["side"] not in sides:
                continue
            cell = out[:, where[0], where[1]]  # a view: writes go to ``out``
            base = sides.index(stack["side"]) * width
            cell[base] += stack.get("count", len(stack["units"]))
            for unit in stack["units"]:
                for i, value in value_planes:
                    cell[base + i] += unit.get(value) or 0
                kind = kind_plane.get(unit.get("kind"))
                if kind is not None:
                    cell[base + kind] += 1
                for i, flag in flag_planes:
                    if unit.get(flag):
                        cell[base + i] += 1

    doc = f"per side and hex: {', '.join(per_side)} (from the observation's {key!r})"
    return Field(name, (len(planes), *grid.shape), fill, doc, planes, grid)


def hex_list_field(
    name: str, grid: HexPlanes, doc: str, *keys: Callable[[Observation], Any]
) -> Field:
    """One plane per extractor: 1 on every hex it returns (hex ids, or dicts with ``hex``)."""

    def fill(obs: Observation, out: npt.NDArray[np.float32]) -> None:
        for i, extract in enumerate(keys):
            for item in extract(obs) or ():
                hex_id = item["hex"] if isinstance(item, Mapping) else item
                where = grid.at(str(hex_id))
                if where is not None:
                    out[i][where] += 1.0

    return Field(name, (len(keys), *grid.shape), fill, doc, (), grid)


def static_field(name: str, planes: Mapping[str, npt.NDArray[np.float32]], doc: str) -> Field:
    """Planes that never change (the public map: terrain, slopes), the same for every side."""
    stacked = np.stack(list(planes.values())).astype(np.float32)

    def fill(obs: Observation, out: npt.NDArray[np.float32]) -> None:
        out[...] = stacked

    return Field(name, stacked.shape, fill, doc, tuple(planes))


def scalar_field(
    name: str, features: Sequence[tuple[str, Callable[[Observation], float]]]
) -> Field:
    """Named numbers read from the observation (counts, turn, flags), one per entry."""

    def fill(obs: Observation, out: npt.NDArray[np.float32]) -> None:
        for i, (_, extract) in enumerate(features):
            out[i] = float(extract(obs))

    labels = tuple(label for label, _ in features)
    return Field(name, (len(features),), fill, "; ".join(labels), labels)


def one_hot_field(
    name: str, values: Sequence[str], extract: Callable[[Observation], object], doc: str
) -> Field:
    """1 at the position of the extracted value among ``values`` (all 0 if none matches)."""

    def fill(obs: Observation, out: npt.NDArray[np.float32]) -> None:
        one_hot(out, values, extract(obs))

    return Field(name, (len(values),), fill, doc, tuple(values))


def multi_hot_field(
    name: str, values: Sequence[str], extract: Callable[[Observation], Iterable[object]], doc: str
) -> Field:
    """1 at the position of every extracted value among ``values``."""
    index = {v: i for i, v in enumerate(values)}

    def fill(obs: Observation, out: npt.NDArray[np.float32]) -> None:
        for value in extract(obs) or ():
            i = index.get(str(value))
            if i is not None:
                out[i] += 1.0

    return Field(name, (len(values),), fill, doc, tuple(values))


def common_fields(
    sides: Sequence[str], phases: Sequence[str], prompts: Sequence[str]
) -> list[Field]:
    """The keys every game's observation shares: whose view, who acts, phase and prompt."""
    return [
        one_hot_field("side", sides, lambda o: o["side"], "the observing side"),
        multi_hot_field("to_act", sides, lambda o: o.get("to_act") or (), "the sides asked to act"),
        one_hot_field(
            "phase", phases, lambda o: str((o.get("phase") or {}).get("index")), "phase index"
        ),
        one_hot_field(
            "prompt",
            prompts,
            lambda o: (o.get("prompt") or {}).get("name"),
            "the prompt the observing side is asked (all 0 when it is not asked)",
        ),
    ]


# --- finding a game's encoding ------------------------------------------------------------


_BUILT: dict[tuple[str, tuple[tuple[str, object], ...]], Encoding] = {}


def encoding_of(game: Game) -> Encoding:
    """The encoding of ``game`` with its options, built once per process from its package's
    ``encoding`` module (the package the registry named when it loaded the game)."""
    key = (game.id, tuple(sorted(game.options.items())))
    if key not in _BUILT:
        name = f"{game.package}.encoding"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
            raise EncodingError(
                f"game {game.id!r} has no research encoding yet (no module {name})"
            ) from None
        _BUILT[key] = module.encoding(game)
    return _BUILT[key]
