"""The game screen: board, side panels, and the generic kind-then-arguments interaction."""

from __future__ import annotations

import textwrap
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Log, Static

from riskterm.engine.actions import Action
from riskterm.errors import IllegalActionError
from riskterm.rules.base import Rules
from riskterm.session import Session
from riskterm.tui import panels
from riskterm.tui.board import BoardView, Look
from riskterm.tui.colours import rgb, seat_colours, seat_marks
from riskterm.tui.computer import ComputerMixin
from riskterm.tui.hotseat import HotSeat
from riskterm.tui.keybar import KeyBar
from riskterm.tui.keys import KeysMixin
from riskterm.tui.picker import Picker
from riskterm.tui.screens import HandoffScreen, SizeAware

# (keys to try in order, action, label, what it does, shown in the footer)
STATIC_KEYS: list[tuple[tuple[str, ...], str, str, str, bool]] = [
    (("enter",), "confirm", "Choose", "pick the highlighted territory or number; start the phase's main action", True),
    (("tab",), "cycle(1)", "Next", "highlight the next legal territory (also Right/Down)", True),
    (("shift+tab",), "cycle(-1)", "Prev", "highlight the previous legal territory (also Left/Up)", False),
    (("right", "down"), "cycle(1)", "Next", "", False),
    (("left", "up"), "cycle(-1)", "Prev", "", False),
    (("plus", "equals_sign"), "adjust(1)", "+1", "raise the number (digits type it)", True),
    (("minus",), "adjust(-1)", "-1", "lower the number", True),
    (("space",), "menu", "Actions", "list every action you can take now and pick one", True),
    (("slash",), "search", "Find", "type part of a territory name", True),
    (("escape",), "back", "Back", "undo the last choice of this action", True),
    (("u", "ctrl+z"), "undo", "Undo", "take back your last move (not across dice or cards)", True),
    (("ctrl+y", "ctrl+r"), "redo", "Redo", "redo a move you took back", True),
    (("R", "ctrl+e"), "regions", "Regions", "colour the map by region (continents, Empires, blocks) with a legend", True),
    (("v", "ctrl+v"), "speed", "Speed", "cycle the computer players' speed", True),
    (("g",), "results", "Results", "the game-over screen again, once the game has ended", True),
    (("ctrl+l",), "record('log')", "Log", "the whole game log as you may read it, with filters", True),
    (("ctrl+g",), "record('charts')", "Charts", "charts of territories, armies, cards and luck so far", True),
    (("f1", "question_mark"), "help", "Help", "this screen: keys and the rulebook summary", True),
]
NARROW = 110
DEFAULT = object()  # the choice list's "no more arguments" entry


def bindings_for(rules: Rules) -> tuple[list[Binding], list[tuple[str, str, str]]]:
    """Footer bindings (action kinds from the rulebook's specs, then the fixed keys) and the help rows."""
    out: list[Binding] = []
    rows: list[tuple[str, str, str]] = []
    used: set[str] = set()
    for spec in rules.action_specs:
        if spec.key and spec.key != "enter":
            if spec.key not in used:  # one binding per key: it acts on whichever kind with that key is legal
                used.add(spec.key)
                out.append(Binding(spec.key, f"key('{spec.key}')", spec.label))
            rows.append((spec.key, spec.label, spec.description))
        elif spec.key == "enter":
            rows.append(("enter", spec.label, spec.description + " (the phase's main action)"))
    for keys, action, label, desc, show in STATIC_KEYS:
        free = [k for k in keys if k not in used]
        if action.startswith(("cycle", "adjust", "help")):  # every free key; the others take the first
            free = [k for k in keys if k not in used]
        else:
            free = free[:1]
        if not free:
            continue
        used.update(free)
        out.append(Binding(",".join(free), action, label, show=show))
        if desc:
            rows.append(("/".join(free), label, desc))
    return out, rows


class GameLog(Log, can_focus=False):
    """The game log; never focused, so arrow keys stay with the board. It always shows the newest line, also
    after a panel above it grew (Log itself follows only when it was already at the end)."""

    def write_lines(self, lines, scroll_end: bool | None = None):  # type: ignore[no-untyped-def]
        super().write_lines(lines, scroll_end)
        self.scroll_end(animate=False, immediate=True, x_axis=False)
        return self

    def on_resize(self) -> None:
        self.scroll_end(animate=False, immediate=True, x_axis=False)


def make_game_screen(session: Session, speed: float = 0.15, ai_seed: int = 0, hs: HotSeat | None = None
                     ) -> GameScreen:
    binds, rows = bindings_for(session.rules)
    cls = type(f"{session.rules.name.title()}GameScreen", (GameScreen,), {"BINDINGS": binds, "HELP_ROWS": rows})
    return cls(session, speed, ai_seed, hs)


class GameScreen(KeysMixin, ComputerMixin, SizeAware, Screen[None]):
    HELP_ROWS: list[tuple[str, str, str]] = []
    AUTO_FOCUS = None  # keys go to the screen's bindings; only the search box takes focus, when opened

    def __init__(self, session: Session, speed: float = 0.15, ai_seed: int = 0, hs: HotSeat | None = None
                 ) -> None:
        super().__init__()
        self.session = session
        self.rules: Rules = session.rules
        self.hs = hs or HotSeat(session, ai_seed)
        self.speed = speed
        self.picker = Picker(self.rules, [])
        self.cursor: int | None = None
        self.hint: int | None = None
        self.last: tuple[str, list[Any]] | None = None
        self.typed = ""
        self.logged = 0
        self.log_viewer: int | None = -2
        self.ai_busy = False
        self.over_shown = False
        self.forced = False
        self._shown: dict[str, object] = {}
        self.status = ""
        self.show_regions = False
        st = session.state
        self.colours = seat_colours(st["players"])
        self.marks = seat_marks(st["players"])

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield BoardView(self.rules.board, id="board")
            with Vertical(id="side"):
                yield Static(id="players")
                yield Static(id="prompt")
                yield Static(id="table")
                yield Static(id="legend")
                yield Static(id="step")
                yield Static(id="odds")
                yield Static(id="territory")
                yield Static(id="private")
                yield GameLog(id="log", max_lines=1000)
        yield Input(id="search", placeholder="part of a territory name, Enter to pick", disabled=True)
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one(BoardView).set_players(self.colours, self.marks)
        self.sync()

    # --- following the session -----------------------------------------------------------------
    def sync(self) -> None:
        """Bring the screen in line with the session: hand-off, picker, panels, computer moves, game over."""
        seat = self.hs.needs_handoff()
        if seat is not None:
            bg = rgb(self.colours[seat])[0]
            name = self.rules.names(self.session.state)[seat]
            lines = self.hs.take(seat)
            self.app.push_screen(HandoffScreen(name, bg, lines))
        self.new_picker()
        self.render_all()
        if self.hs.computer_to_move() and not self.ai_busy:
            self.ai_busy = True
            self.run_worker(self._computers(), group="ai", exclusive=True)
        if self.rules.is_over(self.session.state) and not self.over_shown:
            self.over_shown = True
            self.app.show_game_over(self.session)  # type: ignore[attr-defined]

    def new_picker(self) -> None:
        human = self.hs.actor() is not None and not self.hs.computer_to_move()
        view = self.hs.view()
        p = Picker(self.rules, self.rules.legal_actions(view) if human else [], state=view)
        kinds = p.kinds()
        if self.last and self.last[0] in kinds:
            p.set_kind(self.last[0], self.last[1])
            if not p.args:
                p.set_kind(p.main_kind(), self.last[1])
        else:
            main = p.main_kind()
            hint = [self.rules.board.tid(self.hint)] if self.hint is not None else []
            p.set_kind(main, hint)
        p.autofill()
        self.picker = p
        self.typed = ""
        self._fix_cursor()
        self.forced = len(kinds) == 1 and p.is_choice_step() and not p.args
        if self.forced and self.app.screen is self:
            self.open_choice(forced=True)

    def _fix_cursor(self) -> None:
        if self.picker.step_kind() != "territory":
            return
        cands = [self.rules.board.index[c] for c in self.picker.candidates() if c in self.rules.board.index]
        if self.cursor not in cands:
            self.cursor = self.hint if self.hint in cands else (cands[0] if cands else None)
        if self.cursor is not None and self.is_mounted:
            self.query_one(BoardView).scroll_to_territory(self.cursor)

    def on_resize(self, event) -> None:
        self.app.check_size()  # type: ignore[attr-defined]
        self._fit()

    def on_screen_resume(self) -> None:
        self.set_focus(None)
        self._fit()
        if self.forced:  # a forced choice waits until the hand-off is over
            self.call_after_refresh(self._open_forced)

    def _open_forced(self) -> None:
        if self.forced and self.app.screen is self:
            self.open_choice(forced=True)

    def _fit(self) -> None:
        """Compact panels on narrow terminals; the log wraps at its width, so write it again."""
        self.set_class(self.app.size.width < NARROW, "-narrow")
        self.log_viewer = -2
        self._shown.clear()
        self.query_one(KeyBar).keys = []
        self.call_after_refresh(self.render_all)

    # --- drawing ---------------------------------------------------------------------------------
    def _put(self, wid: str, key: object, make, layout: bool = True) -> None:
        """Update a panel only when what it shows changed (an update costs a layout and a redraw)."""
        if self._shown.get(wid) == key:
            return
        self._shown[wid] = key
        self.query_one(wid, Static).update(make(), layout=layout)

    def render_all(self) -> None:
        view = self.hs.view()
        compact = self.app.size.width < NARROW or self.app.size.height < panels.FULL_TERRITORY_HEIGHT
        stats_key = (repr(self.rules.player_stats(view)), view.get("current"), compact)
        self._put("#players", stats_key,
                  lambda: panels.players_table(self.rules, view, self.colours, self.marks, compact))
        prompt = self.rules.prompt(view)
        self._put("#prompt", (prompt, self.status), lambda: Text.assemble(
            (prompt, "bold"), ("\n" + self.status if self.status else "", "italic #ff9060")))
        table = panels.table_text(self.rules, view)
        tw = self.query_one("#table", Static)
        if tw.display != (table is not None):
            tw.display = table is not None
        if table is not None:
            self._put("#table", table.plain, lambda: table)
        legend = self.query_one("#legend", Static)
        show_legend = self.show_regions or self.app.size.height >= panels.LEGEND_HEIGHT
        if legend.display != show_legend:
            legend.display = show_legend
        if show_legend:
            self._put("#legend", ("legend", self.show_regions),
                      lambda: panels.map_legend(self.rules, self.show_regions))
        self.render_cursor(view)
        priv = self.query_one("#private", Static)
        shown = self.hs.shown_seat()
        lines = self.rules.private_lines(view, shown) if shown is not None else []
        if priv.display != bool(lines):
            priv.display = bool(lines)
        self._put("#private", tuple(lines), lambda: Text("\n".join(lines)))
        priv.border_title = f"{self.rules.names(view)[shown]} only" if lines and shown is not None else ""
        self.render_log()
        self.query_one(KeyBar).update_keys()

    def render_cursor(self, view=None) -> None:
        """What a move of the highlighted territory or number changes: the step line, odds and the board."""
        view = view if view is not None else self.hs.view()
        p = self.picker
        self._put("#step", (p.kind, tuple(p.args), self.cursor, p.int_value, self.typed, p.step_kind()),
                  lambda: panels.step_text(self.rules, p, self.cursor, self.typed, view), layout=False)
        odds = panels.odds_text(self.rules, view, p, self.cursor)
        if odds is not None:
            last = panels.last_battle_text(self.rules, self.session.all_events(), self.rules.names(view),
                                           self.hs.shown_seat())
            odds = Text("\n").join([odds, last]) if last is not None else odds
            odds.no_wrap, odds.overflow = True, "ellipsis"  # a long territory name never pushes a line out
        w = self.query_one("#odds", Static)
        if w.display != (odds is not None):
            w.display = odds is not None
        if odds is not None:
            self._put("#odds", odds.plain, lambda: odds, layout=False)
        terr = (panels.territory_text(self.rules, view, self.cursor, self.colours, self.marks,
                                      self.app.size.height < panels.FULL_TERRITORY_HEIGHT)
                if self.cursor is not None else None)
        tw = self.query_one("#territory", Static)
        if tw.display != (terr is not None):
            tw.display = terr is not None
        if terr is not None:
            self._put("#territory", terr.markup, lambda: terr)
        self.render_board(view)

    def render_board(self, view) -> None:
        p = self.picker
        b = self.rules.board
        step = p.step_kind()
        cands = {b.index[c] for c in p.candidates() if c in b.index} if step == "territory" else set()
        chosen = {b.index[a] for a in p.args if isinstance(a, str) and a in b.index}
        looks = []
        for t in range(len(b.territories)):
            mark = ("cursor" if t == self.cursor and step == "territory" else "chosen" if t in chosen
                    else "target" if t in cands else "")
            looks.append(Look(self.rules.owner_of(view, t), self.rules.label_of(view, t), mark,
                              self.rules.badge_of(view, t)))
        self.query_one(BoardView).show(looks)

    def render_log(self) -> None:
        log = self.query_one(Log)
        evs = self.session.all_events()
        seat = self.hs.shown_seat()
        if seat != self.log_viewer or len(evs) < self.logged:
            log.clear()
            self.logged, self.log_viewer = max(0, len(evs) - 400), seat
        names = self.rules.names(self.session.state)
        if len(evs) > self.logged:
            width = max(20, log.size.width - 2)
            lines: list[str] = []
            for e in evs[self.logged:]:  # wrapped here: Log is a fast Line-API widget that does not wrap
                lines += textwrap.wrap(self.rules.describe(e, names, seat), width, subsequent_indent="  ") or [""]
            log.write_lines(lines)
            self.logged = len(evs)

    # --- acting --------------------------------------------------------------------------------
    def do(self, action: Action) -> None:
        try:
            events = self.session.apply(action)
        except IllegalActionError as e:
            self.status = str(e)
            self.render_all()
            return
        self.status = ""
        self.after(action, events)

    def open_shop(self, row: int = 0, status: str = "") -> bool:
        """The purchase screen, when the rulebook has one now (modern's buying)."""
        shop = self.rules.shop(self.hs.view())
        if shop is None or shop["kind"] not in self.picker.kinds():
            return False
        from riskterm.tui.purchase import PurchaseScreen

        def closed(what) -> None:
            if isinstance(what, tuple):  # a purchase: apply it, then shop on while the same seat still may
                _, action, at = what
                seat = self.hs.viewer
                self.do(action)
                if self.app.screen is self and self.hs.viewer == seat:
                    self.open_shop(at, self.status)
                    self.status = ""
            elif what == "done":
                done = next((k for k in self.picker.kinds() if k != shop["kind"] and not self.picker.arg_kinds(k)),
                            None)
                if done is not None:
                    self.do(Action(done))

        self.app.push_screen(PurchaseScreen(self, row, status), callback=closed)
        return True

    def after(self, action: Action, events: list[dict]) -> None:
        b = self.rules.board
        self.hint = None
        for e in events:
            if e.get("type") in ("conquer", "move") and e.get("to") in b.index:
                self.hint = b.index[e["to"]]
        terr = [a for a in action.args if isinstance(a, str) and a in b.index]
        self.last = (action.kind, terr) if len(terr) >= 2 and self.hint is None else None
        if self.hint is None and terr:
            self.cursor = b.index[terr[0]]
        self.hs.mark_seen()
        self.app.on_session_changed()  # type: ignore[attr-defined]

    def open_choice(self, forced: bool = False) -> None:
        """A list to choose from. When every remaining argument is a card or choice (a card set): whole
        actions, each with its worth in armies, best first, same-looking sets once. Otherwise the values of
        the next argument, after which the other arguments are picked as usual."""
        from riskterm.tui.dialogs import ChoiceScreen

        p = self.picker
        n = len(p.args)
        spec = p.specs.get(p.kind or "")
        title = (spec.label if spec else str(p.kind)) + (" (you must choose now)" if forced else "")
        view = self.hs.view()
        default = Action(p.kind or "", tuple(p.args))
        default_label = "Let the rules choose (default)"
        if not p.is_choice_step():
            opts = [(panels.card_name(self.rules, v, view), v, "") for v in p.candidates()]
            if default in p.matching():  # the same kind with nothing more chosen is legal: offer it first
                opts.insert(0, (default_label, DEFAULT, ""))
            self.app.push_screen(ChoiceScreen(title, opts, forced), callback=self._chosen_arg)
            return
        found: dict[tuple, tuple[int, str, str, Action]] = {}
        for a in p.matching():
            parts = [panels.card_name(self.rules, c, view) for c in a.args[n:]]
            key = tuple(parts)  # in order: a top card and a bottom card are not a set
            if key in found:
                continue
            value, text = panels.action_value(self.rules, self.session.state, a)
            found[key] = (value, "  +  ".join(parts) if parts else default_label, text, a)
        worth = any(v > 0 for v, _, _, _ in found.values())  # cards worth armies: rank by it and say so
        found = {k: (v, f"{v:>3} armies   {label}" if worth else label, text, a)
                 for k, (v, label, text, a) in found.items()}
        ranked = sorted(found.values(), key=lambda o: (-o[0], o[1].count("Wild")))  # keep wilds for later
        self.app.push_screen(ChoiceScreen(title, [(label, a, text) for _, label, text, a in ranked], forced),
                             callback=self._chosen)

    def _chosen(self, action: Action | None) -> None:
        if action is not None:
            self.do(action)

    def _chosen_arg(self, value: Any) -> None:
        if value is DEFAULT:
            self.do(Action(self.picker.kind or "", tuple(self.picker.args)))
            return
        if value is None or not self.picker.choose(value):
            return
        self.picker.autofill()
        done = self.picker.complete()
        if done is not None:
            self.do(done)
            return
        self._fix_cursor()
        self.render_all()


    def action_regions(self) -> None:
        """Colour the map by region, with a legend; again to colour it by owner."""
        self.show_regions = not self.show_regions
        self.query_one(BoardView).set_regions(self.show_regions)
        self.render_all()
