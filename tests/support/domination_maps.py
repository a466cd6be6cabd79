"""Domination-format maps the tests draw themselves with Pillow (riskterm ships no third-party map): a .map
file, its colour-index GIF (palette index = country number, 255 = sea) and a .cards file.

`world_map` draws a seeded world of `continents` land masses cut into `countries` countries (each pixel of a
land mass belongs to its nearest country seed), borders where countries touch and a chain of crossings
between the land masses (drawn as sea-lines on import). `tiny_map` writes the small hand-made one of the
format note."""

from __future__ import annotations

import math
import random
from pathlib import Path

SYLLABLES = (
    "bar",
    "ven",
    "dor",
    "mal",
    "ith",
    "sor",
    "kel",
    "ran",
    "tu",
    "an",
    "or",
    "ell",
    "mir",
    "gan",
    "thal",
    "ost",
    "wyn",
    "cal",
    "del",
    "fen",
    "lo",
    "ra",
    "quin",
    "ber",
    "nes",
    "hold",
    "ford",
    "mark",
)
PREFIXES = ("North", "South", "East", "West", "Upper", "Lower", "Great", "New")


def _name(rng: random.Random, used: set[str]) -> str:
    while True:
        word = "".join(rng.choice(SYLLABLES) for _ in range(rng.choice((2, 2, 3)))).title()
        roll = rng.random()
        name = (
            f"{rng.choice(PREFIXES)} {word}"
            if roll < 0.3
            else f"{word} {rng.choice(('Islands', 'Coast', 'Plains'))}"
            if roll < 0.4
            else word
        )
        if name not in used:
            used.add(name)
            return name


def world_map(
    folder: Path,
    stem: str = "world",
    countries: int = 42,
    continents: int = 6,
    seed: int = 1,
    size: tuple[int, int] = (677, 425),
    cards: bool = True,
    missions: bool = True,
) -> Path:
    """Write stem.map, stem_map.gif and stem.cards into folder; returns the .map file's path."""
    from PIL import Image

    rng = random.Random(seed)
    w, h = size
    cols = max(1, round(math.sqrt(continents * w / h)))
    rows = math.ceil(continents / cols)
    cw, ch = w / cols, h / rows
    masses = []  # (cx, cy, rx, ry)
    for k in range(continents):
        r, c = divmod(k, cols)
        masses.append(
            (
                (c + 0.5) * cw + rng.uniform(-0.08, 0.08) * cw,
                (r + 0.5) * ch + rng.uniform(-0.08, 0.08) * ch,
                cw * rng.uniform(0.36, 0.44),
                ch * rng.uniform(0.34, 0.42),
            )
        )
    # countries per land mass: at least two, the rest by area
    areas = [rx * ry for _, _, rx, ry in masses]
    share = [2] * continents
    for _ in range(countries - 2 * continents):
        k = rng.choices(range(continents), weights=areas)[0]
        share[k] += 1
    seeds: list[tuple[float, float, int]] = []  # (x, y, continent)
    for k, (cx, cy, rx, ry) in enumerate(masses):
        for _ in range(share[k]):
            a, d = rng.uniform(0, 2 * math.pi), math.sqrt(rng.random()) * 0.85
            seeds.append((cx + math.cos(a) * rx * d, cy + math.sin(a) * ry * d, k))
    wobble = [(rng.uniform(0, 6.3), rng.uniform(0.06, 0.12), rng.randint(3, 6)) for _ in masses]
    step = 2  # drawn at half size, then scaled up: enough for the tests, and quick
    small = Image.new("P", (w // step, h // step), 255)
    px = small.load()
    assert px is not None
    for y in range(h // step):
        for x in range(w // step):
            fx, fy = x * step, y * step
            for k, (cx, cy, rx, ry) in enumerate(masses):
                dx, dy = (fx - cx) / rx, (fy - cy) / ry
                ph, amp, lobes = wobble[k]
                if dx * dx + dy * dy <= (1 + amp * math.sin(lobes * math.atan2(dy, dx) + ph)) ** 2:
                    best = min(
                        (i for i, s in enumerate(seeds) if s[2] == k),
                        key=lambda i: (seeds[i][0] - fx) ** 2 + (seeds[i][1] - fy) ** 2,
                    )
                    px[x, y] = best + 1
                    break
    image = small.resize((w, h), Image.Resampling.NEAREST)
    image.putpalette([v for i in range(256) for v in (i, i, i)])  # grey i: Domination reads the blue
    image.save(folder / f"{stem}_map.gif", optimize=False)
    # borders: countries whose pixels touch, and a crossing between each land mass and the next
    grid = [[small.getpixel((x, y)) for x in range(w // step)] for y in range(h // step)]
    adj: set[tuple[int, int]] = set()
    for y in range(h // step):
        for x in range(w // step):
            v = grid[y][x]
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if nx < w // step and ny < h // step:
                    u = grid[ny][nx]
                    if v != 255 and u != 255 and u != v:
                        adj.add((min(u, v), max(u, v)))
    for k in range(continents - 1):
        pair = min(
            ((i, j) for i, a in enumerate(seeds) if a[2] == k for j, b in enumerate(seeds) if b[2] == k + 1),
            key=lambda p: (seeds[p[0]][0] - seeds[p[1]][0]) ** 2 + (seeds[p[0]][1] - seeds[p[1]][1]) ** 2,
        )
        adj.add((pair[0] + 1, pair[1] + 1))
    present = {v for r in grid for v in r}
    used: set[str] = set()
    lines = [
        f"; a map drawn by the tests (seed {seed})",
        f"name Test World {seed}",
        "",
        "[files]",
        f"pic {stem}_pic.png",
        f"map {stem}_map.gif",
    ]
    if cards:
        lines.append(f"crd {stem}.cards")
    lines += ["", "[continents]"]
    for k in range(continents):
        lines.append(f"{_name(rng, used).replace(' ', '_')} {max(1, share[k] // 2)} blue")
    lines += ["", "[countries]"]
    for i, (x, y, k) in enumerate(seeds, 1):
        if i not in present:
            continue  # never happens with these sizes; a country must have pixels here
        lines.append(f"{i} {_name(rng, used).replace(' ', '-')} {k + 1} {int(x)} {int(y)}")
    lines += ["", "[borders]"]
    for i in range(1, len(seeds) + 1):
        ns = sorted({b for a, b in adj if a == i} | {a for a, b in adj if b == i})
        lines.append(" ".join(str(v) for v in (i, *ns)))
    (folder / f"{stem}.map").write_text("\n".join(lines) + "\n")
    if cards:
        kinds = ("Infantry", "Cavalry", "Cannon")
        cl = ["[cards]"] + [f"{kinds[i % 3]} {i + 1}" for i in range(len(seeds))] + ["wildcard", "wildcard"]
        if missions:
            cl += [
                "",
                "[missions]",
                "0 24 1 0 0 0 Conquer 24 territories.",
                "0 18 2 0 0 0 Hold 18 territories with two armies each.",
                "0 0 0 1 2 * Conquer two named continents and one of your choice.",
            ]
        (folder / f"{stem}.cards").write_text("\n".join(cl) + "\n")
    return folder / f"{stem}.map"


TINY_MAP = """name Two Islands
[files]
map islands_map.gif
crd islands.cards
[continents]
West 2 blue
East 1 red
[countries]
1 Northport 1 10 8
2 Southport 1 10 22
3 Eastcape 2 34 15
[borders]
1 2 3
2 1
3 1
"""


def tiny_map(
    folder: Path,
    text: str = TINY_MAP,
    cards: str | None = "[cards]\nInfantry 1\nCavalry 2\nCannon 3\nwildcard\n",
    image: dict[int, tuple[int, int, int, int]] | None = None,
    size: tuple[int, int] = (40, 30),
    shift: int = 0,
    sea: int = 255,
) -> Path:
    """The format note's example: Northport over Southport on the west island, Eastcape alone to the east,
    on a 40x30 image. `image` gives each country number its box (x0, y0, x1, y1) instead. With `shift` the
    GIF's palette index i holds grey i + shift (as Domination's world map does), so that only the colour
    gives the country; `sea` is the colour of the pixels no box covers."""
    from PIL import Image

    im = Image.new("P", size, sea - shift)
    boxes = image if image is not None else {1: (2, 2, 18, 15), 2: (2, 15, 18, 28), 3: (28, 8, 38, 22)}
    for v, (x0, y0, x1, y1) in boxes.items():
        for y in range(y0, y1):
            for x in range(x0, x1):
                im.putpixel((x, y), v - shift)
    im.putpalette([v for i in range(256) for v in ((i + shift) % 256,) * 3])
    im.save(folder / "islands_map.gif", optimize=False)
    (folder / "islands.map").write_text(text)
    if cards is not None:
        (folder / "islands.cards").write_text(cards)
    return folder / "islands.map"


THICK_MAP = """name Thick Lines
[files]
map islands_map.gif
[continents]
Main 3 blue
[countries]
1 Alpha 1 10 10
2 Beta 1 30 10
3 Gamma 1 10 30
4 Delta 1 30 30
5 Isle 1 52 30
[borders]
1 2 3
2 1 4
3 1 4
4 2 3 5
5 4
"""


def thick_boxes(pen: int) -> dict[int, tuple[int, int, int, int]]:
    """THICK_MAP's countries on a 60x42 image: four in a square with a `pen` pixels wide outline between
    them, and the isle 10 pixels off to the east."""
    a, b = 20, 20 + pen
    return {1: (2, 2, a, a), 2: (b, 2, 40, a), 3: (2, b, a, 40), 4: (b, b, 40, 40), 5: (50, 24, 58, 36)}


# A Conquest-format map (the other common hobby format): [Map] settings, [Continents] Name=bonus, and
# [Territories] Name,x,y,Continent,Neighbour,...; its picture's territories are white, bounded by black
CONQUEST_MAP = """[Map]
author=riskterm tests
image=lakes.bmp
wrap=no
scroll=none
warn=yes

[Continents]
North Shore=3
South Shore=2

[Territories]
Northport,10,10,North Shore,Eastwatch,Southport
Eastwatch,30,10,North Shore,Northport,Deepwater

Southport,10,30,South Shore,Northport,Deepwater
Deepwater,30,30,South Shore,Southport,Eastwatch,Farisle
Farisle,54,30,South Shore,Deepwater
"""

# each territory's white box (x0, y0, x1, y1) on a 60x42 picture: a square of four inside one black frame
# with a line of black between them, and Farisle alone across the sea
CONQUEST_BOXES = ((2, 2, 20, 20), (21, 2, 40, 20), (2, 21, 20, 40), (21, 21, 40, 40), (50, 24, 58, 36))


def conquest_map(
    folder: Path,
    text: str = CONQUEST_MAP,
    boxes: tuple[tuple[int, int, int, int], ...] | None = CONQUEST_BOXES,
    sea: tuple[int, int, int] = (40, 60, 160),
    lines: bool = True,
) -> Path:
    """Write lakes.map and (unless `boxes` is None) its picture lakes.bmp into folder, each box framed by a
    black line unless not `lines`; returns the map's path."""
    from PIL import Image, ImageDraw

    (folder / "lakes.map").write_text(text)
    if boxes is not None:
        im = Image.new("RGB", (60, 42), sea)
        draw = ImageDraw.Draw(im)
        for x0, y0, x1, y1 in boxes if lines else ():
            draw.rectangle((x0 - 1, y0 - 1, x1, y1), fill=(0, 0, 0))
        for x0, y0, x1, y1 in boxes:
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=(255, 255, 255))
        im.save(folder / "lakes.bmp")
    return folder / "lakes.map"


def mangled(rng: random.Random, text: str, junk: list[str], sep: str = " ") -> str:
    """The text with one to three of its lines cut, joined by a line of junk, or with its words (split by
    `sep`) shuffled: what a careless edit or a damaged download leaves."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        roll = rng.random()
        if roll < 0.4:
            del lines[i]
        elif roll < 0.7:
            lines.insert(i, rng.choice(junk))
        else:
            words = lines[i].split(sep)
            rng.shuffle(words)
            lines[i] = sep.join(words)
    return "\n".join(lines)


def board_of(got):
    """The Board an import gives, read back from the board file it writes."""
    import yaml

    from riskterm.board.loader import board_from_text

    return board_from_text(yaml.safe_dump(got.doc, sort_keys=False), "imported.yaml")


def refusal(path: Path, out: Path, capsys) -> str:
    """What `import-map path -o out` says on its exit 2, checked to be one sentence with nothing written."""
    from riskterm.cli import main

    assert main(["import-map", str(path), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert not out.exists()
    return err
