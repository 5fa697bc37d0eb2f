"""Saved games: (game, options, seed, actions) as JSON, validated on load, replayed exactly."""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_serializer

from greatwar.core.actions import Action
from greatwar.core.commitment import commitment as seed_commitment
from greatwar.core.errors import GreatwarError, RecordError
from greatwar.core.game import OptionValue
from greatwar.core.registry import load_game
from greatwar.core.state import State

FORMAT: Literal["greatwar-record"] = "greatwar-record"


class GameRecord(BaseModel):
    """Everything needed to reproduce a game; ``fingerprint`` detects tampering or rule changes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["greatwar-record"] = FORMAT
    version: Literal[1] = 1
    game: str
    options: dict[str, OptionValue] = Field(default_factory=dict)
    # Written as a string: 64-bit seeds do not survive JSON numbers in browsers. Read from
    # a number or a string of digits.
    seed: int = Field(ge=0, lt=2**64)
    actions: list[tuple[str, str]] = Field(default_factory=list)  # (side, action)
    fingerprint: str | None = None
    # Where the seed was committed to before play (greatwar.core.commitment): both or neither.
    nonce: str | None = Field(default=None, max_length=128)
    commitment: str | None = Field(default=None, max_length=128)

    @field_serializer("seed")
    def _seed_as_text(self, seed: int) -> str:
        return str(seed)

    @classmethod
    def of(cls, state: State, nonce: str | None = None) -> GameRecord:
        """The record of a state, with the fingerprint of its position, and with ``nonce`` the
        commitment to its seed."""
        return cls(
            game=state.game.id,
            options=dict(state.game.options),
            seed=state.seed,
            actions=[(p.side, str(p.action)) for p in state.history()],
            fingerprint=state.fingerprint(),
            nonce=nonce,
            commitment=None if nonce is None else seed_commitment(state.seed, nonce),
        )

    def to_json(self) -> str:
        return self.model_dump_json(indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse and validate a saved game; anything malformed is a RecordError saying what."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise RecordError(f"not a greatwar save file: invalid JSON ({error})") from None
        except RecursionError:
            raise RecordError("not a greatwar save file: nested too deeply") from None
        try:
            return cls.model_validate(data)
        except ValidationError as error:
            problems = "; ".join(
                f"{'.'.join(str(x) for x in e['loc']) or 'file'}: {e['msg']}"
                for e in error.errors()
            )
            raise RecordError(f"not a valid greatwar save file: {problems}") from None

    def replay(self) -> State:
        """The state this record describes, replayed action by action."""
        try:
            game = load_game(self.game, self.options)
        except GreatwarError as error:
            raise RecordError(f"save file names a game that cannot be loaded: {error}") from None
        state = game.new_initial_state(self.seed)
        for number, (side, text) in enumerate(self.actions, start=1):
            try:
                state.apply_action(Action.parse(text), side)
            except (GreatwarError, ValueError) as error:
                where = f"action {number} ({side}: {text!r})"
                raise RecordError(f"{where} cannot be replayed: {error}") from None
        if self.fingerprint is not None and state.fingerprint() != self.fingerprint:
            raise RecordError(
                "replaying the actions does not reproduce the saved position: the file was "
                "altered or saved by different rules"
            )
        return state
