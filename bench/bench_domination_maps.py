"""How real Domination maps import and read on screen, one row a map.

    python bench/bench_domination_maps.py [MAPS_FOLDER ...] [--sizes 98x44,78x39] [--points]

With --points each map is drawn from its countries' points, as a map without its image is (its image left
unread), to compare with the map drawn from its picture.

Default folders: Domination's own maps and its "Risk" build's (a checkout of Domination's source beside the
project; GPL, never copied into riskterm). A .map file that is in both folders and the same is read once.

Columns:
- borders: the pairs the .map file lists; land + sea as imported (or the one sentence it is refused with);
- biggest: the share of the picture's land the biggest territory holds (a misread image shows as one huge
  territory);
- per screen size (the map's cells at 140x45 and 120x40 are 98x44 and 78x39): names in full, names of four
  letters or more (or whole), duplicate labels (two territories showing the same text), false contacts (two
  territories whose cells touch on screen though the board has no border between them) and hidden borders
  (a land border whose territories neither touch on screen nor have a line drawn between them), and texts of
  two territories run together on a row with no cell between them (a count taken as three cells)."""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from riskterm.board.domination import build_board, decode_text, parse_map_text, snake_id
from riskterm.board.find import open_board
from riskterm.board.loader import board_from_text
from riskterm.board.model import Board
from riskterm.board.writer import board_yaml
from riskterm.errors import MapError
from riskterm.tui.layout import MapLayout, lay_out
from riskterm.tui.picture_map import _nearest

DOM = Path("/work/dom/src/game")
FOLDERS = (DOM / "Domination/maps", DOM / "Risk/maps")


def listed_pairs(path: Path) -> int:
    text = path.read_bytes().decode("latin-1")
    pairs: set[tuple[int, int]] = set()
    section = ""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line.strip("[] ").lower()
        elif section == "borders" and line and not line.startswith(";"):
            nums = [int(v) for v in line.split() if v.lstrip("-").isdigit()]
            for b in nums[1:]:
                if b != nums[0]:
                    pairs.add((min(nums[0], b), max(nums[0], b)))
    return len(pairs)


def _lined(plan: MapLayout, a: list[tuple[int, int]], b: list[tuple[int, int]]) -> bool:
    """A line is drawn between the nearest cells of a and b (a mark on at least one cell between them)."""
    _, (x0, y0), (x1, y1) = _nearest(a, b, 0)
    steps = max(abs(x1 - x0), abs(y1 - y0))
    for i in range(1, steps):
        x, y = round(x0 + (x1 - x0) * i / steps), round(y0 + (y1 - y0) * i / steps)
        if plan.cell[y][x] < 0 and plan.art[y][x] != " ":
            return True
    return False


def screen(board, plan: MapLayout) -> dict[str, int]:
    names = [t.name for t in board.territories]
    shown = plan.names
    full = sum(s == n for s, n in zip(shown, names, strict=True))
    fair = sum(s == n or len(s) >= 4 for s, n in zip(shown, names, strict=True))
    dup = sum(k - 1 for s, k in Counter(s for s in shown if s).items() if k > 1)
    touch: set[tuple[int, int]] = set()
    cell = plan.cell
    for y in range(plan.height):
        for x in range(plan.width):
            a = cell[y][x]
            if a < 0:
                continue
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if nx < plan.width and ny < plan.height:
                    b = cell[ny][nx]
                    if b >= 0 and b != a:
                        touch.add((min(a, b), max(a, b)))
    false = sum(1 for a, b in touch if b not in board.adj[a])
    cells: list[list[tuple[int, int]]] = [[] for _ in range(len(board))]
    for y in range(plan.height):
        for x in range(plan.width):
            if cell[y][x] >= 0:
                cells[cell[y][x]].append((x, y))
    hidden = 0
    for a in range(len(board)):
        for b in board.land_adj[a]:
            if (
                a < b
                and (a, b) not in touch
                and not (cells[a] and cells[b] and _lined(plan, cells[a], cells[b]))
            ):
                hidden += 1
    joined = 0  # texts of two territories side by side with no cell between ('IndiaSiam'): counts as 'B 3'
    for row in plan.slots_on:
        spans = []
        for t, role, x0, w in row:
            size = len(plan.names[t]) if role == "name" else min(w, 3)
            if size:
                left = x0 + max(0, (w - size) // 2)
                spans.append((left, left + size, t))
        spans.sort()
        joined += sum(1 for a, b in zip(spans, spans[1:], strict=False) if a[1] == b[0] and a[2] != b[2])
    return {"full": full, "fair": fair, "dup": dup, "false": false, "hidden": hidden, "joined": joined}


def from_points(path: Path) -> Board:
    """The board of a Domination map drawn from its countries' points (its image left unread)."""
    m = parse_map_text(decode_text(path.read_bytes()), path.name)
    got = build_board(m, None, None, snake_id(path.stem, "imported"), path.name, "Its image is left unread")
    return board_from_text(board_yaml(got.doc), path.name)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folders", nargs="*", type=Path, default=list(FOLDERS))
    ap.add_argument("--sizes", default="98x44,78x39", help="map cells to lay out at (140x45, 120x40 screens)")
    ap.add_argument("--points", action="store_true", help="draw each map from its points, not its image")
    args = ap.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    seen: dict[str, bytes] = {}
    head = f"{'map':14} {'n':>4} {'listed':>6} {'land+sea':>9} {'biggest':>7}"
    for w, h in sizes:
        head += f" | {w}x{h}: full  4+ dup false hidden joined"
    print(head)
    totals: Counter[str] = Counter()
    for folder in args.folders:
        for path in sorted(folder.glob("*.map"), key=lambda p: p.name.lower()):
            raw = path.read_bytes()
            if seen.get(path.name) == raw:
                continue
            seen.setdefault(path.name, raw)
            label = path.stem if folder == args.folders[0] else f"{path.stem}*"
            try:
                board = from_points(path) if args.points else open_board(str(path))
            except MapError as e:
                print(f"{label:14} refused: {e}")
                continue
            n = len(board)
            land = sum(len(a) for a in board.land_adj) // 2
            sea = sum(len(a) for a in board.sea_adj) // 2
            pic = board.picture
            biggest = 0.0
            if pic is not None:
                counts = pic.pixel_counts(n)
                biggest = max(counts) / max(1, sum(counts))
            row = f"{label:14} {n:4} {listed_pairs(path):6} {f'{land}+{sea}':>9} {biggest:7.0%}"
            base = lay_out(board, 1.0, 1.0)
            for w, h in sizes:
                t0 = time.perf_counter()
                plan = lay_out(board, w / base.art_width, h / base.art_height)
                totals[f"time{w}"] += int((time.perf_counter() - t0) * 1000)
                s = screen(board, plan)
                for k, v in s.items():
                    totals[f"{k}{w}"] += v
                totals[f"n{w}"] += n
                row += (
                    f" | {' ' * (len(str(w)) + len(str(h)) + 2)}{s['full'] / n:4.0%} {s['fair'] / n:4.0%} "
                    f"{s['dup']:3} {s['false']:5} {s['hidden']:6} {s['joined']:6}"
                )
            print(row)
    for w, h in sizes:
        n = max(1, totals[f"n{w}"])
        print(
            f"{w}x{h}: names in full {totals[f'full{w}'] / n:.0%}, 4+ letters {totals[f'fair{w}'] / n:.0%}, "
            f"duplicate labels {totals[f'dup{w}']}, false contacts {totals[f'false{w}']}, hidden land borders "
            f"{totals[f'hidden{w}']}, labels run together {totals[f'joined{w}']}, lay-out time "
            f"{totals[f'time{w}']} ms in all"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
