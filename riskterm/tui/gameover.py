"""Game over: the winner, a statistics table, and line charts of territories / armies per player by turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from riskterm.record.stats import game_stats
from riskterm.session import Session
from riskterm.tui.charts import LineChart
from riskterm.tui.colours import rgb, seat_colours
from riskterm.tui.screens import OneAnswer, SizeAware

if TYPE_CHECKING:
    from textual.worker import Worker

    from riskterm.engine.state import State
    from riskterm.rules.base import Rules


def summary(session: Session, width: int = 60) -> list[RenderableType]:
    rules, s = session.rules, session.state
    names = rules.names(s)
    colours = seat_colours(s["players"])
    w = rules.winner(s)
    head = Text()
    end = next((e for e in reversed(session.all_events()) if e.kind in rules.presenter().end_events), None)
    if w is not None:
        bg, fg = rgb(colours[w])
        head.append(f" {names[w]} wins ", style=f"bold {fg} on {bg}")  # black on yellow and cyan
        head.append(f" after {s.get('turn', '?')} turns.", style="bold")
        if end is not None:  # how: every territory, the last opponent out, a mission met (its card shown)
            head.append("\n" + rules.presenter().describe(end, names))
    else:
        # the rulebook's own sentence: s["turn"] has already passed the cap (it says 9 for --turn-cap 8),
        # and a rulebook may count rounds
        head.append(
            rules.presenter().describe(end, names) if end is not None else "The game is a draw.", style="bold"
        )
    stats = rules.presenter().player_stats(s)
    totals = game_stats(session).totals
    scores = _scores(rules, s)
    t = Table(title="Statistics", expand=False)
    # battles as the record counts them (record/stats.py): one roll or one whole fight, either side
    for col in (
        "Player",
        "Score",
        "Territories",
        "Armies",
        "Battles W-L",
        "Conquests",
        "Trades",
        "Knocked out",
    ):
        t.add_column(col, justify="left" if col == "Player" else "right")
    for i, st in enumerate(stats):
        if st.get("neutral"):
            continue
        c = totals[i] if i < len(totals) else {}
        bg, fg = rgb(colours[i])
        t.add_row(
            Text(str(st.get("name")), style=f"{fg} on {bg}"),
            str(scores[i] if scores else ""),
            str(st.get("territories", "")),
            str(st.get("armies", "")),
            f"{c.get('battles_won', 0)}-{c.get('battles_lost', 0)}",
            str(c.get("conquests", 0)),
            str(c.get("trades", 0)),
            str(c.get("eliminated", 0)),
        )
    return [head, t]


def _scores(rules: Rules, s: State) -> list[int]:
    try:
        return rules.scores(s)
    except NotImplementedError:
        return []


class GameOverScreen(OneAnswer, SizeAware, Screen[str]):
    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("b", "choose('board')", "Look at the board"),
        Binding("c", "charts", "Charts"),
        Binding("l", "ledger", "Ledger"),
        # q quits at once; the key bar shows the app's ^q Quit only, not two Quits
        Binding("q", "choose('quit')", "Quit", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.ledger_read = False  # the ratings line is filled in (tests and screenshots wait for it)

    def compose(self) -> ComposeResult:
        width = max(20, min(80, self.app.size.width - 16))
        with VerticalScroll(id="over-box"):
            for i, part in enumerate(summary(self.session, width)):
                yield Static(part)
                if i == 0:
                    yield Static(
                        Text("Ratings: recording the game in the ledger...", style="dim"), id="over-ledger"
                    )
            yield LineChart(id="over-territories", classes="over-chart")
            yield LineChart(id="over-armies", classes="over-chart")
        yield Footer()

    def when_mounted(self) -> None:
        st = game_stats(self.session)
        s = self.session.state
        colours = seat_colours(s["players"])
        neutral = {i for i, p in enumerate(s["players"]) if p.get("neutral")}
        self.query_one("#over-territories", LineChart).plot(
            st, "territories", "Territories per turn", colours, neutral
        )
        self.query_one("#over-armies", LineChart).plot(st, "armies", "Armies per turn", colours, neutral)
        game_id = getattr(self.session, "game_id", None)
        if game_id is None:  # a joined screen's mirror of a hosted game: the host's ledger records it
            self.query_one("#over-ledger", Static).display = False
            self.ledger_read = True
            return
        from riskterm.tui.ledger import read_ledger

        self.run_worker(lambda: read_ledger(game_id), thread=True, exit_on_error=False, name="ledger")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        from textual.worker import WorkerState

        if event.worker.name != "ledger" or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        from riskterm.tui.ledger import LedgerView, rating_changes

        view = (
            cast(LedgerView, event.worker.result)
            if event.state is WorkerState.SUCCESS
            else LedgerView(notes=[f"The ledger could not be read ({event.worker.error})."])
        )
        line = Text()
        changes = rating_changes(view, self.session.game_id)
        if changes:
            line.append("Ratings after this game: ", style="bold")
            line.append_text(changes)
            line.append(" (l: the ledger)", style="dim")
        elif (
            changes is not None
        ):  # recorded, but nobody to be rated against: one computer level in every seat
            line.append(
                "In the ledger; no rating changes, as every seat was the same computer level (l: the "
                "ledger).",
                style="dim",
            )
        for note in view.notes:
            line.append(("\n" if line else "") + note, style="yellow")
        if view.ratings is not None and changes:
            from riskterm.ledger.entry import PERSON

            for p in self.session.players:
                said = view.ratings.against_levels((PERSON, p.name)) if not p.ai else ""
                if said:
                    line.append("\n" + said, style="italic")
        self.query_one("#over-ledger", Static).update(line)
        self.ledger_read = True

    def action_ledger(self) -> None:
        from riskterm.tui.ledger import LedgerScreen

        self.app.push_screen(LedgerScreen(getattr(self.session, "game_id", None), self.session.rules.name))

    def action_charts(self) -> None:
        from riskterm.tui.charts import StatsScreen

        self.app.push_screen(StatsScreen(self.session))

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
