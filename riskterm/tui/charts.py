"""Statistics as line charts (plotext, through textual-plotext): per player a figure (territories, armies,
income, cards, battles won, dice luck) turn by turn, with axes, turn numbers and a legend in the players'
colours, and the totals table underneath. StatsScreen is pushed by the game (Ctrl+G), the game-over screen
and the replay app ('c'); LineChart is the game-over screen's inline chart."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual_plotext import PlotextPlot

from riskterm.engine.fog import OFF, level_of
from riskterm.record.stats import GameStats, game_stats, only_seat
from riskterm.session import Session
from riskterm.tui.colours import hex_rgb, rgb, seat_colours
from riskterm.tui.screens import OneAnswer

METRICS = (
    ("territories", "Territories"),
    ("armies", "Armies"),
    ("income", "Income"),
    ("cards", "Cards"),
    ("battles_won", "Battles won per turn"),
    ("luck_total", "Dice luck so far (armies vs expected)"),
)


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


def round_ticks(values: list[float], most: int = 6) -> list[int]:
    """At most `most` y-axis ticks at a round step (1, 2, 5, 10, 20, 50 ...) covering the values."""
    if not values:
        return []
    lo, hi = int(min(values)), int(max(values) + 0.999)
    step = 1
    while (hi - lo) // step + 1 > most:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    first = lo - lo % step
    return list(range(first, hi + 1, step))


class LineChart(PlotextPlot):
    """One figure per player over the turns: a line each in the player's colour, turn numbers on the x axis."""

    DEFAULT_CSS = "LineChart { height: 1fr; min-height: 10; }"

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.theme = "dark"

    def plot(
        self, st: GameStats, key: str, title: str, colours: list[str], skip: set[int] | None = None
    ) -> None:
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        turns = [row["turn"] for row in st.turns]
        data = series(st, key)
        for i, (name, vals) in enumerate(data.items()):
            if skip and i in skip or not vals:
                continue
            colour = hex_rgb(rgb(colours[i])[0]) if i < len(colours) else (200, 200, 200)
            plt.plot(turns[: len(vals)], vals, label=name, color=colour, marker="hd")
        plt.title(title)
        plt.xlabel("turn")
        ticks = [] if key == "luck_total" else round_ticks([v for vals in data.values() for v in vals])
        if ticks:  # counts: whole round numbers, not plotext's 81.7
            plt.yticks([float(t) for t in ticks])
        if turns:
            step = max(1, len(turns) // 10)
            plt.xticks(turns[::step])
        self.refresh()


def totals_table(st: GameStats, colours: list[str]) -> Table:
    t = Table(title=f"Totals to turn {st.turns[-1]['turn'] if st.turns else 0}", expand=False)
    for col in (
        "Player",
        "Terr.",
        "Armies",
        "Income",
        "Cards",
        "Won",
        "Lost",
        "Killed",
        "Lost armies",
        "Luck",
    ):
        t.add_column(col, justify="left" if col == "Player" else "right")
    for i, row in enumerate(st.totals):
        bg, fg = rgb(colours[i])
        t.add_row(
            Text(row["name"], style=f"bold {fg} on {bg}"),
            str(row["territories"]),
            str(row["armies"]),
            str(row["income"]),
            str(row["cards"]),
            str(row["battles_won"]),
            str(row["battles_lost"]),
            str(row["armies_killed"]),
            str(row["armies_lost"]),
            f"{row['luck']:+.1f}",
        )
    return t


class StatsScreen(OneAnswer, Screen[None]):
    """Charts of a game so far. Keys: left/right (or 1-6) choose the figure, escape/q closes."""

    DEFAULT_CSS = """
    StatsScreen #chart-box { height: 1fr; }
    StatsScreen LineChart { height: 1fr; min-height: 12; }
    StatsScreen #totals { height: auto; }
    """
    BINDINGS = [
        Binding("right,tab", "metric(1)", "Next chart"),
        Binding("left,shift+tab", "metric(-1)", "Prev chart"),
        *[Binding(str(i + 1), f"pick({i})", label, show=False) for i, (_, label) in enumerate(METRICS)],
        Binding("escape,q,c", "close", "Close"),
    ]

    def __init__(self, session: Session, upto: int | None = None, seat: int | None = None) -> None:
        """`seat`: the player looking, in a game still fogged (engine/fog.py): its own figures alone."""
        super().__init__()
        self.session = session
        self.stats = game_stats(session if upto is None else _cut(session, upto))
        self.colours = seat_colours(session.state["players"])
        if level_of(session.state) != OFF:
            self.stats = only_seat(self.stats, seat)
            self.colours = [self.colours[seat]] if self.stats.names and seat is not None else []
        self.metric = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="chart-box"):
            yield LineChart(id="chart")
            with VerticalScroll(id="totals"):
                yield Static(totals_table(self.stats, self.colours))
        yield Footer()

    def when_mounted(self) -> None:
        self.draw()

    def draw(self) -> None:
        key, label = METRICS[self.metric]
        self.query_one(LineChart).plot(
            self.stats, key, f"{label} ({self.metric + 1}/{len(METRICS)}: left/right)", self.colours
        )

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
