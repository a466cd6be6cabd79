"""Reading a board in the Domination map format (a `.map` text file, its colour-index image and its `.cards`
file) into riskterm's own board document. The facts of the format are in docs/map-format.md.

Every fault of the input is a MapError of one sentence; what the format leaves open is read one stated way,
and each such reading is returned as a sentence for the user (and kept in the board's notes):
- a border listed from one side only is a border both ways;
- a map with no usable colour-index image (none named, missing, unreadable) is drawn from its countries'
  points (board/from_points.py);
- a country with no pixel in the image is drawn as a small spot at its x y;
- two countries (or continents) of one name are told apart by their continent's name (or a number);
- a continent with no country is left out;
- a cards file that does not give every country a card leaves the kinds out (they then go in turn)."""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riskterm.board.from_points import picture_from_points
from riskterm.board.picture import SEA, Picture, picture_to_doc
from riskterm.errors import MapError
from riskterm.safe_io import ReadRefused, read_capped
from riskterm.setup_options import printable

MAP_BYTES = 1024 * 1024  # a .map or .cards file: a few KiB
IMAGE_BYTES = 16 * 1024 * 1024
MAX_PIXELS = 2500 * 2500  # Domination's images are under 1000x700
MAX_COUNTRIES = 1000
PICTURE_WIDTH = 400  # pixels: an image wider than this is stored scaled down by a whole factor
TOUCH_GAP = 2  # sea pixels between two countries that still count as touching, at the least (an outline)
CROP_MARGIN = 0.02  # of the picture's longer side: the sea kept around the land
MAX_OUTLINE = 8  # pixels: no map draws its borders wider; a wider gap between two countries is water
CARD_KINDS = {"infantry": "infantry", "cavalry": "cavalry", "cannon": "artillery", "artillery": "artillery"}


@dataclass
class Country:
    number: int
    name: str
    continent: int
    x: int
    y: int


@dataclass
class MapText:
    """What a .map file says."""

    title: str = ""
    header: list[str] = field(default_factory=list)  # the comment lines the file begins with
    files: dict[str, str] = field(default_factory=dict)
    continents: list[tuple[str, int]] = field(default_factory=list)  # (name, bonus), numbered from 1
    countries: list[Country] = field(default_factory=list)
    borders: dict[int, list[int]] = field(default_factory=dict)


def map_fault(where: str, why: str) -> MapError:
    """One sentence, ended as every other board problem is."""
    return MapError([printable(f"{where}: {why.rstrip('.')}.")])


def decode_text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")  # Domination's maps are usually ASCII or Latin-1


def shown_name(name: str) -> str:
    """A file's name to print: a name of thousands of characters shown by its ends."""
    name = printable(name)
    return f"{name[:60]}...{name[-40:]}" if len(name) > 120 else name


def read_map_file(path: Path, limit: int, what: str) -> bytes:
    name = shown_name(str(path))
    try:
        return read_capped(path, limit)
    except FileNotFoundError:
        raise MapError([f"{name}: no such {what}."]) from None
    except ReadRefused as e:
        raise MapError([f"{name}: {e}, so it is not a {what}."]) from None
    except OSError as e:  # what read_capped leaves: a folder on the way, no permission
        raise MapError([f"{name}: cannot be read as a {what} ({e.strerror or type(e).__name__})."]) from None


def text_lines(text: str) -> list[tuple[int, str]]:
    out = []
    for n, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = line.strip()
        if line and not line.startswith(";"):
            out.append((n, line))
    return out


def small_int(token: str) -> int | None:
    return int(token) if re.fullmatch(r"[+-]?\d{1,9}", token) else None


def display_name(name: str) -> str:
    """A country's or continent's name as players read it: underscores, and hyphens before a capital, are
    spaces in many files ('Baker-Street'); a hyphen before a small letter is the name's own ('Ross-shire');
    control characters go."""
    name = "".join(ch for ch in name if ch.isprintable())
    return " ".join(re.sub(r"-(?![a-z])", " ", name.replace("_", " ")).split())


def sectioned_lines(text: str, where: str) -> Iterator[tuple[str, str, str]]:
    """(section in lower case, where the line is for a problem, the line) for each line in a section or
    before the first one ('')."""
    section = ""
    for n, line in text_lines(text):
        if line.startswith("["):
            section = line.strip("[] ").lower()
        else:
            yield section, f"{where}, line {n}", line


def header_comments(text: str) -> list[str]:
    """The comment lines a .map file begins with (who made it, what it is), each without its ';' but with
    its indentation (a list of names goes on indented)."""
    out = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.strip() and not line.strip().startswith(";"):
            break
        if line.strip():
            out.append("".join(ch for ch in line.strip()[1:].rstrip() if ch.isprintable())[:160])
    return out[:20]


_MADE_BY = re.compile(r"(?:^|\b(?:made|drawn|created)\s+)by\s+(.+)|^author:?\s+(.+)", re.IGNORECASE)
_PERSON = re.compile(r"([A-Z][\w'.]+(?: [A-Z][\w'.]+){1,3})(?:\s+-\s+\S+@\S+)?")


def map_author(header: list[str]) -> str:
    """Who made the map, as its header says it: the names after 'by' ('Made by', 'Map made by', 'by'), with
    the indented names under it; else a first line that is only a person's name. '' when it says no one."""
    for i, line in enumerate(header):
        got = _MADE_BY.search(line.strip())
        if got:
            names = [got.group(1) or got.group(2)]
            for more in header[i + 1 :]:
                if not more.startswith("   ") or not _PERSON.fullmatch(more.strip()):
                    break
                names.append(more.strip())
            text = ", ".join(re.sub(r"\s*\([^)]*@[^)]*\)|\s+-\s+\S+@\S+", "", n).strip() for n in names)
            return text[:200]
    first = _PERSON.fullmatch(header[0].strip()) if header else None
    return first.group(1) if first else ""


def parse_map_text(text: str, where: str) -> MapText:
    """The sections of a .map file; MapError with one sentence (naming the line) at the first fault."""
    m = MapText(header=header_comments(text))
    for section, at, line in sectioned_lines(text, where):
        tokens = line.split()
        if section == "":
            if tokens[0].lower() == "name" and len(tokens) > 1:
                m.title = display_name(line[4:].strip())
        elif section == "files":
            if len(tokens) > 1:
                m.files[tokens[0].lower()] = line.split(None, 1)[1].strip()
        elif section == "continents":
            # `Name bonus colour`; a name of several words runs up to the first number
            k = next((i for i in range(1, len(tokens)) if small_int(tokens[i]) is not None), None)
            if k is None:
                raise map_fault(at, f"'{line[:60]}' is not a continent (name, bonus and colour)")
            bonus = small_int(tokens[k])
            assert bonus is not None
            if not 0 <= bonus <= 1000:
                raise map_fault(at, f"the continent's bonus {bonus} is not one a board can give (0 to 1000)")
            m.continents.append((display_name(" ".join(tokens[:k])), bonus))
        elif section == "countries":
            nums = [small_int(t) for t in tokens]
            if len(tokens) < 5 or any(v is None for v in (nums[0], *nums[-3:])):
                raise map_fault(at, f"'{line[:60]}' is not a country (index, name, continent, x and y)")
            number, continent, x, y = nums[0], nums[-3], nums[-2], nums[-1]
            assert number is not None and continent is not None and x is not None and y is not None
            m.countries.append(Country(number, display_name(" ".join(tokens[1:-3])), continent, x, y))
            if len(m.countries) > MAX_COUNTRIES:
                raise map_fault(
                    where, f"lists more than {MAX_COUNTRIES} countries, more than any board plays"
                )
        elif section == "borders":
            nums = [small_int(t) for t in tokens]
            if any(v is None for v in nums):
                raise map_fault(at, f"'{line[:60]}' is not a border line (country numbers only)")
            first, *rest = [v for v in nums if v is not None]
            m.borders.setdefault(first, []).extend(rest)
    return m


@dataclass
class Imported:
    """A board document read from a Domination map, and the readings made on the way (sentences)."""

    doc: dict[str, Any]
    readings: list[str]


def snake_id(name: str, fallback: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "_", text).strip("_")[:60] or fallback


def _unique(names: list[str], tells: list[str]) -> tuple[list[str], list[str]]:
    """Names made unique: a repeated name gets its `tells` (continent) in brackets, then a number. Returns the
    names and the ones that were told apart."""
    seen: dict[str, int] = {}
    for n in names:
        seen[n.lower()] = seen.get(n.lower(), 0) + 1
    out, told = [], []
    used: set[str] = set()
    for n, tell in zip(names, tells, strict=True):
        new = n
        if seen[n.lower()] > 1:
            new = f"{n} ({tell})" if tell else n
            k = 2
            while new.lower() in used:
                new = f"{n} {k}" if not tell else f"{n} ({tell} {k})"
                k += 1
            told.append(n)
        used.add(new.lower())
        out.append(new)
    return out, sorted(set(told))


def _unique_ids(names: list[str], prefix: str) -> list[str]:
    out: list[str] = []
    used: set[str] = set()
    for i, n in enumerate(names, 1):
        base = snake_id(n, f"{prefix}_{i}")
        new, k = base, 2
        while new in used:
            new, k = f"{base}_{k}", k + 1
        used.add(new)
        out.append(new)
    return out


def read_index_image(raw: bytes, where: str) -> tuple[int, int, list[list[int]]]:
    """(width, height, rows of country numbers): each pixel's colour's blue, the low byte of its RGB value, as
    Domination reads it. In a palette image that is the blue of the palette entry, not the index: several
    maps (Domination's world among them) hold grey i+1 at index i."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(raw)) as im:
            w, h = im.size
            if w * h > MAX_PIXELS:
                raise map_fault(where, f"is {w}x{h} pixels, larger than any map's image")
            if im.mode == "L":
                flat = im.tobytes()
            elif im.mode == "P":
                palette = im.getpalette("RGB") or []
                blue = bytes(palette[3 * i + 2] if 3 * i + 2 < len(palette) else 0 for i in range(256))
                flat = im.tobytes().translate(blue)
            else:  # the blue channel is the low byte of an RGB value
                flat = im.convert("RGBA").getchannel("B").tobytes()
    except MapError:
        raise
    except Exception as e:  # Pillow raises many kinds for a broken or foreign file
        raise map_fault(where, f"is not a GIF or PNG image riskterm can read ({type(e).__name__})") from None
    if w <= 0 or h <= 0:
        raise map_fault(where, "is an empty image")
    return w, h, [list(flat[y * w : (y + 1) * w]) for y in range(h)]


def _gaps(rows: list[list[int]], out: dict[tuple[int, int], int]) -> None:
    """For each pair of countries that face each other along a row across at most MAX_OUTLINE sea pixels, the
    fewest sea pixels between them (0: their pixels meet), into `out`."""
    for row in rows:
        last, gap = SEA, 0
        for v in row:
            if v == SEA:
                gap += 1
                continue
            if v != last and last != SEA and gap <= MAX_OUTLINE:
                pair = (min(v, last), max(v, last))
                if gap < out.get(pair, MAX_OUTLINE + 1):
                    out[pair] = gap
            last, gap = v, 0


def outline_width(gaps: list[int]) -> int:
    """The width of the outline drawn between countries, from the gaps across the listed borders: the widest
    gap that one border in ten at least has (a map drawn without outlines gives 0, a 3-pixel pen 3); the few
    borders across wider gaps are straits."""
    near = [g for g in gaps if g <= MAX_OUTLINE]
    if not near:
        return 0
    return max(g for g in set(near) if near.count(g) * 10 >= len(near))


def _cropped(rows: list[list[int]]) -> tuple[list[list[int]], int, int]:
    """The picture cut to its land and a sea margin around it (a legend or empty sea beside the land would
    take room from the names on screen), and the pixel (x, y) the cut begins at."""
    h, w = len(rows), len(rows[0])
    ys = [y for y, r in enumerate(rows) if any(v != SEA for v in r)]
    xs = [x for x, col in enumerate(zip(*rows, strict=True)) if any(v != SEA for v in col)]
    if not ys:
        return rows, 0, 0
    margin = max(2, round(CROP_MARGIN * max(w, h)))
    x0, x1 = max(0, xs[0] - margin), min(w, xs[-1] + 1 + margin)
    y0, y1 = max(0, ys[0] - margin), min(h, ys[-1] + 1 + margin)
    return [r[x0:x1] for r in rows[y0:y1]], x0, y0


def _scaled(rows: list[list[int]], factor: int) -> list[list[int]]:
    """The image shrunk by a whole factor: each pixel the country most of its block belongs to (sea only when
    the block is mostly sea), then each country that vanished back at one pixel where it was."""
    h, w = len(rows), len(rows[0])
    out: list[list[int]] = []
    for y0 in range(0, h - factor + 1, factor):
        row: list[int] = []
        for x0 in range(0, w - factor + 1, factor):
            counts: dict[int, int] = {}
            for y in range(y0, y0 + factor):
                for v in rows[y][x0 : x0 + factor]:
                    counts[v] = counts.get(v, 0) + 1
            row.append(max(counts, key=lambda v: (counts[v], v)))
        out.append(row)
    present = {v for r in out for v in r}
    for y in range(len(out) * factor):
        for x in range(len(out[0]) * factor):
            v = rows[y][x]
            if v != SEA and v not in present:
                out[y // factor][x // factor] = v
                present.add(v)
    return out


def build_board(
    m: MapText,
    image: tuple[int, int, list[list[int]]] | None,
    cards_text: str | None,
    board_id: str,
    where: str,
    drawn_from: str = "",
    source: str = "Domination map",
) -> Imported:
    """The board document of a parsed map and its image; MapError with one sentence at a fault. Without an
    image the countries are drawn around their points, and `drawn_from` says why (a sentence's start)."""
    readings: list[str] = []
    n = len(m.countries)
    if n < 2:
        raise map_fault(where, "lists fewer than two countries in [countries], so it is no board")
    if not m.continents:
        raise map_fault(where, "lists no continent in [continents]")
    numbers = [c.number for c in m.countries]
    if numbers != list(range(1, n + 1)):
        bad = next(i for i, v in enumerate(numbers, 1) if v != i)
        raise map_fault(
            where,
            f"numbers its countries out of order: the country numbered {numbers[bad - 1]} "
            f"comes where country {bad} should",
        )
    for c in m.countries:
        if not 1 <= c.continent <= len(m.continents):
            raise map_fault(
                where,
                f"puts country {c.number} ({c.name}) in continent {c.continent}, but it lists "
                f"{len(m.continents)} continent{'s' if len(m.continents) != 1 else ''}",
            )
        if not c.name:
            raise map_fault(where, f"gives country {c.number} no name")
    # borders: every number a country, none a border with itself; one-way borders read both ways
    adj: dict[int, set[int]] = {c: set() for c in range(1, n + 1)}
    for a, bs in m.borders.items():
        for b in [a, *bs]:
            if not 1 <= b <= n:
                raise map_fault(
                    where,
                    f"lists a border of country {a} with country {b}, but the countries are "
                    f"numbered 1 to {n}",
                )
        for b in bs:
            if b != a:
                adj[a].add(b)
    one_way = sorted((a, b) for a in adj for b in adj[a] if a not in adj[b])
    for a, b in one_way:
        adj[b].add(a)
    if one_way:
        shown = ", ".join(f"{m.countries[a - 1].name} to {m.countries[b - 1].name}" for a, b in one_way[:4])
        more = f" and {len(one_way) - 4} more" if len(one_way) > 4 else ""
        readings.append(
            f"{len(one_way)} border{'s are' if len(one_way) > 1 else ' is'} listed one way only "
            f"({shown}{more}); riskterm reads each as a border both ways."
        )

    if image is None:
        picture, touch = picture_from_points(
            [(c.x, c.y) for c in m.countries], [{b - 1 for b in adj[i]} for i in range(1, n + 1)]
        )
        readings.append(
            f"{drawn_from}; its territories are drawn around their points, and two neighbours "
            f"whose areas meet share a land border, others a sea-line."
        )
    else:
        picture, touch = _shapes(m, image, adj, readings)

    # names, ids, continents
    cont_names, told_c = _unique(
        [name or f"Continent {i}" for i, (name, _) in enumerate(m.continents, 1)], ["" for _ in m.continents]
    )
    names, told = _unique([c.name for c in m.countries], [cont_names[c.continent - 1] for c in m.countries])
    if told or told_c:
        readings.append(
            f"{len(told) + len(told_c)} name{'s are' if len(told) + len(told_c) > 1 else ' is'} "
            f"used twice ({', '.join((told + told_c)[:5])}); each is told apart by its continent's "
            f"name or a number."
        )
    ids = _unique_ids(names, "country")
    region_ids = _unique_ids(cont_names, "continent")
    members: list[list[str]] = [[] for _ in m.continents]
    for c, tid in zip(m.countries, ids, strict=True):
        members[c.continent - 1].append(tid)
    empty = [cont_names[i] for i, ms in enumerate(members) if not ms]
    if empty:
        readings.append(
            f"{len(empty)} continent{'s have' if len(empty) > 1 else ' has'} no country "
            f"({', '.join(empty[:5])}) and {'are' if len(empty) > 1 else 'is'} left out."
        )

    cards, card_readings, extra = _cards(cards_text, n, ids, region_ids, where)
    readings += card_readings
    territories: list[dict[str, Any]] = []
    for i, tid in enumerate(ids):
        land = sorted(b - 1 for b in adj[i + 1] if (min(i, b - 1), max(i, b - 1)) in touch)
        sea = sorted(b - 1 for b in adj[i + 1] if (min(i, b - 1), max(i, b - 1)) not in touch)
        t: dict[str, Any] = {
            "id": tid,
            "name": names[i],
            "neighbours": [ids[b] for b in land],
            "sea_neighbours": [ids[b] for b in sea],
        }
        if cards:
            t["card"] = cards[i]
        territories.append(t)
    notes = [f"Imported from the {source} {printable(where)} by riskterm import-map."]
    notes += readings
    if m.header:
        notes.append("The map file begins:\n" + "\n".join(f"  {line.strip()}" for line in m.header))
    doc: dict[str, Any] = {
        "format": 1,
        "id": board_id,
        "name": m.title or board_id.replace("_", " ").title(),
        **({"author": author} if (author := map_author(m.header)) else {}),
        "notes": "\n".join(notes) + "\n",
        "regions": [
            {"id": rid, "name": cn, "kind": "continent", "bonus": bonus, "territories": ms}
            for rid, cn, (_, bonus), ms in zip(region_ids, cont_names, m.continents, members, strict=True)
            if ms
        ],
        "territories": territories,
        "picture": picture_to_doc(picture, ids),
    }
    if extra:
        doc["extra"] = extra
    return Imported(doc, readings)


def _shapes(
    m: MapText, image: tuple[int, int, list[list[int]]], adj: dict[int, set[int]], readings: list[str]
) -> tuple[Picture, set[tuple[int, int]]]:
    """The picture of a map's colour-index image (cut to its land and scaled down) and the listed borders
    whose countries touch in it (pairs a < b, 0-based)."""
    n = len(m.countries)
    # the image: a pixel's blue is its country's number, anything else is sea
    w, h, raw_rows = image
    rows = [[v - 1 if 1 <= v <= n else SEA for v in r] for r in raw_rows]
    counts = [0] * n
    for r in rows:
        for v in r:
            if v >= 0:
                counts[v] += 1
    big = max(range(n), key=lambda i: counts[i])
    if sum(counts) == w * h or counts[big] * 2 > w * h:
        why = (
            "has no pixel of sea"
            if sum(counts) == w * h
            else f"gives {m.countries[big].name} {counts[big] * 100 // (w * h)}% of its pixels"
        )
        readings.append(
            f"The image {why}, as if the sea were a country: it may not be a colour-index image "
            f"(each pixel's blue the number of its country, 255 the sea)."
        )
    missing = [i for i in range(n) if not counts[i]]
    for i in missing:  # a small spot at its x y, on the sea
        c = m.countries[i]
        cx, cy = min(w - 1, max(0, c.x)), min(h - 1, max(0, c.y))
        for y in range(max(0, cy - 2), min(h, cy + 3)):
            for x in range(max(0, cx - 3), min(w, cx + 4)):
                if rows[y][x] == SEA or (y, x) == (cy, cx):
                    rows[y][x] = i
    if missing:
        shown = ", ".join(m.countries[i].name for i in missing[:5]) + (" ..." if len(missing) > 5 else "")
        readings.append(
            f"{len(missing)} countr{'ies have' if len(missing) > 1 else 'y has'} no pixel in the "
            f"image ({shown}); each is drawn as a small spot at its x y."
        )
    gaps: dict[tuple[int, int], int] = {}
    _gaps(rows, gaps)
    _gaps([list(col) for col in zip(*rows, strict=True)], gaps)
    listed = {(a - 1, b - 1) for a in adj for b in adj[a] if a < b}
    outline = outline_width([gaps.get(p, MAX_OUTLINE + 1) for p in listed])
    reach = max(TOUCH_GAP, outline + 1)
    touch = {p for p, g in gaps.items() if g <= reach}
    if reach > TOUCH_GAP:
        readings.append(
            f"The borders are drawn {outline} pixels wide; countries facing each other across at most "
            f"{reach} pixels share a land border, farther apart a sea-line."
        )
    rows, x0, y0 = _cropped(rows)
    h, w = len(rows), len(rows[0])
    factor = min(w, h, max(1, -(-w // PICTURE_WIDTH), -(-h // PICTURE_WIDTH)))
    small = _scaled(rows, factor) if factor > 1 else rows

    ph, pw = len(small), len(small[0])
    labels = tuple(
        (min(pw - 1, max(0, (c.x - x0) // factor)), min(ph - 1, max(0, (c.y - y0) // factor)))
        for c in m.countries
    )
    return Picture(pw, ph, tuple(tuple(r) for r in small), labels), touch


def _cards(
    text: str | None, n: int, ids: list[str], region_ids: list[str], where: str
) -> tuple[list[str], list[str], dict[str, Any]]:
    """(each country's card kind or [] for none, readings, extra data: wild cards, missions) of a .cards file."""
    if text is None:
        return [], [], {}
    kinds: dict[int, str] = {}
    wild = 0
    missions: list[dict[str, Any]] = []
    for section, at, line in sectioned_lines(text, where):
        tokens = line.split()
        if section == "cards":
            kind = tokens[0].lower()
            if kind in ("wildcard", "wild"):
                wild += 1
                continue
            c = small_int(tokens[1]) if len(tokens) > 1 else None
            if kind not in CARD_KINDS or c is None or not 1 <= c <= n:
                raise map_fault(
                    at,
                    f"'{line[:60]}' is not a card (Infantry, Cavalry or Cannon and a country's "
                    f"number 1 to {n}, or wildcard)",
                )
            kinds[c - 1] = CARD_KINDS[kind]
        elif section == "missions":
            nums = [small_int(t) for t in tokens[:3]]
            if len(tokens) < 6 or any(v is None or v < 0 for v in nums):
                raise map_fault(
                    at,
                    f"'{line[:60]}' is not a mission (destroy, occupy, armies, three continents "
                    f"and the text)",
                )
            conts: list[str] = []
            for tok in tokens[3:6]:
                v = small_int(tok)
                if tok == "*":
                    conts.append("*")
                elif v is None or not 0 <= v <= len(region_ids):
                    raise map_fault(
                        at, f"'{tok[:20]}' is not a continent's number (1 to {len(region_ids)}), 0 or *"
                    )
                elif v:
                    conts.append(region_ids[v - 1])
            destroy, occupy, armies = (v or 0 for v in nums)
            missions.append(
                {
                    "destroy": destroy,
                    "territories": occupy,
                    "min_armies": armies,
                    "continents": conts,
                    "text": _display_text(" ".join(tokens[6:])),
                }
            )
    readings: list[str] = []
    extra: dict[str, Any] = {}
    if wild:
        extra["wild_cards"] = wild
    if missions:
        extra["missions"] = missions
    if kinds and len(kinds) < n:
        readings.append(
            f"The cards file gives {len(kinds)} of the {n} countries a card; the kinds are left out "
            f"and go in turn."
        )
        return [], readings, extra
    return [kinds[i] for i in range(n)] if kinds else [], readings, extra


def _display_text(text: str) -> str:
    return "".join(ch for ch in text if ch.isprintable())[:300]


def beside(folder: Path, name: str) -> Path:
    """The file a .map names, in its folder; a name of other case when only that is there (maps made on
    Windows name their files carelessly)."""
    path = folder / name
    try:
        if path.exists():
            return path
        return next((p for p in folder.iterdir() if p.name.lower() == name.lower()), path)
    except OSError:  # a name too long for the file system: reading it says so in one sentence
        return path


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False


def import_domination(path: Path, text: str) -> Imported:
    """The board document of a Domination .map file (its text read) and the files it names; MapError with one
    sentence."""
    where = printable(path.name)
    m = parse_map_text(text, where)
    image_name = m.files.get("map")
    image = None
    drawn_from = "The map names no colour-index image ('map NAME' in [files])"
    if image_name:
        try:
            image_path = beside(path.parent, image_name)
            image = read_index_image(
                read_map_file(image_path, IMAGE_BYTES, "map image"), printable(image_name)
            )
        except MapError as e:  # the countries' points still make a board
            why = e.problems[0].split(": ", 1)[-1].rstrip(".")  # without the path, which the notes keep
            drawn_from = f"The colour-index image {shown_name(image_name)} cannot be used: {why}"
    cards_text = None
    if m.files.get("crd"):
        cards_path = beside(path.parent, m.files["crd"])
        if _exists(cards_path):
            cards_text = decode_text(read_map_file(cards_path, MAP_BYTES, "cards file"))
    got = build_board(m, image, cards_text, snake_id(path.stem, "imported"), where, drawn_from)
    if m.files.get("crd") and cards_text is None:
        got.readings.append(
            f"The cards file {printable(m.files['crd'])} is not beside the map; the card kinds go in turn."
        )
        got.doc["notes"] += got.readings[-1] + "\n"
    return got
