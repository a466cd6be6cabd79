"""The map: one Line-API ScrollView that scales the board's art to the space it has, writes each territory's
name and army count inside it, draws the borders between territories, and caches a Strip per row so that
only the rows of territories whose look changed are drawn again."""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from riskterm.board.model import SEA_CHARS, Board
from riskterm.tui.colours import NOBODY, blend, rgb
from riskterm.tui.layout import MapLayout, lay_out

SEA_BG = "#0b1622"
SEA_STYLE = Style(color="#50708e", bgcolor=SEA_BG)
BLANK_STYLE = Style(bgcolor=SEA_BG)
GAP = "#000000"  # the half-cell gap between two territories
CURSOR = ("#ffffff", "#000000")  # white: no player colour is near it
CHOSEN = ("#a8a8a8", "#000000")
BADGE = Style(bgcolor="#000000", color="#ffd700", bold=True)
NOBODY_BG = NOBODY[0]  # unclaimed land: one grey; the borders tell its territories apart
# the regions view: one colour per region (continent, Empire, independent block)
REGION_COLOURS = ("#8c5a2b", "#2b6c8c", "#6c8c2b", "#8c2b6c", "#2b8c5a", "#5a2b8c", "#8c7a2b", "#2b8c8c",
                  "#8c2b2b", "#4a6a2b", "#2b4a8c", "#7a4a7a", "#6a6a6a", "#8c5a6c")


@dataclass(frozen=True)
class Look:
    """Everything the board needs to paint one territory."""

    owner: int
    label: str
    mark: str  # 'cursor', 'chosen', 'target' or ''
    badge: str = ""  # a marker painted just after the army count (europe: a city's crown, a castle)


@dataclass(frozen=True)
class Paint:
    """The styles of one territory: its cells, its cells along a border, its name and army count."""

    fill: Style
    edge: Style  # a border cell: the territory's colour in the half-block glyph, the gap behind it
    text: Style


class BoardView(ScrollView, can_focus=False):
    """Territories in their owner's colour with the owner's letter, names and army counts written inside."""

    DEFAULT_CSS = "BoardView { background: #0b1622; }"  # the same as SEA_BG

    class Clicked(Message):
        def __init__(self, territory: int) -> None:
            self.territory = territory
            super().__init__()

    def __init__(self, board: Board, **kw) -> None:
        super().__init__(**kw)
        self.board = board
        self.looks: list[Look] = [Look(-1, "", "") for _ in board.territories]
        self.colours: list[str] = []
        self.marks: list[str] = []
        self._cache: dict[int, Strip] = {}
        self._paint_cache: dict[tuple, Paint] = {}
        self.regions = False  # colour by region instead of by owner
        self.region_of = list(board.region_of)
        self.plan = lay_out(board, 1.0, 1.0)
        self.virtual_size = Size(self.plan.width, self.plan.height)

    # --- size ------------------------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """Scale the art to width x height cells (within limits: below them the map scrolls)."""
        if width <= 0 or height <= 0:
            return
        new = lay_out(self.board, width / self.plan.art_width, height / self.plan.art_height)
        if (new.width, new.height) != (self.plan.width, self.plan.height):
            self.plan = new
            self._cache.clear()
            self.virtual_size = Size(new.width, new.height)
            self.refresh()

    # --- feeding it ----------------------------------------------------------------------------
    def set_players(self, colours: list[str], marks: list[str]) -> None:
        if colours != self.colours or marks != self.marks:
            self.colours, self.marks = list(colours), list(marks)
            self._cache.clear()
            self._paint_cache.clear()
            self.refresh()

    def set_regions(self, on: bool) -> None:
        if on != self.regions:
            self.regions = on
            self._cache.clear()
            self._paint_cache.clear()
            self.refresh()

    def show(self, looks: list[Look]) -> None:
        """New looks per territory; only rows of territories whose look changed are redrawn."""
        dirty: set[int] = set()
        rows_of = self.plan.rows_of
        for t, (old, new) in enumerate(zip(self.looks, looks, strict=True)):
            if old != new:
                dirty |= rows_of[t]
        self.looks = list(looks)
        for y in dirty:
            self._cache.pop(y, None)
        for y in sorted(dirty):
            self.refresh_line(y)

    def territory_at(self, x: int, y: int) -> int:
        return self.plan.territory_at(x, y)

    def point_of(self, t: int) -> tuple[int, int]:
        """Where territory t's name is written, in map cells (for scrolling to it and clicking it)."""
        return self.plan.anchor[t]

    def scroll_to_territory(self, t: int) -> None:
        x, y = self.point_of(t)
        self.scroll_to_region(Region(max(0, x - 4), max(0, y - 2), 12, 5), animate=False, immediate=True)

    # --- painting --------------------------------------------------------------------------------
    def paint_of(self, t: int) -> Paint:
        look = self.looks[t]
        key = (look.owner, look.mark, self.region_of[t] if self.regions else None)
        got = self._paint_cache.get(key)
        if got is None:
            got = self._paint_cache[key] = self._make_paint(look, t)
        return got

    def _make_paint(self, look: Look, t: int) -> Paint:
        if look.mark in ("cursor", "chosen"):
            bg, fg = CURSOR if look.mark == "cursor" else CHOSEN
            return Paint(Style(bgcolor=bg, color="#808080"), Style(bgcolor=GAP, color=bg),
                         Style(bgcolor=bg, color=fg, bold=True))
        if self.regions:
            r = self.region_of[t]
            bg, fg = (REGION_COLOURS[r % len(REGION_COLOURS)] if r >= 0 else NOBODY_BG), "#ffffff"
        elif 0 <= look.owner < len(self.colours):
            bg, fg = rgb(self.colours[look.owner])
        else:
            bg, fg = NOBODY_BG, NOBODY[1]
        faint = blend(bg, "#000000", 0.3) if fg == "#ffffff" else blend(bg, "#000000", 0.22)
        edge = Style(bgcolor=GAP, color=bg)
        text = Style(bgcolor=bg, color=fg, bold=True)
        if look.mark == "target":
            # legal targets: the owner's letters in full contrast AND underlined, so they stand out without colour
            return Paint(Style(bgcolor=bg, color=fg, bold=True, underline=True), edge, text + Style(underline=True))
        return Paint(Style(bgcolor=bg, color=faint), edge, text)

    def _row(self, y: int) -> Strip:
        strip = self._cache.get(y)
        if strip is not None:
            return strip
        lay = self.plan
        cells, art, below, w = lay.cell[y], lay.art_row(y), lay.bottom_edge[y], lay.width
        text = self._texts(y)
        segs: list[Segment] = []
        run_style: Style | None = None
        run = []
        for x in range(w):
            t = cells[x]
            if t < 0:
                ch = art[x]
                style = SEA_STYLE if ch in SEA_CHARS else BLANK_STYLE
                if (x, y) in text:
                    ch, style = text[(x, y)]
            else:
                paint = self.paint_of(t)
                got = text.get((x, y))
                right = x + 1 < w and cells[x + 1] >= 0 and cells[x + 1] != t
                if got is not None:  # a name or count: no border line under it (underlined means 'a choice')
                    ch, style = got
                elif right or below[x]:
                    # a half-cell gap on the side of the other territory, so that two territories of one
                    # owner still show where one ends: right half dark, bottom half dark, or both
                    ch, style = ("▘" if right and below[x] else "▌" if right else "▀"), paint.edge
                else:
                    owner = self.looks[t].owner
                    ch = (self.marks[owner] if 0 <= owner < len(self.marks) and not self.regions
                          and (x + (y % 2) * 2) % 4 == 0 else " ")
                    style = paint.fill
            if style is not run_style:
                if run:
                    segs.append(Segment("".join(run), run_style))
                run, run_style = [ch], style
            else:
                run.append(ch)
        if run:
            segs.append(Segment("".join(run), run_style))
        strip = Strip(segs, w)
        self._cache[y] = strip
        return strip

    def _texts(self, y: int) -> dict[tuple[int, int], tuple[str, Style]]:
        """The name, army count and badge characters written on row y, by cell."""
        out: dict[tuple[int, int], tuple[str, Style]] = {}
        for t, role, x0, width in self.plan.slots_on[y]:
            look = self.looks[t]
            paint = self.paint_of(t)
            if role == "name":
                s = self.plan.names[t]
                self._put(out, x0, y, width, s, paint.text)
                continue
            owner = look.owner
            mark = self.marks[owner] if 0 <= owner < len(self.marks) else ""
            army = f"{mark} {look.label}" if mark and len(mark) + len(look.label) + 1 <= width else mark + look.label
            badge = look.badge[:2] if len(army) + len(look.badge[:2]) <= width else ""
            shown = army[:width]
            if not shown and not badge:
                continue
            start = self._put(out, x0, y, width, shown + " " * len(badge), paint.text)
            for i, ch in enumerate(badge):
                out[(start + len(shown) + i, y)] = (ch, BADGE)
        return out

    def _put(self, out: dict, x0: int, y: int, width: int, s: str, style: Style) -> int:
        """s centred in the slot, leaving its border cell alone when s fits beside it."""
        cells = self.plan.cell[y]
        end = x0 + width
        inner = width - 1 if end < len(cells) and cells[end - 1] >= 0 and cells[end] >= 0 else width
        start = x0 + max(0, ((inner if len(s) <= inner else width) - len(s)) // 2)
        for i, ch in enumerate(s[:width]):
            out[(start + i, y)] = (ch, style)
        return start

    def render_line(self, y: int) -> Strip:
        sx, sy = self.scroll_offset
        row = y + sy
        width = self.size.width
        if row >= self.plan.height:
            return Strip.blank(width, BLANK_STYLE)
        return self._row(row).crop_extend(sx, sx + width, BLANK_STYLE)

    def on_click(self, event) -> None:
        sx, sy = self.scroll_offset
        t = self.territory_at(event.x + sx, event.y + sy)
        if t >= 0:
            self.post_message(self.Clicked(t))


__all__ = ["BADGE", "BLANK_STYLE", "BoardView", "Look", "MapLayout", "NOBODY_BG", "REGION_COLOURS", "SEA_BG"]
