"""Dice anyone can verify: a game's seed is committed to (hashed with a secret nonce) before
the first action and revealed at the end, so a player can check every roll and draw came from
the seed that was fixed before play began.

commitment = SHA-256 of ``greatwar-seed:v1:<seed>:<nonce>``, in hex. The nonce (random, 128
bits) keeps the seed from being found by hashing every candidate seed.
"""

from __future__ import annotations

import hashlib
import secrets

PREFIX = "greatwar-seed:v1"


def new_nonce() -> str:
    """A fresh random nonce for one game's commitment."""
    return secrets.token_hex(16)


def commitment(seed: int, nonce: str) -> str:
    """The public commitment to ``seed`` with ``nonce``."""
    return hashlib.sha256(f"{PREFIX}:{seed}:{nonce}".encode()).hexdigest()
