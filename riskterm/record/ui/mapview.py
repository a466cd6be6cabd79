"""The board as it was at a point of the game. Uses the app's BoardView (riskterm.tui.board) when it is there;
otherwise a plain Rich rendering of the art with owners' colours and army counts, so replay works alone."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from riskterm.board.model import SEA_CHARS, Board
from riskterm.engine.state import State
from riskterm.rules.base import Rules

FALLBACK_COLOURS = {"red": "#b03030", "blue": "#3058c0", "green": "#2e8b3e", "yellow": "#c8b020",
                    "magenta": "#9a40a8", "cyan": "#2aa0a8", "grey": "#6a6a6a", "orange": "#d07020",
                    "black": "#303030", "white": "#d0d0d0"}
SPARE = ("red", "blue", "green", "yellow", "magenta", "cyan")


def colours_of(players: list[dict[str, Any]]) -> list[str]:
    """Each seat's colour name (the app's palette when it is there)."""
    try:
        from riskterm.tui.colours import seat_colours
        return seat_colours(players)
    except ImportError:
        spare = [c for c in SPARE if c not in {p.get("colour") for p in players}]
        return [p.get("colour") if p.get("colour") in FALLBACK_COLOURS else (spare.pop(0) if spare else "white")
                for p in players]


def background(colour: str) -> str:
    try:
        from riskterm.tui.colours import rgb
        return rgb(colour)[0]
    except ImportError:
        return FALLBACK_COLOURS.get(colour, "#d0d0d0")


class PlainBoard(Static):
    """Fallback map: the art, each territory's cells on its owner's colour, counts at the label points."""

    def __init__(self, board: Board, **kw: Any) -> None:
        super().__init__(**kw)
        self.board = board
        self.glyph = {t.glyph: t.index for t in board.territories}
        self.labels = {(t.label[0], t.label[1]): t.index for t in board.territories}

    def paint(self, owners: list[int], labels: list[str], colours: list[str]) -> None:
        text = Text()
        for y, row in enumerate(self.board.art):
            x = 0
            while x < len(row):
                ch = row[x]
                t = self.glyph.get(ch)
                if t is None:
                    text.append(ch, Style(color="#4a6a8a", dim=True) if ch in SEA_CHARS else Style())
                    x += 1
                    continue
                o = owners[t]
                style = Style(bgcolor=background(colours[o]) if 0 <= o < len(colours) else "#1c2a38",
                              color="#ffffff")
                if self.labels.get((x, y)) == t and labels[t]:
                    lab = labels[t][:3].rjust(2).ljust(3)
                    text.append(lab, style + Style(bold=True))
                    x += len(lab)
                    continue
                text.append(" ", style)
                x += 1
            text.append("\n")
        self.update(text)


def make_map(board: Board) -> Widget:
    try:
        from riskterm.tui.board import BoardView
    except ImportError:
        return PlainBoard(board, id="board")
    return BoardView(board, id="board")


def show_state(widget: Widget, rules: Rules, view: State, colours: list[str], marks: list[str]) -> None:
    n = len(rules.board.territories)
    owners = [rules.owner_of(view, t) for t in range(n)]
    labels = [rules.label_of(view, t) for t in range(n)]
    if isinstance(widget, PlainBoard):
        widget.paint(owners, labels, colours)
        return
    from riskterm.tui.board import Look

    widget.set_players(colours, marks)  # type: ignore[attr-defined]
    widget.show([Look(owners[t], labels[t], "") for t in range(n)])  # type: ignore[attr-defined]


def marks_of(players: list[dict[str, Any]]) -> list[str]:
    try:
        from riskterm.tui.colours import seat_marks
        return seat_marks(players)
    except ImportError:
        return [(p.get("name") or "?")[:1].upper() for p in players]
