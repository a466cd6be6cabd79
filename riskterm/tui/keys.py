"""Key, mouse and search handling of the game screen (a mixin of GameScreen)."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from riskterm.engine.actions import Action
from riskterm.tui.board import BoardView
from riskterm.tui.picker import Picker

SPEEDS = (("instant", 0.0), ("fast", 0.15), ("normal", 0.5), ("slow", 1.2))


class KeysMixin:
    """Actions named in the bindings; `self` is the GameScreen."""

    # --- key actions -----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        p = self.picker
        step = p.step_kind()
        if action == "kind":
            return parameters[0] in p.kinds()
        if action == "key":
            return self.kind_for_key(str(parameters[0])) is not None
        if action == "menu":
            return len(p.kinds()) > 1
        if action == "confirm":
            return step is not None or p.complete() is not None or (p.kind is None and p.main_kind() is not None)
        if action == "cycle":
            return step == "territory" and len(p.candidates()) > 1
        if action == "adjust":
            return step == "int" and len(p.candidates()) > 1
        if action == "search":
            return step == "territory"
        if action == "back":
            return bool(p.args) or bool(self.query_one("#search").display)
        if action == "undo":
            return self.session.can_undo() and not self.hs.computer_to_move()
        if action == "redo":
            return self.session.can_redo() and not self.hs.computer_to_move()
        if action == "results":
            return self.rules.is_over(self.session.state)
        if action == "speed":
            return any(pl.get("ai") for pl in self.session.state["players"])
        return True

    def kind_for_key(self, key: str) -> str | None:
        """The legal kind a rulebook key stands for now (two kinds may share a key in different steps)."""
        legal = self.picker.kinds()
        return next((s.kind for s in self.rules.action_specs if s.key == key and s.kind in legal), None)

    def label_for(self, binding) -> str:
        """The key bar's label: for a rulebook key, the label of the kind it stands for now."""
        if binding.action.startswith("key("):
            kind = self.kind_for_key(binding.action[5:-2])
            spec = self.picker.specs.get(kind or "")
            if spec is not None:
                return spec.label
        return binding.description

    def action_key(self, key: str) -> None:
        kind = self.kind_for_key(key)
        if kind is not None:
            self.action_kind(kind)

    def action_menu(self) -> None:
        from riskterm.tui.dialogs import ChoiceScreen

        specs = self.picker.specs
        opts = []
        for k in self.picker.kinds():
            spec = specs.get(k)
            key = "" if spec is None else ("Enter" if spec.key == "enter" else spec.key)
            opts.append((f"{spec.label if spec else k}  ({key})" if key else k, k,
                         spec.description if spec else ""))
        self.app.push_screen(ChoiceScreen("What do you want to do?", opts, False),
                             callback=lambda k: k is not None and self.action_kind(k))

    def action_kind(self, kind: str) -> None:
        if kind not in self.picker.kinds():
            return
        self.status = ""
        shop = self.rules.shop(self.hs.view())
        if shop is not None and shop["kind"] == kind and self.open_shop():
            return
        if not self.picker.arg_kinds(kind):
            self.do(Action(kind))
            return
        keep = list(self.picker.args)
        if self.picker.step_kind() == "territory" and self.cursor is not None and not keep:
            keep = [self.rules.board.tid(self.cursor)]
        self.picker.set_kind(kind, keep)
        if self.picker.is_choice_step():
            self.open_choice(forced=False)
            return
        self.picker.autofill()
        self._fix_cursor()
        self.render_all()

    def action_confirm(self) -> None:
        p = self.picker
        if p.kind is None:
            p.set_kind(p.main_kind())
        shop = self.rules.shop(self.hs.view())
        if shop is not None and p.kind == shop["kind"] and not p.args and self.open_shop():
            return
        step = p.step_kind()
        if step == "territory" and self.cursor is not None:
            p.choose(self.rules.board.tid(self.cursor))
        elif step == "int":
            p.choose(p.int_value)
        elif step is not None:
            self.open_choice(forced=False)
            return
        p.autofill()
        done = p.complete()
        if done is not None:
            self.do(done)
            return
        self.typed = ""
        self._fix_cursor()
        self.render_all()

    def action_cycle(self, delta: int) -> None:
        b = self.rules.board
        cands = [b.index[c] for c in self.picker.candidates() if c in b.index]
        if not cands:
            return
        i = cands.index(self.cursor) if self.cursor in cands else -delta
        self.cursor = cands[(i + delta) % len(cands)]
        self.query_one(BoardView).scroll_to_territory(self.cursor)
        self.render_cursor()

    def action_adjust(self, delta: int) -> None:
        self.picker.step_int(delta)
        self.typed = ""
        self.render_all()

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit() and self.picker.step_kind() == "int":
            self.typed = (self.typed + event.character)[-3:]
            self.picker.set_int(int(self.typed))
            event.stop()
            event.prevent_default()
            self.render_all()

    def action_back(self) -> None:
        search = self.query_one("#search", Input)
        if search.display:
            self.hide_search()
            self.render_all()
            return
        self.picker.back()
        self.typed = ""
        self._fix_cursor()
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

    def _matches(self, text: str) -> list[int]:
        b = self.rules.board
        cands = [b.index[c] for c in self.picker.candidates() if c in b.index]
        q = text.strip().lower()
        return [t for t in cands if q and (q in b.territories[t].name.lower() or q in b.territories[t].id)]

    def on_input_changed(self, event: Input.Changed) -> None:
        found = self._matches(event.value)
        if found:
            self.cursor = found[0]
            self.query_one(BoardView).scroll_to_territory(self.cursor)
            self.render_all()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        found = self._matches(event.value)
        self.hide_search()
        if found:
            self.cursor = found[0]
            self.action_confirm()
        else:
            self.status = f"No legal territory matches '{event.value}'."
            self.render_all()

    def on_board_view_clicked(self, event: BoardView.Clicked) -> None:
        b = self.rules.board
        tid = b.tid(event.territory)
        p = self.picker
        if p.step_kind() == "territory" and tid in p.candidates():
            self.cursor = event.territory
            self.action_confirm()
            return
        if p.kind is not None and p.args:
            first = Picker(self.rules, p.legal, p.kind, state=p.state)
            if tid in first.candidates():
                p.set_kind(p.kind, [tid])
                p.autofill()
                self.cursor = event.territory
                self._fix_cursor()
                self.render_all()
                return
        self.status = f"{b.tname(tid)} is not a choice now."
        self.render_all()

    def action_undo(self) -> None:
        if self.session.undo():
            self.last = self.hint = None
            self.app.on_session_changed()  # type: ignore[attr-defined]

    def action_redo(self) -> None:
        if self.session.redo():
            self.app.on_session_changed()  # type: ignore[attr-defined]

    def action_speed(self) -> None:
        values = [v for _, v in SPEEDS]
        i = values.index(self.speed) if self.speed in values else 0
        self.speed = values[(i + 1) % len(values)]
        self.notify(f"Computer speed: {SPEEDS[(i + 1) % len(values)][0]}")

    def action_record(self, which: str) -> None:
        """Screens of the game record: the whole log, the charts."""
        if which == "log":
            from riskterm.tui.logview import LogScreen

            self.app.push_screen(LogScreen(self.session, self.hs.shown_seat()))
        else:
            from riskterm.tui.charts import StatsScreen

            self.app.push_screen(StatsScreen(self.session))

    def action_results(self) -> None:
        self.app.show_game_over(self.session)  # type: ignore[attr-defined]

    def action_help(self) -> None:
        self.app.show_help(self.HELP_ROWS, self.rules.rules_text)  # type: ignore[attr-defined]
