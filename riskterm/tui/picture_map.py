"""A board's picture drawn on a grid of character cells (no Textual here): each cell takes the territory most
of its pixels belong to, every territory keeps at least one cell and, where the grid allows, room for its name
above its army count, and each sea-line is drawn across the water between the two territories it joins."""

from __future__ import annotations

from collections import Counter

from riskterm.board.model import Board
from riskterm.board.picture import SEA, Picture

CELLS_PER_TERRITORY = 72  # cells a territory has at scale 1 (the map can shrink to 0.45 of it: 42 fit 80x24)
SAMPLES = 4  # pixels sampled across (and down) a cell, at most
COUNT_WIDTH = 3  # the least room for an owner's letter and an army count side by side ('B 3', 'B12')


def picture_cells(picture: Picture, territories: int = 42) -> tuple[int, int]:
    """The grid a picture fills at a scale of 1: wide enough for its territories, in the picture's proportions
    (a character cell is about twice as tall as it is wide)."""
    area = max(1, territories) * CELLS_PER_TERRITORY * 1.0
    ratio = picture.height / picture.width / 2  # rows per column
    width = max(20, round((area / ratio) ** 0.5))
    return width, max(8, round(width * ratio))


def _samples(size: int, cells: int) -> list[list[int]]:
    """For each of `cells` cells across `size` pixels, the pixels sampled in it (evenly, SAMPLES at most)."""
    out = []
    for c in range(cells):
        a, b = c * size / cells, (c + 1) * size / cells
        k = max(1, min(SAMPLES, round(b - a)))
        out.append([min(size - 1, int(a + (i + 0.5) * (b - a) / k)) for i in range(k)])
    return out


def _downsample(picture: Picture, width: int, height: int) -> list[list[int]]:
    """Each cell the value most of its sampled pixels hold (a territory before sea on a tie)."""
    cols = _samples(picture.width, width)
    grid: list[list[int]] = []
    for ys in _samples(picture.height, height):
        rows = [picture.rows[y] for y in ys]
        out: list[int] = []
        for xs in cols:
            vals = [r[x] for r in rows for x in xs]
            first = vals[0]
            if vals.count(first) == len(vals):
                out.append(first)
            else:
                out.append(max(set(vals), key=lambda v: (vals.count(v), v)))
        grid.append(out)
    return grid


def _give_every_territory_a_cell(picture: Picture, grid: list[list[int]], n: int) -> None:
    """A territory too small to survive the scaling takes the free cell nearest its label (sea, or a cell of a
    territory with cells to spare)."""
    height, width = len(grid), len(grid[0])
    counts = Counter(v for row in grid for v in row)
    for t in range(n):
        if counts[t]:
            continue
        lx, ly = picture.labels[t]
        cx = min(width - 1, int(lx * width / picture.width))
        cy = min(height - 1, int(ly * height / picture.height))
        best = None
        for r in range(max(width, height)):
            for y in range(max(0, cy - r), min(height, cy + r + 1)):
                for x in range(max(0, cx - r), min(width, cx + r + 1)):
                    if max(abs(x - cx), abs(y - cy)) != r:
                        continue
                    v = grid[y][x]
                    if v == SEA or counts[v] > 1:
                        d = (x - cx) ** 2 + 4 * (y - cy) ** 2
                        if best is None or d < best[0]:
                            best = (d, x, y)
            if best is not None:
                break
        if best is None:
            continue
        _, x, y = best
        counts[grid[y][x]] -= 1
        grid[y][x] = t
        counts[t] = 1


def _slot(cells: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The cells of the widest stretch two rows of these cells share (a name above its army count)."""
    rows: dict[int, list[int]] = {}
    for x, y in cells:
        rows.setdefault(y, []).append(x)
    runs: dict[int, list[tuple[int, int]]] = {}
    for y, xs in rows.items():
        xs.sort()
        start = 0
        for i in range(1, len(xs) + 1):
            if i == len(xs) or xs[i] != xs[i - 1] + 1:
                runs.setdefault(y, []).append((xs[start], xs[i - 1] + 1))
                start = i
    best: tuple[int, int, int, int] = (0, 0, 0, 0)  # width, y, x0, x1
    for y, rs in runs.items():
        for a, b in rs:
            for c, d in runs.get(y + 1, ()):
                lo, hi = max(a, c), min(b, d)
                if hi - lo > best[0]:
                    best = (hi - lo, y, lo, hi)
    _, y, lo, hi = best
    return [(x, yy) for yy in (y, y + 1) for x in range(lo, hi)]


def _contacts(grid: list[list[int]]) -> dict[tuple[int, int], list[tuple[int, int, int, int]]]:
    """Each pair of territories (a < b) whose cells meet side by side or one above the other, and where: the
    cells (x, y) and (x2, y2) of each meeting."""
    out: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
    height, width = len(grid), len(grid[0])
    for y in range(height):
        row, below = grid[y], grid[y + 1] if y + 1 < height else None
        for x in range(width):
            a = row[x]
            if a < 0:
                continue
            if x + 1 < width and row[x + 1] >= 0 and row[x + 1] != a:
                b = row[x + 1]
                out.setdefault((min(a, b), max(a, b)), []).append((x, y, x + 1, y))
            if below is not None and below[x] >= 0 and below[x] != a:
                b = below[x]
                out.setdefault((min(a, b), max(a, b)), []).append((x, y, x, y + 1))
    return out


def _path(a: tuple[int, int], b: tuple[int, int], x_first: bool) -> list[tuple[int, int]]:
    """The cells strictly between a and b on a path of side-by-side steps (across first, or down first)."""
    (x, y), (x1, y1) = a, b
    out = []
    while (x, y) != (x1, y1):
        if (x != x1 and (x_first or y == y1)) or y == y1:
            x += 1 if x1 > x else -1
        else:
            y += 1 if y1 > y else -1
        out.append((x, y))
    return out[:-1]


JOIN_CELLS = 3  # cells a land border's two territories are joined across (a thick outline, scaled down)
SPARE_CELLS = 8  # a territory gives a cell to join two others only when it has this many


def _join_land_borders(board: Board, grid: list[list[int]], keep: set[tuple[int, int]]) -> None:
    """Two land neighbours that do not touch on the grid (the outline between them was wider than a cell, or
    they met at a corner) are joined across the cells between their nearest cells, half to each: sea cells,
    or else cells of a territory with cells to spare, never a cell in `keep` (the pairs too far apart get a
    line, as a sea-line does)."""
    touching = _contacts(grid)
    cells = _cells_of(grid, len(board.territories))
    for a, adj in enumerate(board.land_adj):
        for b in sorted(adj):
            if b < a or (a, b) in touching or not cells[a] or not cells[b]:
                continue
            rim_b = _rim(cells[b])
            near = sorted(
                (abs(ax - bx) ** 2 + 4 * (ay - by) ** 2, (ax, ay), (bx, by))
                for ax, ay in _rim(cells[a])
                for bx, by in rim_b
                if abs(ax - bx) + abs(ay - by) <= JOIN_CELLS + 1
            )
            paths = [_path(pa, pb, x_first) for _, pa, pb in near for x_first in (True, False)]
            for k, between in enumerate([*paths, *paths]):  # over the sea first
                if any((x, y) in keep for x, y in between) or not all(
                    grid[y][x] == SEA
                    or k >= len(paths)
                    and grid[y][x] not in (a, b)
                    and len(cells[grid[y][x]]) >= SPARE_CELLS
                    for x, y in between
                ):
                    continue
                half = (len(between) + 1) // 2
                for i, (x, y) in enumerate(between):
                    t, u = a if i < half else b, grid[y][x]
                    if u >= 0:
                        cells[u].remove((x, y))
                    grid[y][x] = t
                    cells[t].append((x, y))
                break


def _part_strangers(board: Board, grid: list[list[int]], keep: set[tuple[int, int]]) -> None:
    """Two territories that are no neighbours never touch on the grid: where their cells meet, the cell of
    the one with more cells becomes sea (a cell of a name's box or count, in `keep`, only when the other is one
    too and its territory keeps room for its count)."""
    counts = Counter(v for row in grid for v in row)
    for (a, b), meets in _contacts(grid).items():
        if b in board.adj[a]:
            continue
        for x, y, x2, y2 in meets:
            if (
                grid[y][x] != a
                and grid[y][x] != b
                or grid[y2][x2] not in (a, b)
                or grid[y][x] == grid[y2][x2]
            ):
                continue  # one of the two cells went to sea already
            options = [(x, y), (x2, y2)]
            options.sort(key=lambda c: (c in keep, -counts[grid[c[1]][c[0]]]))
            cx, cy = options[0]
            t = grid[cy][cx]
            if (cx, cy) in keep:  # a box's cell goes only if its territory keeps room for its count
                rest = {(x0, y0) for y0, row in enumerate(grid) for x0, v in enumerate(row) if v == t} - {
                    (cx, cy)
                }
                if len(_widest_run(rest)) < COUNT_WIDTH:
                    continue
            if counts[t] > 1:
                counts[t] -= 1
                grid[cy][cx] = SEA


def _make_room(board: Board, picture: Picture, grid: list[list[int]]) -> set[tuple[int, int]]:
    """Give each territory too small for its name above its count a box of cells for them at its label,
    taken from the sea or from bigger territories around it (smallest territories first; a territory whose
    slot is settled keeps it). Returns the cells of the boxes made, and of the runs kept for a count."""
    height, width = len(grid), len(grid[0])
    n = len(board.territories)
    cells: list[set[tuple[int, int]]] = [set() for _ in range(n)]
    for y, row in enumerate(grid):
        for x, v in enumerate(row):
            if v >= 0:
                cells[v].add((x, y))
    locked: set[tuple[int, int]] = set()
    made: set[tuple[int, int]] = set()  # the boxes made, and the counts' runs of territories with no box
    for t in sorted(range(n), key=lambda t: (len(cells[t]), t)):
        need = max(4, min(len(board.territories[t].name), 5) + 1)
        slot = _slot(cells[t])
        if len(slot) >= 2 * need:
            locked.update(slot)
            continue
        lx = min(width - 1, int(picture.labels[t][0] * width / picture.width))
        ly = min(height - 1, int(picture.labels[t][1] * height / picture.height))
        best = _box(grid, cells, locked, t, (lx, ly), need, 2, 2 * need)
        if best is None:
            run = _widest_run(cells[t])
            if len(run) >= COUNT_WIDTH:  # keep it: a box for a bigger territory later must not cut it
                locked.update(run)
                made.update(run)
                continue
            # no room for the name: a row of cells for the owner's letter and the count at least
            best = _box(grid, cells, locked, t, (lx, ly), COUNT_WIDTH, 1, COUNT_WIDTH)
        if best is None:
            continue
        for x, y in best:
            u = grid[y][x]
            if u >= 0:
                cells[u].discard((x, y))
            grid[y][x] = t
            cells[t].add((x, y))
        locked.update(best)
        made.update(best)
    return made


def _box(
    grid: list[list[int]],
    cells: list[set[tuple[int, int]]],
    locked: set[tuple[int, int]],
    t: int,
    label: tuple[int, int],
    wide: int,
    tall: int,
    spare: int,
) -> list[tuple[int, int]] | None:
    """The cheapest box `wide` x `tall` near the label cell for territory t: free of settled cells, and
    leaving every territory it takes from `spare` cells at least (None when there is none)."""
    height, width = len(grid), len(grid[0])
    lx, ly = label
    best: tuple[float, list[tuple[int, int]]] | None = None
    for y0 in range(ly - 3, ly + 3):
        for x0 in range(lx - wide - 2, lx + 3):
            if y0 < 0 or x0 < 0 or y0 + tall > height or x0 + wide > width:
                continue
            box = [(x, y) for y in range(y0, y0 + tall) for x in range(x0, x0 + wide)]
            taken: Counter[int] = Counter(grid[y][x] for x, y in box if grid[y][x] != t)
            if any(c in locked for c in box) or any(
                u >= 0 and len(cells[u]) - k < spare for u, k in taken.items()
            ):
                continue
            cost = sum(taken.values()) * 4 + abs(x0 + wide / 2 - lx) + 2 * abs(y0 + (tall - 1) / 2 - ly)
            if best is None or cost < best[0]:
                best = (cost, box)
    return None if best is None else best[1]


def _widest_run(cells: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The most cells of the territory side by side in one row."""
    widest: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    for x, y in sorted(cells, key=lambda c: (c[1], c[0])):
        run = [*run, (x, y)] if run and run[-1] == (x - 1, y) else [(x, y)]
        if len(run) > len(widest):
            widest = run
    return widest


def _cells_of(grid: list[list[int]], n: int) -> list[list[tuple[int, int]]]:
    cells: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for y, row in enumerate(grid):
        for x, v in enumerate(row):
            if v >= 0:
                cells[v].append((x, y))
    return cells


def _rim(cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The cells with a side not on another of these cells (in their order)."""
    own = set(cells)
    return [
        (x, y)
        for x, y in cells
        if (x - 1, y) not in own or (x + 1, y) not in own or (x, y - 1) not in own or (x, y + 1) not in own
    ]


def _nearest(
    a: list[tuple[int, int]], b: list[tuple[int, int]], wrap: int
) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """The closest cells of a and b (distance in cells, rows counting double), with `wrap` the width when
    going round the board's edge counts too (then the distance is the way round). Only the cells on each
    one's rim are tried: an inner cell always has a neighbour nearer the other."""
    best = None
    rim_b = _rim(b)
    for ax, ay in _rim(a):
        for bx, by in rim_b:
            dx = abs(ax - bx)
            if wrap:
                dx = min(dx, wrap - dx)
            d = dx * dx + 4 * (ay - by) ** 2
            if best is None or d < best[0]:
                best = (d, (ax, ay), (bx, by))
    assert best is not None
    return best


def _line(chars: list[list[str]], grid: list[list[int]], a: tuple[int, int], b: tuple[int, int]) -> None:
    """A sea-line from a to b over the water (territories' cells stay as they are)."""
    (x0, y0), (x1, y1) = a, b
    steps = max(abs(x1 - x0), abs(y1 - y0))
    dx, dy = x1 - x0, (y1 - y0) * 2  # a row is about two columns tall
    # the built-in boards' marks: '-' across, ':' down, '/' and '\\' on the slant
    mark = "-" if abs(dy) * 2 <= abs(dx) else ":" if abs(dx) * 2 <= abs(dy) else "/" if dx * dy < 0 else "\\"
    for i in range(1, steps):
        x = round(x0 + (x1 - x0) * i / steps)
        y = round(y0 + (y1 - y0) * i / steps)
        if 0 <= y < len(grid) and 0 <= x < len(grid[0]) and grid[y][x] == SEA:
            chars[y][x] = mark


def draw_picture(board: Board, width: int, height: int) -> tuple[list[list[int]], list[list[str]]]:
    """The territory index (or -1) of each of width x height cells, and the character of each (sea-lines'
    dots; a space elsewhere)."""
    picture = board.picture
    assert picture is not None
    n = len(board.territories)
    grid = _downsample(picture, width, height)
    _give_every_territory_a_cell(picture, grid, n)
    _join_land_borders(board, grid, set())
    _part_strangers(board, grid, set())
    boxes = _make_room(board, picture, grid)
    _join_land_borders(board, grid, boxes)  # a name's box may have come between two neighbours
    _part_strangers(board, grid, boxes)
    chars = [[" "] * width for _ in range(height)]
    cells = _cells_of(grid, n)
    touching = _contacts(grid)
    lines = {
        (t, u)
        for t in range(n)
        for u in board.adj[t]
        if u > t and (u in board.sea_adj[t] or (t, u) not in touching)
    }
    for t, u in sorted(lines):
        if cells[t] and cells[u]:
            _, a, b = _nearest(cells[t], cells[u], 0)
            round_d, ra, rb = _nearest(cells[t], cells[u], width)
            if (
                round_d < (a[0] - b[0]) ** 2 + 4 * (a[1] - b[1]) ** 2
            ):  # shorter round the edge: a stub at each
                left, right = (ra, rb) if ra[0] < rb[0] else (rb, ra)
                _line(chars, grid, left, (-1, left[1]))
                _line(chars, grid, right, (width, right[1]))
            else:
                _line(chars, grid, a, b)
    return grid, chars
