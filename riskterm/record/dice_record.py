"""The record of every roll a game showed, which a finished game's save holds beside its revealed seed and
salt, and its check (`riskterm verify`): the seed and salt must match the commitment shown before the first
roll, and replaying the game from that seed must give every recorded roll, and the final position, again.
A hosted game whose seed everyone made is checked one step further back: the commitment is the host's
secret's, and the seed must be the one that secret and the seats' revealed contributions make, each of them
matching the commitment its screen sent before any was revealed (engine/joint_seed.py)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from riskterm.engine.commitment import commitment
from riskterm.engine.events import Event
from riskterm.engine.joint_seed import Contribution, check_contributions, made_by_line
from riskterm.errors import SaveError
from riskterm.record.load import session_from_document
from riskterm.record.rolls import roll_record
from riskterm.session import Session
from riskterm.setup_options import printable


@dataclass(frozen=True)
class Verdict:
    rolls: int
    moves: int
    commitment: str
    contributions: list[Contribution] | None = None  # a seed everyone made: each person's seat's share
    names: list[str] | None = None

    def made_by(self) -> str:
        """The sentence saying who made the seed (a game whose seed everyone made), else ''."""
        if self.contributions is None:
            return ""
        return made_by_line(self.contributions, self.names or [])


def verify(doc: dict[str, Any], name: str) -> Verdict:
    """Check a checked save document's dice (see the module docstring); SaveError with one sentence saying
    where they fail."""
    name = printable(name)
    said, salt = doc.get("commitment"), doc.get("salt")
    if not isinstance(said, str) or not isinstance(salt, str):
        raise SaveError(
            f"{name} holds no commitment to its dice (games started before riskterm made them, "
            f"and computer-only games, have none): there is nothing to check the rolls against."
        )
    joint = doc.get("joint_seed")
    if isinstance(joint, dict):  # the seed everyone made: the commitment is the host's secret's
        if commitment(joint["host_seed"], salt) != said:
            raise SaveError(
                f"{name}'s host secret and salt do not match the host's commitment shown before "
                f"anyone joined: the host changed its secret, and the dice are not the committed ones."
            )
        why = check_contributions(joint["contributions"], doc["seed"], joint["host_seed"], salt)
        if why is not None:
            raise SaveError(
                f"{name}'s seed did not come from the host's secret and the seats' contributions: {why}."
            )
    elif commitment(doc["seed"], salt) != said:
        raise SaveError(
            f"{name}'s seed and salt do not match the commitment shown when the game began: "
            f"its dice did not come from the committed seed."
        )
    recorded = doc.get("rolls")
    if not doc["summary"].get("over") or not isinstance(recorded, list):
        raise SaveError(f"{name} is a game still in play: its save shows every roll once the game is over.")
    try:
        session = session_from_document(doc, name)
    except SaveError as e:
        raise SaveError(
            f"The committed seed does not play {name}'s game: {str(e)[:1].lower()}{str(e)[1:]}"
        ) from None
    replayed = roll_record(session)
    for i, (mine, theirs) in enumerate(zip(replayed, recorded, strict=False), start=1):
        if mine != theirs:
            raise SaveError(
                f"Roll {i} of {name} (move {mine[0]}) is not the one the committed seed gives: "
                f"the save says {_roll_text(session, theirs)}, the seed gives {_roll_text(session, mine)}."
            )
    if len(replayed) != len(recorded):
        raise SaveError(
            f"{name} records {len(recorded)} rolls, but the committed seed gives {len(replayed)}."
        )
    return Verdict(
        len(replayed),
        len(session.steps),
        said,
        session.contributions if isinstance(joint, dict) else None,
        session.rules.names(session.state),
    )


def _roll_text(session: Session, roll: Any) -> str:
    """A recorded roll as the log says it, or as it is written when it is not one the log can say."""
    try:
        move, kind, data = roll
        return f"'{session.rules.presenter().describe(Event(kind, dict(data)), session.rules.names(session.state))}'"
    except Exception:  # noqa: BLE001 - a damaged record is shown as written
        return printable(json.dumps(roll, ensure_ascii=False))[:200]
