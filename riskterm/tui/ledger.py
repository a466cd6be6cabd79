"""The Ledger screen: the standings (over all rulebooks, or one: Tab), each person's place among the computer
levels, the recent games, and after a game each player's rating change in it. Opened from the new-game screen
and the game-over screen. The ledger is read in a thread (after a game it first waits for the game's record),
so the screen never waits for the database."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from riskterm.ledger.entry import GameEntry
from riskterm.ledger.ratings import OVERALL, Ratings
from riskterm.tui.colours import rgb, seat_colours
from riskterm.tui.screens import OneAnswer, SizeAware

if TYPE_CHECKING:
    from rich.console import Group, RenderableType
    from textual.worker import Worker


@dataclass
class LedgerView:
    games: list[GameEntry] = field(default_factory=list)
    ratings: Ratings | None = None
    notes: list[str] = field(default_factory=list)  # sentences: a damaged file set aside, a busy database


def read_ledger(game_id: str | None = None, wait: float = 10.0) -> LedgerView:
    """The ledger as it is now (in a worker thread); with `game_id`, once that game's record is written."""
    from riskterm.ledger.recorder import RECORDER
    from riskterm.ledger.store import Ledger, LedgerError

    view = LedgerView()
    if game_id is not None:
        why = RECORDER.wait(game_id, timeout=wait)
        if why:
            view.notes.append(why)
    led = Ledger(timeout=1.0)
    try:
        view.games = led.games()
    except LedgerError as e:
        view.notes.append(str(e))
    view.notes[:0] = led.notes
    view.ratings = Ratings(view.games)
    return view


def rating_changes(view: LedgerView, game_id: str, scope: str = OVERALL) -> Text | None:
    """Each player's rating after the game and its change, on one line (None when the game is not there, empty
    when it changed no rating)."""
    game = next((g for g in view.games if g.game_id == game_id), None)
    if game is None or view.ratings is None:
        return None
    from riskterm.ledger.report import seat_label

    out = Text()
    colours = game_colours(game)
    for s in sorted(game.seats, key=lambda s: (s.place, s.seat)):
        change = view.ratings.change(game_id, s.who, scope)
        if change is None:
            continue
        before, after = change
        delta = after.shown - before.shown
        if out:
            out.append(", ")
        out.append(seat_label(s), style=_seat_style(colours[s.seat]))
        out.append(f" {after.shown:.1f} ")
        out.append(f"({delta:+.1f})", style="green" if delta > 0 else "red" if delta < 0 else "")
    return out


def game_colours(game: GameEntry) -> dict[int, str]:
    """Seat -> the colour it was drawn in (a seat without a chosen colour got the next default, as in play)."""
    return {
        s.seat: c
        for s, c in zip(game.seats, seat_colours([{"colour": s.colour} for s in game.seats]), strict=True)
    }


def _seat_style(colour: str) -> str:
    bg, fg = rgb(colour)
    return f"{fg} on {bg}"


class LedgerScreen(OneAnswer, SizeAware, Screen[None]):
    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
        Binding("tab", "scope(1)", "Next rulebook"),
        Binding("shift+tab", "scope(-1)", "Previous", show=False),
    ]

    def __init__(self, game_id: str | None = None, variant: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.view: LedgerView | None = None
        from riskterm.rules import available_variants

        self.scopes = [OVERALL, *available_variants()]
        self.scope = variant if variant in self.scopes else OVERALL

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="ledger-box"):
            yield Static(Text("Reading the ledger...", style="dim"), id="ledger-body")
        yield Footer()

    def when_mounted(self) -> None:
        self.run_worker(lambda: read_ledger(self.game_id), thread=True, exit_on_error=False, name="ledger")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        from textual.worker import WorkerState

        if event.worker.name != "ledger":
            return
        if event.state is WorkerState.SUCCESS:
            self.view = event.worker.result
        elif event.state is WorkerState.ERROR:
            self.view = LedgerView(notes=[f"The ledger could not be read ({event.worker.error})."])
        else:
            return
        self.show()

    def action_scope(self, step: int) -> None:
        self.scope = self.scopes[(self.scopes.index(self.scope) + step) % len(self.scopes)]
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)

    def show(self) -> None:
        if self.view is None:
            return
        self.query_one("#ledger-body", Static).update(self.render_view(self.view))

    def render_view(self, view: LedgerView) -> Group:
        from rich.console import Group

        from riskterm.ledger.report import day, in_scope, result_text, scope_title, standings

        parts: list[RenderableType] = []
        head = Text()
        head.append("Ledger", style="bold")
        names = "  ".join(
            ("[" + (s or "all") + "]") if s == self.scope else (s or "all") for s in self.scopes
        )
        head.append(f": {scope_title(self.scope)}    {names}")
        parts.append(head)
        for note in view.notes:
            parts.append(Text(note, style="bold yellow"))
        games = in_scope(view.games, self.scope)
        if self.game_id is not None and view.ratings is not None:
            game = next((g for g in view.games if g.game_id == self.game_id), None)
            if game is not None:
                parts.append(Text(""))
                parts.append(self.this_game(view, game))
        if not games:
            parts.append(Text(""))
            parts.append(
                Text(
                    "No finished games here yet: games are recorded as they end ('riskterm ledger add "
                    "FOLDER' adds saved ones).",
                    style="dim",
                )
            )
            return Group(*parts)
        assert view.ratings is not None
        rows = standings(view.ratings, self.scope)
        t = Table(
            title=f"Standings ({len(games)} game{'s' if len(games) != 1 else ''})",
            title_justify="left",
            expand=False,
        )
        for col in ("#", "Player", "Rating", "Games", "Won", "Drawn", "Last played"):
            t.add_column(col, justify="left" if col == "Player" else "right", no_wrap=True)
        for r in rows:
            t.add_row(
                str(r["rank"]),
                r["label"],
                f"{r['rating']:.1f}",
                str(r["games"]),
                str(r["wins"]),
                str(r["draws"]),
                r["last_played"][:10],
            )
        parts += [Text(""), t]
        said = [r["between"] for r in rows if r["between"]]
        if said:
            parts.append(Text("\n".join(said), style="italic"))
        rt = Table(title="Recent games", title_justify="left", expand=False)
        for col in ("Ended (UTC)", "Rulebook", "Turns", "Finishing order"):
            rt.add_column(
                col, justify="right" if col == "Turns" else "left", no_wrap=col != "Finishing order"
            )
        from riskterm.ledger.report import recent, rulebook_text

        for g in recent(view.games, view.ratings, self.scope, 8):
            rt.add_row(
                day(g["ended_at"]), rulebook_text(g["variant"], g["mode"]), str(g["turns"]), result_text(g)
            )
        parts += [
            Text(""),
            rt,
            Text(""),
            Text(
                "A name mistyped or to go: 'riskterm ledger rename OLD NEW', 'merge FROM INTO' or "
                "'forget NAME' on the command line.",
                style="dim",
            ),
        ]
        return Group(*parts)

    def this_game(self, view: LedgerView, game: GameEntry) -> Table:
        """The game just played: each seat's finish and its rating change, over all and in the rulebook."""
        from riskterm.ledger.report import seat_label

        assert view.ratings is not None
        t = Table(title="This game" + (" (a draw)" if game.draw else ""), title_justify="left", expand=False)
        for col in ("Player", "Finish", "Rating", "±", f"In {game.variant}", "± "):
            t.add_column(col, justify="left" if col == "Player" else "right", no_wrap=True)
        colours = game_colours(game)
        for s in sorted(game.seats, key=lambda s: (s.place, s.seat)):
            cells = [Text(seat_label(s), style=_seat_style(colours[s.seat])), Text(str(s.place))]
            for scope in (OVERALL, game.variant):
                change = view.ratings.change(game.game_id, s.who, scope)
                if change is None:
                    cells += [Text(""), Text("")]
                    continue
                delta = change[1].shown - change[0].shown
                cells += [
                    Text(f"{change[1].shown:.1f}"),
                    Text(f"{delta:+.1f}", style="green" if delta > 0 else "red" if delta < 0 else ""),
                ]
            t.add_row(*cells)
        return t
