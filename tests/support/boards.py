"""Small boards the tests draw themselves (riskterm ships no third-party map): a grid of territories, one
region per row, land borders between grid neighbours and one sea-line between two corners."""

from __future__ import annotations

from pathlib import Path

import yaml

NAMES = (
    "North Fen",
    "Reed Marsh",
    "Old Mill",
    "East Weir",
    "Mere Wood",
    "Low Heath",
    "Stone Ford",
    "High Moor",
    "Salt Flats",
    "Crow Hill",
    "Grey Dale",
    "Far Isle",
    "Pike Lake",
    "Elm Vale",
    "Bramble",
    "Wolds",
)
GLYPHS = "abcdefghijklmnop"
KINDS = ("infantry", "cavalry", "artillery")
CELL_W, CELL_H = 9, 3


def grid_board(
    cols: int = 4,
    rows: int = 3,
    board_id: str = "lakes",
    name: str = "The Lakes",
    cards: bool = False,
    bonus: int = 2,
) -> dict:
    """The board document: `cols` x `rows` territories (at most 16); `cards` gives each a card kind."""
    n = cols * rows
    ids = [NAMES[i].lower().replace(" ", "_") for i in range(n)]
    terrs = []
    for i in range(n):
        r, c = divmod(i, cols)
        land = [ids[j] for j in (i - cols, i + cols) if 0 <= j < n]
        land += [ids[i + d] for d in (-1, 1) if 0 <= c + d < cols]
        t = {
            "id": ids[i],
            "name": NAMES[i],
            "neighbours": land,
            "glyph": GLYPHS[i],
            "label": [1 + c * CELL_W + 3, r * CELL_H + 1],
        }
        if cards:
            t["card"] = KINDS[(i * 2) % 3]
        terrs.append(t)
    if ids[n - 1] not in terrs[0]["neighbours"]:
        terrs[0]["sea_neighbours"], terrs[n - 1]["sea_neighbours"] = [ids[n - 1]], [ids[0]]  # drawn as stubs
    regions = [
        {
            "id": f"row{r + 1}",
            "name": f"Row {r + 1}",
            "kind": "region",
            "bonus": bonus + r,
            "territories": ids[r * cols : (r + 1) * cols],
        }
        for r in range(rows)
    ]
    art = []
    for r in range(rows):
        for _ in range(CELL_H):
            art.append(" " + "".join(GLYPHS[r * cols + c] * CELL_W for c in range(cols)))
    art[0] = "-" + art[0][1:]
    art[-1] += "-"
    return {
        "format": 1,
        "id": board_id,
        "name": name,
        "notes": "Drawn by the tests.",
        "regions": regions,
        "territories": terrs,
        "art": "\n".join(art) + "\n",
    }


class _Dumper(yaml.SafeDumper):
    pass


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None  # the art as a block, as the shipped boards hold it
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _text)


def board_yaml(doc: dict | None = None, **kw: object) -> str:
    """A board document (default: grid_board(**kw)) as YAML text."""
    return yaml.dump(
        doc if doc is not None else grid_board(**kw), Dumper=_Dumper, sort_keys=False, allow_unicode=True
    )


def write_board(path: Path, doc: dict | None = None, **kw: object) -> Path:
    """Write a board document (default: grid_board(**kw)) as a board file; returns the path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(board_yaml(doc, **kw), encoding="utf-8")
    return path
