"""The map browser, reached from the new-game screen: every board on this machine (built in, imported with
import-map, generated with new-map, or the user's own) in a list searched by name, and for the highlighted
one its map drawn at the size the screen leaves it (coloured by region, with its names), its title, author,
notes, territory and region counts, and a warning when the chosen rulebook cannot be played on it. Enter
picks the board (its file's path), Esc goes back without one.

    app.push_screen(MapBrowserScreen(files, refusal, current=path), callback=...)
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from riskterm.board.find import BoardFile, BoardInfo, board_info, board_titles
from riskterm.board.model import Board
from riskterm.tui.plain import shown_text
from riskterm.tui.screens import OneAnswer, SizeAware

CSS = """
MapBrowserScreen { background: $background; }
#mb-left { width: 34; max-width: 40%; height: 1fr; }
#mb-search { width: 100%; }
#mb-list { height: 1fr; }
#mb-right { width: 1fr; height: 1fr; padding: 0 0 0 1; }
#mb-preview { height: 1fr; min-height: 6; }
#mb-details { height: auto; max-height: 35%; }
#mb-title { height: 1; }
"""

NOTE_LINES = 6  # the notes shown under the map (the rest scrolls)


def matches(info: BoardInfo, title: str, query: str) -> bool:
    """A search by name: every word of the query in the title, the file's name, the author or the kind."""
    hay = " ".join((title, info.file.name, info.author, info.kind)).lower()
    return all(word in hay for word in query.lower().split())


class MapBrowserScreen(OneAnswer, SizeAware, Screen[str | None]):
    DEFAULT_CSS = CSS
    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        Binding("enter", "pick", "Play this board", priority=True),
        Binding("slash", "search", "Search", show=False),
    ]

    def __init__(
        self, files: list[BoardFile], refusal: Callable[[Board], str], current: str = "", rulebook: str = ""
    ) -> None:
        """`refusal(board)`: why the chosen rulebook cannot be played on the board ('' when it can);
        `current`: the path of the board chosen now (highlighted first)."""
        super().__init__()
        self.files = files
        self.titles = board_titles(files)
        self.refusal = refusal
        self.current = current
        self.rulebook = rulebook
        self.shown: list[int] = list(range(len(files)))  # the files the search leaves, in list order
        self.previewed = -1
        self._pending: object = None

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="mb-left"):
                yield Input(placeholder="Search by name", id="mb-search")
                yield OptionList(id="mb-list")
            with Vertical(id="mb-right"):
                yield Static("", id="mb-title")
                yield Vertical(id="mb-preview")
                with VerticalScroll(id="mb-details"):
                    yield Static("", id="mb-about")
        yield Footer()

    def when_mounted(self) -> None:
        self.fill("")
        at = next((k for k, i in enumerate(self.shown) if str(self.files[i].path) == self.current), 0)
        if self.shown:
            self.query_one(OptionList).highlighted = at
        self.query_one("#mb-search", Input).focus()  # typing searches; arrows move the list; Enter picks

    # --- the list ----------------------------------------------------------------------------------
    def info(self, i: int) -> BoardInfo:
        return board_info(self.files[i])

    def fill(self, query: str) -> None:
        """The list of boards whose name matches `query`, each with where it comes from."""
        self.shown = [i for i, f in enumerate(self.files) if matches(board_info(f), self.titles[i], query)]
        options = []
        for i in self.shown:
            info = self.info(i)
            line = Text(shown_text(self.titles[i]))
            line.append(f" · {info.kind}", style="dim")
            if info.problem:
                line.append(" · cannot be played", style="bold red")
            options.append(Option(line, id=str(i)))
        listing = self.query_one(OptionList)
        listing.clear_options()
        listing.add_options(options)
        if self.shown:
            listing.highlighted = 0
        else:
            self.previewed = -1
            self.query_one("#mb-title", Static).update(
                Text(f"No board's name has '{shown_text(query)}' in it.", style="bold")
            )
            self.query_one("#mb-about", Static).update("")
            self.query_one("#mb-preview").remove_children()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.fill(event.value)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        i = int(event.option.id or 0)
        self.describe(i)
        # the drawing is laid out once the highlight rests (holding an arrow key does not lay out every board)
        if self._pending is not None:
            self._pending.stop()  # type: ignore[attr-defined]
        self._pending = self.set_timer(0.12, lambda: self.preview(i))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.pick(int(event.option.id or 0))

    def on_key(self, event: events.Key) -> None:
        """Up and down in the search box move the list."""
        if isinstance(self.focused, Input) and event.key in ("up", "down", "pageup", "pagedown"):
            event.stop()
            event.prevent_default()
            listing = self.query_one(OptionList)
            getattr(
                listing,
                {
                    "up": "action_cursor_up",
                    "down": "action_cursor_down",
                    "pageup": "action_page_up",
                    "pagedown": "action_page_down",
                }[event.key],
            )()

    # --- the highlighted board ---------------------------------------------------------------------
    def describe(self, i: int) -> None:
        info = self.info(i)
        title = Text(shown_text(info.title), style="bold")
        if info.author:
            title.append(f"  by {shown_text(info.author)}", style="")
        self.query_one("#mb-title", Static).update(title)
        about = Text()
        where = "riskterm's own" if info.file.shipped else f"{info.file.path.name} in your boards folder"
        about.append(f"{info.kind} · {shown_text(where)}\n", style="dim")
        if info.problem:
            about.append(shown_text(info.problem) + "\n", style="bold red")
        else:
            about.append(shown_text(info.size_line()) + "\n")
            assert info.board is not None
            if all(r.bonus == 0 for r in info.board.regions):
                about.append(
                    "Every region's bonus is 0: holding a region gives no extra armies.\n", style="yellow"
                )
            why = self.refusal(info.board)
            if why:
                about.append(
                    f"{self.rulebook or 'The chosen rulebook'} cannot be played here: {shown_text(why)}\n",
                    style="bold yellow",
                )
        if info.notes:
            lines = info.notes.splitlines()
            more = f"\n(and {len(lines) - NOTE_LINES} more lines)" if len(lines) > NOTE_LINES else ""
            about.append(shown_text("\n".join(lines[:NOTE_LINES])) + more, style="dim")
        self.query_one("#mb-about", Static).update(about)

    def preview(self, i: int) -> None:
        """The board drawn as the game draws it, at the size this screen leaves it, coloured by region."""
        self._pending = None
        if i == self.previewed or self.answered:
            return
        self.previewed = i
        box = self.query_one("#mb-preview")
        box.remove_children()
        board = self.info(i).board
        if board is None:
            return
        from riskterm.tui.board import PreviewView

        box.mount(PreviewView(board, box.size.width, box.size.height))

    # --- answers -------------------------------------------------------------------------------------
    def highlighted(self) -> int | None:
        at = self.query_one(OptionList).highlighted
        return self.shown[at] if at is not None and 0 <= at < len(self.shown) else None

    def action_pick(self) -> None:
        i = self.highlighted()
        if i is not None:
            self.pick(i)

    def pick(self, i: int) -> None:
        info = self.info(i)
        if info.problem:
            self.notify(shown_text(info.problem), severity="error", timeout=8)
            return
        self.dismiss(str(self.files[i].path))

    def action_search(self) -> None:
        self.query_one("#mb-search", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)
