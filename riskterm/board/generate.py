"""A random board from a seed (`riskterm new-map`): the same seed and sizes give the same board.

How it is made, on a raster of square pixels (the board's picture):
1. Regions get sizes between half and one and a half times the average, then each a round blob of land of
   matching area, placed one by one next to a blob already there: some overlap (a land bridge), some stop
   short of it (a strait); of many layouts the one closest to a landscape screen is kept.
2. A noise field wrinkles the coasts and the borders between regions; each region keeps its largest piece of
   land, and lakes are filled.
3. Each region is cut into its territories around seed points spread over it (farthest points, then moved
   to the middle of their cells twice), each pixel going to the nearest seed through the region's own land:
   every territory is one piece.
4. Land borders are pixels touching; across the water, the sea is flooded from every coast at once and where
   two floods meet is a crossing of that length: the shortest crossings join the pieces of land, narrow
   straits always become sea-lines, and a few longer ones make loops (as Alaska and Kamchatka do).
5. A region's bonus follows its size and the territories it must guard (the classic world's bonuses come out
   of the same reading within one army), names are made up (names.py), card kinds dealt in equal numbers.

Only +, -, *, / and sqrt are used on floats (no pow, sin or exp, which C libraries round each their own way),
so every platform makes the same board."""

from __future__ import annotations

import heapq
import random
from collections import deque
from dataclasses import dataclass
from math import sqrt

from riskterm.board.names import NameMaker, slug
from riskterm.board.picture import SEA, Picture, picture_to_doc
from riskterm.errors import RiskError

MIN_TERRITORIES, MAX_TERRITORIES = 6, 250
MIN_REGIONS, MAX_REGIONS = 2, 20
AREA = 150  # land pixels per territory (a territory gets far fewer character cells on the screen)
ASPECT = 1.4  # the picture's width over its height the layouts aim for (a landscape terminal)
MARGIN = 4  # sea pixels around the land
LAYOUTS = 12  # layouts tried (geometry only, cheap)
KINDS = ("infantry", "cavalry", "artillery")
TALL = 1.4  # a pixel's height counts this much more than its width in cutting territories: they come out
# wider than tall, as a name and a count need on a terminal
_DIAGONAL = sqrt(1 + TALL * TALL)
STEPS = (
    (1, 0, 1.0),
    (-1, 0, 1.0),
    (0, 1, TALL),
    (0, -1, TALL),
    (1, 1, _DIAGONAL),
    (1, -1, _DIAGONAL),
    (-1, 1, _DIAGONAL),
    (-1, -1, _DIAGONAL),
)
T2 = TALL * TALL


def _sq(v: float) -> float:
    return v * v  # not v ** 2: pow() may round differently from one C library to another


class GenerateError(RiskError):
    """Options no board can be made from (one sentence)."""


def check_sizes(territories: int, regions: int) -> None:
    if not MIN_TERRITORIES <= territories <= MAX_TERRITORIES:
        raise GenerateError(
            f"A generated board has {MIN_TERRITORIES} to {MAX_TERRITORIES} territories, not {territories}."
        )
    if not MIN_REGIONS <= regions <= MAX_REGIONS:
        raise GenerateError(f"A generated board has {MIN_REGIONS} to {MAX_REGIONS} regions, not {regions}.")
    if territories < 2 * regions:
        raise GenerateError(
            f"{territories} territories are too few for {regions} regions (at least two "
            f"territories each: {2 * regions})."
        )


@dataclass(frozen=True)
class Generated:
    """A generated board: what its board file says (board_document) and the raster it is drawn from."""

    board_id: str
    name: str
    notes: str
    regions: list[dict[str, object]]
    territories: list[dict[str, object]]
    raster: Picture


# --- noise ------------------------------------------------------------------------------------------------
class Noise:
    """Smooth value noise in [-1, 1]: random values on a lattice `step` pixels apart, blended."""

    def __init__(self, rng: random.Random, width: int, height: int, step: float) -> None:
        self.step = step
        self.cols = int(width / step) + 3
        self.rows = int(height / step) + 3
        self.grid = [[rng.random() * 2 - 1 for _ in range(self.cols)] for _ in range(self.rows)]

    def at(self, x: float, y: float) -> float:
        fx, fy = x / self.step, y / self.step
        ix, iy = int(fx), int(fy)
        tx, ty = fx - ix, fy - iy
        sx, sy = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
        g0, g1 = self.grid[iy % self.rows], self.grid[(iy + 1) % self.rows]  # beyond the picture: wrapped
        x0, x1 = ix % self.cols, (ix + 1) % self.cols
        a = g0[x0] + (g0[x1] - g0[x0]) * sx
        b = g1[x0] + (g1[x1] - g1[x0]) * sx
        return a + (b - a) * sy


# --- 1. region sizes and blobs ------------------------------------------------------------------------------
def region_sizes(rng: random.Random, territories: int, regions: int) -> list[int]:
    """Sizes adding up to `territories`, each between about half and one and a half times the average and
    at least 2 (largest remainders)."""
    weights = [0.5 + rng.random() for _ in range(regions)]
    total = sum(weights)
    spare = territories - 2 * regions
    exact = [max(0.0, w / total * territories - 2) for w in weights]
    scale = spare / sum(exact) if sum(exact) else 0.0
    exact = [e * scale for e in exact]
    sizes = [2 + int(e) for e in exact]
    order = sorted(range(regions), key=lambda i: (-(exact[i] - int(exact[i])), i))
    for i in order[: territories - sum(sizes)]:
        sizes[i] += 1
    return sizes


@dataclass
class Blob:
    x: float
    y: float
    r: float


def _unit(rng: random.Random) -> tuple[float, float]:
    while True:
        x, y = rng.random() * 2 - 1, rng.random() * 2 - 1
        d = sqrt(x * x + y * y)
        if 0.2 < d <= 1:
            return x / d, y / d


def _layout(rng: random.Random, sizes: list[int]) -> list[Blob]:
    """Blobs placed one by one beside a blob already there, overlapping it a little or a strait apart; of a
    few places open to each, the nearest the middle of the land so far (a compact world)."""
    radii = [sqrt(s * AREA / 3.14159) for s in sizes]
    blobs = [Blob(0.0, 0.0, radii[0])]
    for r in radii[1:]:
        area = sum(b.r * b.r for b in blobs)
        mx = sum(b.x * b.r * b.r for b in blobs) / area
        my = sum(b.y * b.r * b.r for b in blobs) / area
        places: list[tuple[float, float]] = []
        for attempt in range(300):
            parent = blobs[int(rng.random() * len(blobs))]
            ux, uy = _unit(rng)
            gap = 0.9 + rng.random() * 0.5  # below 1: the blobs overlap; above: water between them
            d = (parent.r + r) * gap
            x, y = parent.x + ux * d, parent.y + uy * d
            if all(
                sqrt(_sq(x - b.x) + _sq(y - b.y)) >= (b.r + r) * (0.8 if attempt < 200 else 0.6)
                for b in blobs
                if b is not parent
            ):
                places.append((x, y))
                if len(places) == 3:
                    break
        if places:
            x, y = min(places, key=lambda p: _sq(p[0] - mx) / ASPECT + _sq(p[1] - my) * ASPECT)
            blobs.append(Blob(x, y, r))
        else:  # crowded: beyond everything, to the right
            right = max(b.x + b.r for b in blobs)
            blobs.append(Blob(right + r, 0.0, r))
    return blobs


def _frame(blobs: list[Blob]) -> tuple[float, float, float, float]:
    reach = 1.3  # the noise lets a coast come out this far beyond a blob's radius
    x0 = min(b.x - b.r * reach for b in blobs)
    x1 = max(b.x + b.r * reach for b in blobs)
    y0 = min(b.y - b.r * reach for b in blobs)
    y1 = max(b.y + b.r * reach for b in blobs)
    return x0, y0, x1, y1


def _fit(blobs: list[Blob]) -> float:
    """How far a layout is from a landscape picture of little sea (lower is better)."""
    x0, y0, x1, y1 = _frame(blobs)
    w, h = x1 - x0, y1 - y0
    aspect = w / h
    off = aspect / ASPECT if aspect > ASPECT else ASPECT / aspect
    land = sum(3.14159 * b.r * b.r for b in blobs)
    return off * 2 + (w * h) / land


def best_layout(rng: random.Random, sizes: list[int]) -> list[Blob]:
    layouts = [_layout(rng, sizes) for _ in range(LAYOUTS)]
    return min(layouts, key=_fit)  # min keeps the first of equals


# --- 2. land and regions on the raster ----------------------------------------------------------------------
def paint_regions(rng: random.Random, blobs: list[Blob]) -> tuple[int, int, list[list[int]]]:
    """(width, height, region index per pixel or SEA)."""
    x0, y0, x1, y1 = _frame(blobs)
    width = int(x1 - x0) + 2 * MARGIN
    height = int(y1 - y0) + 2 * MARGIN
    for b in blobs:
        b.x, b.y = b.x - x0 + MARGIN, b.y - y0 + MARGIN
    mean_r = sum(b.r for b in blobs) / len(blobs)
    coast = Noise(rng, width, height, max(6.0, mean_r * 0.55))
    fine = Noise(rng, width, height, 3.0)
    edge = Noise(rng, width, height, max(5.0, mean_r * 0.35))
    grid = [[SEA] * width for _ in range(height)]
    boxes = [
        (
            int(b.x - b.r * 1.3) - 1,
            int(b.x + b.r * 1.3) + 2,
            int(b.y - b.r * 1.3) - 1,
            int(b.y + b.r * 1.3) + 2,
        )
        for b in blobs
    ]
    for y in range(height):
        row = grid[y]
        for x in range(width):
            best, best_score = SEA, 1.0
            wobble = 0.0
            for i, b in enumerate(blobs):
                bx0, bx1, by0, by1 = boxes[i]
                if not (bx0 <= x < bx1 and by0 <= y < by1):
                    continue
                if wobble == 0.0:
                    wobble = coast.at(x, y) * 0.28 + fine.at(x, y) * 0.07 + 1e-9
                dx, dy = x - b.x, y - b.y
                score = sqrt(dx * dx + dy * dy) / b.r + wobble
                if score < 1.0:  # within the land: the border between regions wobbles on its own
                    score += edge.at(x + 17.0 * i, y + 11.0 * i) * 0.22
                    if score < best_score or best == SEA:
                        best, best_score = i, score
            row[x] = best
    _keep_largest_pieces(grid, len(blobs))
    _fill_lakes(grid)
    return _crop(grid)


def _crop(grid: list[list[int]]) -> tuple[int, int, list[list[int]]]:
    """The grid cut down to its land and MARGIN pixels of sea around it."""
    ys = [y for y, row in enumerate(grid) if any(v >= 0 for v in row)]
    xs = [x for x in range(len(grid[0])) if any(row[x] >= 0 for row in grid)]
    x0, x1 = max(0, xs[0] - MARGIN), min(len(grid[0]), xs[-1] + 1 + MARGIN)
    y0, y1 = max(0, ys[0] - MARGIN), min(len(grid), ys[-1] + 1 + MARGIN)
    out = [row[x0:x1] for row in grid[y0:y1]]
    return x1 - x0, y1 - y0, out


def _pieces(grid: list[list[int]], value: int, cells: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The 4-connected pieces of `cells` (all holding `value`)."""
    height, width = len(grid), len(grid[0])
    seen: set[tuple[int, int]] = set()
    out: list[list[tuple[int, int]]] = []
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        piece, todo = [], [start]
        while todo:
            x, y = todo.pop()
            piece.append((x, y))
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < width and 0 <= ny < height and (nx, ny) not in seen and grid[ny][nx] == value:
                    seen.add((nx, ny))
                    todo.append((nx, ny))
        out.append(piece)
    return out


def _keep_largest_pieces(grid: list[list[int]], regions: int) -> None:
    cells: list[list[tuple[int, int]]] = [[] for _ in range(regions)]
    for y, row in enumerate(grid):
        for x, v in enumerate(row):
            if v >= 0:
                cells[v].append((x, y))
    for r in range(regions):
        pieces = _pieces(grid, r, cells[r])
        pieces.sort(key=len, reverse=True)
        for piece in pieces[1:]:
            for x, y in piece:
                grid[y][x] = SEA


def _fill_lakes(grid: list[list[int]]) -> None:
    """Sea no edge of the picture reaches becomes land of the region around it most."""
    height, width = len(grid), len(grid[0])
    sea = [(x, y) for y in range(height) for x in range(width) if grid[y][x] == SEA]
    for piece in _pieces(grid, SEA, sea):
        if any(x in (0, width - 1) or y in (0, height - 1) for x, y in piece):
            continue
        around: dict[int, int] = {}
        for x, y in piece:
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                v = grid[ny][nx]
                if v >= 0:
                    around[v] = around.get(v, 0) + 1
        fill = max(sorted(around), key=lambda v: around[v])
        for x, y in piece:
            grid[y][x] = fill


# --- 3. territories ---------------------------------------------------------------------------------------
def _spread(rng: random.Random, cells: list[tuple[int, int]], count: int) -> list[tuple[int, int]]:
    """`count` distinct cells spread over `cells` (farthest points, on every fourth cell of a big region)."""
    pool = [c for c in cells if not (c[0] | c[1]) & 1] if len(cells) > 16 * count else cells
    first = pool[int(rng.random() * len(pool))]
    seeds = [first]
    near = [(x - first[0]) ** 2 + T2 * (y - first[1]) ** 2 for x, y in pool]
    while len(seeds) < count:
        sx, sy = pool[near.index(max(near))]
        seeds.append((sx, sy))
        near = [
            d if d < (e := (x - sx) ** 2 + T2 * (y - sy) ** 2) else e
            for d, (x, y) in zip(near, pool, strict=True)
        ]
    return seeds


def _flood(grid: list[list[int]], seeds: list[tuple[int, int]], region_of: list[int]) -> list[list[int]]:
    """Each pixel of land to the nearest seed of its region through the region's own land (so every
    territory is one piece); seeds[t] is territory t's."""
    height, width = len(grid), len(grid[0])
    terr = [[SEA] * width for _ in range(height)]
    dist = [[1e18] * width for _ in range(height)]
    heap = [(0.0, t, x, y) for t, (x, y) in enumerate(seeds)]
    for _, _, x, y in heap:
        dist[y][x] = 0.0
    heapq.heapify(heap)
    while heap:
        d, t, x, y = heapq.heappop(heap)
        if terr[y][x] != SEA:
            continue
        terr[y][x] = t
        r = region_of[t]
        for dx, dy, step in STEPS:
            nx, ny = x + dx, y + dy
            if 0 <= nx < width and 0 <= ny < height and grid[ny][nx] == r and terr[ny][nx] == SEA:
                nd = d + step
                if nd < dist[ny][nx]:
                    dist[ny][nx] = nd
                    heapq.heappush(heap, (nd, t, nx, ny))
    return terr


def _centres(terr: list[list[int]], count: int) -> list[tuple[int, int]]:
    """Each territory's pixel nearest its centre of mass (inside it, however it is shaped)."""
    sums = [[0, 0, 0] for _ in range(count)]
    for y, row in enumerate(terr):
        for x, t in enumerate(row):
            if t >= 0:
                s = sums[t]
                s[0] += x
                s[1] += y
                s[2] += 1
    mid = [(sx / n, sy / n) for sx, sy, n in sums]
    best: list[tuple[float, int, int]] = [(1e18, 0, 0)] * count
    for y, row in enumerate(terr):
        for x, t in enumerate(row):
            if t >= 0:
                mx, my = mid[t]
                d = _sq(x - mx) + T2 * _sq(y - my)
                if d < best[t][0]:
                    best[t] = (d, x, y)
    return [(x, y) for _, x, y in best]


def cut_territories(
    rng: random.Random, grid: list[list[int]], sizes: list[int]
) -> tuple[list[list[int]], list[int]]:
    """(territory index per pixel or SEA, each territory's region), territories numbered region by region:
    seeds spread over each region, each moved to the middle of its territory twice (cells of even size)."""
    cells: list[list[tuple[int, int]]] = [[] for _ in sizes]
    for y, row in enumerate(grid):
        for x, v in enumerate(row):
            if v >= 0:
                cells[v].append((x, y))
    seeds: list[tuple[int, int]] = []
    region_of: list[int] = []
    for r, size in enumerate(sizes):
        found = _spread(rng, cells[r], min(size, len(cells[r])))
        seeds.extend(found)
        region_of.extend([r] * len(found))
    for _ in range(2):
        seeds = _centres(_flood(grid, seeds, region_of), len(seeds))
    return _flood(grid, seeds, region_of), region_of


def label_points(terr: list[list[int]], count: int) -> list[tuple[int, int]]:
    """Each territory's pixel farthest inside it (the most room around its name), across counting half: a
    name runs across."""
    height, width = len(terr), len(terr[0])
    depth = [[-1] * width for _ in range(height)]
    todo: deque[tuple[int, int]] = deque()
    for y in range(height):
        for x in range(width):
            t = terr[y][x]
            if t < 0:
                continue
            if any(
                not (0 <= nx < width and 0 <= ny < height) or terr[ny][nx] != t
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
            ):
                depth[y][x] = 0
                todo.append((x, y))
    while todo:
        x, y = todo.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < width and 0 <= ny < height and depth[ny][nx] < 0 and terr[ny][nx] == terr[y][x]:
                depth[ny][nx] = depth[y][x] + 1
                todo.append((nx, ny))
    best: list[tuple[int, int, int]] = [(-1, 0, 0)] * count
    for y in range(height):
        for x in range(width):
            t = terr[y][x]
            if t >= 0 and depth[y][x] > best[t][0]:
                best[t] = (depth[y][x], x, y)
    return [(x, y) for _, x, y in best]


# --- 4. borders and sea-lines -------------------------------------------------------------------------------
def land_borders(terr: list[list[int]], count: int) -> list[set[int]]:
    adj: list[set[int]] = [set() for _ in range(count)]
    height, width = len(terr), len(terr[0])
    for y in range(height):
        for x in range(width):
            t = terr[y][x]
            if t < 0:
                continue
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if nx < width and ny < height:
                    u = terr[ny][nx]
                    if u >= 0 and u != t:
                        adj[t].add(u)
                        adj[u].add(t)
    return adj


def crossings(terr: list[list[int]]) -> dict[tuple[int, int], int]:
    """The shortest way over the water between each two coasts that face each other: (a, b) with a < b ->
    sea pixels crossed. The sea is flooded from every coast at once; where two floods meet is a crossing."""
    height, width = len(terr), len(terr[0])
    owner = [[SEA] * width for _ in range(height)]
    dist = [[0] * width for _ in range(height)]
    todo: deque[tuple[int, int]] = deque()
    for y in range(height):
        for x in range(width):
            t = terr[y][x]
            if t >= 0 and any(
                0 <= nx < width and 0 <= ny < height and terr[ny][nx] == SEA
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
            ):
                owner[y][x] = t
                todo.append((x, y))
    out: dict[tuple[int, int], int] = {}
    while todo:
        x, y = todo.popleft()
        t = owner[y][x]
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if not (0 <= nx < width and 0 <= ny < height) or terr[ny][nx] >= 0:
                continue
            u = owner[ny][nx]
            if u == SEA:
                owner[ny][nx] = t
                dist[ny][nx] = dist[y][x] + 1
                todo.append((nx, ny))
            elif u != t:
                key = (min(t, u), max(t, u))
                d = dist[y][x] + dist[ny][nx] + 1
                if d < out.get(key, 1 << 30):
                    out[key] = d
    return out


class _Sets:
    def __init__(self, n: int) -> None:
        self.up = list(range(n))

    def find(self, a: int) -> int:
        while self.up[a] != a:
            self.up[a] = self.up[self.up[a]]
            a = self.up[a]
        return a

    def join(self, a: int, b: int) -> bool:
        a, b = self.find(a), self.find(b)
        if a == b:
            return False
        self.up[b] = a
        return True


def _hops(adj: list[set[int]], a: int, b: int, limit: int) -> int:
    """Steps from a to b over the borders so far (limit when farther)."""
    seen, frontier = {a}, [a]
    for step in range(1, limit):
        nxt = []
        for t in frontier:
            for u in adj[t]:
                if u == b:
                    return step
                if u not in seen:
                    seen.add(u)
                    nxt.append(u)
        frontier = nxt
    return limit


def sea_lines(land: list[set[int]], cross: dict[tuple[int, int], int], loops: int) -> list[tuple[int, int]]:
    """The sea-lines: the shortest crossings that join the pieces of land, every narrow strait, and `loops`
    crossings that save the longest way round for their length."""
    n = len(land)
    sets = _Sets(n)
    for t, ns in enumerate(land):
        for u in ns:
            sets.join(t, u)
    options = sorted((d, a, b) for (a, b), d in cross.items() if b not in land[a])
    chosen: list[tuple[int, int]] = []
    adj = [set(s) for s in land]

    def add(a: int, b: int) -> None:
        chosen.append((a, b))
        adj[a].add(b)
        adj[b].add(a)

    for _d, a, b in options:
        if sets.join(a, b):
            add(a, b)
    strait = max(3, int(sqrt(AREA) * 0.3))
    for d, a, b in options:
        if d <= strait and b not in adj[a] and len(adj[a]) < 7 and len(adj[b]) < 7:
            add(a, b)
    reach = sqrt(AREA) * 3
    for _ in range(loops):
        best: tuple[float, int, int] | None = None
        for d, a, b in options:
            if d > reach or b in adj[a] or len(adj[a]) >= 6 or len(adj[b]) >= 6:
                continue
            gain = _hops(adj, a, b, 12) / d
            if gain >= 4 / reach and (best is None or gain > best[0]):
                best = (gain, a, b)
        if best is None:
            break
        add(best[1], best[2])
    return chosen


# --- 5. the board ---------------------------------------------------------------------------------------------
def bonus_for(size: int, borders: int) -> int:
    """A region's bonus: 0.4 per territory and 0.6 per territory to guard, less a half, at least 1 (the
    classic world by this reading: 5, 2, 5, 4, 7, 2 against its 5, 2, 5, 3, 7, 2)."""
    return max(1, int(0.4 * size + 0.6 * borders - 0.5 + 0.5))


def generate(seed: int, territories: int = 42, regions: int = 6) -> Generated:
    check_sizes(territories, regions)
    rng = random.Random(f"riskterm new-map {seed} {territories} {regions}")
    sizes = region_sizes(rng, territories, regions)
    blobs = best_layout(rng, sizes)
    width, height, grid = paint_regions(rng, blobs)
    terr, region_of = cut_territories(rng, grid, sizes)
    n = len(region_of)
    labels = label_points(terr, n)
    land = land_borders(terr, n)
    sea = sea_lines(land, crossings(terr), loops=1 + regions // 3)
    adj = [set(s) for s in land]
    for a, b in sea:
        adj[a].add(b)
        adj[b].add(a)
    coastal = [False] * n
    for y in range(height):
        for x in range(width):
            t = terr[y][x]
            if t >= 0 and not coastal[t]:
                coastal[t] = any(
                    0 <= nx < width and 0 <= ny < height and terr[ny][nx] == SEA
                    for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                )
    names = NameMaker(rng)
    world = names.world()
    region_names = [names.region() for _ in range(regions)]
    terr_names = [names.territory(coastal[t]) for t in range(n)]
    ids = [slug(x) for x in terr_names]
    kinds = [KINDS[i % 3] for i in range(n)]
    rng.shuffle(kinds)
    members: list[list[int]] = [[] for _ in range(regions)]
    for t, r in enumerate(region_of):
        members[r].append(t)
    region_docs = []
    for r in range(regions):
        guard = sum(1 for t in members[r] if any(region_of[u] != r for u in adj[t]))
        region_docs.append(
            {
                "id": slug(region_names[r]),
                "name": region_names[r],
                "kind": "region",
                "bonus": bonus_for(len(members[r]), guard),
                "territories": [ids[t] for t in members[r]],
            }
        )
    sea_of: list[list[int]] = [[] for _ in range(n)]
    for a, b in sea:
        sea_of[a].append(b)
        sea_of[b].append(a)
    terr_docs = []
    for t in range(n):
        doc: dict[str, object] = {
            "id": ids[t],
            "name": terr_names[t],
            "neighbours": [ids[u] for u in sorted(land[t])],
        }
        if sea_of[t]:
            doc["sea_neighbours"] = [ids[u] for u in sorted(sea_of[t])]
        doc["card"] = kinds[t]
        terr_docs.append(doc)
    notes = (
        f"Made by riskterm new-map --seed {seed} --territories {territories} --regions {regions}: a "
        f"random board, every name made up."
    )
    raster = Picture(width, height, tuple(tuple(row) for row in terr), tuple(labels))
    return Generated(f"{slug(world)}_{seed}".replace("-", "m"), world, notes, region_docs, terr_docs, raster)


def board_document(gen: Generated, board_id: str | None = None) -> dict[str, object]:
    """The board file's document: the generated board with its picture (and the id given, if any)."""
    picture = picture_to_doc(gen.raster, [str(t["id"]) for t in gen.territories])
    return {
        "format": 1,
        "id": board_id or gen.board_id,
        "name": gen.name,
        "author": "riskterm new-map",
        "notes": gen.notes,
        "regions": gen.regions,
        "territories": gen.territories,
        "picture": picture,
    }
