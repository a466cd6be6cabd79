"""The commitment to a game's dice: a fingerprint of its seed and a secret salt, shown before the first roll
and checked once the finished game's save reveals both (`riskterm verify`). The salt (128 random bits) keeps
the seed out of reach of the fingerprint: even a seed someone chose, or one from a small range, cannot be
found by trying seeds against it. Neither the seed nor the salt is in any player's view while the game runs."""

from __future__ import annotations

import hashlib
import re
import secrets

SALT = re.compile(r"[0-9a-f]{32}")


def new_salt() -> str:
    return secrets.token_hex(16)


def commitment(seed: int, salt: str) -> str:
    """sha256 of the seed and the salt, as 64 hex digits."""
    return hashlib.sha256(f"riskterm-dice|{seed}|{salt}".encode()).hexdigest()


def short(commit: str) -> str:
    """The commitment as a screen shows it: four groups of four hex digits, then the rest in the save."""
    return " ".join(commit[i : i + 4] for i in range(0, 16, 4)) + " …"
