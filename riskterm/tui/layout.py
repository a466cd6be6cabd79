"""Where things go on the map at a given scale (no Textual here): the board's art resampled to the cells the
map has, the borders between territories, and a place inside each territory for its name and army count."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from riskterm.board.model import SEA_CHARS, Board
from riskterm.tui.picture_map import CELLS_PER_TERRITORY, COUNT_WIDTH, draw_picture, picture_cells
from riskterm.tui.short_names import short_forms, short_name

MIN_SCALE = (0.45, 0.5)  # below this the territories get too small to hold a count: the map scrolls instead
MIN_CELLS = (
    11  # a picture's map shrinks to this many cells a territory at the least (a count and a short name)
)
MIN_PICTURE_SCALE = 0.25  # and no side below this scale (the territories' shapes would go)
MAX_SCALE = 3.0
ARMY_WIDTH = 4  # owner letter, space and a count of up to 2 digits ('B 12'); 3 digits drop the space


# One stretch of a map row, painted as one segment (a slot as up to four):
#   ('sea'|'blank', -1, chars, 0)  sea-lines, or nothing
#   ('fill', t, chars, 0)          territory t's cells; '\0' where the owner's letter goes
#   ('edge', t, chars, 0)          half-block cells along t's border with another territory
#   ('name'|'army', t, edge, width) a text slot `width` wide; `edge` is the border glyph of its last cell or ''
Piece = tuple[str, int, str, int]
EDGE_GLYPHS = {(True, False): "▌", (False, True): "▀", (True, True): "▘"}  # (right, below): the dark half


@dataclass(frozen=True, eq=False)
class MapLayout:
    art_width: int
    art_height: int
    width: int
    height: int
    cell: tuple[tuple[int, ...], ...]  # territory index per map cell, -1 for sea or blank
    art: tuple[str, ...]  # the art's character per map cell (sea-lines are drawn from it)
    bottom_edge: tuple[tuple[bool, ...], ...]  # the cell below belongs to another territory
    rows_of: tuple[frozenset[int], ...]  # map rows showing each territory (its cells and its texts)
    anchor: tuple[tuple[int, int], ...]  # per territory: the cell its name starts at
    names: tuple[str, ...]  # per territory: the name as it fits
    slots_on: tuple[
        tuple[tuple[int, str, int, int], ...], ...
    ]  # per row: (territory, 'name'|'army', x, width)
    pieces_on: tuple[tuple[Piece, ...], ...]  # per row, left to right: what the board paints there

    def territory_at(self, x: int, y: int) -> int:
        if 0 <= y < self.height and 0 <= x < self.width:
            return self.cell[y][x]
        return -1

    def art_row(self, y: int) -> str:
        return self.art[y]


def art_size(board: Board) -> tuple[int, int]:
    """The size the map is scaled from: the art's, or for a board drawn from its picture the cells its picture
    fills at a scale of 1."""
    if board.picture is not None:
        return picture_cells(board.picture, len(board.territories))
    return max(len(r) for r in board.art), len(board.art)


def lay_out(board: Board, sx: float, sy: float) -> MapLayout:
    sx, sy = min(MAX_SCALE, sx), min(MAX_SCALE, sy)
    if board.picture is None:  # hand-made art: its drawing needs its cells
        sx, sy = max(MIN_SCALE[0], sx), max(MIN_SCALE[1], sy)
    else:  # a picture shrinks while each territory keeps room for its count, so that a big board fits whole
        sx, sy = max(MIN_PICTURE_SCALE, sx), max(MIN_PICTURE_SCALE, sy)
        short = MIN_CELLS / CELLS_PER_TERRITORY / (sx * sy)
        if short > 1:
            sx, sy = sx * short**0.5, sy * short**0.5
    aw, ah = art_size(board)
    return _lay_out(board, round(aw * sx), round(ah * sy))


PREVIEW_MIN = (24, 6)  # a preview is never drawn smaller (it scrolls in a smaller space)


def fitted(board: Board, width: int, height: int) -> MapLayout:
    """The board laid out to width x height cells exactly, smaller than a game allows (a preview: names as
    short as they must be, the smallest territories a cell); at the game's smallest scale where the drawing
    cannot be made that small."""
    try:
        return _lay_out(board, max(PREVIEW_MIN[0], width), max(PREVIEW_MIN[1], height))
    except (ValueError, ZeroDivisionError, IndexError):  # too few cells for the board's territories and names
        return lay_out(board, *MIN_SCALE)


@lru_cache(maxsize=16)
def _lay_out(board: Board, width: int, height: int) -> MapLayout:
    aw, ah = art_size(board)
    if board.picture is not None:
        cell, chars = draw_picture(board, width, height)
    else:
        art = board.art
        glyph = {t.glyph: t.index for t in board.territories}
        xs = [min(aw - 1, int((x + 0.5) * aw / width)) for x in range(width)]
        ys = [min(ah - 1, int((y + 0.5) * ah / height)) for y in range(height)]
        src = [r.ljust(aw) for r in art]
        chars = [[src[ys[y]][xs[x]] for x in range(width)] for y in range(height)]
        cell = [[glyph.get(ch, -1) for ch in row] for row in chars]
        # a territory too small to survive the scaling keeps one cell at its label point
        seen = {t for row in cell for t in row}
        for t in board.territories:
            if t.index not in seen:
                x = min(width - 1, int(t.label[0] * width / aw))
                y = min(height - 1, int(t.label[1] * height / ah))
                cell[y][x] = t.index
    bottom = [
        [
            y + 1 < height and cell[y][x] >= 0 and cell[y + 1][x] >= 0 and cell[y + 1][x] != cell[y][x]
            for x in range(width)
        ]
        for y in range(height)
    ]
    n = len(board.territories)
    runs: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]  # (y, x0, x1) usable for text
    for y, row in enumerate(cell):
        x = 0
        while x < width:
            k = row[x]
            if k < 0:
                x += 1
                continue
            x0 = x
            while x < width and row[x] == k:
                x += 1
            runs[k].append(
                (y, x0, x)
            )  # the last cell may hold the border glyph: text goes over it only if needed
    rows_of: list[set[int]] = [set() for _ in range(n)]
    for k in range(n):
        rows_of[k] = {y for y, _, _ in runs[k]}
    slots: list[list[tuple[int, str, int, int]]] = [[] for _ in range(height)]
    anchors: list[tuple[int, int]] = []
    names: list[str] = []
    for t in board.territories:
        prefer = None
        if board.picture is not None:  # near the label point the map's author chose
            lx, ly = board.picture.labels[t.index]
            prefer = (lx * width / board.picture.width, ly * height / board.picture.height)
        name, anchor, placed = _place(t.name, runs[t.index], cell, width, prefer, board.picture is not None)
        names.append(name)
        anchors.append(anchor)
        for role, x0, y, w in placed:
            slots[y].append((t.index, role, x0, w))
            rows_of[t.index].add(y)
    _keep_apart(board, names, anchors, slots)
    _tell_apart(board, names, anchors, slots, cell)
    pieces = tuple(_pieces(y, cell[y], chars[y], bottom[y], slots[y]) for y in range(height))
    return MapLayout(
        aw,
        ah,
        width,
        height,
        tuple(map(tuple, cell)),
        tuple("".join(r) for r in chars),
        tuple(map(tuple, bottom)),
        tuple(frozenset(r) for r in rows_of),
        tuple(anchors),
        tuple(names),
        tuple(tuple(s) for s in slots),
        pieces,
    )


def _pieces(
    y: int, row: list[int], chars: list[str], below: list[bool], slots: list[tuple[int, str, int, int]]
) -> tuple[Piece, ...]:
    """Row y cut into stretches that paint as one segment each (worked out once per size, so that drawing a
    row is a few string joins)."""
    width = len(row)

    def edge(x: int) -> str:
        t = row[x]
        right = x + 1 < width and row[x + 1] >= 0 and row[x + 1] != t
        return EDGE_GLYPHS.get((right, below[x]), "") if t >= 0 else ""

    slot_at: dict[int, int] = {}
    for i, (_, _, x0, w) in enumerate(slots):
        for x in range(x0, x0 + w):
            slot_at.setdefault(x, i)
    out: list[Piece] = []
    x = 0
    while x < width:
        if x in slot_at:
            i = slot_at[x]
            t, role, _, _ = slots[i]
            x0 = x
            while x < width and slot_at.get(x) == i:
                x += 1
            out.append((role, t, edge(x - 1) if row[x - 1] == t else "", x - x0))
            continue
        t, e = row[x], edge(x)
        kind = ("sea" if chars[x] in SEA_CHARS else "blank") if t < 0 else "edge" if e else "fill"
        x0 = x
        text = []
        while x < width and x not in slot_at and row[x] == t:
            ex = edge(x)
            k = ("sea" if chars[x] in SEA_CHARS else "blank") if t < 0 else "edge" if ex else "fill"
            if k != kind:
                break
            # the owner's letter every fourth cell, never right beside a name or a count ('CPeru', 'B 3B')
            letter = (x + (y % 2) * 2) % 4 == 0 and x - 1 not in slot_at and x + 1 not in slot_at
            text.append(chars[x] if t < 0 else ex if ex else "\0" if letter else " ")
            x += 1
        out.append((kind, t, "".join(text), 0))
        assert x > x0
    return tuple(out)


def _keep_apart(
    board: Board,
    names: list[str],
    anchors: list[tuple[int, int]],
    slots: list[list[tuple[int, str, int, int]]],
) -> None:
    """Two texts of different territories side by side on a row ('IndiaSiam', 'B 2Onta') get a cell between
    them: the slot that can spare it gives up its cell next to the other (one whose text still fits first,
    then a name before a count, a wider slot before a narrower; a count keeps three cells), and a name refits
    its narrower slot."""
    for y, row in enumerate(slots):
        if len(row) < 2:
            continue
        row.sort(key=lambda s: s[2])
        for i in range(len(row) - 1):
            (t, role, x0, w), (u, role2, x1, w2) = row[i], row[i + 1]
            if t == u or x0 + w != x1:
                continue
            need = [COUNT_WIDTH if r == "army" else 3 for r in (role, role2)]
            spare = [w - need[0], w2 - need[1]]
            if max(spare) <= 0:
                if "name" not in (role, role2):
                    continue
                left = role == "name"  # no room to spare: a name goes (the count beside it stays whole)
            else:
                # a slot whose text still fits one cell narrower gives it; else a name before a count
                fits = [
                    spare[0] > 0 and (role != "name" or len(names[t]) < w),
                    spare[1] > 0 and (role2 != "name" or len(names[u]) < w2),
                ]
                if fits[0] or fits[1]:
                    left = fits[0] and (not fits[1] or spare[0] >= spare[1])
                else:
                    left = spare[0] > 0 and (role == "name" and role2 != "name" or spare[0] >= spare[1])
            if left:
                row[i] = (t, role, x0, w - 1)
            else:
                row[i + 1] = (u, role2, x1 + 1, w2 - 1)
            k, r, xs, ws = row[i] if left else row[i + 1]
            if r == "name" and len(names[k]) > ws:
                full = board.territories[k].name
                names[k] = next((f for f in short_forms(full, ws) if len(f) >= min(3, len(full))), "")
                anchors[k] = (xs + (ws - len(names[k])) // 2, y)


def _tell_apart(
    board: Board,
    names: list[str],
    anchors: list[tuple[int, int]],
    slots: list[list[tuple[int, str, int, int]]],
    cell: list[list[int]],
) -> None:
    """No two territories show the same label ('R.shi' for Ross-shire and Renfrew-shire): each after the first
    of a label takes its next shorter form that no other label shows, or shows none (its count still does)."""
    groups: dict[str, list[int]] = {}
    for t, text in enumerate(names):
        if text:
            groups.setdefault(text, []).append(t)
    if all(len(g) == 1 for g in groups.values()):
        return
    name_slot = {t: (x0, y, w) for y, row in enumerate(slots) for t, role, x0, w in row if role == "name"}
    shown = set(groups)
    for text, group in groups.items():
        keep = next((t for t in group if board.territories[t].name == text), group[0])
        for t in group:
            if t == keep or t not in name_slot:
                continue
            x0, y, w = name_slot[t]
            border = len(text) < w and x0 + w < len(cell[y]) and cell[y][x0 + w] >= 0
            full = board.territories[t].name
            other = next(
                (
                    f
                    for f in short_forms(full, w - 1 if border else w)
                    if f not in shown and len(f) >= min(3, len(full))
                ),
                "",
            )
            names[t] = other
            if other:
                shown.add(other)
                anchors[t] = (x0 + (w - len(other)) // 2, y)


def _fit(name: str, width: int, border: bool) -> str:
    """The name for a slot `width` wide whose last cell may hold a border: a short name (Ukraine, Peru) may
    take that cell, anything else stops before it, so that two names seldom run into each other."""
    inner = width - 1 if border else width
    if len(name) <= inner or (len(name) <= width and len(name) <= 7):
        return name
    return short_name(
        name, width if inner < 3 <= width else inner
    )  # three letters over the border's cell before one


def _place(
    name: str,
    runs: list[tuple[int, int, int]],
    cell: list[list[int]],
    width: int,
    prefer: tuple[float, float] | None = None,
    drawn: bool = False,
) -> tuple[str, tuple[int, int], list[tuple[str, int, int, int]]]:
    """The name as it fits, its anchor and the slots (role, x, y, width): the name on one row with the army
    count on the next when the territory has two rows that overlap, else both on one row, else the count.
    On a map `drawn` from a picture the count keeps room for the owner's letter and two digits when the
    territory has it, and a name cut to one or two letters is left out."""
    least = COUNT_WIDTH if drawn else 2

    def readable(short: str) -> bool:
        return not drawn or len(short) >= min(3, len(name))

    cy = sum(y for y, _, _ in runs) / len(runs) if prefer is None else prefer[1]
    cx = prefer[0] if prefer is not None else None
    by_row: dict[int, tuple[int, int]] = {}
    for y, a, b in runs:  # the widest run of each row
        if y not in by_row or b - a > by_row[y][1] - by_row[y][0]:
            by_row[y] = (a, b)
    want = len(name)
    best = None
    for y, (a, b) in by_row.items():
        nxt = by_row.get(y + 1)
        if nxt is None:
            continue
        lo, hi = max(a, nxt[0]), min(b, nxt[1])
        if hi - lo < least:
            continue
        score = (
            min(hi - lo, want) * 4
            - abs(y + 0.5 - cy)
            - (abs((lo + hi) / 2 - cx) / 2 if cx is not None else 0)
        )
        if best is None or score > best[0]:
            best = (score, y, lo, hi)
    if best is not None:
        _, y, lo, hi = best
        short = _fit(name, hi - lo, hi < width and cell[y][hi] >= 0)
        if not readable(short):
            return "", (lo, y + 1), [("army", lo, y + 1, hi - lo)]
        return (
            short,
            (lo + (hi - lo - len(short)) // 2, y),
            [("name", lo, y, hi - lo), ("army", lo, y + 1, hi - lo)],
        )
    y, (a, b) = max(by_row.items(), key=lambda kv: (kv[1][1] - kv[1][0]) * 4 - abs(kv[0] - cy))
    army = ARMY_WIDTH if b - a >= 9 else 3
    short = _fit(name, b - a - army - 1, False) if b - a >= army + 3 else ""
    if short and readable(short):
        return (
            short,
            (a, y),
            [("name", a, y, len(short)), ("army", a + len(short) + 1, y, b - a - len(short) - 1)],
        )
    # too small for a name: the count, spilling into the sea beside it when the territory is narrower
    row = cell[y]
    while b - a < 2 and b < width and row[b] < 0:
        b += 1
    while b - a < 2 and a > 0 and row[a - 1] < 0:
        a -= 1
    return "", (a, y), [("army", a, y, b - a)]
