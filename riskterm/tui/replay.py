"""`riskterm replay FILE`: step through a saved game turn by turn with the board as it was. Keys: right/left
next/previous turn, '.'/',' next/previous action, home/end, g jump to a turn, c charts, q quit. Secrets stay
hidden: the replay shows what a spectator would see (no hands, no hidden orders)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, Static

from riskterm.engine.events import seen_by
from riskterm.engine.fog import lifted
from riskterm.engine.state import State
from riskterm.record.timeline import Timeline
from riskterm.rules import other_board
from riskterm.session import Session
from riskterm.setup_options import house_rules_in_play
from riskterm.tui.board import BoardView, Look
from riskterm.tui.charts import StatsScreen
from riskterm.tui.colours import rgb, seat_colours, seat_marks
from riskterm.tui.plain import PlainNotify, shown_text

CSS = """
#main { height: 1fr; }
#board { width: 1fr; height: 1fr; }
#side { width: 44; height: 1fr; padding: 0 0 0 1; }
#where { height: auto; text-style: bold; }
#players { height: auto; }
#turnlog { height: 1fr; border-top: solid $primary-darken-2; }
#jump { dock: bottom; margin-bottom: 1; }
"""


class ReplayApp(PlainNotify):
    TITLE = "riskterm replay"
    AUTO_FOCUS = None
    ENABLE_COMMAND_PALETTE = False  # the footer shows only replay keys
    CSS = CSS
    BINDINGS = [
        Binding("right,n", "turn(1)", "Next turn"),
        Binding("left,p", "turn(-1)", "Prev turn"),
        Binding("full_stop", "step(1)", "Next action"),
        Binding("comma", "step(-1)", "Prev action"),
        Binding("home", "go(0)", "Start", show=False),
        Binding("end", "go(-1)", "End", show=False),
        Binding("g", "jump", "Go to turn"),
        Binding("c", "charts", "Charts"),
        Binding("q,escape", "quit_or_close", "Quit"),
    ]

    def __init__(self, session: Session, title: str = "") -> None:
        super().__init__()
        self.session = session
        self.timeline = Timeline(session)
        self.pos = 0
        self.sub_title = shown_text(title)  # a file's name
        players = session.state["players"]
        self.colours = seat_colours(players)
        self.marks = seat_marks(players)
        self.names = session.rules.names(session.state)
        self.board_name = shown_text(other_board(session.rules))  # '' on the rulebook's own board
        self.house = shown_text(
            house_rules_in_play(type(session.rules), session.options)
        )  # '' at the defaults

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield BoardView(self.session.rules.board, id="board")
            with Vertical(id="side"):
                yield Static(id="where")
                yield Static(id="players")
                with VerticalScroll(id="turnlog"):
                    yield Static(id="turntext")
        yield Input(id="jump", placeholder=f"turn number (0-{self.timeline.last_turn}), Enter to go")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#jump").display = False
        self.query_one("#turnlog").can_focus = False
        self.query_one("#board").can_focus = False
        self.set_focus(None)
        self.show()

    # --- showing a position ------------------------------------------------------------------------------
    def show(self) -> None:
        tl, rules = self.timeline, self.session.rules
        present = rules.presenter()
        state = tl.state(self.pos)
        view = rules.view(lifted(state), None)  # a replay shows everything, fog or not
        board = self.query_one(BoardView)
        board.set_players(self.colours, self.marks)
        board.show(
            [
                Look(present.owner_of(view, t), present.label_of(view, t), "", present.badge_of(view, t))
                for t in range(len(rules.board.territories))
            ]
        )
        k = tl.turn_index(self.pos)
        mark = tl.turns[k]
        who = (
            self.names[mark.player] if isinstance(mark.player, int) and mark.player < len(self.names) else "-"
        )
        where = Text()
        where.append(f"Turn {mark.turn} of {tl.last_turn} ", style="bold")
        where.append(f" · {who}\n")
        where.append(f"action {self.pos} of {tl.end} · {state.get('phase', '')}")
        if rules.is_over(state):
            where.append(" · game over")
        if self.board_name:
            where.append(f"\non the board {self.board_name}", style="dim")
        if self.house:
            where.append(f"\n{self.house}", style="dim")
        self.query_one("#where", Static).update(where)
        self.query_one("#players", Static).update(self.players_table(view))
        events = seen_by(tl.turn_events(k), None)
        upto = len([e for p in range(mark.first + 1, self.pos + 1) for e in tl.events_before(p)])
        upto += len([e for e in tl.events_before(mark.first) if e.data.get("turn", mark.turn) == mark.turn])
        text = Text()
        for i, e in enumerate(events):
            text.append(present.describe(e, self.names, None) + "\n", style="dim" if i >= upto else "")
        self.query_one("#turntext", Static).update(text)

    def players_table(self, view: State) -> Table:
        t = Table(expand=True, box=None, pad_edge=False)
        for col in ("Player", "Terr", "Armies", "Cards"):
            t.add_column(col, justify="left" if col == "Player" else "right")
        for i, row in enumerate(self.session.rules.presenter().player_stats(view)):
            bg, fg = rgb(self.colours[i])
            name = Text(str(row.get("name", "")), style=f"{fg} on {bg}")
            t.add_row(
                name, str(row.get("territories", "")), str(row.get("armies", "")), str(row.get("cards", ""))
            )
        return t

    # --- moving ------------------------------------------------------------------------------------------
    def go(self, pos: int) -> None:
        self.pos = max(0, min(pos, self.timeline.end))
        self.show()

    def action_turn(self, delta: int) -> None:
        tl = self.timeline
        self.go(tl.next_turn(self.pos) if delta > 0 else tl.prev_turn(self.pos))

    def action_step(self, delta: int) -> None:
        self.go(self.pos + delta)

    def action_go(self, pos: int) -> None:
        self.go(self.timeline.end if pos < 0 else pos)

    def action_jump(self) -> None:
        box = self.query_one("#jump", Input)
        box.display = True
        box.value = ""
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        box = self.query_one("#jump", Input)
        text = event.value.strip()
        pos = self.timeline.find_turn(int(text)) if text.isdigit() else None
        if pos is None:
            self.notify(
                f"There is no turn '{text}'; turns run from 0 to {self.timeline.last_turn}.",
                severity="warning",
            )
            return
        box.display = False
        self.set_focus(None)
        self.go(pos)

    def action_charts(self) -> None:
        self.push_screen(StatsScreen(self.session, upto=self.pos))

    def action_quit_or_close(self) -> None:
        box = self.query_one("#jump", Input)
        if box.display:
            box.display = False
            self.set_focus(None)
            return
        self.exit()


def run_replay(session: Session, title: str = "") -> None:
    ReplayApp(session, title).run()
