"""The whole game log as one seat may read it, with filters: p cycles the player, k lists the kinds of event,
s shows only what happened since that seat's last turn. The game app pushes LogScreen(session, seat)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from riskterm.record.log import LogEntry, filter_log, game_log, since_last_turn
from riskterm.session import Session
from riskterm.tui.colours import rgb, seat_colours
from riskterm.tui.screens import OneAnswer

MAX_LINES = 2000
EVERY_KIND = ""  # the kind list's first row: the filter off


def kind_choices(session: Session, seat: int | None) -> list[tuple[str, str, str]]:
    """The kind filter's rows: every kind, then each kind of event in the game as `seat` reads it, with its
    count, in order of first appearance."""
    counts: dict[str, int] = {}
    for e in game_log(session, seat):
        counts[e.kind] = counts.get(e.kind, 0) + 1
    return [("every kind", EVERY_KIND, ""), *((f"{k} ({n})", k, "") for k, n in counts.items())]


class LogScreen(OneAnswer, Screen[None]):
    BINDINGS = [
        Binding("p", "player", "Player filter"),
        Binding("k", "kind", "Kind filter"),
        Binding("s", "since", "Since last turn"),
        Binding("escape,q,l", "close", "Close"),
    ]

    def __init__(self, session: Session, seat: int | None = None) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.names = session.rules.names(session.state)
        self.colours = seat_colours(session.state["players"])
        self.player: int | None = None
        self.kind: str | None = None
        self.since = False

    def compose(self) -> ComposeResult:
        yield Static(id="log-title")
        with VerticalScroll(id="log-lines"):
            yield Static(id="log-text")
        yield Footer()

    def when_mounted(self) -> None:
        self.draw()

    def entries(self) -> list[LogEntry]:
        if self.since and self.seat is not None:
            log = since_last_turn(self.session, self.seat)
        else:
            log = game_log(self.session, self.seat)
        return filter_log(
            log, None if self.player is None else [self.player], None if self.kind is None else [self.kind]
        )

    def draw(self) -> None:
        log = self.entries()
        title = Text("Game log", style="bold")
        title.append(f" · {self.names[self.player] if self.player is not None else 'every player'}")
        title.append(f" · {self.kind or 'every kind'}")
        if self.since:
            title.append(" · since your last turn")
        title.append(f" · {len(log)} entries")
        self.query_one("#log-title", Static).update(title)
        text = Text()
        if len(log) > MAX_LINES:
            text.append(f"({len(log) - MAX_LINES} earlier entries not shown)\n", style="dim")
        for e in log[-MAX_LINES:]:
            who = self.names[e.player] if e.player is not None and e.player < len(self.names) else ""
            colour = (
                rgb(self.colours[e.player])[0]
                if e.player is not None and e.player < len(self.colours)
                else "white"
            )
            text.append(f"T{e.turn:<4}", style="dim")
            text.append(f"{who[:10]:10} ", style=f"bold {colour}")
            text.append(
                e.text + ("  (only you see this)" if e.private and e.player == self.seat else "") + "\n"
            )
        self.query_one("#log-text", Static).update(text)
        self.query_one("#log-lines", VerticalScroll).scroll_end(animate=False)

    def action_player(self) -> None:
        seats = [None, *range(len(self.names))]
        self.player = seats[(seats.index(self.player) + 1) % len(seats)]
        self.draw()

    def action_kind(self) -> None:
        """A list of the kinds with how many of each (stepping one kind a key took about 20 presses to reach
        the trades)."""
        from riskterm.tui.dialogs import ChoiceScreen

        def chosen(kind: str | None) -> None:
            if kind is not None:
                self.kind = None if kind == EVERY_KIND else kind
                self.draw()

        self.app.push_screen(
            ChoiceScreen("Show one kind of event", kind_choices(self.session, self.seat), False),
            callback=chosen,
        )

    def action_since(self) -> None:
        self.since = not self.since
        self.draw()

    def action_close(self) -> None:
        self.dismiss(None)
