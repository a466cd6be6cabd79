"""Reads board files with yaml.safe_load, validates them, and builds the frozen Board."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

import yaml

from riskterm.board.model import Board, Region, Territory
from riskterm.board.picture import picture_from_doc
from riskterm.board.validate import validate
from riskterm.errors import MapError
from riskterm.paths import map_path
from riskterm.safe_io import ReadRefused, read_capped
from riskterm.setup_options import printable

DOMINATION_SUFFIX = ".map"
MAX_BYTES = 1024 * 1024  # the shipped boards are about 20 KiB

_CORE_KEYS = {"id", "name", "neighbours", "sea_neighbours", "glyph", "label"}


def read_doc(path: Path) -> tuple[object, bytes]:
    name = printable(str(path))
    try:
        raw = read_capped(path, MAX_BYTES)
    except FileNotFoundError:
        raise MapError([f"{name}: no such board file."]) from None
    except ReadRefused as e:
        raise MapError([f"{name}: {e}, so it is not a board file."]) from None
    return parse_doc(raw, name), raw


def parse_doc(raw: bytes, name: str) -> object:
    """The YAML document of a board file's bytes (MapError with one sentence when it is not YAML)."""
    if len(raw) > MAX_BYTES:
        raise MapError([f"{name}: is larger than any board file ({len(raw) // 1024} KiB)."])
    try:
        # the C safe loader when PyYAML has libyaml: the same safe subset, about ten times faster
        return yaml.load(raw.decode("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except UnicodeDecodeError:
        raise MapError([f"{name}: is not UTF-8 text."]) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        why = printable(str(getattr(e, "problem", None) or "it does not parse")).rstrip(".")
        raise MapError([f"{name}: is not valid YAML{where}: {why}."]) from None
    except ValueError:  # an integer of thousands of digits (Python's int conversion limit)
        raise MapError([f"{name}: holds a number far too large for a board file."]) from None
    except RecursionError:
        raise MapError([f"{name}: is nested far deeper than any board file."]) from None


def load_board_file(path: str | Path) -> Board:
    """A riskterm board file, or a Domination .map file (with its image and cards beside it) read as one, so
    that `--map uk.map` plays it without importing it first; a save of such a game keeps the board's text."""
    path = Path(path)
    if path.suffix.lower() == DOMINATION_SUFFIX:
        return _domination_board(path)
    doc, raw = read_doc(path)
    return _build(doc, raw, printable(str(path)))


def _domination_board(path: Path) -> Board:
    from riskterm.board.community import import_map
    from riskterm.board.writer import board_yaml

    return board_from_text(board_yaml(import_map(path).doc), printable(str(path)))


def board_from_text(text: str, name: str) -> Board:
    """A board from a board file's text (as a save holds it); `name` says where the text is, in problems."""
    raw = text.encode("utf-8")
    return _build(parse_doc(raw, name), raw, name)


def _build(doc: object, raw: bytes, name: str) -> Board:
    problems = validate(doc, name)
    if problems:
        raise MapError(problems)
    assert isinstance(doc, dict)
    region_of = {m: r["id"] for r in doc["regions"] for m in r["territories"]}
    ids = [t["id"] for t in doc["territories"]]
    picture = picture_from_doc(doc["picture"], ids) if doc.get("picture") is not None else None
    terrs = tuple(
        Territory(
            id=t["id"],
            name=t["name"],
            index=i,
            region=region_of[t["id"]],
            neighbours=tuple(t.get("neighbours", [])),
            sea_neighbours=tuple(t.get("sea_neighbours", [])),
            glyph=t.get("glyph", ""),
            label=(t["label"][0], t["label"][1]) if "art" in doc or picture is None else picture.labels[i],
            data={k: v for k, v in t.items() if k not in _CORE_KEYS},
        )
        for i, t in enumerate(doc["territories"])
    )
    regions = tuple(
        Region(
            id=r["id"],
            name=r["name"],
            kind=str(r.get("kind", "region")),
            bonus=int(r.get("bonus", 0)),
            territories=tuple(r["territories"]),
        )
        for r in doc["regions"]
    )
    rows = doc["art"].rstrip("\n").split("\n") if "art" in doc else []
    width = max((len(r) for r in rows), default=0)
    art = tuple(r.ljust(width) for r in rows)
    file_digest = hashlib.sha256(raw).hexdigest()
    return Board(
        id=doc["id"],
        name=doc["name"],
        notes=str(doc.get("notes", "")),
        territories=terrs,
        regions=regions,
        art=art,
        extra=dict(doc.get("extra") or {}),
        digest=facts_digest(terrs, regions),
        file_digests=(file_digest, *doc.get("earlier_sha256", ())),
        source=raw.decode("utf-8"),
        picture=picture,
        author=str(doc.get("author") or ""),
    )


def facts_digest(terrs: tuple[Territory, ...], regions: tuple[Region, ...]) -> str:
    """sha256 of what a game depends on (ids, names, borders, regions, bonuses, each territory's data such as
    its card), not of the art, glyphs, label points or notes: redrawing a map keeps old saves loading."""
    facts = {
        "territories": [
            [t.id, t.name, t.region, sorted(t.neighbours), sorted(t.sea_neighbours), t.data] for t in terrs
        ],
        "regions": [[r.id, r.name, r.kind, r.bonus, list(r.territories)] for r in regions],
    }
    return hashlib.sha256(json.dumps(facts, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


@cache
def load_board(board_id: str) -> Board:
    """A shipped board by id (classic, europe, risiko)."""
    return load_board_file(map_path(board_id))
