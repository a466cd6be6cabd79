"""Game over: the winner, a statistics table, and territories / armies per player over the turns."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from riskterm.session import Session
from riskterm.tui.colours import rgb, seat_colours
from riskterm.tui.hotseat import event_counts, history
from riskterm.tui.screens import SizeAware

BARS = " ▁▂▃▄▅▆▇█"


def spark(values: list[float], width: int, top: float) -> str:
    if not values:
        return ""
    step = len(values) / width  # shrink long games, stretch short ones to the chart's width
    values = [values[min(len(values) - 1, int(i * step))] for i in range(width)]
    top = top or 1
    return "".join(BARS[min(8, round(v / top * 8))] for v in values)


def summary(session: Session, width: int = 60) -> list:
    rules, s = session.rules, session.state
    names = rules.names(s)
    colours = seat_colours(s["players"])
    w = rules.winner(s)
    head = Text()
    if w is not None:
        head.append(f" {names[w]} wins ", style=f"bold on {rgb(colours[w])[0]}")
        head.append(f" after {s.get('turn', '?')} turns.", style="bold")
    else:
        head.append(f"The game is a draw after {s.get('turn', '?')} turns.", style="bold")
    stats = rules.player_stats(s)
    counts = event_counts(session)
    scores = _scores(rules, s)
    t = Table(title="Statistics", expand=False)
    for col in ("Player", "Score", "Territories", "Armies", "Battles", "Conquests", "Trades", "Eliminated"):
        t.add_column(col, justify="left" if col == "Player" else "right")
    for i, st in enumerate(stats):
        if st.get("neutral"):
            continue
        c = counts.get(i, {})
        t.add_row(Text(str(st.get("name")), style=f"on {rgb(colours[i])[0]}"), str(scores[i] if scores else ""),
                  str(st.get("territories", "")), str(st.get("armies", "")), str(c.get("battles", 0)),
                  str(c.get("conquests", 0)), str(c.get("trades", 0)), str(c.get("eliminated", 0)))
    hist = history(session)
    chart = Text()
    for key in ("territories", "armies"):
        top = max((float(h[i].get(key, 0) or 0) for h in hist for i in range(len(h))), default=1.0)
        chart.append(f"{key.title()} per player over {len(hist) - 1} turns (top {top:.0f})\n", style="bold")
        for i, name in enumerate(names):
            if s["players"][i].get("neutral"):
                continue
            vals = [float(h[i].get(key, 0) or 0) for h in hist]
            chart.append(f"{name[:10]:10} ", style=f"on {rgb(colours[i])[0]}")
            chart.append(" " + spark(vals, width, top) + "\n", style=rgb(colours[i])[0])
        chart.append("\n")
    return [head, t, chart]


def _scores(rules, s) -> list:
    try:
        return rules.scores(s)
    except NotImplementedError:
        return []


class GameOverScreen(SizeAware, Screen[str]):
    BINDINGS = [Binding("n", "choose('new')", "New game"), Binding("b", "choose('board')", "Look at the board"),
                Binding("c", "charts", "Charts"), Binding("q", "choose('quit')", "Quit")]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        width = max(20, min(80, self.app.size.width - 16))
        with VerticalScroll(id="over-box"):
            for part in summary(self.session, width):
                yield Static(part)
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "charts":
            from riskterm.tui.keys import record_screens_available

            return record_screens_available()
        return True

    def action_charts(self) -> None:
        from riskterm.record.ui.charts import StatsScreen

        self.app.push_screen(StatsScreen(self.session))

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
