"""Statistics as charts: per player, a figure (territories, armies, income, cards, battles won, dice luck)
turn by turn as coloured bar-lines, with the totals table underneath. StatsScreen can be pushed by the game
app during or after a game; the replay app opens it with 'c'."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from riskterm.record.stats import GameStats, game_stats
from riskterm.record.ui.mapview import background, colours_of
from riskterm.session import Session

BARS = " ▁▂▃▄▅▆▇█"
METRICS = (("territories", "Territories"), ("armies", "Armies"), ("income", "Income"), ("cards", "Cards"),
           ("battles_won", "Battles won per turn"), ("luck_total", "Dice luck so far (armies vs expected)"))


def series(st: GameStats, key: str) -> dict[str, list[float]]:
    if key != "luck_total":
        return st.series(key)
    out = {}
    for name, vals in st.series("luck").items():
        run, acc = 0.0, []
        for v in vals:
            run += v
            acc.append(run)
        out[name] = acc
    return out


def fit(values: list[float], width: int) -> list[float]:
    """Exactly `width` columns: sampled when there are more turns, each turn widened when fewer."""
    if not values or width <= 0:
        return []
    return [values[min(len(values) - 1, i * len(values) // width)] for i in range(width)]


def bar_rows(values: list[float], width: int, height: int, lo: float, hi: float) -> list[str]:
    """A bar chart `height` rows tall (top row first), eighth blocks for the fractions."""
    cols = fit(values, width)
    span = (hi - lo) or 1.0
    levels = [max(0, min(height * 8, round((v - lo) / span * height * 8))) for v in cols]
    rows = []
    for r in range(height - 1, -1, -1):
        rows.append("".join(BARS[max(0, min(8, lv - r * 8))] for lv in levels))
    return rows


def chart(st: GameStats, key: str, title: str, colours: list[str], width: int = 72, height: int = 4) -> Text:
    data = series(st, key)
    values = [v for vals in data.values() for v in vals]
    lo, hi = (min(0.0, min(values)), max(values)) if values else (0.0, 1.0)
    out = Text()
    last_turn = st.turns[-1]["turn"] if st.turns else 0
    out.append(f"{title}, turn 0 to {last_turn} (scale {lo:g} to {hi:g})\n\n", style="bold")
    for i, (name, vals) in enumerate(data.items()):
        colour = background(colours[i]) if i < len(colours) else "white"
        last = vals[-1] if vals else 0
        for r, row in enumerate(bar_rows(vals, width, height, lo, hi)):
            label = f"{name[:12]:12}" if r == 0 else f"{last:>12g}" if r == height - 1 else " " * 12
            out.append(label + " ", style=f"bold {colour}")
            out.append(row + "\n", style=colour)
        out.append("\n")
    return out


def totals_table(st: GameStats, colours: list[str]) -> Table:
    t = Table(title=f"Totals to turn {st.turns[-1]['turn'] if st.turns else 0}", expand=False)
    for col in ("Player", "Terr.", "Armies", "Income", "Cards", "Won", "Lost", "Killed", "Lost armies", "Luck"):
        t.add_column(col, justify="left" if col == "Player" else "right")
    for i, row in enumerate(st.totals):
        t.add_row(Text(row["name"], style=f"bold on {background(colours[i])}"), str(row["territories"]),
                  str(row["armies"]), str(row["income"]), str(row["cards"]), str(row["battles_won"]),
                  str(row["battles_lost"]), str(row["armies_killed"]), str(row["armies_lost"]),
                  f"{row['luck']:+.1f}")
    return t


class StatsScreen(Screen[None]):
    """Charts of a game so far. Keys: left/right (or 1-6) choose the figure, escape/q closes."""

    BINDINGS = [
        Binding("right,tab", "metric(1)", "Next chart"),
        Binding("left,shift+tab", "metric(-1)", "Prev chart"),
        *[Binding(str(i + 1), f"pick({i})", label, show=False) for i, (_, label) in enumerate(METRICS)],
        Binding("escape,q,c", "close", "Close"),
    ]

    def __init__(self, session: Session, upto: int | None = None) -> None:
        super().__init__()
        self.session = session
        self.stats = game_stats(session if upto is None else _cut(session, upto))
        self.colours = colours_of(session.state["players"])
        self.metric = 0

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="chart")
        yield Footer()

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        key, label = METRICS[self.metric]
        width = max(20, self.size.width - 16) if self.size.width else 72
        self.query_one("#chart", Static).update(
            Group(chart(self.stats, key, label, self.colours, width), Text(""), totals_table(self.stats, self.colours)))

    def on_resize(self) -> None:
        self.draw()

    def action_metric(self, delta: int) -> None:
        self.metric = (self.metric + delta) % len(METRICS)
        self.draw()

    def action_pick(self, i: int) -> None:
        self.metric = i
        self.draw()

    def action_close(self) -> None:
        self.dismiss(None)


def _cut(session: Session, upto: int) -> Session:
    """The session as it stood after `upto` actions (for charts during a replay)."""
    from dataclasses import replace

    steps = session.steps[:upto]
    state = steps[-1].after if steps else session.initial_state
    return replace(session, steps=list(steps), redo_stack=[], state=state)
