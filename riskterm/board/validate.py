"""Checks a parsed board file and reports every problem at once, each naming the file and the key at fault."""

from __future__ import annotations

from collections import Counter
from typing import Any

from riskterm.board.model import SEA_CHARS
from riskterm.board.picture import picture_problems
from riskterm.setup_options import printable, unsafe_char

GLYPH_OK = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&*+=?@^")


MAX_NUMBER = 10**6  # no count, bonus, tax or position on a board comes near this
_TEXT_KEYS = {"id": 80, "name": 200, "author": 200, "notes": 10_000, "kind": 80, "glyph": 4}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _unwritable(text: str, where: str) -> str | None:
    """The first character no board text may hold (control characters: terminal escapes, NUL; line breaks
    and tabs only in the art and the notes), None when there is none."""
    if text.isprintable():
        return None
    if where.endswith((".art", ".notes")):
        text = text.replace("\n", "").replace("\t", "")
    return unsafe_char(text)


def _shape_problems(doc: dict[str, Any]) -> list[str]:
    """Values no board holds, anywhere in the document: numbers beyond MAX_NUMBER (or NaN/infinite), keys that
    are not text, names and ids far too long; and `extra` must be a mapping. Walks each object once (YAML
    aliases share objects), so a document of repeated aliases cannot make it slow."""
    out: list[str] = []
    seen: set[int] = set()

    def walk(v: Any, where: str) -> None:
        if len(out) >= 20:
            return
        if isinstance(v, dict | list):
            if id(v) in seen:
                return
            seen.add(id(v))
            items = v.items() if isinstance(v, dict) else enumerate(v)
            for k, x in items:
                if isinstance(v, dict) and not isinstance(k, str):
                    out.append(f"{where or 'the file'}: a key is not text ({printable(repr(k))[:40]})")
                    continue
                if isinstance(k, str) and (ch := _unwritable(k, "")) is not None:
                    out.append(f"{where or 'the file'}: a key holds the control character U+{ord(ch):04X}")
                    continue
                if isinstance(k, str) and isinstance(x, str) and len(x) > _TEXT_KEYS.get(k, 100_000):
                    out.append(f"{where}.{k}: is {len(x)} characters long, far longer than a board needs")
                walk(x, f"{where}.{k}" if isinstance(k, str) else f"{where}[{k}]")
        elif _is_int(v) and abs(v) > MAX_NUMBER:
            out.append(
                f"{where}: the number {str(v)[:12]}{'...' if len(str(v)) > 12 else ''} is far too "
                f"large (at most {MAX_NUMBER})"
            )
        elif isinstance(v, float) and (v != v or abs(v) > MAX_NUMBER):
            out.append(f"{where}: {v} is not a number a board may hold")
        elif isinstance(v, str) and (ch := _unwritable(v, where)) is not None:
            out.append(
                f"{where or 'the file'}: holds the control character U+{ord(ch):04X}, which no board "
                f"text may hold"
            )

    walk(doc, "")
    extra = doc.get("extra")
    if extra is not None and not isinstance(extra, dict):
        out.append(f"extra: must be a mapping of rulebook data, found {type(extra).__name__}")
    for key in ("notes", "author"):
        value = doc.get(key)
        if value is not None and not isinstance(value, str):
            out.append(f"{key}: must be text, found {type(value).__name__}")
    return [x.lstrip(".") for x in out]


def validate(doc: Any, file: str) -> list[str]:
    """Return the list of problems in a board document (empty when it is valid)."""
    p: list[str] = []

    def bad(key: str, msg: str) -> None:
        msg = msg if len(msg) <= 300 else msg[:300] + "..."  # a found value may be a whole structure
        p.append(printable(f"{file}: {key}: {msg}"))

    if not isinstance(doc, dict):
        return [
            f"{file}: the file does not hold a mapping of board keys (format, id, regions, territories, art)."
        ]
    shape = _shape_problems(doc)
    if shape:  # nothing below may trust the types
        return [printable(f"{file}: {x}") for x in shape]
    earlier = doc.get("earlier_sha256", [])
    if not isinstance(earlier, list) or not all(isinstance(h, str) and len(h) == 64 for h in earlier):
        bad("earlier_sha256", "must be a list of sha256 hashes (64 hexadecimal digits each)")
    if doc.get("format") != 1:
        bad("format", f"expected format 1, found {printable(repr(doc.get('format')))[:40]}")
    for key in ("id", "name"):
        if not isinstance(doc.get(key), str) or not doc.get(key):
            bad(key, "must be a non-empty string")
    terrs = doc.get("territories")
    regions = doc.get("regions")
    if not isinstance(terrs, list) or not terrs:
        bad("territories", "must be a non-empty list")
        terrs = []
    if not isinstance(regions, list) or not regions:
        bad("regions", "must be a non-empty list")
        regions = []

    # territories: ids, names, types
    ids: list[str] = []
    good: list[dict[str, Any]] = []
    for i, t in enumerate(terrs):
        if not isinstance(t, dict):
            bad(f"territories[{i}]", "must be a mapping")
            continue
        tid = t.get("id")
        if not isinstance(tid, str) or not tid:
            bad(f"territories[{i}].id", "must be a non-empty string")
            continue
        ids.append(tid)
        good.append(t)
        key = f"territories[{tid}]"
        if not isinstance(t.get("name"), str) or not t.get("name"):
            bad(f"{key}.name", "must be a non-empty string")
        for lk in ("neighbours", "sea_neighbours"):
            v = t.get(lk, [])
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                bad(f"{key}.{lk}", "must be a list of territory ids")
                t[lk] = []
        city = t.get("city")
        if city is not None and not isinstance(city, dict):
            bad(f"{key}.city", "must be a mapping")
        # a territory's numbers (and its city's) count things a rulebook gives: none is negative
        for where, fields in ((key, t), (f"{key}.city", city if isinstance(city, dict) else {})):
            for num, v in fields.items():
                if _is_int(v) and v < 0:
                    bad(f"{where}.{num}", f"must be a whole number 0 or more, found {v!r}")
    for tid, n in Counter(ids).items():
        if n > 1:
            bad(f"territories[{tid}].id", f"duplicate territory id (appears {n} times)")
    idset = set(ids)

    # borders
    land = {t["id"]: t.get("neighbours", []) for t in good}
    sea = {t["id"]: t.get("sea_neighbours", []) for t in good}
    for kind, adj in (("neighbours", land), ("sea_neighbours", sea)):
        for tid, ns in adj.items():
            for n, c in Counter(ns).items():
                if c > 1:
                    bad(f"territories[{tid}].{kind}", f"duplicate border to '{n}'")
            for n in set(ns):
                if n not in idset:
                    bad(f"territories[{tid}].{kind}", f"unknown territory '{n}'")
                elif n == tid:
                    bad(f"territories[{tid}].{kind}", "a territory cannot border itself")
                elif tid not in adj.get(n, []):
                    bad(
                        f"territories[{tid}].{kind}",
                        f"one-way border: '{tid}' lists '{n}' but '{n}' does not list '{tid}'",
                    )
    for tid in land:
        both = set(land[tid]) & set(sea.get(tid, []))
        for n in sorted(both):
            bad(f"territories[{tid}]", f"'{n}' is both a land border and a sea-line")

    # regions
    member_of: dict[str, list[str]] = {}
    rids: list[str] = []
    for i, r in enumerate(regions):
        if not isinstance(r, dict) or not isinstance(r.get("id"), str):
            bad(f"regions[{i}]", "must be a mapping with a string id")
            continue
        rid = r["id"]
        rids.append(rid)
        if not isinstance(r.get("name"), str):
            bad(f"regions[{rid}].name", "must be a string")
        bonus = r.get("bonus", 0)
        if not _is_int(bonus):
            bad(f"regions[{rid}].bonus", f"must be a whole number, found {bonus!r}")
        elif bonus < 0:
            bad(f"regions[{rid}].bonus", f"must not be negative, found {bonus}")
        members = r.get("territories")
        if not isinstance(members, list) or not all(isinstance(x, str) for x in members):
            bad(f"regions[{rid}].territories", "must be a list of territory ids")
            continue
        for m in members:
            if m not in idset:
                bad(f"regions[{rid}].territories", f"unknown territory '{m}'")
            member_of.setdefault(m, []).append(rid)
    for rid, n in Counter(rids).items():
        if n > 1:
            bad(f"regions[{rid}].id", f"duplicate region id (appears {n} times)")
    for tid in ids:
        rs = member_of.get(tid, [])
        if not rs:
            bad(f"territories[{tid}]", "is in no region")
        elif len(rs) > 1:
            bad(f"territories[{tid}]", f"is in more than one region ({', '.join(rs)})")

    # connectivity over land and sea
    if ids:
        seen, stack = set(), [ids[0]]
        while stack:
            here = stack.pop()
            if here in seen:
                continue
            seen.add(here)
            stack.extend(
                n for n in list(land.get(here, [])) + list(sea.get(here, [])) if n in idset and n not in seen
            )
        if len(seen) < len(idset):
            cut = sorted(idset - seen)
            bad(
                "territories",
                f"the board is disconnected: {', '.join(cut[:8])}{' ...' if len(cut) > 8 else ''} cannot be reached from '{ids[0]}'",
            )

    # the picture, when the board has one; then the art (and with it glyphs and labels) may be left out
    picture = doc.get("picture")
    if picture is not None:
        p.extend(printable(f"{file}: {x}") for x in picture_problems(picture, ids))
        if "art" not in doc:
            return p

    # art, glyphs and labels
    art = doc.get("art")
    rows: list[str] = []
    if not isinstance(art, str) or not art.strip():
        bad("art", "must be a non-empty block of text (or leave it out and give the board a picture)")
    else:
        rows = art.rstrip("\n").split("\n")
    glyph_of: dict[str, str] = {}
    for t in good:
        tid, g = t["id"], t.get("glyph")
        if not isinstance(g, str) or len(g) != 1:
            bad(f"territories[{tid}].glyph", f"must be exactly one character, found {g!r}")
            continue
        if g not in GLYPH_OK:
            bad(
                f"territories[{tid}].glyph",
                f"'{g}' is not allowed (use a letter, a digit or one of !#$%&*+=?@^)",
            )
        if g in glyph_of:
            bad(f"territories[{tid}].glyph", f"'{g}' is already the glyph of '{glyph_of[g]}'")
        else:
            glyph_of[g] = tid
    if rows:
        seen_glyphs: set[str] = set()
        unknown: dict[str, tuple[int, int]] = {}
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch == " " or ch in SEA_CHARS:
                    continue
                if ch in glyph_of:
                    seen_glyphs.add(ch)
                elif ch not in unknown:
                    unknown[ch] = (x, y)
        for ch, (x, y) in unknown.items():
            bad("art", f"glyph '{ch}' (first at column {x}, row {y}) names no territory")
        for g, tid in glyph_of.items():
            if g not in seen_glyphs:
                bad(f"territories[{tid}]", f"is missing from the art (no '{g}' in it)")
        for t in good:
            tid, lab, g = t["id"], t.get("label"), t.get("glyph")
            if not isinstance(g, str):
                continue  # reported above
            if not (isinstance(lab, list) and len(lab) == 2 and all(_is_int(v) for v in lab)):
                bad(f"territories[{tid}].label", f"must be [column, row], found {lab!r}")
                continue
            x, y = lab
            cells = rows[y][x : x + 3] if 0 <= y < len(rows) and x >= 0 else ""
            if cells != (g or "") * 3:
                bad(
                    f"territories[{tid}].label",
                    f"[{x}, {y}] must point at three cells of its glyph '{g}', found {cells!r}",
                )
    return p
