"""Game over: the winner, a statistics table, and line charts of territories / armies per player by turn."""

from __future__ import annotations

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


def summary(session: Session, width: int = 60) -> list:
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
        head.append(rules.presenter().describe(end, names) if end is not None else "The game is a draw.", style="bold")
    stats = rules.presenter().player_stats(s)
    totals = game_stats(session).totals
    scores = _scores(rules, s)
    t = Table(title="Statistics", expand=False)
    # battles as the record counts them (record/stats.py): one roll or one whole fight, either side
    for col in ("Player", "Score", "Territories", "Armies", "Battles W-L", "Conquests", "Trades", "Knocked out"):
        t.add_column(col, justify="left" if col == "Player" else "right")
    for i, st in enumerate(stats):
        if st.get("neutral"):
            continue
        c = totals[i] if i < len(totals) else {}
        bg, fg = rgb(colours[i])
        t.add_row(Text(str(st.get("name")), style=f"{fg} on {bg}"), str(scores[i] if scores else ""),
                  str(st.get("territories", "")), str(st.get("armies", "")), f"{c.get('battles_won', 0)}-{c.get('battles_lost', 0)}",
                  str(c.get("conquests", 0)), str(c.get("trades", 0)), str(c.get("eliminated", 0)))
    return [head, t]


def _scores(rules, s) -> list:
    try:
        return rules.scores(s)
    except NotImplementedError:
        return []


class GameOverScreen(OneAnswer, SizeAware, Screen[str]):
    BINDINGS = [Binding("n", "choose('new')", "New game"), Binding("b", "choose('board')", "Look at the board"),
                Binding("c", "charts", "Charts"),
                # q quits at once; the key bar shows the app's ^q Quit only, not two Quits
                Binding("q", "choose('quit')", "Quit", show=False)]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        width = max(20, min(80, self.app.size.width - 16))
        with VerticalScroll(id="over-box"):
            for part in summary(self.session, width):
                yield Static(part)
            yield LineChart(id="over-territories", classes="over-chart")
            yield LineChart(id="over-armies", classes="over-chart")
        yield Footer()

    def on_mount(self) -> None:
        st = game_stats(self.session)
        s = self.session.state
        colours = seat_colours(s["players"])
        neutral = {i for i, p in enumerate(s["players"]) if p.get("neutral")}
        self.query_one("#over-territories", LineChart).plot(st, "territories", "Territories per turn", colours,
                                                              neutral)
        self.query_one("#over-armies", LineChart).plot(st, "armies", "Armies per turn", colours, neutral)

    def action_charts(self) -> None:
        from riskterm.tui.charts import StatsScreen

        self.app.push_screen(StatsScreen(self.session))

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
