"""A board's picture: a raster of territory cells (each pixel a territory's index or sea) and the point of each
territory's label, from which the map is drawn at whatever size the screen gives it. Stored in the board file
as run-length rows (`picture_problems` checks them, `picture_from_doc` reads them, `picture_to_doc` writes).

A row is text: runs separated by spaces, each `V` or `V*N` (N pixels of V), V being `.` for sea or a territory's
index (its 0-based place in the file's `territories` list); the runs of a row add up to the picture's width.
`labels` maps each territory's id to the pixel [x, y] its name and army count are drawn near."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

SEA = -1
MAX_SIDE = 2000  # pixels on a side: an imported picture is scaled to well under this


@dataclass(frozen=True, eq=False)
class Picture:
    """width x height pixels; rows[y][x] is a territory's index or SEA; labels[t] is territory t's (x, y)."""

    width: int
    height: int
    rows: tuple[tuple[int, ...], ...]
    labels: tuple[tuple[int, int], ...]

    def at(self, x: int, y: int) -> int:
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.rows[y][x]
        return SEA

    def pixel_counts(self, territories: int) -> list[int]:
        """How many pixels each territory has."""
        counts = [0] * territories
        for row in self.rows:
            for v in row:
                if v >= 0:
                    counts[v] += 1
        return counts


def encode_row(row: Sequence[int]) -> str:
    """One raster row as run-length text: `.*12 0*30 3 .*5`."""
    out: list[str] = []
    i, n = 0, len(row)
    while i < n:
        v = row[i]
        j = i + 1
        while j < n and row[j] == v:
            j += 1
        sym = "." if v < 0 else str(v)
        out.append(sym if j - i == 1 else f"{sym}*{j - i}")
        i = j
    return " ".join(out)


def decode_row(text: str, width: int, territories: int) -> tuple[int, ...]:
    """A run-length row back to pixels; ValueError with a sentence when it is not one (bad token, an index
    beyond the territories, or runs that do not add up to `width`)."""
    out: list[int] = []
    for token in text.split():
        sym, star, count = token.partition("*")
        if star:
            if not count.isdigit() or not 0 < int(count) <= MAX_SIDE:
                raise ValueError(f"'{token[:20]}' is not a run (V*N with N a count of pixels)")
            n = int(count)
        else:
            n = 1
        if sym == ".":
            v = SEA
        elif sym.isdigit() and int(sym) < territories:
            v = int(sym)
        else:
            raise ValueError(
                f"'{sym[:20]}' is neither '.' (sea) nor the index of one of the {territories} territories"
            )
        out.extend([v] * n)
        if len(out) > width:
            break
    if len(out) != width:
        raise ValueError(
            f"its runs cover {len(out)}{'+' if len(out) > width else ''} pixels, not the width {width}"
        )
    return tuple(out)


def picture_problems(doc: Any, ids: list[str]) -> list[str]:
    """Problems of a board file's `picture` mapping (empty when it is a valid picture of these territories),
    each starting with the key at fault."""
    if not isinstance(doc, dict):
        return ["picture: must be a mapping with size, rows and labels"]
    p: list[str] = []
    size = doc.get("size")
    if not (
        isinstance(size, list)
        and len(size) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 < v <= MAX_SIDE for v in size)
    ):
        return [f"picture.size: must be [width, height] in pixels (each 1 to {MAX_SIDE})"]
    width, height = size
    rows = doc.get("rows")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        return ["picture.rows: must be a list of run-length rows (text)"]
    if len(rows) != height:
        return [f"picture.rows: holds {len(rows)} rows, not the height {height}"]
    seen: set[int] = set()
    for y, text in enumerate(rows):
        try:
            seen.update(decode_row(text, width, len(ids)))
        except ValueError as e:
            p.append(f"picture.rows[{y}]: {e}")
            if len(p) >= 5:
                return p
    for i, tid in enumerate(ids):
        if i not in seen and not p:
            p.append(f"territories[{tid}]: has no pixel in the picture")
    labels = doc.get("labels")
    if not isinstance(labels, dict):
        return [*p, "picture.labels: must map each territory id to its label's [x, y] in the picture"]
    for tid in ids:
        lab = labels.get(tid)
        if not (
            isinstance(lab, list)
            and len(lab) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in lab)
        ):
            p.append(f"picture.labels[{tid}]: must be [x, y] in the picture's pixels, found {lab!r}"[:200])
        elif not (0 <= lab[0] < width and 0 <= lab[1] < height):
            p.append(f"picture.labels[{tid}]: [{lab[0]}, {lab[1]}] lies outside the {width}x{height} picture")
    for tid in labels:
        if tid not in ids:
            p.append(f"picture.labels: '{str(tid)[:40]}' names no territory")
    return p


def picture_from_doc(doc: dict[str, Any], ids: Sequence[str]) -> Picture:
    """The Picture of a `picture` mapping that picture_problems passed."""
    width, height = doc["size"]
    rows = tuple(decode_row(r, width, len(ids)) for r in doc["rows"])
    labels = tuple((int(doc["labels"][t][0]), int(doc["labels"][t][1])) for t in ids)
    return Picture(width, height, rows, labels)


def picture_to_doc(picture: Picture, ids: Sequence[str]) -> dict[str, Any]:
    """The `picture` mapping a board file holds (labels by territory id, in the territories' order)."""
    return {
        "size": [picture.width, picture.height],
        "labels": {t: [x, y] for t, (x, y) in zip(ids, picture.labels, strict=True)},
        "rows": [encode_row(r) for r in picture.rows],
    }
