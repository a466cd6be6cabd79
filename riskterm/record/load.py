"""Reading a save file back into a Session, refusing anything doubtful with one clear sentence (SaveError).
The file is only ever read, never changed."""

from __future__ import annotations

import json
import os
from typing import Any

from riskterm.board import Board, load_board
from riskterm.board.find import shipped_ids
from riskterm.board.loader import board_from_text
from riskterm.engine.actions import parse_action
from riskterm.engine.joint_seed import Contribution
from riskterm.errors import (
    BoardError,
    IllegalActionError,
    MapError,
    RiskError,
    SaveError,
    UnknownVariantError,
)
from riskterm.record.old_saves import with_old_defaults
from riskterm.record.saveformat import FORMAT_VERSION, MAGIC, checksum, plain
from riskterm.record.schema import check_header, check_summary, parse_json
from riskterm.rules import PlayerSetup, find_variant
from riskterm.safe_io import ReadRefused, read_capped
from riskterm.session import Session
from riskterm.setup_options import check_setup, printable

MAX_BYTES = 64 * 1024 * 1024  # a 5000-turn game is about 2 MiB


def read_document(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The checked JSON document of a save file (format, checksum and fields), without replaying it."""
    name = printable(str(path))
    try:
        raw = read_capped(path, MAX_BYTES)
    except FileNotFoundError:
        raise SaveError(f"There is no save file {name}.") from None
    except ReadRefused as e:
        raise SaveError(f"{name} {e}, so it is not a save file.") from None
    if not raw.strip():
        raise SaveError(f"{name} is empty: the save was never written or was wiped.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{name} is damaged: it is not text but binary garbage.") from None
    try:
        doc = parse_json(text, name)
    except RecursionError:
        raise SaveError(f"{name} is damaged: it is nested far deeper than any save file.") from None
    except json.JSONDecodeError as e:
        if e.pos >= len(text.rstrip()) - 1 or "Unterminated" in e.msg:
            raise SaveError(f"{name} is truncated: it stops in the middle (line {e.lineno}).") from None
        raise SaveError(
            f"{name} is damaged: it is not valid JSON at line {e.lineno}, column {e.colno}."
        ) from None
    if not isinstance(doc, dict) or doc.get("magic") != MAGIC:
        raise SaveError(f"{name} is not a riskterm save file.")
    fmt = doc.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise SaveError(f"{name} is damaged: its format version is missing or not a number.")
    if fmt > FORMAT_VERSION:
        shown = printable(str(doc.get("riskterm", "?")))[:40]
        raise SaveError(
            f"{name} was written by a newer riskterm ({shown}, save format {fmt}; "
            f"this one reads up to format {FORMAT_VERSION}): update riskterm to open it."
        )
    if doc.get("checksum") != checksum(doc):
        raise SaveError(f"{name} has been changed since riskterm wrote it: its checksum does not match.")
    check_header(doc, name)
    return doc


def saved_board(doc: dict[str, Any], name: str) -> Board:
    """The board a checked save document was played on: the board text it holds, else the shipped board of
    its id, either one checked against the recorded fingerprint (SaveError, one sentence)."""
    board_id = printable(doc["board"])
    if "board_text" in doc:
        try:
            board = board_from_text(doc["board_text"], f"the board saved in {name}")
        except MapError as e:
            raise SaveError(
                f"{name} holds a board riskterm cannot read ({e.problems[0].rstrip('.')})."
            ) from None
        if board.id != doc["board"] or board.digest != doc["board_sha256"]:
            raise SaveError(f"{name} is damaged: the board saved in it does not match its fingerprint.")
        return board
    if doc["board"] not in shipped_ids():
        raise SaveError(
            f"{name} was played on the '{board_id}' board, which is neither saved in it nor one "
            f"riskterm ships."
        )
    try:
        board = load_board(doc["board"])
    except MapError:
        raise SaveError(
            f"{name} needs the '{board_id}' board, whose file is missing or broken here."
        ) from None
    if doc["board_sha256"] not in (board.digest, *board.file_digests):
        raise SaveError(
            f"{name} was played on another version of the '{board_id}' board: "
            f"the board file has changed since, so the game cannot be replayed."
        )
    return board


def session_from_document(doc: dict[str, Any], name: str = "The save file") -> Session:
    """Replay a checked document into a Session and compare the result with its snapshot."""
    name = printable(name)
    board = saved_board(doc, name)
    players = [PlayerSetup(str(p["name"]), str(p.get("colour") or ""), p.get("ai")) for p in doc["players"]]
    try:
        rules = find_variant(doc["variant"], board, len(players))
    except UnknownVariantError:
        raise SaveError(
            f"{name} uses the '{printable(doc['variant'])}' rulebook, which this riskterm does not have."
        ) from None
    except BoardError as e:
        why = str(e).rstrip(".")
        raise SaveError(f"{name} cannot be played here: {why[:1].lower() + why[1:]}.") from None
    doc = with_old_defaults(doc, rules)
    try:
        check_setup(type(rules), players, doc["seed"], doc["options"])
    except RiskError as e:
        why = str(e).rstrip(".")
        raise SaveError(f"{name} holds a set-up riskterm refuses: {why[:1].lower() + why[1:]}.") from None
    try:
        state, events = rules.new_game(players, doc["seed"], dict(doc["options"]))
    except RiskError as e:
        raise SaveError(f"{name} cannot start its game again: {printable(str(e))}") from None
    except Exception:  # noqa: BLE001 - options the rulebook trips over: refuse the file
        raise SaveError(f"{name} cannot start its game again: its options break the rules engine.") from None
    session = Session(
        rules,
        players,
        doc["seed"],
        dict(doc["options"]),
        state,
        events,
        game_id=doc["game_id"],
        salt=str(doc.get("salt", "")),
    )
    joint = doc.get("joint_seed")
    if isinstance(joint, dict):  # (checked by the schema)
        session.host_seed = joint["host_seed"]
        session.contributions = [Contribution.from_json(c) for c in joint["contributions"]]
    for i, text in enumerate(doc["actions"], start=1):
        try:
            session.apply(parse_action(text))
        except IllegalActionError as e:
            why = str(e).rstrip(".")
            why = why[:1].lower() + why[1:]
            raise SaveError(
                f"{name} does not replay: action {i} ('{printable(text)[:80]}') is not legal at that point "
                f"({why})."
            ) from None
        except Exception:  # noqa: BLE001 - a rulebook tripping over a strange action: refuse the file
            raise SaveError(
                f"{name} does not replay: action {i} ('{printable(text)[:80]}') breaks the rules engine."
            ) from None
    if plain(session.state) != doc["snapshot"]:
        raise SaveError(
            f"{name} does not replay to the position it saved: it was edited, or written by "
            f"rules that have changed since ({printable(doc['riskterm'])})."
        )
    rules, s = session.rules, session.state
    check_summary(
        doc,
        name,
        turn=s.get("turn", 0),
        moves=len(session.steps),
        over=rules.is_over(s),
        winner=rules.winner(s),
    )
    return session


def load_game(path: str | os.PathLike[str]) -> Session:
    """A Session at the exact point the save stopped, or SaveError with one sentence saying why not."""
    doc = read_document(path)
    return session_from_document(doc, str(path))
