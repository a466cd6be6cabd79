"""A hosted game's seed made by everyone at the table, so that no one of them, the host included, chooses the
dice. The host commits to its secret (its own seed and salt: engine/commitment.py) before anyone joins;
every screen joining for a seat commits to a random contribution of its own (a hash of it) in its hello;
once every seat is in, the host shows everyone all the commitments and asks for the contributions; the seed
is then a hash of the host's secret and each seat's contribution in seat order. A seat whose contribution
does not come in time, or does not match its commitment, is left out (written as absent), so no one can
stall the start. The host's secret stays hidden until the game is over: its save then reveals it, and
`riskterm verify` recomputes the seed from it and the contributions and checks each against its commitment."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from typing import Any

from riskterm.setup_options import SEED_MAX

CONTRIBUTION = re.compile(r"[0-9a-f]{32}")
SHA256 = re.compile(r"[0-9a-f]{64}")


def new_contribution() -> str:
    """A screen's random contribution: 128 bits from the operating system."""
    return secrets.token_hex(16)


def contribution_commitment(contribution: str) -> str:
    """What a screen sends before anyone reveals anything: the sha256 of its contribution."""
    return hashlib.sha256(f"riskterm-contribution|{contribution}".encode()).hexdigest()


@dataclass(frozen=True)
class Contribution:
    """One person's seat: the commitment its screen sent (None: it sent none) and the contribution it
    revealed (None: absent, because it never came, came late or did not match the commitment)."""

    seat: int
    commit: str | None
    reveal: str | None

    def counted(self) -> bool:
        return (
            self.commit is not None
            and self.reveal is not None
            and contribution_commitment(self.reveal) == self.commit
        )

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "commit": self.commit, "share": self.reveal}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Contribution:
        return cls(int(d["seat"]), d.get("commit"), d.get("share"))


def joint_seed(host_seed: int, salt: str, contributions: list[Contribution]) -> int:
    """The game's seed: sha256 over the host's secret and every seat's counted contribution in seat order
    (an absent one as '-'), cut to the range of seeds a save holds."""
    parts = [
        f"{c.seat}:{c.reveal if c.counted() else '-'}" for c in sorted(contributions, key=lambda c: c.seat)
    ]
    digest = hashlib.sha256("|".join(["riskterm-joint-seed", str(host_seed), salt, *parts]).encode()).digest()
    return int.from_bytes(digest[:8], "big") & SEED_MAX


def valid_commit(value: Any) -> str | None:
    """A commitment as a screen sent it, or None when it is not one (a screen sending none, or nonsense)."""
    return value if isinstance(value, str) and SHA256.fullmatch(value) else None


def check_contributions(doc: Any, seed: int, host_seed: int, salt: str) -> str | None:
    """The sentence saying why a save's seed did not come from its contributions, or None when it did: every
    revealed contribution matches its commitment, and the seed is the one they and the host's secret make."""
    if not isinstance(doc, list):
        return "its record of the contributions is malformed"
    try:
        contributions = [Contribution.from_json(d) for d in doc]
    except (KeyError, TypeError, ValueError):
        return "its record of the contributions is malformed"
    for c in contributions:
        if c.reveal is not None and not c.counted():
            return f"seat {c.seat + 1}'s revealed contribution does not match the commitment it sent"
    if joint_seed(host_seed, salt, contributions) != seed:
        return "the seed is not the one the host's secret and the contributions make"
    return None


def made_by_line(contributions: list[Contribution], names: list[str]) -> str:
    """Who made the seed, as the log, the host and `riskterm verify` say it."""

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"

    counted = [name(c.seat) for c in contributions if c.counted()]
    absent = [name(c.seat) for c in contributions if not c.counted()]
    line = "The dice seed was made from the host's committed secret" + (
        f" and the contributions of {', '.join(counted)}"
        if counted
        else " alone (no seat's contribution came)"
    )
    if absent:
        line += f"; left out as absent (it never came, or did not match its commitment): {', '.join(absent)}"
    return line + "."
