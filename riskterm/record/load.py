"""Reading a save file back into a Session, refusing anything doubtful with one clear sentence (SaveError).
The file is only ever read, never changed."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from riskterm.engine.actions import parse_action
from riskterm.errors import IllegalActionError, MapError, RiskError, SaveError, UnknownVariantError
from riskterm.record.saveformat import FORMAT_VERSION, MAGIC, REQUIRED, checksum, plain
from riskterm.rules import PlayerSetup, find_variant
from riskterm.session import Session

MAX_BYTES = 64 * 1024 * 1024
GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,79}")  # it names the autosave file: no paths, no dots


def read_document(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The checked JSON document of a save file (format, checksum and fields), without replaying it."""
    p = Path(path)
    name = str(p)
    try:
        if p.stat().st_size > MAX_BYTES:
            raise SaveError(f"{name} is far too large to be a riskterm save file.")
        raw = p.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"There is no save file {name}.") from None
    except IsADirectoryError:
        raise SaveError(f"{name} is a folder, not a save file.") from None
    except OSError as e:
        raise SaveError(f"{name} cannot be read ({e.strerror}).") from None
    if not raw.strip():
        raise SaveError(f"{name} is empty: the save was never written or was wiped.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{name} is damaged: it is not text but binary garbage.") from None
    try:
        doc = json.loads(text)
    except RecursionError:
        raise SaveError(f"{name} is damaged: it is nested far deeper than any save file.") from None
    except json.JSONDecodeError as e:
        if e.pos >= len(text.rstrip()) - 1 or "Unterminated" in e.msg:
            raise SaveError(f"{name} is truncated: it stops in the middle (line {e.lineno}).") from None
        raise SaveError(f"{name} is damaged: it is not valid JSON at line {e.lineno}, column {e.colno}.") from None
    if not isinstance(doc, dict) or doc.get("magic") != MAGIC:
        raise SaveError(f"{name} is not a riskterm save file.")
    fmt = doc.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise SaveError(f"{name} is damaged: its format version is missing or not a number.")
    if fmt > FORMAT_VERSION:
        raise SaveError(f"{name} was written by a newer riskterm ({doc.get('riskterm', '?')}, save format {fmt}; "
                        f"this one reads up to format {FORMAT_VERSION}): update riskterm to open it.")
    if doc.get("checksum") != checksum(doc):
        raise SaveError(f"{name} has been changed since riskterm wrote it: its checksum does not match.")
    for key, typ in REQUIRED.items():
        v = doc.get(key)
        if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
            raise SaveError(f"{name} is damaged: the '{key}' field is missing or has the wrong type.")
    if not GAME_ID.fullmatch(doc["game_id"]):
        raise SaveError(f"{name} is damaged: its game id is not one riskterm makes.")
    if not all(isinstance(a, str) for a in doc["actions"]):
        raise SaveError(f"{name} is damaged: its list of actions holds something that is not an action.")
    for pl in doc["players"]:
        if not isinstance(pl, dict) or not isinstance(pl.get("name"), str):
            raise SaveError(f"{name} is damaged: its list of players is malformed.")
    return doc


def session_from_document(doc: dict[str, Any], name: str = "The save file") -> Session:
    """Replay a checked document into a Session and compare the result with its snapshot."""
    try:
        rules = find_variant(doc["variant"])
    except UnknownVariantError:
        raise SaveError(f"{name} uses the '{doc['variant']}' rulebook, which this riskterm does not have.") from None
    except MapError:
        raise SaveError(f"{name} needs the '{doc['board']}' board, whose file is missing or broken here.") from None
    if rules.board.id != doc["board"] or rules.board.digest != doc["board_sha256"]:
        raise SaveError(f"{name} was played on another version of the '{doc['board']}' board: "
                        f"the board file has changed since, so the game cannot be replayed.")
    players = [PlayerSetup(str(p["name"]), str(p.get("colour") or ""), p.get("ai")) for p in doc["players"]]
    try:
        state, events = rules.new_game(players, doc["seed"], dict(doc["options"]))
    except RiskError as e:
        raise SaveError(f"{name} cannot start its game again: {e}") from None
    session = Session(rules, players, doc["seed"], dict(doc["options"]), state, events, game_id=doc["game_id"])
    for i, text in enumerate(doc["actions"], start=1):
        try:
            session.apply(parse_action(text))
        except IllegalActionError as e:
            why = str(e).rstrip(".")
            why = why[:1].lower() + why[1:]
            raise SaveError(f"{name} does not replay: action {i} ('{text}') is not legal at that point "
                            f"({why}).") from None
        except Exception:  # noqa: BLE001 - a rulebook tripping over a strange action: refuse the file
            raise SaveError(f"{name} does not replay: action {i} ('{text}') breaks the rules engine.") from None
    if plain(session.state) != doc["snapshot"]:
        raise SaveError(f"{name} does not replay to the position it saved: it was edited, or written by "
                        f"rules that have changed since ({doc['riskterm']}).")
    return session


def load_game(path: str | os.PathLike[str]) -> Session:
    """A Session at the exact point the save stopped, or SaveError with one sentence saying why not."""
    doc = read_document(path)
    return session_from_document(doc, str(path))
