"""The new-game screen: rulebook, board (for a rulebook that plays on any), seats, names, colours, computer
seats, seed, options."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from riskterm.board import Board
from riskterm.errors import RiskError
from riskterm.rules import VARIANTS, PlayerSetup, Rules, available_variants, variant_class
from riskterm.setup_options import choice_text
from riskterm.tui.colours import DEFAULT_ORDER
from riskterm.tui.plain import shown_text
from riskterm.tui.screens import OneAnswer, SizeAware

if TYPE_CHECKING:
    from riskterm.board.find import BoardFile

DEFAULT_NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
WHO = (("person", "Person"), ("easy", "Computer (easy)"), ("normal", "Computer (normal)"),
       ("hard", "Computer (hard)"))
SPEED_CHOICES = (("instant", 0.0), ("fast", 0.15), ("normal", 0.5), ("slow", 1.2))


def board_label(f: BoardFile, title: str) -> Text:
    """A board in the list by its display name (`title`, from the file: it may hold any character)."""
    return Text(shown_text(title) if f.shipped else f"{shown_text(title)} (your boards)")


class NewGameScreen(OneAnswer, SizeAware, Screen[None]):
    BINDINGS = [Binding("ctrl+s", "start", "Start game"), Binding("ctrl+o", "resume", "Continue a saved game"),
                Binding("escape", "app.quit", "Quit")]

    def chosen(self, wid: str) -> Any:
        """The value of a Select made with allow_blank=False (so never Select.BLANK)."""
        return self.query_one(wid, Select).value

    def action_resume(self) -> None:
        from riskterm.tui.resume import ResumeScreen

        self.app.push_screen(ResumeScreen(), callback=lambda s: self.risk_app.start_game(s) if s else None)

    def compose(self) -> ComposeResult:
        from riskterm.board.find import board_files, board_titles

        self.boards = board_files()  # the shipped boards, then the user's own (the boards folder)
        built = available_variants()
        with VerticalScroll(id="new-box"):
            yield Static("[b]New game[/b]  (Tab moves between fields; Ctrl+S or the button starts)")
            with Horizontal(classes="form-row"):
                yield Label("Rulebook")
                yield Select([(f"{VARIANTS[v][2]} ({v})", v) for v in built], value=built[0],  # the registry's first
                             allow_blank=False, id="variant")
                yield Label("Seats")
                yield Select([(str(n), n) for n in range(2, 7)], value=3, allow_blank=False, id="seats")
            with Horizontal(classes="form-row", id="board-row"):
                yield Label("Board")
                titles = board_titles(self.boards)
                yield Select([(board_label(f, t), str(f.path)) for f, t in zip(self.boards, titles, strict=True)],
                             allow_blank=False,
                             id="board-choice")
            yield Static("", id="board-about")
            for i in range(6):
                with Horizontal(classes="seat-row", id=f"seat{i}"):
                    yield Input(DEFAULT_NAMES[i], id=f"name{i}", max_length=14)
                    yield Select([(c, c) for c in DEFAULT_ORDER], value=DEFAULT_ORDER[i], allow_blank=False,
                                 id=f"colour{i}")
                    yield Select([(label, v) for v, label in WHO], value="person", allow_blank=False, id=f"who{i}")
            with Horizontal(classes="form-row"):
                yield Label("Seed")
                yield Input("", placeholder="random", id="seed", type="integer")
                yield Label("Computer speed")
                yield Select(SPEED_CHOICES, value=0.15, allow_blank=False, id="speed")
            yield Checkbox("Quick start (deal territories, spread armies)", value=True, id="quick")
            for v in built:
                with Vertical(id=f"house-{v}", classes="house"):
                    opts = variant_class(v).house_options
                    if opts:
                        yield Static("[b]House rules[/b]")
                    for i, (_key, label, choices, default) in enumerate(opts):
                        with Horizontal(classes="form-row house-row"):
                            yield Label(label)
                            yield Select([(choice_text(c), j) for j, c in enumerate(choices)],
                                         value=choices.index(default) if default in choices else 0,
                                         allow_blank=False, id=f"house-{v}-{i}")
            yield Static("", id="new-status")
            yield Button("Start game", id="start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self._limit_seats()
        self.query_one("#name0", Input).focus()

    def _limit_seats(self) -> None:
        cls = variant_class(str(self.query_one("#variant", Select).value))
        seats = self.query_one("#seats", Select)
        n = int(seats.value) if isinstance(seats.value, int) else 3
        n = max(cls.min_players, min(cls.max_players, n))
        seats.set_options([(str(k), k) for k in range(cls.min_players, cls.max_players + 1)])
        seats.value = n
        self._show_rows(n)
        self._house_rows(cls)
        self._board_row(cls)

    def _board_row(self, cls: type[Rules]) -> None:
        """The board choice, for a rulebook that plays on any board, set to the rulebook's own."""
        row = self.query_one("#board-row")
        row.display = self.query_one("#board-about").display = cls.any_board
        own = next((str(f.path) for f in self.boards if f.shipped and f.name == cls.board_id), None)
        if own is not None:
            self.query_one("#board-choice", Select).value = own
        self._about_board()

    def _about_board(self) -> None:
        """What the chosen board is: its name, size, regions and bonuses (or why it cannot be played)."""
        from pathlib import Path

        from riskterm.board.find import board_about

        chosen = self.query_one("#board-choice", Select).value
        about = board_about(Path(chosen)) if isinstance(chosen, str) else ""
        self.query_one("#board-about", Static).update(Text(about, style="dim"))

    def board(self, cls: type[Rules]) -> Board | None:
        """The chosen board (MapError with one sentence when its file is no good); None: the rulebook's own."""
        from riskterm.board.find import open_board

        chosen = self.query_one("#board-choice", Select).value
        if not cls.any_board or not isinstance(chosen, str):
            return None
        if any(f.shipped and f.name == cls.board_id and str(f.path) == chosen for f in self.boards):
            return None
        return open_board(chosen)

    def _house_rows(self, cls) -> None:
        """Show the house rules of the chosen rulebook only."""
        for box in self.query(".house"):
            box.display = box.id == f"house-{cls.name}"

    def house(self) -> dict:
        cls = variant_class(str(self.query_one("#variant", Select).value))
        out = {}
        for i, (key, _, choices, _) in enumerate(cls.house_options):
            found = self.query(f"#house-{cls.name}-{i}")
            if found:
                v = found.first(Select).value
                out[key] = choices[int(v)] if isinstance(v, int) else choices[0]
        return out

    def _show_rows(self, n: int) -> None:
        for i in range(6):
            self.query_one(f"#seat{i}").display = i < n

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "variant":
            self._limit_seats()
        elif event.select.id == "seats" and isinstance(event.value, int):
            self._show_rows(event.value)
        elif event.select.id == "board-choice":
            self._about_board()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_start(self) -> None:
        from rich.markup import escape

        from riskterm.session import Session
        from riskterm.setup_options import check_setup, secret_seed

        n = int(self.chosen("#seats"))
        players = []
        for i in range(n):
            who = self.query_one(f"#who{i}", Select).value
            players.append(PlayerSetup(self.query_one(f"#name{i}", Input).value.strip(),
                                       str(self.query_one(f"#colour{i}", Select).value),
                                       None if who == "person" else str(who)))
        seed_text = self.query_one("#seed", Input).value.strip()
        variant = str(self.query_one("#variant", Select).value)
        opts = {"quick_start": self.query_one("#quick", Checkbox).value, **self.house()}
        try:
            # blank: a secret seed from the whole range (a small or shown seed lets a player rebuild the deck and dice)
            seed = int(seed_text) if seed_text.lstrip("-").isdigit() else secret_seed()
            cls = variant_class(variant)
            check_setup(cls, players, seed, opts)  # the same checks as play and loading
            session = Session.new(variant, players, seed, opts, self.board(cls))
        except (RiskError, ValueError) as e:  # ValueError: a seed of thousands of digits
            text = str(e) if isinstance(e, RiskError) else "The seed must be a whole number."
            self.query_one("#new-status", Static).update(f"[b red]{escape(text)}[/]")
            return
        speed = float(self.chosen("#speed"))
        self.risk_app.start_game(session, speed, seed)
