"""Reading a board in the Conquest map format: a `.map` text file of `[Map]` (`image=`, `author=`, `wrap=`, ...),
`[Continents]` (`Name=bonus`) and `[Territories]` (`Name,x,y,Continent,Neighbour,...`), and its picture, whose
territories are white areas bounded by black lines. The facts are in docs/map-format.md.

A territory's shape is the white area around its point in the picture; without a picture, or with one whose
areas cannot be told apart, the territories are drawn around their points (board/from_points.py). Every fault
is a MapError of one sentence naming the line; a border listed one way only is read both ways (as for a
Domination map)."""

from __future__ import annotations

import io
from collections import deque
from pathlib import Path

from riskterm.board.domination import (
    IMAGE_BYTES,
    MAX_COUNTRIES,
    MAX_PIXELS,
    Country,
    Imported,
    MapText,
    beside,
    build_board,
    display_name,
    map_fault,
    read_map_file,
    sectioned_lines,
    shown_name,
    small_int,
    snake_id,
    text_lines,
)
from riskterm.errors import MapError
from riskterm.setup_options import printable

SEA_VALUE = (
    0  # the sea in the colour-index image made for build_board (a map may have 255 territories and more)
)
LIGHT = 160  # grey level from which a pixel is a territory's white, below it a line or the sea
SEEK = 12  # pixels around a territory's point searched for its white, when the point is on a line or just off


def is_conquest(text: str) -> bool:
    """Whether a .map file's text is in the Conquest format (it has a [Territories] section; a Domination map
    has [countries])."""
    return any(line.lower().replace(" ", "") == "[territories]" for _, line in text_lines(text))


def parse_conquest(text: str, where: str) -> tuple[MapText, dict[str, str]]:
    """The map's continents, territories and borders as a MapText (territories numbered in their order), and
    the [Map] settings (keys in lower case); MapError with one sentence at the first fault."""
    settings: dict[str, str] = {}
    continents: dict[str, int] = {}  # name -> number (1-based)
    m = MapText()
    rows: list[tuple[str, list[str], str]] = []  # (where, neighbour names, the line) per territory
    numbers: dict[str, int] = {}
    for section, at, line in sectioned_lines(text, where):
        if section == "map":
            key, eq, value = line.partition("=")
            if eq:
                settings[key.strip().lower()] = value.strip()
        elif section == "continents":
            name, eq, value = line.rpartition("=")
            bonus = small_int(value.strip())
            if not eq or not name.strip() or bonus is None:
                raise map_fault(at, f"'{line[:60]}' is not a continent (Name=bonus)")
            if not 0 <= bonus <= 1000:
                raise map_fault(at, f"the continent's bonus {bonus} is not one a board can give (0 to 1000)")
            if name.strip().lower() in continents:
                raise map_fault(at, f"lists the continent {name.strip()[:40]} a second time")
            continents[name.strip().lower()] = len(m.continents) + 1
            m.continents.append((display_name(name.strip()), bonus))
        elif section == "territories":
            fields = [f.strip() for f in line.split(",")]
            x, y = (small_int(f) for f in (fields[1:3] if len(fields) >= 4 else ("", "")))
            if len(fields) < 4 or not fields[0] or x is None or y is None:
                raise map_fault(at, f"'{line[:60]}' is not a territory (Name,x,y,Continent,Neighbour,...)")
            name, continent = fields[0], fields[3]
            if continent.lower() not in continents:
                raise map_fault(
                    at,
                    f"puts {name[:40]} in the continent '{continent[:40]}', which [Continents] does not list",
                )
            if name.lower() in numbers:
                raise map_fault(at, f"lists the territory {name[:40]} a second time")
            numbers[name.lower()] = len(m.countries) + 1
            m.countries.append(
                Country(len(m.countries) + 1, display_name(name), continents[continent.lower()], x, y)
            )
            rows.append((at, [f for f in fields[4:] if f], name))
            if len(m.countries) > MAX_COUNTRIES:
                raise map_fault(
                    where, f"lists more than {MAX_COUNTRIES} territories, more than any board plays"
                )
    if not m.countries:
        raise map_fault(where, "lists no territory in [Territories] (Name,x,y,Continent,Neighbour,...)")
    for number, (at, neighbours, name) in enumerate(rows, 1):
        for other in neighbours:
            b = numbers.get(other.lower())
            if b is None:
                raise map_fault(
                    at,
                    f"gives {name[:40]} the neighbour '{other[:40]}', which is no territory in [Territories]",
                )
            m.borders.setdefault(number, []).append(b)
    return m, settings


def read_outline_image(raw: bytes, m: MapText, where: str) -> tuple[int, int, list[list[int]]] | str:
    """A Conquest picture as a colour-index image (each pixel its territory's number, 0 the sea): each
    territory is the white area around its point, bounded by black. A sentence saying why instead, when the
    picture cannot be read or its areas cannot be told apart."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(raw)) as im:
            w, h = im.size
            if w * h > MAX_PIXELS:
                return f"it is {w}x{h} pixels, larger than any map's picture"
            grey = im.convert("L").tobytes()
    except Exception as e:  # Pillow raises many kinds for a broken or foreign file
        return f"it is not an image riskterm can read ({type(e).__name__})"
    light = bytearray(1 if v >= LIGHT else 0 for v in grey)
    owner = [SEA_VALUE] * (w * h)
    for c in m.countries:
        start = _white_near(light, w, h, c.x, c.y)
        if start is None:
            return f"the point of {c.name} ({c.x}, {c.y}) is not on a white area"
        if owner[start] != SEA_VALUE:
            return (
                f"{c.name} and {m.countries[owner[start] - 1].name} lie in one white area (a gap in the "
                f"black line between them?)"
            )
        size = _fill(light, owner, w, h, start, c.number)
        if size * 2 > w * h:
            return f"the white area of {c.name} covers over half of it (is the sea white too?)"
    return w, h, [owner[y * w : (y + 1) * w] for y in range(h)]


def _white_near(light: bytearray, w: int, h: int, x: int, y: int) -> int | None:
    """The white pixel nearest (x, y) within SEEK pixels, as an offset into the image."""
    best = None
    for dy in range(-SEEK, SEEK + 1):
        for dx in range(-SEEK, SEEK + 1):
            px, py = x + dx, y + dy
            if 0 <= px < w and 0 <= py < h and light[py * w + px]:
                d = dx * dx + dy * dy
                if best is None or d < best[0]:
                    best = (d, py * w + px)
    return None if best is None else best[1]


def _fill(light: bytearray, owner: list[int], w: int, h: int, start: int, value: int) -> int:
    """Give the white area around `start` (4-connected) to `value`; returns its size."""
    owner[start] = value
    todo = deque([start])
    size = 0
    while todo:
        i = todo.popleft()
        size += 1
        x = i % w
        for j in (i - 1 if x else -1, i + 1 if x + 1 < w else -1, i - w, i + w):
            if 0 <= j < w * h and light[j] and owner[j] == SEA_VALUE:
                owner[j] = value
                todo.append(j)
    return size


def import_conquest(path: Path, text: str) -> Imported:
    """The board document of a Conquest .map file (its text read) and the picture it names."""
    where = printable(path.name)
    m, settings = parse_conquest(text, where)
    image: tuple[int, int, list[list[int]]] | None = None
    picture = settings.get("image", "")
    drawn_from = "The map names no picture ('image=' in [Map])"
    if picture:
        try:
            got = read_outline_image(
                read_map_file(beside(path.parent, picture), IMAGE_BYTES, "map picture"), m, where
            )
        except MapError as e:
            got = e.problems[0].split(": ", 1)[-1].rstrip(".")
        if isinstance(got, str):
            drawn_from = f"The picture {shown_name(picture)} cannot be used: {got}"
        else:
            image = got
    board = build_board(m, image, None, snake_id(path.stem, "imported"), where, drawn_from, "Conquest map")
    author = printable(settings.get("author", ""))[:100]
    if author:
        board.doc["notes"] += f"The map's author: {author}.\n"
        board.doc["author"] = author  # (the map browser shows it under the title)
    return board
