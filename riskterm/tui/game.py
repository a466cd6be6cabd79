"""The game screen: board, side panels and the key bar. It draws the controller (tui/controller.py, where the
game's logic lives) and turns keys, clicks and list choices into the controller's methods."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Self

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Input, Log, Static

from riskterm.engine.actions import Action
from riskterm.engine.commitment import short
from riskterm.engine.events import seen_by
from riskterm.engine.fog import UNKNOWN, rules_note
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.session import Session
from riskterm.tui import panels
from riskterm.tui.board import BoardView, Look
from riskterm.tui.buying import open_shop, open_spend
from riskterm.tui.colours import rgb, seat_colours, seat_marks
from riskterm.tui.computer import ComputerRunner
from riskterm.tui.controller import (
    Applied,
    Choice,
    Effect,
    GameController,
    OpenOrders,
    OpenShop,
    OpenSpend,
    situation,
)
from riskterm.tui.hotseat import HotSeat
from riskterm.tui.keybar import KeyBar
from riskterm.tui.keys import SPEEDS, bindings_for, keyed
from riskterm.tui.picker import Picker
from riskterm.tui.screens import HandoffScreen, OneAnswer, SizeAware
from riskterm.tui.sidepanel import Panel, Shown, SizedPanel
from riskterm.tui.unitcounts import Counts

NARROW = 110


class GameLog(Log, can_focus=False):
    """The game log; never focused, so arrow keys stay with the board. It always shows the newest line, also
    after a panel above it grew (Log itself follows only when it was already at the end)."""

    def write_lines(self, lines: Iterable[str], scroll_end: bool | None = None) -> Self:
        super().write_lines(lines, scroll_end)
        self.scroll_end(animate=False, immediate=True, x_axis=False)
        return self

    def on_resize(self) -> None:
        self.scroll_end(animate=False, immediate=True, x_axis=False)


def make_game_screen(
    session: Session, speed: float = 0.15, ai_seed: int = 0, hs: HotSeat | None = None
) -> GameScreen:
    """The game screen with the keys of the session's rulebook."""
    return keyed(GameScreen, session.rules)(session, speed, ai_seed, hs)


class GameScreen(OneAnswer, SizeAware, Screen[None]):
    AUTO_FOCUS = None  # keys go to the screen's bindings; only the search box takes focus, when opened
    last_advice: tuple[Action, str] | None = None  # the coach's last (action, reason), for tests
    save_problem: reactive[str | None] = reactive(None, init=False)  # why the game is not being saved now
    show_regions: reactive[bool] = reactive(False, init=False)  # the map coloured by region, with a legend

    class Moved(Message):
        """The session changed (an action, undo or redo, a computer's move): the app saves the game."""

    class Over(Message):
        """The game has ended: the app shows the results. It comes after the Moved of the last move (a screen's
        messages reach the app in order), so the finished game is saved, and handed to the ledger, first."""

        def __init__(self, session: Session) -> None:
            super().__init__()
            self.session = session

    def __init__(
        self, session: Session, speed: float = 0.15, ai_seed: int = 0, hs: HotSeat | None = None
    ) -> None:
        super().__init__()
        self.help_rows = bindings_for(session.rules)[1]  # (its keys: make_game_screen's class, keys.keyed)
        self.session = session
        self.rules: Rules = session.rules
        self.presenter = session.rules.presenter()
        self.hs = hs or HotSeat(session, ai_seed)
        self.ctl = GameController(self.hs)
        self.computers = ComputerRunner(self.hs)
        self.speed = speed
        self.logged = 0
        self.log_viewer: int | None = -2
        self.over_shown = False
        self._step_shape: tuple[str | None, int, str | None] | None = None
        st = session.state
        self.colours = seat_colours(st["players"])
        self.marks = seat_marks(st["players"])

    # the controller's state, as tests and panels read it
    @property
    def picker(self) -> Picker:
        return self.ctl.picker

    @property
    def cursor(self) -> int | None:
        return self.ctl.cursor

    @cursor.setter
    def cursor(self, value: int | None) -> None:
        self.ctl.cursor = value

    tells_commitment = True  # a game with one person at the keyboard shows its dice commitment at the start

    def side_top(self) -> ComposeResult:
        """Widgets above the side panels (the lesson screen's panel); composed with them, not mounted later."""
        yield from ()

    def shows_players(self) -> bool:
        """Whether the players table is drawn (the lesson screen's panel takes its room on short terminals)."""
        return True

    def compose(self) -> ComposeResult:
        yield Static(id="save-problem")
        with Horizontal(id="main"):
            yield BoardView(self.rules.board, id="board")
            with Vertical(id="side"):
                yield from self.side_top()
                yield Panel(id="players")
                yield Panel(id="prompt")
                yield Panel(id="table")
                yield Panel(id="legend")
                yield Panel(id="step")
                yield SizedPanel(id="odds")
                yield SizedPanel(id="territory")
                yield Panel(id="private")
                yield GameLog(id="log", max_lines=1000)
        yield Input(id="search", placeholder="part of a territory name, Enter to pick", disabled=True)
        yield KeyBar(id="keys")

    def when_mounted(self) -> None:
        self.query_one(BoardView).set_players(self.colours, self.marks)
        commit = getattr(
            self.session, "commitment", ""
        )  # (a remote screen's mirror: the host's notice says it)
        if (
            commit
            and self.tells_commitment
            and not self.session.steps
            and not getattr(self.hs, "commitment_shown", True)
            and self.hs.humans()
        ):
            # before the first roll, for everyone to note (a hot-seat game showed it on its first hand-off)
            self.notify(
                f"Dice commitment: {short(commit)} (in the save too; the finished "
                f"game's save reveals its seed: riskterm verify)",
                title="Dice",
                timeout=8,
            )
        self.sync()
        self.set_timer(0.3, lambda: self.run_worker(self._warm_help, thread=True, group="help"))

    def _warm_help(self) -> None:
        """Draw the help text off the UI thread once, so F1 opens at once."""
        from riskterm.tui.dialogs import help_lines, help_markdown, help_width

        help_lines(
            help_markdown(self.risk_app.help_rows(list(self.help_rows)), self.rules_text()),
            help_width(self.app.size.width),
        )

    def rules_text(self) -> str:
        """The rules screen: this game's fog of war first (when it has any), then the rulebook's text."""
        return rules_note(self.session.state) + self.presenter.rules_text

    # --- following the table ---------------------------------------------------------------------
    def sync(self) -> None:
        """Bring the screen in line with the table: hand-off, picker, panels, computer moves, game over."""
        handoff = self.ctl.handoff()
        if handoff is not None:
            seat, recap = handoff
            self.app.push_screen(
                HandoffScreen(self.rules.names(self.session.state)[seat], rgb(self.colours[seat])[0], recap)
            )
        effect = self.ctl.refresh()
        self.follow_cursor()
        self.render_all()
        if effect is not None and self.app.screen is self:
            self.show(effect)
        if self.hs.computer_to_move() and not self.computers.busy:
            self.computers.busy = True
            self.run_worker(
                self.computers.run(
                    lambda: 0.0 if self.hs.auto_now() else self.speed,
                    self.computer_moved,
                    self.computer_failed,
                ),
                group="ai",
                exclusive=True,
            )
        if self.hs.is_over() and not self.over_shown:
            self.over_shown = True
            self.post_message(self.Over(self.session))

    def moved(self) -> None:
        """After every change to the session: the app is told (it saves the game), the screen follows it."""
        self.post_message(self.Moved())
        self.sync()

    def computer_moved(self) -> None:
        if not self.is_attached:  # the app is closing while a computer's move comes in
            return
        self.ctl.computer_moved()
        try:
            self.moved()
        except NoMatches:  # closing: the panels were removed before the screen (seen in CI as a worker crash)
            pass

    def watch_save_problem(self, problem: str | None) -> None:
        """A line across the top, in red, for as long as the game is not being saved."""
        try:
            line = self.query_one("#save-problem", Static)
        except (
            NoMatches
        ):  # not composed yet, or being taken down (the interval's check can come then): next time
            return
        line.display = problem is not None
        if problem is not None:
            line.update(
                Text(
                    f"Autosave failed ({problem}): this game is NOT being saved. Ctrl+Q lets you save it "
                    "in another folder.",
                    style="bold",
                )
            )

    def computer_failed(self, why: str) -> None:
        self.notify(why, severity="error")

    def show(self, effect: Effect) -> None:
        """Do what the controller asks for: open a list or a chooser, or follow an applied action."""
        if isinstance(effect, Applied):
            self.moved()
        elif isinstance(effect, Choice):
            from riskterm.tui.dialogs import ChoiceScreen

            whole = effect.whole
            screen = ChoiceScreen(
                effect.title, effect.options, effect.forced, self.situation() if effect.forced else ""
            )
            screen.step_list = effect.step
            self.app.push_screen(screen, callback=lambda v: self.show(self.ctl.chosen(v, whole)))
        elif isinstance(effect, Counts):
            from riskterm.tui.dialogs import CountScreen

            head = effect.head
            self.app.push_screen(
                CountScreen(effect.title, effect.types),
                callback=lambda mix: self.show(self.ctl.counted(head, mix)),
            )
        elif isinstance(effect, OpenShop):
            open_shop(self, effect.row, effect.status)
        elif isinstance(effect, OpenSpend):
            open_spend(self, effect.row, effect.status)
        elif isinstance(effect, OpenOrders):
            from riskterm.tui.orders import OrdersScreen

            self.app.push_screen(
                OrdersScreen(self.ctl, effect.forced), callback=lambda a: self.show(self.ctl.chosen(a, True))
            )
        else:
            self.follow_cursor()
            self.render_all()

    def situation(self) -> str:
        """What a choice that must be made now is about: the prompt, and the roll that asked for it (a
        battle's losses are chosen in the attacker's turn, over a board that says nothing of them)."""
        seat = self.hs.shown_seat()
        return situation(
            self.presenter,
            self.hs.view(),
            self.session.events_for(seat)[-1:],
            self.rules.names(self.session.state),
            seat,
        )

    def follow_cursor(self) -> None:
        if self.ctl.cursor is not None and self.is_mounted and self.ctl.picker.step_kind() == "territory":
            self.query_one(BoardView).scroll_to_territory(self.ctl.cursor)

    def on_resize(self, event: events.Resize) -> None:
        self.risk_app.check_size()
        self._fit()

    def on_screen_resume(self) -> None:
        self.set_focus(None)
        self._fit()
        if self.ctl.forced:  # a forced choice waits until the hand-off is over
            self.call_after_refresh(self._open_forced)

    def _open_forced(self) -> None:
        if self.ctl.forced and self.app.screen is self:
            self.show(self.ctl.open_choice(forced=True))

    def _fit(self) -> None:
        """Compact panels on narrow terminals; the log wraps at its width, so write it again."""
        self.set_class(self.app.size.width < NARROW, "-narrow")
        self.log_viewer = -2
        for panel in self.query(SizedPanel):
            panel.forget_size()
        self.query_one(KeyBar).forget_width()
        self.render_all()
        self.call_after_refresh(self.render_log)

    # --- drawing ---------------------------------------------------------------------------------
    def render_all(self) -> None:
        view = self.hs.view()
        narrow = self.app.size.width < NARROW
        compact = narrow or self.app.size.height < panels.FULL_PLAYERS_HEIGHT
        stats_key = (repr(self.presenter.player_stats(view)), view.get("current"), compact, narrow)
        self.panel("#players").shows = (
            Shown(
                stats_key,
                lambda: panels.players_table(self.rules, view, self.colours, self.marks, compact, narrow),
            )
            if self.shows_players()
            else None
        )
        prompt, status = self.presenter.prompt(view), self.ctl.status
        self.panel("#prompt").shows = Shown(
            (prompt, status),
            lambda: Text.assemble((prompt, "bold"), ("\n" + status if status else "", "italic #ff9060")),
        )
        table = panels.table_text(self.rules, view)
        self.panel("#table").shows = None if table is None else Shown(table.plain, lambda: table)
        show_legend = self.show_regions or self.app.size.height >= panels.LEGEND_HEIGHT
        self.panel("#legend").shows = (
            Shown(
                (self.show_regions, self.presenter.marks_of(view)),
                lambda: panels.map_legend(self.rules, self.show_regions, view),
            )
            if show_legend
            else None
        )
        self.render_cursor(view)
        shown = self.hs.shown_seat()
        lines = self.presenter.private_lines(view, shown) if shown is not None else []
        priv = self.panel("#private")
        priv.shows = Shown(tuple(lines), lambda: Text("\n".join(lines))) if lines else None
        priv.border_title = (
            Text(f"{self.rules.names(view)[shown]} only") if lines and shown is not None else ""
        )
        self.render_log()
        self.query_one(KeyBar).update_keys()

    def panel(self, wid: str) -> Panel:
        return self.query_one(wid, Panel)

    def render_cursor(self, view: State | None = None) -> None:
        """What a move of the highlighted territory or number changes: the step line, odds and the board."""
        view = view if view is not None else self.hs.view()
        p, cursor, typed = self.ctl.picker, self.ctl.cursor, self.ctl.typed
        shape = (
            p.kind,
            len(p.shown()),
            p.step_kind(),
        )  # a new step may change the panel's height: lay out then
        self.panel("#step").shows = Shown(
            (p.kind, tuple(p.shown()), cursor, p.int_value, typed, p.step_kind()),
            lambda: panels.step_text(self.rules, p, cursor, typed, view),
            layout=shape != self._step_shape,
        )
        self._step_shape = shape
        odds = panels.odds_text(self.rules, view, p, cursor)
        if odds is not None:
            seat = self.hs.shown_seat()
            last = panels.last_battle_text(
                self.rules, self.session.events_for(seat), self.rules.names(view), seat
            )
            odds = Text("\n").join([odds, last]) if last is not None else odds
            odds.no_wrap, odds.overflow = True, "ellipsis"  # a long territory name never pushes a line out
        self.query_one("#odds", SizedPanel).show_text(odds.plain if odds is not None else None, odds)
        self.render_board(view)
        # the territory panel shows at once, its text follows one frame later: the highlight moves first
        territory = self.query_one("#territory", SizedPanel)
        if cursor is None:
            territory.shows = None
        elif not territory.display:
            territory.display = True
        self.call_after_refresh(self.render_territory, view, cursor)

    def render_territory(self, view: State, cursor: int | None) -> None:
        """The panel of what is under the cursor."""
        if cursor != self.ctl.cursor or not self.is_attached:
            return  # moved on since
        terr = (
            panels.territory_text(
                self.rules,
                view,
                cursor,
                self.colours,
                self.marks,
                self.app.size.height < panels.FULL_TERRITORY_HEIGHT,
            )
            if cursor is not None
            else None
        )
        self.query_one("#territory", SizedPanel).show_text(terr.markup if terr is not None else None, terr)

    def render_board(self, view: State) -> None:
        p, b = self.ctl.picker, self.rules.board
        step = p.step_kind()
        cands = set(self.ctl.territory_choices())
        chosen = {b.index[a] for a in p.shown() if isinstance(a, str) and a in b.index}
        looks = []
        owners = [self.presenter.owner_of(view, t) for t in range(len(b.territories))]
        me = view.get("viewer")  # a fogged view's seat: fog beside its land is marked as there
        for t, owner in enumerate(owners):
            mark = (
                "cursor"
                if t == self.ctl.cursor and step == "territory"
                else "chosen"
                if t in chosen
                else "target"
                if t in cands
                else ""
            )
            near = owner == UNKNOWN and me is not None and any(owners[u] == me for u in b.adj[t])
            looks.append(
                Look(owner, self.presenter.label_of(view, t), mark, self.presenter.badge_of(view, t), near)
            )
        self.query_one(BoardView).show(looks)

    def render_log(self) -> None:
        log = self.query_one(Log)
        seat = self.hs.shown_seat()
        evs = self.session.events_for(seat)
        if seat != self.log_viewer or len(evs) < self.logged:
            log.clear()
            self.logged, self.log_viewer = max(0, len(evs) - 400), seat
        names = self.rules.names(self.session.state)
        if len(evs) > self.logged:
            width = max(20, log.size.width - 2)
            lines: list[str] = []
            for e in seen_by(
                evs[self.logged :], seat
            ):  # wrapped here: Log is a fast Line-API widget that does not wrap
                lines += textwrap.wrap(
                    self.presenter.describe(e, names, seat), width, subsequent_indent="  "
                ) or [""]
            log.write_lines(lines)
            self.logged = len(evs)

    # --- keys --------------------------------------------------------------------------------------
    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.ctl.enabled("back") or bool(self.query_one("#search").display)
        if action == "results":
            return self.hs.is_over()
        if action == "speed":
            return any(pl.get("ai") for pl in self.session.state["players"])
        return self.ctl.enabled(action, parameters)

    def label_for(self, binding: Binding) -> str:
        """The key bar's label: for a rulebook key, the label of the kind it stands for now."""
        if binding.action.startswith("key("):
            return self.ctl.label_for_key(binding.action[5:-2]) or binding.description
        return binding.description

    def action_key(self, key: str) -> None:
        self.show(self.ctl.key(key))

    def action_kind(self, kind: str) -> None:
        self.show(self.ctl.kind(kind))

    def action_menu(self) -> None:
        self.show(self.ctl.menu())

    def action_confirm(self) -> None:
        self.show(self.ctl.confirm())

    def action_cycle(self, delta: int) -> None:
        self.ctl.cycle(delta)
        self.follow_cursor()
        self.render_cursor()

    def action_adjust(self, delta: int) -> None:
        self.ctl.adjust(delta)
        self.render_all()

    def on_key(self, event: events.Key) -> None:
        if event.character and self.ctl.digit(event.character):
            event.stop()
            event.prevent_default()
            self.render_all()

    def action_back(self) -> None:
        if self.query_one("#search", Input).display:
            self.hide_search()
        else:
            self.ctl.back()
            self.follow_cursor()
        self.render_all()

    def action_search(self) -> None:
        search = self.query_one("#search", Input)
        search.disabled = False
        search.display = True
        search.value = ""
        search.focus()

    def hide_search(self) -> None:
        """Hidden and disabled, so it never takes the keys meant for the board."""
        search = self.query_one("#search", Input)
        search.display = False
        search.disabled = True
        search.value = ""
        self.set_focus(None)

    def on_input_changed(self, event: Input.Changed) -> None:
        found = self.ctl.matches(event.value)
        if found:
            self.ctl.cursor = found[0]
            self.follow_cursor()
            self.render_all()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.hide_search()
        self.show(self.ctl.search(event.value))

    def on_board_view_clicked(self, event: BoardView.Clicked) -> None:
        self.show(self.ctl.click(event.territory))

    def action_auto_setup(self) -> None:
        if self.ctl.auto_setup():
            self.moved()

    def action_undo(self) -> None:
        if self.ctl.undo():
            self.moved()

    def action_redo(self) -> None:
        if self.ctl.redo():
            self.moved()

    def action_speed(self) -> None:
        values = [v for _, v in SPEEDS]
        i = values.index(self.speed) if self.speed in values else 0
        self.speed = values[(i + 1) % len(values)]
        self.notify(f"Computer speed: {SPEEDS[(i + 1) % len(values)][0]}")

    def action_record(self, which: str) -> None:
        """Screens of the game record: the log and the charts."""
        if which == "log":
            from riskterm.tui.logview import LogScreen

            self.app.push_screen(LogScreen(self.session, self.hs.shown_seat()))
        else:
            from riskterm.tui.charts import StatsScreen

            self.app.push_screen(StatsScreen(self.session, seat=self.hs.shown_seat()))

    def action_results(self) -> None:
        self.risk_app.show_game_over(self.session)

    def action_coach(self) -> None:
        """The hard player's advice for the person to act, from that person's own view only; the advice is
        also offered, marked, in the lists of this decision (coaching.py)."""
        from riskterm.ai.coach import action_words, coach

        seat = self.hs.actor()
        if seat is None or self.hs.computer_to_move() or seat != self.hs.shown_seat():
            self.notify("The coach advises you when it is your move.")
            return
        view = self.rules.view(self.session.state, seat)
        action, reason = coach(self.rules, view, seat)
        self.last_advice = (action, reason)
        self.app.clear_notifications()  # an older advice (of an earlier step) would now mislead
        self.notify(f"{reason}\nDo: {action_words(self.rules, view, action)}", title="Coach", timeout=12)
        if self.ctl.offer(action):  # not among the lists' choices until now
            self._reopen_list()

    def _reopen_list(self) -> None:
        """A list of this decision's choices open while the coach was asked: open it again with the advice."""
        from riskterm.tui.dialogs import ChoiceScreen

        screen = self.app.screen
        if isinstance(screen, ChoiceScreen) and screen.step_list:
            forced = screen.forced
            screen.dismiss(None)
            self.call_after_refresh(lambda: self.show(self.ctl.open_choice(forced=forced)))

    def action_help(self) -> None:
        self.risk_app.show_help(list(self.help_rows), self.rules_text())

    def action_regions(self) -> None:
        """Colour the map by region, with a legend; again to colour it by owner."""
        self.show_regions = not self.show_regions

    def watch_show_regions(self, on: bool) -> None:
        self.query_one(BoardView).set_regions(on)
        self.render_all()
