"""The map: one Line-API ScrollView that scales the board's art to the space it has, writes each territory's
name and army count inside it, draws the borders between territories, and caches a Strip per row so that
only the rows of territories whose look changed are drawn again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from riskterm.board.model import Board
from riskterm.engine.fog import UNKNOWN
from riskterm.tui.colours import NOBODY, blend, rgb
from riskterm.tui.layout import MapLayout, art_size, fitted, lay_out

SEA_BG = "#0b1622"
SEA_STYLE = Style(color="#50708e", bgcolor=SEA_BG)
BLANK_STYLE = Style(bgcolor=SEA_BG)
GAP = "#000000"  # the half-cell gap between two territories
CURSOR = ("#ffffff", "#000000")  # white: no player colour is near it
CHOSEN = ("#a8a8a8", "#000000")
BADGE = Style(bgcolor="#000000", color="#ffd700", bold=True)
NOBODY_BG = NOBODY[0]  # unclaimed land: one grey; the borders tell its territories apart
# land out of sight in a fogged game: a dark blue-grey, hatched, so it is never taken for anyone's colour or
# for unclaimed land
FOG = ("#1e2a36", "#9fb0c0")
FOG_FILL = "░"
NEAR_HATCH = "#6f88a0"  # fog beside the seat's own land: a brighter hatch
# the regions view: one colour per region (continent, Empire, independent block)
REGION_COLOURS = (
    "#8c5a2b",
    "#2b6c8c",
    "#6c8c2b",
    "#8c2b6c",
    "#2b8c5a",
    "#5a2b8c",
    "#8c7a2b",
    "#2b8c8c",
    "#8c2b2b",
    "#4a6a2b",
    "#2b4a8c",
    "#7a4a7a",
    "#6a6a6a",
    "#8c5a6c",
)


@dataclass(frozen=True)
class Look:
    """Everything the board needs to paint one territory."""

    owner: int
    label: str
    mark: str  # 'cursor', 'chosen', 'target' or ''
    badge: str = ""  # a marker painted just after the army count (europe: a city's crown, a castle)
    near: bool = False  # fog of war: land out of sight that borders the seat's own (dense fog: it is there)


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

    def __init__(self, board: Board, plan: MapLayout | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.board = board
        self.looks: list[Look] = [Look(-1, "", "") for _ in board.territories]
        self.colours: list[str] = []
        self.marks: list[str] = []
        self._cache: dict[int, Strip] = {}
        self._paint_cache: dict[tuple[int, str, int | None, bool], Paint] = {}
        self.regions = False  # colour by region instead of by owner
        self.region_of = list(board.region_of)
        self.plan = plan or lay_out(board, 1.0, 1.0)
        self.fitted_for = (0, 0)  # the widget size the map was last fitted to
        self.virtual_size = Size(self.plan.width, self.plan.height)

    # --- size ------------------------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """Scale the art to width x height cells (within limits: below them the map scrolls)."""
        if width <= 0 or height <= 0:
            return
        new = self.layout_for(width, height)
        self.fitted_for = (width, height)
        if (new.width, new.height) != (self.plan.width, self.plan.height):
            self.plan = new
            self._cache.clear()
            self.virtual_size = Size(new.width, new.height)
            self.refresh()

    def layout_for(self, width: int, height: int) -> MapLayout:
        aw, ah = art_size(self.board)
        return lay_out(self.board, width / aw, height / ah)

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
        key = (look.owner, look.mark, self.region_of[t] if self.regions else None, look.near)
        got = self._paint_cache.get(key)
        if got is None:
            got = self._paint_cache[key] = self._make_paint(look, t)
        return got

    def _make_paint(self, look: Look, t: int) -> Paint:
        if look.mark in ("cursor", "chosen"):
            bg, fg = CURSOR if look.mark == "cursor" else CHOSEN
            return Paint(
                Style(bgcolor=bg, color="#808080"),
                Style(bgcolor=GAP, color=bg),
                Style(bgcolor=bg, color=fg, bold=True),
            )
        if self.regions:
            r = self.region_of[t]
            bg, fg = (REGION_COLOURS[r % len(REGION_COLOURS)] if r >= 0 else NOBODY_BG), "#ffffff"
        elif 0 <= look.owner < len(self.colours):
            bg, fg = rgb(self.colours[look.owner])
        elif look.owner == UNKNOWN:
            bg, fg = FOG
            hatch = NEAR_HATCH if look.near else "#3c4e60"
            return Paint(
                Style(bgcolor=bg, color=hatch),
                Style(bgcolor=GAP, color=bg),
                Style(bgcolor=bg, color=fg, bold=True, underline=look.mark == "target"),
            )
        else:
            bg, fg = NOBODY_BG, NOBODY[1]
        faint = blend(bg, "#000000", 0.3) if fg == "#ffffff" else blend(bg, "#000000", 0.22)
        edge = Style(bgcolor=GAP, color=bg)
        text = Style(bgcolor=bg, color=fg, bold=True)
        if look.mark == "target":
            # legal choices: the owner's letters in full contrast and the name underlined, so they stand out without colour
            return Paint(Style(bgcolor=bg, color=fg, bold=True), edge, text + Style(underline=True))
        return Paint(Style(bgcolor=bg, color=faint), edge, text)

    def _row(self, y: int) -> Strip:
        strip = self._cache.get(y)
        if strip is not None:
            return strip
        segs: list[Segment] = []
        add = segs.append
        for kind, t, chars, width in self.plan.pieces_on[y]:
            if kind == "sea":
                add(Segment(chars, SEA_STYLE))
            elif kind == "blank":
                add(Segment(chars, BLANK_STYLE))
            elif kind == "fill":
                owner = self.looks[t].owner
                if owner == UNKNOWN and not self.regions:
                    add(Segment(FOG_FILL * len(chars), self.paint_of(t).fill))
                    continue
                mark = self.marks[owner] if 0 <= owner < len(self.marks) and not self.regions else " "
                add(Segment(chars.replace("\0", mark[:1]), self.paint_of(t).fill))
            elif kind == "edge":
                add(Segment(chars, self.paint_of(t).edge))
            else:
                self._slot(segs, kind, t, chars, width)
        strip = Strip(segs, self.plan.width)
        self._cache[y] = strip
        return strip

    def _slot(self, segs: list[Segment], role: str, t: int, edge: str, width: int) -> None:
        """A name or an army count (with its badge) centred in its slot, beside the border glyph when it fits."""
        look, paint = self.looks[t], self.paint_of(t)
        badge = ""
        if role == "name":
            text = self.plan.names[t]
        else:
            owner = look.owner
            mark = self.marks[owner] if 0 <= owner < len(self.marks) else ""
            # 'B 3' where it fits beside the border's glyph, else 'B3' so the border still parts two counts
            # ('B3▌C 2', not 'B 3C 2'), else whichever fits the whole slot
            room = width - 1 if edge else width
            text = (
                f"{mark} {look.label}"
                if mark and len(mark) + len(look.label) + 1 <= room
                else mark + look.label
            )
            if len(text) > room and mark and len(mark) + len(look.label) + 1 <= width:
                text = f"{mark} {look.label}"
            badge = look.badge[:2] if len(text) + len(look.badge[:2]) <= width else ""
        inner = width - 1 if edge else width
        used = len(text) + len(badge)
        if used > inner:  # only a short name takes the border's cell, or a count in a tiny territory
            inner, edge = width, ""
        text = text[:inner]
        left = max(0, (inner - used) // 2)
        right = max(0, inner - left - len(text) - len(badge))
        segs.append(Segment(" " * left + text + ("" if badge else " " * right), paint.text))
        if badge:
            segs.append(Segment(badge, BADGE))
            if right:
                segs.append(Segment(" " * right, paint.text))
        if edge:
            segs.append(Segment(edge, paint.edge))

    def render_line(self, y: int) -> Strip:
        sx, sy = self.scroll_offset
        row = y + sy
        width = self.size.width
        if row >= self.plan.height:
            return Strip.blank(width, BLANK_STYLE)
        return self._row(row).crop_extend(sx, sx + width, BLANK_STYLE)

    def on_click(self, event: events.Click) -> None:
        sx, sy = self.scroll_offset
        t = self.territory_at(event.x + sx, event.y + sy)
        if t >= 0:
            self.post_message(self.Clicked(t))


class PreviewView(BoardView):
    """The board drawn to exactly the space it has, however small (a preview: the game's own map keeps a
    smallest scale and scrolls below it), coloured by region."""

    def __init__(self, board: Board, width: int, height: int, **kw: Any) -> None:
        super().__init__(board, plan=fitted(board, width, height), **kw)
        self.regions = True

    def layout_for(self, width: int, height: int) -> MapLayout:
        return fitted(self.board, width, height)


__all__ = [
    "BADGE",
    "PreviewView",
    "BLANK_STYLE",
    "BoardView",
    "Look",
    "MapLayout",
    "NOBODY_BG",
    "REGION_COLOURS",
    "SEA_BG",
]
