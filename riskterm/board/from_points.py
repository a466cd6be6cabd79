"""A picture for a board known only by its territories' points and borders (a Domination map without its
colour-index image, a Conquest map): each territory takes the pixels nearer its point than any other's, out
to a reach that just passes half way to each of its listed neighbours (and never far into the sea), so that
close neighbours meet and far ones stay apart across water. Two territories that are no neighbours and
still meet are parted by a line of sea. The screen draws this picture as it draws an imported one."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import ceil, hypot

from riskterm.board.picture import SEA, Picture

SPACING = 14.0  # pixels between a point and its nearest (the median): about 150 pixels of land each
MAX_SIDE = 700  # pixels: a map spread thinly is drawn with its points closer together
REACH = 0.6  # of the way to a listed neighbour that a territory spreads: past half way, so the two meet
FAR = 1.3  # spacings: the farthest a territory spreads (an island's neighbours across the sea stay apart)
LEAST = 0.7  # spacings: the least a territory spreads, where its Voronoi cell lets it


def _apart(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The points, each one that repeats an earlier one moved a little (two countries on one spot)."""
    out: list[tuple[float, float]] = []
    seen: set[tuple[float, float]] = set()
    for x, y in points:
        k = 0
        while (x + k, y + k * 0.5) in seen:
            k += 1
        seen.add((x + k, y + k * 0.5))
        out.append((x + k, y + k * 0.5))
    return out


def _own_pixels(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The points on whole pixels, each on a pixel of its own (the free one nearest, when a map spread thinly
    had to bring two within a pixel)."""
    out: list[tuple[float, float]] = []
    used: set[tuple[int, int]] = set()
    for x, y in points:
        cx, cy = round(x), round(y)
        r = 0
        while True:
            free = [
                (cx + dx, cy + dy)
                for dy in range(-r, r + 1)
                for dx in range(-r, r + 1)
                if max(abs(dx), abs(dy)) == r and (cx + dx, cy + dy) not in used and cx + dx >= 0 <= cy + dy
            ]
            if free:
                break
            r += 1
        spot = min(free, key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2)
        used.add(spot)
        out.append((float(spot[0]), float(spot[1])))
    return out


def _nearest(points: list[tuple[float, float]]) -> list[float]:
    """Each point's distance to its nearest other point."""
    out = []
    for i, (x, y) in enumerate(points):
        out.append(min(hypot(x - u, y - v) for j, (u, v) in enumerate(points) if j != i))
    return out


def _meetings(rows: list[list[int]]) -> Iterator[tuple[int, int, int, int]]:
    """(x, y, a, b) for each pixel (x, y) of territory a beside or above one of another territory b (read as
    the rows are when it comes to that pixel)."""
    height, width = len(rows), len(rows[0])
    for y in range(height):
        for x in range(width):
            for nx, ny in ((x + 1, y), (x, y + 1)):
                a = rows[y][x]
                if a != SEA and nx < width and ny < height and rows[ny][nx] not in (SEA, a):
                    yield x, y, a, rows[ny][nx]


def picture_from_points(
    points: Sequence[tuple[float, float]], adj: Sequence[set[int]]
) -> tuple[Picture, set[tuple[int, int]]]:
    """The picture of territories at `points` (any units) with borders `adj` (0-based, both ways), and the
    listed borders whose territories meet in it (pairs a < b): land borders; the others are sea-lines."""
    n = len(points)
    pts = _apart(points)
    near = _nearest(pts)
    spacing = sorted(near)[n // 2] or 1.0
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    scale = SPACING / spacing
    spread = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    margin = ceil(FAR * SPACING) + 2
    scale = min(scale, (MAX_SIDE - 2 * margin - 2) / spread)
    px = _own_pixels([((x - min(xs)) * scale + margin, (y - min(ys)) * scale + margin) for x, y in pts])
    width = ceil((max(xs) - min(xs)) * scale) + 2 * margin + 1
    height = ceil((max(ys) - min(ys)) * scale) + 2 * margin + 1
    reach = []
    for i, (x, y) in enumerate(px):
        far = max((hypot(x - px[j][0], y - px[j][1]) for j in adj[i]), default=0.0)
        reach.append(min(FAR * SPACING, max(REACH * far, LEAST * SPACING, REACH * near[i] * scale)))

    # every pixel to its nearest point (a Voronoi cell), sea beyond that point's reach
    box = ceil(FAR * SPACING) + 1
    best = [[(float("inf"), SEA)] * width for _ in range(height)]
    for i, (x, y) in enumerate(px):
        cx, cy = round(x), round(y)
        for yy in range(max(0, cy - box), min(height, cy + box + 1)):
            row = best[yy]
            dy2 = (yy - y) ** 2
            for xx in range(max(0, cx - box), min(width, cx + box + 1)):
                d = (xx - x) ** 2 + dy2
                if d < row[xx][0]:
                    row[xx] = (d, i)
    rows = [[i if d <= reach[i] ** 2 else SEA for d, i in r] for r in best]

    # territories that are no neighbours meet only across a line of sea
    for x, y, a, b in _meetings(rows):
        if b not in adj[a]:
            rows[y][x] = SEA
    labels = tuple((int(x), int(y)) for x, y in px)
    for i, (x, y) in enumerate(labels):
        rows[y][x] = i  # its own point is always its own
    touch = {(min(a, b), max(a, b)) for _, _, a, b in _meetings(rows) if b in adj[a]}
    return Picture(width, height, tuple(tuple(r) for r in rows), labels), touch
