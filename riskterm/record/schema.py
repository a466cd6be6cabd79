"""The shape of a save document, checked before any code uses it: JSON that holds no number too large to be
one riskterm writes, and every field of the right type and a sane size. Refusals are SaveError sentences that
name the file."""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from riskterm.engine.commitment import SALT
from riskterm.engine.joint_seed import CONTRIBUTION
from riskterm.errors import SaveError
from riskterm.setup_options import SEED_MAX, is_int, printable, unsafe_char

MAX_DIGITS = 25  # riskterm's largest numbers are 64-bit random states (20 digits)
MAX_TEXT = 1000  # one action, a name, a version: far below this
GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,79}")  # it names the autosave file: no paths, no dots
SHA256 = re.compile(r"[0-9a-f]{64}")
MAX_BOARD_TEXT = 1024 * 1024  # the most a board file may hold (board/loader.py)
# field -> type, for the fields of the header
REQUIRED: dict[str, type | tuple[type, ...]] = {
    "format": int,
    "riskterm": str,
    "game_id": str,
    "variant": str,
    "board": str,
    "board_sha256": str,
    "players": list,
    "seed": int,
    "options": dict,
    "actions": list,
    "summary": dict,
    "snapshot": dict,
    "checksum": str,
}


class _Refused(ValueError):
    pass


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"it holds a number with {len(text.lstrip('-'))} digits, far more than any save has")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 40:
        raise _Refused("it holds a number far longer than any save has")
    value = float(text)
    if not math.isfinite(value):  # 1e999 reads as infinity
        raise _Refused(f"it holds the number {text}, far larger than any save has")
    return value


def _constant(text: str) -> Any:
    raise _Refused(f"it holds '{text}', which is not a number a save may hold")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each given once: riskterm never writes a key twice, and json.loads would
    silently keep the last one."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"it holds the key '{printable(key)[:40]}' twice in one object")
        out[key] = value
    return out


def _bad_text(text: str) -> str | None:
    """Why riskterm would never have written this text (None when it might have)."""
    if len(text) > MAX_TEXT:
        return f"a text of {len(text)} characters"
    if text.isprintable():  # the fast path: no control, format, surrogate or unassigned character
        return None
    bad = unsafe_char(text)
    if bad is None:
        return None
    kind = unicodedata.category(bad)
    what = {"Cs": "a lone surrogate", "Cc": "a control character"}.get(kind, "an unprintable character")
    return f"{what} (U+{ord(bad):04X})"


def check_texts(doc: Any) -> None:
    """Every text in the document (keys and values, at any depth) is one riskterm could have written and can
    write back: no lone surrogate (which UTF-8 cannot encode), no control character, nothing huge. The board
    file's text a save may hold is checked as a board file's."""
    if isinstance(doc, dict) and isinstance(doc.get("board_text"), str):
        _check_board_text(doc["board_text"])
        doc = {k: v for k, v in doc.items() if k != "board_text"}
    todo: list[tuple[Any, str | None]] = [(doc, None)]
    while todo:
        value, field = todo.pop()
        texts: Iterable[str] = ()
        if isinstance(value, str):
            texts = (value,)
        elif isinstance(value, dict):
            texts = value.keys()
            todo.extend((v, k if field is None else field) for k, v in value.items())
        elif isinstance(value, list):
            todo.extend((v, field) for v in value)
        for text in texts:
            if (why := _bad_text(text)) is not None:
                where = f" in its '{printable(field)[:40]}' field" if field else ""
                raise _Refused(f"it holds {why}{where}, which riskterm never writes")


def _check_board_text(text: str) -> None:
    if len(text) > MAX_BOARD_TEXT:
        raise _Refused(f"it holds a board of {len(text)} characters, far more than a board file may hold")
    lines = text.replace("\n", "").replace("\t", "").replace("\r", "")
    bad = None if lines.isprintable() else unsafe_char(lines)
    if bad is not None:
        raise _Refused(f"its board holds a character riskterm never writes (U+{ord(bad):04X})")


def parse_json(text: str, name: str) -> Any:
    """json.loads that refuses what riskterm never writes (SaveError): huge numbers, NaN/Infinity, a key given
    twice, lone surrogates, control characters and huge texts; other JSON errors are raised."""
    try:
        doc = json.loads(
            text, parse_int=_int, parse_float=_float, parse_constant=_constant, object_pairs_hook=_object
        )
        check_texts(doc)
    except _Refused as e:
        raise SaveError(f"{name} is damaged: {e}.") from None
    return doc


def _text(v: object, limit: int = MAX_TEXT) -> bool:
    return isinstance(v, str) and len(v) <= limit


def _joint_seed(v: Any) -> bool:
    """{"host_seed": a seed, "contributions": [{"seat", "commit", "share"}, ...]} as saveformat writes it."""
    if not isinstance(v, dict) or not is_int(v.get("host_seed")) or not 0 <= v["host_seed"] <= SEED_MAX:
        return False
    cs = v.get("contributions")
    return (
        isinstance(cs, list)
        and len(cs) <= 12
        and all(
            isinstance(c, dict)
            and is_int(c.get("seat"))
            and 0 <= c["seat"] < 12
            and (c.get("commit") is None or (isinstance(c["commit"], str) and SHA256.fullmatch(c["commit"])))
            and (
                c.get("share") is None or (isinstance(c["share"], str) and CONTRIBUTION.fullmatch(c["share"]))
            )
            for c in cs
        )
    )


def check_header(doc: dict[str, Any], name: str) -> None:
    """Every header field present, of its type and size (after the checksum matched)."""
    for key, typ in REQUIRED.items():
        v = doc.get(key)
        if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
            raise SaveError(f"{name} is damaged: the '{key}' field is missing or has the wrong type.")
    if not GAME_ID.fullmatch(doc["game_id"]):
        raise SaveError(f"{name} is damaged: its game id is not one riskterm makes.")
    for key in ("riskterm", "variant", "board"):
        if not _text(doc[key], 100):
            raise SaveError(f"{name} is damaged: its '{key}' field is far longer than riskterm writes.")
    if not SHA256.fullmatch(doc["board_sha256"]):
        raise SaveError(f"{name} is damaged: its board fingerprint is not a sha256.")
    if "salt" in doc and not (isinstance(doc["salt"], str) and SALT.fullmatch(doc["salt"])):
        raise SaveError(f"{name} is damaged: its salt is not one riskterm makes.")
    if "commitment" in doc and not (
        isinstance(doc["commitment"], str) and SHA256.fullmatch(doc["commitment"])
    ):
        raise SaveError(f"{name} is damaged: its commitment is not a sha256.")
    if "joint_seed" in doc and not _joint_seed(doc["joint_seed"]):
        raise SaveError(f"{name} is damaged: its record of the seed everyone made is malformed.")
    rolls = doc.get("rolls", [])
    if not isinstance(rolls, list) or not all(
        isinstance(r, list) and len(r) == 3 and is_int(r[0]) and _text(r[1], 100) and isinstance(r[2], dict)
        for r in rolls
    ):
        raise SaveError(f"{name} is damaged: its record of rolls is malformed.")
    if "board_text" in doc and not _text(doc["board_text"], MAX_BOARD_TEXT):
        raise SaveError(f"{name} is damaged: the board saved in it is not a board file's text.")
    if not all(_text(a) for a in doc["actions"]):
        raise SaveError(f"{name} is damaged: its list of actions holds something that is not an action.")
    players = doc["players"]
    if not 1 <= len(players) <= 12:
        raise SaveError(f"{name} is damaged: it lists {len(players)} players.")
    for pl in players:
        if (
            not isinstance(pl, dict)
            or not _text(pl.get("name"), 200)
            or not (pl.get("colour") is None or _text(pl.get("colour"), 100))
            or not (pl.get("ai") is None or _text(pl.get("ai"), 100))
        ):
            raise SaveError(f"{name} is damaged: its list of players is malformed.")
    summ = doc["summary"]
    for key, ok in (
        ("turn", is_int),
        ("moves", is_int),
        ("over", lambda v: isinstance(v, bool)),
        ("winner", lambda v: v is None or is_int(v)),
        ("saved_at", lambda v: _text(v, 100)),
    ):
        if key in summ and not ok(summ[key]):
            raise SaveError(f"{name} is damaged: its summary's '{key}' has the wrong type.")


def check_summary(
    doc: dict[str, Any], name: str, *, turn: object, moves: int, over: bool, winner: object
) -> None:
    """The header's summary (what `resume --list` and the new-game screen show) agrees with the replay."""
    summ = doc["summary"]
    said = {
        "over": bool(summ.get("over", False)),
        "moves": summ.get("moves", moves),
        "turn": summ.get("turn", turn),
        "winner": summ.get("winner", winner),
    }
    real = {"over": over, "moves": moves, "turn": turn, "winner": winner}
    for key in ("over", "moves", "turn", "winner"):
        if said[key] != real[key]:
            what = {
                "over": "finished" if over else "unfinished",
                "moves": f"{moves} moves",
                "turn": f"at turn {turn}",
                "winner": f"won by seat {winner}",
            }[key]
            raise SaveError(
                f"{name} does not agree with itself: its summary says {key} = {said[key]!r}, "
                f"but the game it replays is {what}."
            )
