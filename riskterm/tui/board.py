"""The map: one Line-API ScrollView that caches a Strip per art row and redraws only rows that changed."""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from riskterm.board.model import SEA_CHARS, Board
from riskterm.tui.colours import NOBODY, blend, four_colour, rgb, shade

SEA_BG = "#0b1622"
SEA_STYLE = Style(color="#50708e", bgcolor=SEA_BG)
BLANK_STYLE = Style(bgcolor=SEA_BG)
CURSOR = Style(bgcolor="#ffe030", color="#000000", bold=True)
CHOSEN = Style(bgcolor="#f0f0f0", color="#000000", bold=True)
BADGE = Style(bgcolor="#000000", color="#ffd700", bold=True)
# unclaimed territories: four greys, so neighbours differ; their own map letter, dimmed
NOBODY_BG = ("#3a4654", "#2a323c", "#4a5868", "#323c48")
# the regions view: one colour per region (continent, Empire, independent block)
REGION_COLOURS = ("#8c5a2b", "#2b6c8c", "#6c8c2b", "#8c2b6c", "#2b8c5a", "#5a2b8c", "#8c7a2b", "#2b8c8c",
                  "#8c2b2b", "#4a6a2b", "#2b4a8c", "#7a4a7a", "#6a6a6a", "#8c5a6c")


@dataclass(frozen=True)
class Look:
    """Everything the board needs to paint one territory."""

    owner: int
    label: str
    mark: str  # 'cursor', 'chosen', 'target' or ''
    badge: str = ""  # a marker painted just after the label (europe: a city's crown, a castle)


class BoardView(ScrollView, can_focus=False):
    """Paints territories in their owner's colour with the owner's letter, army counts at label points."""

    DEFAULT_CSS = "BoardView { background: #0b1622; }"  # the same as SEA_BG

    class Clicked(Message):
        def __init__(self, territory: int) -> None:
            self.territory = territory
            super().__init__()

    def __init__(self, board: Board, **kw) -> None:
        super().__init__(**kw)
        self.board = board
        art = list(board.art)
        self.width_ = max((len(r) for r in art), default=0)
        self.art = [r.ljust(self.width_) for r in art]
        glyph = {t.glyph: t.index for t in board.territories}
        self.cell = [[glyph.get(ch, -1) for ch in row] for row in self.art]
        self.rows_of: list[set[int]] = [set() for _ in board.territories]
        for y, row in enumerate(self.cell):
            for t in row:
                if t >= 0:
                    self.rows_of[t].add(y)
        self.labels_at: dict[tuple[int, int], int] = {}
        for t in board.territories:
            self.labels_at[(t.label[0], t.label[1])] = t.index
        self.looks: list[Look] = [Look(-1, "", "") for _ in board.territories]
        self.colours: list[str] = []
        self.marks: list[str] = []
        self._cache: dict[int, Strip] = {}
        self.shade = four_colour(board.land_adj)
        self._style_cache: dict[tuple, tuple[Style, Style]] = {}
        self.regions = False  # colour by region instead of by owner
        self.region_of = [-1] * len(board.territories)
        for r, reg in enumerate(board.regions):
            for tid in reg.territories:
                if tid in board.index and self.region_of[board.index[tid]] < 0:
                    self.region_of[board.index[tid]] = r
        self.virtual_size = Size(self.width_, len(self.art))

    # --- feeding it ----------------------------------------------------------------------------
    def set_players(self, colours: list[str], marks: list[str]) -> None:
        if colours != self.colours or marks != self.marks:
            self.colours, self.marks = list(colours), list(marks)
            self._cache.clear()
            self._style_cache.clear()
            self.refresh()

    def set_regions(self, on: bool) -> None:
        if on != self.regions:
            self.regions = on
            self._cache.clear()
            self._style_cache.clear()
            self.refresh()

    def show(self, looks: list[Look]) -> None:
        """New looks per territory; only rows of territories whose look changed are redrawn."""
        dirty: set[int] = set()
        for t, (old, new) in enumerate(zip(self.looks, looks, strict=True)):
            if old != new:
                dirty |= self.rows_of[t]
        self.looks = list(looks)
        for y in dirty:
            self._cache.pop(y, None)
        for y in sorted(dirty):
            self.refresh_line(y)

    def territory_at(self, x: int, y: int) -> int:
        if 0 <= y < len(self.cell) and 0 <= x < self.width_:
            return self.cell[y][x]
        return -1

    def scroll_to_territory(self, t: int) -> None:
        tt = self.board.territories[t]
        x, y = tt.label
        self.scroll_to_region(Region(max(0, x - 4), max(0, y - 2), 12, 5), animate=False, immediate=True)

    # --- painting --------------------------------------------------------------------------------
    def _styles(self, t: int) -> tuple[Style, Style]:
        """(cell style, label style) of territory t, cached by what decides them."""
        look = self.looks[t]
        key = (look.owner, look.mark, self.shade[t], self.region_of[t] if self.regions else None)
        got = self._style_cache.get(key)
        if got is None:
            got = self._style_cache[key] = self._make_styles(look, t)
        return got

    def _make_styles(self, look: Look, t: int) -> tuple[Style, Style]:
        if look.mark == "cursor":
            return CURSOR, CURSOR
        if look.mark == "chosen":
            return CHOSEN, CHOSEN
        if self.regions:
            r = self.region_of[t]
            bg = shade(REGION_COLOURS[r % len(REGION_COLOURS)] if r >= 0 else NOBODY[0], self.shade[t] % 2)
            fg = "#ffffff"
        elif look.owner < 0 or look.owner >= len(self.colours):
            bg, fg = NOBODY_BG[self.shade[t] % len(NOBODY_BG)], NOBODY[1]
        else:
            bg, fg = rgb(self.colours[look.owner])
            bg = shade(bg, self.shade[t])
        label = Style(bgcolor=blend(bg, "#000000", 0.45), color="#ffffff", bold=True)
        if look.mark == "target":
            # legal targets: bright letters AND underlined, so they stand out without colour too
            return (Style(bgcolor=bg, color="#ffff40", bold=True, underline=True),
                    label + Style(color="#ffff40", underline=True))
        return Style(bgcolor=bg, color=blend(fg, bg, 0.45)), label

    def _row(self, y: int) -> Strip:
        strip = self._cache.get(y)
        if strip is not None:
            return strip
        row, cells = self.art[y], self.cell[y]
        segs: list[Segment] = []
        styles: dict[int, tuple[Style, Style]] = {}
        x = 0
        w = self.width_
        while x < w:
            t = cells[x]
            if t < 0:
                ch = row[x]
                style = SEA_STYLE if ch in SEA_CHARS else BLANK_STYLE
                start = x
                while x < w and cells[x] < 0 and ((row[x] in SEA_CHARS) == (style is SEA_STYLE)):
                    x += 1
                segs.append(Segment(row[start:x], style))
                continue
            style, label = styles.get(t) or styles.setdefault(t, self._styles(t))
            lab = self.labels_at.get((x, y))
            look = self.looks[t]
            if lab == t and look.label:
                text = look.label[:3].rjust(2).ljust(3)
                segs.append(Segment(text, label))
                x += len(text)
                for ch in look.badge[:2]:  # the badge goes in the territory's cells right after the label
                    if x < w and cells[x] == t:
                        segs.append(Segment(ch, BADGE))
                        x += 1
                continue
            start = x
            x += 1  # at least one cell, even at a label point with an empty label
            while x < w and cells[x] == t and self.labels_at.get((x, y)) != t:
                x += 1
            if 0 <= look.owner < len(self.marks):
                segs.append(Segment(self.marks[look.owner] * (x - start), style))
            else:  # unclaimed: the territory's own letter, so each one shows where it ends
                segs.append(Segment(row[start:x], style))
        strip = Strip(segs, w)
        self._cache[y] = strip
        return strip

    def render_line(self, y: int) -> Strip:
        sx, sy = self.scroll_offset
        row = y + sy
        width = self.size.width
        if row >= len(self.art):
            return Strip.blank(width, BLANK_STYLE)
        return self._row(row).crop_extend(sx, sx + width, BLANK_STYLE)

    def on_click(self, event) -> None:
        sx, sy = self.scroll_offset
        t = self.territory_at(event.x + sx, event.y + sy)
        if t >= 0:
            self.post_message(self.Clicked(t))
