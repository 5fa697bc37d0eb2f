"""Checking a finished game's dice against the commitment made before its first action."""

from __future__ import annotations

from greatwar.core.commitment import commitment as seed_commitment
from greatwar.core.errors import RecordError
from greatwar.core.record import GameRecord
from greatwar.core.rng import Rng

MAX_COUNTED_DRAWS = 10_000_000


def draws_between(seed: int, end: tuple[int, int]) -> int | None:
    """How many 32-bit draws lead from a fresh generator for ``seed`` to ``end`` (None if
    more than MAX_COUNTED_DRAWS)."""
    rng = Rng(seed)
    for count in range(MAX_COUNTED_DRAWS + 1):
        if rng.position == end:
            return count
        rng.next32()
    return None


def verify_record(record: GameRecord, expected: str | None = None) -> str:
    """What was verified, in one paragraph; RecordError says what does not hold."""
    if record.nonce is None or record.commitment is None:
        raise RecordError("this record has no seed commitment: it was not saved by a server game")
    if expected is not None and expected.strip().lower() != record.commitment:
        raise RecordError(
            f"the record's commitment {record.commitment} is not the one given ({expected})"
        )
    if seed_commitment(record.seed, record.nonce) != record.commitment:
        raise RecordError(
            "the seed and nonce in the record do not hash to its commitment: the seed was changed"
        )
    if record.fingerprint is None:
        raise RecordError("the record has no fingerprint of its final position to check against")
    state = record.replay()  # RecordError unless the actions reproduce the saved position
    draws = draws_between(record.seed, state.rng.position)
    dice = sum(len(entry.dice) for entry in state.log())
    counted = f"{draws:,} draws" if draws is not None else "its draws"
    return (
        f"verified: seed {record.seed} matches commitment {record.commitment}; replaying the "
        f"{len(record.actions):,} actions from it reproduces the saved position, with "
        f"{counted} of the generator ({dice:,} dice shown in the log)."
    )
