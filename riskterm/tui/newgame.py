"""The new-game screen: rulebook, board (for a rulebook that plays on any), seats, names, colours, computer
seats, seed, options."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
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
    from riskterm.ledger.store import Profile

DEFAULT_NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
WHO = (
    ("person", "Person"),
    ("easy", "Computer (easy)"),
    ("normal", "Computer (normal)"),
    ("hard", "Computer (hard)"),
)
SPEED_CHOICES = (("instant", 0.0), ("fast", 0.15), ("normal", 0.5), ("slow", 1.2))


def board_label(f: BoardFile, title: str) -> Text:
    """A board in the list by its display name (`title`, from the file: it may hold any character)."""
    return Text(shown_text(title) if f.shipped else f"{shown_text(title)} (your boards)")


class NewGameScreen(OneAnswer, SizeAware, Screen[None]):
    BINDINGS = [
        Binding("ctrl+s", "start", "Start game"),
        Binding("f2", "learn", "Learn to play"),
        Binding("ctrl+o", "resume", "Continue a saved game"),
        Binding("ctrl+b", "browse", "Boards"),
        Binding("ctrl+l", "ledger", "Ledger"),
        Binding("f1", "help", "Help"),
        Binding("escape", "app.quit", "Quit"),
    ]

    def chosen(self, wid: str) -> Any:
        """The value of a Select made with allow_blank=False (so never Select.BLANK)."""
        return self.query_one(wid, Select).value

    def action_resume(self) -> None:
        from riskterm.tui.resume import ResumeScreen

        self.app.push_screen(ResumeScreen(), callback=lambda s: self.risk_app.start_game(s) if s else None)

    def action_learn(self) -> None:
        self.risk_app.show_lessons(str(self.query_one("#variant", Select).value))

    def action_help(self) -> None:
        """The keys of this screen and the chosen rulebook's rules."""
        rows = [
            ("Tab / Shift+Tab", "Next / previous", "move between the fields"),
            ("Enter", "Choose", "press the focused button, open a list or tick a box"),
            ("Ctrl+S", "Start game", "start the game as set up here"),
            ("F2", "Learn to play", "the lessons: guided games that explain each step (riskterm learn)"),
            ("Ctrl+O", "Continue", "continue a saved game"),
            (
                "Ctrl+B",
                "Boards",
                "browse the boards here, each drawn, and pick one (rulebooks that play on any)",
            ),
            ("Ctrl+L", "Ledger", "everyone's ratings"),
            ("F1", "Help", "this screen"),
            ("Esc", "Quit", "leave riskterm"),
        ]
        cls = variant_class(str(self.query_one("#variant", Select).value))
        self.risk_app.show_help(rows, cls.presenter_class.rules_text)

    def on_key(self, event: events.Key) -> None:
        if event.character == "?" and not isinstance(self.focused, Input):
            event.stop()
            self.action_help()

    def action_ledger(self) -> None:
        from riskterm.tui.ledger import LedgerScreen

        self.app.push_screen(LedgerScreen(variant=str(self.query_one("#variant", Select).value)))

    def compose(self) -> ComposeResult:
        from textual.suggester import SuggestFromList

        from riskterm.board.find import board_files, board_titles

        self.boards = board_files()  # the shipped boards, then the user's own (the boards folder)
        self.people, self.ledger_notes = remembered_people()
        names, colours = seat_defaults(self.people)
        suggest = (
            SuggestFromList([p.name for p in self.people], case_sensitive=False) if self.people else None
        )
        built = available_variants()
        with VerticalScroll(id="new-box"):
            yield Static("[b]New game[/b]  (Tab moves between fields; Enter on Start begins; F1 help)")
            if not self.people:  # nobody has finished a game here yet: most likely a new player
                yield Static(
                    Text(
                        "New to Risk? Learn to play (F2) walks you through a short game, one step at a time.",
                        style="bold",
                    ),
                    id="first-time",
                )
            with Horizontal(classes="form-row", id="new-buttons"):
                yield Button("Start game", id="start", variant="primary")
                yield Button("Learn to play", id="learn")
                yield Button("Ledger", id="ledger")
            with Horizontal(classes="form-row"):
                yield Label("Rulebook")
                yield Select(
                    [(f"{VARIANTS[v][2]} ({v})", v) for v in built],
                    value=built[0],  # the registry's first
                    allow_blank=False,
                    id="variant",
                )
                yield Label("Seats")
                yield Select([(str(n), n) for n in range(2, 7)], value=3, allow_blank=False, id="seats")
            with Horizontal(classes="form-row", id="board-row"):
                yield Label("Board")
                titles = board_titles(self.boards)
                yield Select(
                    [(board_label(f, t), str(f.path)) for f, t in zip(self.boards, titles, strict=True)],
                    allow_blank=False,
                    id="board-choice",
                )
                yield Button("Browse…", id="browse")
            yield Static("", id="board-about")
            for i in range(6):
                with Horizontal(classes="seat-row", id=f"seat{i}"):
                    yield Input(names[i], id=f"name{i}", max_length=14, suggester=suggest)
                    yield Select(
                        [(c, c) for c in DEFAULT_ORDER], value=colours[i], allow_blank=False, id=f"colour{i}"
                    )
                    yield Select(
                        [(label, v) for v, label in WHO], value="person", allow_blank=False, id=f"who{i}"
                    )
            with Horizontal(classes="form-row"):
                yield Label("Seed")
                yield Input("", placeholder="random", id="seed", type="integer")
                yield Label("Computer speed")
                yield Select(SPEED_CHOICES, value=0.15, allow_blank=False, id="speed")
            yield Checkbox("Quick start (deal territories, spread armies)", value=True, id="quick")
            for v in built:  # filled when its rulebook is first chosen: most of the screen's widgets
                yield Vertical(id=f"house-{v}", classes="house")
            if self.people:
                yield Static(
                    Text(
                        f"Players remembered here: {', '.join(p.name for p in self.people[:8])}"
                        f"{', ...' if len(self.people) > 8 else ''} (a name's colour follows it; → "
                        f"completes a name)",
                        style="dim",
                    ),
                    id="remembered",
                )
            yield Static("", id="new-status")
        yield Footer()

    def when_mounted(self) -> None:
        self._limit_seats()
        self.query_one("#start", Button).focus()  # Enter starts at once; ? and F1 reach the help
        for note in self.ledger_notes:
            self.notify(note, severity="warning", timeout=10)

    def on_input_changed(self, event: Input.Changed) -> None:
        """A remembered person's name brings their colour to the seat (when no other seat shows it)."""
        wid = event.input.id or ""
        if not wid.startswith("name"):
            return
        person = next((p for p in self.people if p.name.lower() == event.value.strip().lower()), None)
        if person is None or person.colour not in DEFAULT_ORDER:
            return
        i = int(wid[4:])
        taken = {
            self.query_one(f"#colour{k}", Select).value
            for k in range(6)
            if k != i and self.query_one(f"#seat{k}").display
        }
        if person.colour not in taken:
            self.query_one(f"#colour{i}", Select).value = person.colour

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

    def _house_rows(self, cls: type[Rules]) -> None:
        """Show the house rules of the chosen rulebook only, made the first time it is chosen (after the
        screen's first frame: they are below the fold and would double the time the screen takes to appear)."""
        for box in self.query(".house"):
            box.display = box.id == f"house-{cls.name}"
        self.call_after_refresh(self._fill_house, cls)

    def _fill_house(self, cls: type[Rules]) -> None:
        box = self.query_one(f"#house-{cls.name}", Vertical)
        if box.children or not cls.house_options:
            return
        rows: list[Any] = [Static("[b]House rules[/b]")]
        for i, (_key, label, choices, default) in enumerate(cls.house_options):
            rows.append(
                Horizontal(
                    Label(label),
                    Select(
                        [(choice_text(c), j) for j, c in enumerate(choices)],
                        value=choices.index(default) if default in choices else 0,
                        allow_blank=False,
                        id=f"house-{cls.name}-{i}",
                    ),
                    classes="form-row house-row",
                )
            )
        box.mount_all(rows)

    def house(self) -> dict[str, Any]:
        cls = variant_class(str(self.query_one("#variant", Select).value))
        out: dict[str, Any] = {}
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
        elif event.button.id == "learn":
            self.action_learn()
        elif event.button.id == "ledger":
            self.action_ledger()
        elif event.button.id == "browse":
            self.action_browse()

    def action_browse(self) -> None:
        """The map browser: every board here drawn, with what it is; Enter picks it for this game."""
        from riskterm.rules import check_board
        from riskterm.tui.map_browser import MapBrowserScreen

        cls = variant_class(str(self.query_one("#variant", Select).value))
        if not cls.any_board:
            self.notify(f"{cls.title} is played on its own board only.", timeout=5)
            return
        seats = int(self.chosen("#seats"))

        def refusal(board: Board) -> str:
            try:
                check_board(cls, board, seats)
            except RiskError as e:
                return str(e)
            return ""

        chosen = self.query_one("#board-choice", Select).value
        self.app.push_screen(
            MapBrowserScreen(self.boards, refusal, str(chosen), f"{cls.title} ({seats} seats)"),
            callback=self.browsed,
        )

    def browsed(self, path: str | None) -> None:
        if path is not None:
            self.query_one("#board-choice", Select).value = path
            self._about_board()

    def action_start(self) -> None:
        from rich.markup import escape

        from riskterm.session import Session
        from riskterm.setup_options import check_setup, secret_seed

        n = int(self.chosen("#seats"))
        players = []
        for i in range(n):
            who = self.query_one(f"#who{i}", Select).value
            players.append(
                PlayerSetup(
                    self.query_one(f"#name{i}", Input).value.strip(),
                    str(self.query_one(f"#colour{i}", Select).value),
                    None if who == "person" else str(who),
                )
            )
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
        remember([(p.name, p.colour) for p in players if p.ai is None])
        self.risk_app.start_game(session, speed, seed)


def remembered_people() -> tuple[list[Profile], list[str]]:
    """The people the ledger remembers, the most recent first, and any sentence about the ledger (a damaged
    one set aside). A ledger that cannot be read now remembers nobody: the screen works as without it."""
    from riskterm.ledger.store import PERSON, Ledger, LedgerError

    led = Ledger(timeout=0.3)
    try:
        people = [p for p in led.profiles() if p.kind == PERSON]
    except LedgerError:
        return [], led.notes
    return people, led.notes


def seat_defaults(people: list[Profile]) -> tuple[list[str], list[str]]:
    """Six seats' names and colours: the remembered people first, in their colours where no earlier seat has
    it, then the default names the people do not use, each seat the next colour nobody has."""
    names = [p.name for p in people[:6]]
    taken = {n.lower() for n in names}
    names += [n for n in DEFAULT_NAMES if n.lower() not in taken][: 6 - len(names)]
    colours: list[str] = []
    for i in range(6):
        own = people[i].colour if i < len(people) else ""
        colours.append(own if own in DEFAULT_ORDER and own not in colours else "")
    spare = [c for c in DEFAULT_ORDER if c not in colours]
    return names, [c or spare.pop(0) for c in colours]


def remember(people: list[tuple[str, str]]) -> None:
    """Remember the people of a game as it starts, in a thread (the game never waits for the ledger)."""
    if not people:
        return
    import threading

    from riskterm.ledger.store import Ledger, LedgerError

    led = Ledger()

    def work() -> None:
        try:
            led.remember(people)
        except LedgerError:
            pass  # the game's end tries the ledger again and says what is wrong

    threading.Thread(target=work, name="riskterm-profiles", daemon=True).start()
