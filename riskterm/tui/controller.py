"""The game screen's logic without Textual: whose keyboard it is, the action being picked, the highlighted
territory, and what the screen should open next. Tests drive it without a screen; the screen only draws it
and turns keys into its methods.

The controller talks to a `Table` (whose turn, the view for the person at this screen, apply an action):
today's `HotSeat` (tui/hotseat.py) is the local one; a remote client can sit behind the same protocol."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from riskterm.engine.actions import Action
from riskterm.engine.events import seen_by
from riskterm.engine.state import State
from riskterm.errors import IllegalActionError
from riskterm.rules.base import Event, Rules
from riskterm.rules.effects import OrderChoice, Shop, Spend
from riskterm.rules.presenter import Presenter
from riskterm.tui.coaching import coach_first
from riskterm.tui.picker import Picker
from riskterm.tui.unitcounts import COUNTS, Counts, counts_for


class Table(Protocol):
    """Where the game is played: the local hot seat, or (later) a remote host."""

    @property
    def rules(self) -> Rules: ...
    def actor(self) -> int | None: ...  # the seat that must act now
    def computer_to_move(self) -> bool: ...
    def shown_seat(self) -> int | None: ...  # whose secrets this screen may show now (None: nobody's)
    def view(self) -> State: ...  # the state as shown_seat may see it
    def needs_handoff(self) -> int | None: ...  # the person who must take the keyboard first (never remote)
    def take(self, seat: int) -> list[str]: ...  # `seat` has the keyboard: what happened since it last looked
    def apply(self, action: Action) -> list[Event]: ...  # raises IllegalActionError, changing nothing
    def mark_seen(self) -> None: ...
    def is_over(self) -> bool: ...
    def can_undo(self) -> bool: ...  # a remote table never can: the host's game moves on without us
    def can_redo(self) -> bool: ...
    def undo(self) -> bool: ...
    def redo(self) -> bool: ...
    def can_auto_setup(self) -> bool: ...  # the person to act may let the app make the rest of their set-up
    def start_auto_setup(self) -> None: ...


DEFAULT = object()  # the choice list's "no more arguments" entry


@dataclass
class Choice:
    """Open a list: whole actions (`whole`) or values of the next argument."""

    title: str
    options: list[tuple[str, Any, str]]  # (label, value, detail)
    forced: bool
    whole: bool
    step: bool = True  # a list for the decision's next arguments (False: the menu of action kinds)


@dataclass
class OpenShop:
    """Open the purchase screen (Rules.shop)."""

    row: int = 0
    status: str = ""


@dataclass
class OpenSpend:
    """Open the spend screen (Rules.spend)."""

    row: int = 0
    status: str = ""


@dataclass
class OpenOrders:
    """Open the chooser of two cards in order from the hand (Rules.order_choice)."""

    forced: bool


@dataclass
class Applied:
    """An action went through: the app autosaves and the screen follows the table."""

    action: Action
    events: list[Event] = field(default_factory=list)


Effect = Choice | OpenShop | OpenSpend | OpenOrders | Counts | Applied | None


class GameController:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.rules: Rules = table.rules
        self.presenter = table.rules.presenter()
        self.picker = Picker(self.rules, [])
        self.cursor: int | None = None
        self.hint: int | None = None
        self.last: tuple[str, list[Any]] | None = None
        self.typed = ""
        self.status = ""
        self.forced = False
        self.advice: Action | None = None  # the coach's advice for this decision, offered in its lists

    # --- following the table ---------------------------------------------------------------------
    def handoff(self) -> tuple[int, list[str]] | None:
        """The person to hand the keyboard to now, with their recap; None when nobody must change."""
        seat = self.table.needs_handoff()
        return None if seat is None else (seat, self.table.take(seat))

    def refresh(self) -> Effect:
        """A new picker for the decision now. Returns the list to open when one is the only way on."""
        t = self.table
        human = t.actor() is not None and not t.computer_to_move()
        view = t.view()
        p = Picker(self.rules, self.rules.legal_actions(view) if human else [], state=view)
        kinds = p.kinds()
        if self.last and self.last[0] in kinds:
            p.set_kind(self.last[0], self.last[1])
            if not p.started:
                p.set_kind(p.main_kind(), self.last[1])
        else:
            hint = [self.rules.board.tid(self.hint)] if self.hint is not None else []
            p.set_kind(p.main_kind(), hint)
        if self.advice is not None and self.rules.why_illegal(view, self.advice) is None:
            p.add(self.advice)  # (a refresh within the same decision: a hand-off, a resize)
        p.autofill()
        self.picker = p
        self.typed = ""
        self.fix_cursor()
        self.forced = len(kinds) == 1 and p.is_choice_step() and not p.started
        return self.open_choice(forced=True) if self.forced else None

    def territory_choices(self) -> list[int]:
        b = self.rules.board
        return (
            [b.index[c] for c in self.picker.candidates() if c in b.index]
            if self.picker.step_kind() == "territory"
            else []
        )

    def fix_cursor(self) -> None:
        if self.picker.step_kind() != "territory":
            return
        cands = self.territory_choices()
        if self.cursor not in cands:
            self.cursor = self.hint if self.hint in cands else (cands[0] if cands else None)

    # --- what the keys may do now ----------------------------------------------------------------
    def enabled(self, action: str, parameters: tuple[object, ...] = ()) -> bool:
        p = self.picker
        step = p.step_kind()
        if action == "key":
            return self.kind_for_key(str(parameters[0])) is not None
        if action == "menu":
            return len(p.kinds()) > 1
        if action == "confirm":
            return (
                step is not None or p.complete() is not None or (p.kind is None and p.main_kind() is not None)
            )
        if action == "cycle":
            return step == "territory" and len(p.candidates()) > 1
        if action == "adjust":
            return step == "int" and len(p.candidates()) > 1
        if action == "search":
            return step == "territory"
        if action == "back":
            return p.started
        if action == "auto_setup":
            return self.can_auto_setup()
        if action == "undo":
            return self.can_undo()
        if action == "redo":
            return self.can_redo()
        return True

    def kind_for_key(self, key: str) -> str | None:
        """The legal kind a rulebook key stands for now (two kinds may share a key in different steps)."""
        legal = self.picker.kinds()
        return next((s.kind for s in self.presenter.action_specs if s.key == key and s.kind in legal), None)

    def label_for_key(self, key: str) -> str | None:
        spec = self.picker.specs.get(self.kind_for_key(key) or "")
        return spec.label if spec is not None else None

    def menu(self) -> Choice:
        specs = self.picker.specs
        opts = []
        for k in self.picker.kinds():
            spec = specs.get(k)
            key = "" if spec is None else ("Enter" if spec.key == "enter" else spec.key)
            opts.append(
                (f"{spec.label if spec else k}  ({key})" if key else k, k, spec.description if spec else "")
            )
        return Choice("What do you want to do?", opts, False, whole=False, step=False)

    # --- commands (each returns what the screen should open, if anything) -------------------------
    def key(self, key: str) -> Effect:
        kind = self.kind_for_key(key)
        return self.kind(kind) if kind is not None else None

    def kind(self, kind: str) -> Effect:
        p = self.picker
        if kind not in p.kinds():
            return None
        warned, self.status = self.status, ""
        if self.shop_kind() == kind:
            return OpenShop()
        spend = self.spend()
        if spend is not None and kind in spend.kinds():
            return OpenSpend(row=spend.row_of(kind))
        if not p.arg_kinds(kind):
            warning = self.presenter.skip_warning(self.table.view(), Action(kind))
            if warning and warning != warned:  # asked once: the same key again goes ahead
                self.status = warning
                return None
            return self.act(Action(kind))
        keep = list(p.args) or ([p.first] if p.first is not None else [])
        if p.step_kind() == "territory" and self.cursor is not None and not keep:
            keep = [self.rules.board.tid(self.cursor)]
        p.set_kind(kind, keep)
        if p.is_choice_step():
            return self.open_choice(forced=False)
        p.autofill()
        self.fix_cursor()
        return None

    def confirm(self) -> Effect:
        p = self.picker
        if p.kind is None:
            p.set_kind(p.main_kind())
        if p.kind is not None and p.kind == self.shop_kind() and not p.args:
            return OpenShop()
        step = p.step_kind()
        if step == "territory" and self.cursor is not None:
            p.choose(self.rules.board.tid(self.cursor))
        elif step == "int":
            p.choose(p.int_value)
        elif step is not None:
            return self.open_choice(forced=False)
        p.autofill()
        done = p.complete()
        if done is not None:
            return self.act(done)
        self.typed = ""
        self.fix_cursor()
        return None

    def cycle(self, delta: int) -> None:
        cands = self.territory_choices()
        if cands:
            i = cands.index(self.cursor) if self.cursor in cands else -delta
            self.cursor = cands[(i + delta) % len(cands)]

    def adjust(self, delta: int) -> None:
        self.picker.step_int(delta)
        self.typed = ""

    def digit(self, ch: str) -> bool:
        """A typed digit sets the number being chosen; False when no number is being chosen."""
        if not ch.isdigit() or self.picker.step_kind() != "int":
            return False
        self.typed = (self.typed + ch)[-3:]
        self.picker.set_int(int(self.typed))
        return True

    def back(self) -> None:
        self.picker.back()
        self.typed = ""
        self.fix_cursor()

    def matches(self, text: str) -> list[int]:
        b = self.rules.board
        q = text.strip().lower()
        return [
            t
            for t in self.territory_choices()
            if q and (q in b.territories[t].name.lower() or q in b.territories[t].id)
        ]

    def search(self, text: str) -> Effect:
        found = self.matches(text)
        if not found:
            self.status = f"No legal territory matches '{text}'."
            return None
        self.cursor = found[0]
        return self.confirm()

    def click(self, territory: int) -> Effect:
        b = self.rules.board
        tid = b.tid(territory)
        p = self.picker
        if p.step_kind() == "territory" and tid in p.candidates():
            self.cursor = territory
            return self.confirm()
        if p.kind is not None and p.started:
            first = Picker(self.rules, p.legal, p.kind, state=p.state)
            if tid in first.candidates():
                p.set_kind(p.kind, [tid])
                p.autofill()
                self.cursor = territory
                self.fix_cursor()
                return None
        self.status = f"{b.tname(tid)} is not a choice now."
        return None

    def chosen(self, value: Any, whole: bool) -> Effect:
        """The player picked `value` from a Choice list (None: they closed it)."""
        if value is None:
            return None
        if value is COUNTS:
            view = self.table.view()
            return counts_for(
                self.picker, "How many of each unit?", lambda x: self.presenter.arg_label(view, x)
            )
        if whole:
            return self.act(value)
        if value is DEFAULT:
            return self.act(Action(self.picker.kind or "", tuple(self.picker.args)))
        if not self.picker.choose(value):
            return None
        self.picker.autofill()
        done = self.picker.complete()
        if done is not None:
            return self.act(done)
        self.fix_cursor()
        return None

    def offer(self, advice: Action) -> bool:
        """The coach advised `advice` for this decision: its lists offer it, marked, even where the rulebook's
        own list has only representative choices (modern's sets of units). True when it was not on offer."""
        self.advice = advice
        return self.picker.add(advice)

    def counted(self, head: Action, mix: str | None) -> Effect:
        """The player set how many of each unit go (the count screen; None: they closed it)."""
        return None if mix is None else self.act(Action(head.kind, (*head.args, mix)))

    def act(self, action: Action) -> Effect:
        try:
            events = self.table.apply(action)
        except IllegalActionError as e:
            self.status = str(e)
            return None
        self.status = ""
        self.advice = None
        self.remember(action, events)
        self.table.mark_seen()
        return Applied(action, events)

    def remember(self, action: Action, events: list[Event]) -> None:
        """Where the next decision starts: the conquered territory, or the same kind from the same place."""
        b = self.rules.board
        self.hint = None
        for e in events:
            if e.kind in self.presenter.focus_events and e.data.get("to") in b.index:
                self.hint = b.index[e.data["to"]]
        terr = [a for a in action.args if isinstance(a, str) and a in b.index]
        self.last = (action.kind, terr) if len(terr) >= 2 and self.hint is None else None
        if self.hint is None and terr:
            self.cursor = b.index[terr[0]]

    def can_auto_setup(self) -> bool:
        return self.table.can_auto_setup()

    def auto_setup(self) -> bool:
        """Let the app make the rest of this person's set-up: the normal computer player's choices on their own
        view, applied as ordinary actions (the local table plays them like a computer seat's)."""
        if not self.can_auto_setup():
            return False
        self.table.start_auto_setup()
        return True

    def computer_moved(self) -> None:
        self.hint = self.last = self.advice = None

    # --- undo ------------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return self.table.can_undo() and not self.table.computer_to_move()

    def can_redo(self) -> bool:
        return self.table.can_redo() and not self.table.computer_to_move()

    def undo(self) -> bool:
        if self.can_undo() and self.table.undo():
            self.last = self.hint = self.advice = None
            self.status = ""  # an error or warning about the step taken back no longer applies
            return True
        return False

    def redo(self) -> bool:
        if self.can_redo() and self.table.redo():
            self.advice = None
            self.status = ""
            return True
        return False

    # --- lists -----------------------------------------------------------------------------------
    def shop_kind(self) -> str | None:
        shop = self.shop()
        return shop.kind if shop is not None and shop.kind in self.picker.kinds() else None

    def shop(self) -> Shop | None:
        return self.presenter.shop(self.table.view())

    def spend(self) -> Spend | None:
        """The rulebook's spend screen while the acting person, at this screen, may spend; else None."""
        return (
            self.presenter.spend(self.table.view()) if self.table.shown_seat() == self.table.actor() else None
        )

    def order_choice(self) -> OrderChoice | None:
        return self.presenter.order_choice(self.table.view(), self.table.shown_seat())

    def open_choice(self, forced: bool = False) -> Choice | OpenOrders:
        """A list to choose from. When every remaining argument is a card or choice (a card set): whole
        actions, each with its worth in armies, best first, same-looking sets once. Otherwise the values of
        the next argument, after which the other arguments are picked as usual."""
        from riskterm.tui.panels import action_value, card_name

        p = self.picker
        if not p.args and p.is_choice_step():
            orders = self.order_choice()
            if orders is not None and orders.kind == p.kind:
                return OpenOrders(forced)
        n = len(p.args)
        spec = p.specs.get(p.kind or "")
        title = (spec.label if spec else str(p.kind)) + (" (you must choose now)" if forced else "")
        view = self.table.view()
        default = Action(p.kind or "", tuple(p.args))
        default_label = "Let the rules choose (default)"
        if not p.is_choice_step():
            opts = [(card_name(self.rules, v, view), v, "") for v in p.candidates()]
            if default in p.matching():  # the same kind with nothing more chosen is legal: offer it first
                opts.insert(0, (default_label, DEFAULT, ""))
            return Choice(title, coach_first(self.advice, p, opts, False), forced, whole=False)
        found: dict[tuple[str, ...], tuple[int, str, str, Action]] = {}
        for a in p.matching():
            parts = [card_name(self.rules, c, view) for c in a.args[n:]]
            note = self.presenter.choice_note(view, a)
            parts += [note] if note else []
            key = tuple(parts)  # in order: a top card and a bottom card are not a set
            if key in found:
                continue
            value, text = action_value(self.rules, view, a)
            found[key] = (value, "  +  ".join(parts) if parts else default_label, text, a)
        worth = any(v > 0 for v, _, _, _ in found.values())  # cards worth armies: rank by it and say so
        found = {
            k: (v, f"{v:>3} armies   {label}" if worth else label, text, a)
            for k, (v, label, text, a) in found.items()
        }
        ranked = sorted(found.values(), key=lambda o: (-o[0], o[1].count("Wild")))  # keep wilds for later
        opts = coach_first(self.advice, p, [(label, a, text) for _, label, text, a in ranked], True)
        if counts_for(p, "", str) is not None:  # the listed sets are a sample: any other, by counts
            opts.append(("Choose how many of each unit...", COUNTS, "any set of the units that may go"))
        return Choice(title, opts, forced, whole=True)


def situation(
    presenter: Presenter, view: State, last: list[Event], names: list[str], seat: int | None
) -> str:
    """What a choice that must be made now is about: the roll that asked for it (the last event, when it is a
    battle's) and the prompt."""
    lines = []
    seen = seen_by(last, seat)
    if seen and seen[-1].kind in presenter.battle_events:
        lines.append(presenter.describe(seen[-1], names, seat))
    lines.append(presenter.prompt(view))
    return "\n".join(line for line in lines if line)
