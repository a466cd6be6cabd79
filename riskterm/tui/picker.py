"""The generic step-by-step action picker: no Textual here, so it is cheap to test.

A player picks an action kind, then its arguments one at a time; the candidates for the next argument are
the values that some legal action with the same kind and the same prefix has in that position."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riskterm.engine.actions import Action
from riskterm.rules.base import ActionSpec, Rules

CHOICE_KINDS = frozenset({"card", "choice"})
Prefix = tuple[str | None, tuple[Any, ...], Any]  # kind, args chosen so far, the source asked first


def arg_kinds(spec: ActionSpec | None, actions: list[Action]) -> tuple[str, ...]:
    """The argument kinds of an action kind: from its spec, else guessed from a legal action."""
    if spec is not None and spec.args:
        return spec.args
    if actions:
        return tuple("int" if isinstance(a, int) else "territory" for a in actions[0].args)
    return ()


@dataclass
class Picker:
    """The interaction in progress for one decision: kind, args chosen so far, and the legal actions."""

    rules: Rules
    legal: list[Action]
    kind: str | None = None
    args: list[Any] = field(default_factory=list)
    int_value: int = 0
    state: Any = None  # the view legal_actions came from: lets int arguments be probed with why_illegal
    # a kind whose spec asks the source first: the source chosen before the target (then args is [target,
    # source, ...], the action's own order)
    first: Any = None
    # answers kept for this set of legal actions (every key's check asks them again on a redraw)
    _kinds: list[str] | None = field(default=None, repr=False)
    _of_kind: dict[str | None, list[Action]] = field(default_factory=dict, repr=False)
    _matching: dict[Prefix, list[Action]] = field(default_factory=dict, repr=False)
    _longest: dict[Prefix, int] = field(default_factory=dict, repr=False)
    _cands: dict[Prefix, list[Any]] = field(default_factory=dict, repr=False)

    # --- what is on offer ----------------------------------------------------------------------
    @property
    def specs(self) -> dict[str, ActionSpec]:
        return {s.kind: s for s in self.rules.presenter_class.action_specs}

    def kinds(self) -> list[str]:
        """Legal kinds, in spec order (kinds without a spec last)."""
        if self._kinds is None:
            present = {a.kind for a in self.legal}
            order = [s.kind for s in self.rules.presenter_class.action_specs if s.kind in present]
            self._kinds = order + sorted(present - set(order))
        return self._kinds

    def of_kind(self, kind: str | None = None) -> list[Action]:
        k = kind or self.kind
        if k not in self._of_kind:
            self._of_kind[k] = [a for a in self.legal if a.kind == k]
        return self._of_kind[k]

    def matching(self) -> list[Action]:
        key = self.prefix()
        if key not in self._matching:
            n, args, src = len(self.args), tuple(self.args), self.first
            self._matching[key] = [
                a
                for a in self.of_kind()
                if a.args[:n] == args and (src is None or (len(a.args) > 1 and a.args[1] == src))
            ]
        return self._matching[key]

    def prefix(self) -> Prefix:
        """What is chosen so far: kind, args and the source asked first."""
        return (self.kind, tuple(self.args), self.first)

    def source_first(self, kind: str | None = None) -> bool:
        spec = self.specs.get(kind or self.kind or "")
        return spec is not None and spec.source_first

    def asking_source(self) -> bool:
        """The next choice is the source, asked before the target (ActionSpec.source_first)."""
        return not self.args and self.first is None and self.source_first()

    @property
    def started(self) -> bool:
        """Something is chosen for this action (Esc goes back)."""
        return bool(self.args) or self.first is not None

    def shown(self) -> list[Any]:
        """The values chosen so far in the order they were asked."""
        if not self.source_first():
            return list(self.args)
        return ([self.first] if self.first is not None else []) + self.args[:1] + self.args[2:]

    def arg_kinds(self, kind: str | None = None) -> tuple[str, ...]:
        k = kind or self.kind
        return arg_kinds(self.specs.get(k or ""), self.of_kind(k))

    def step_kind(self) -> str | None:
        """Kind of the next argument to choose ('territory', 'int', 'card', 'choice'), None when complete."""
        if self.kind is None:
            return None
        kinds = self.arg_kinds()
        n = len(self.args)
        key = self.prefix()
        if key not in self._longest:
            self._longest[key] = max((len(a.args) for a in self.matching()), default=0)
        longest = self._longest[key]
        if n >= longest:
            return None
        return kinds[n] if n < len(kinds) else "choice"

    def candidates(self) -> list[Any]:
        """Values the next argument may take, in first-seen order (ints sorted). For a last int argument,
        numbers the rules accept but legal_actions does not list (a blitz stop number) are added."""
        key = self.prefix()
        if key in self._cands:
            return self._cands[key]
        if self.asking_source():
            self._cands[key] = list(dict.fromkeys(a.args[1] for a in self.matching() if len(a.args) > 1))
            return self._cands[key]
        n = len(self.args)
        seen: dict[Any, None] = {}
        longest = 0
        for a in self.matching():
            longest = max(longest, len(a.args))
            if len(a.args) > n:
                seen.setdefault(a.args[n], None)
        vals = list(seen)
        if vals and all(isinstance(v, int) for v in vals):
            span = self.rules_range()
            if span is not None:  # the rules say the range: ask once
                vals = sorted(set(vals) | set(range(span[0], span[1] + 1)))
            elif self.state is not None and longest == n + 1 and self.kind:  # older rulebooks: probe
                top = max([*vals, *(x for x in self.state.get("armies", []) if isinstance(x, int))])
                extra = {
                    v
                    for v in range(1, min(top, 999) + 1)
                    if v not in seen
                    and self.rules.why_illegal(self.state, Action(self.kind, (*self.args, v))) is None
                }
                vals += extra
            vals.sort()
        self._cands[key] = vals
        return vals

    def rules_range(self) -> tuple[int, int] | None:
        """The rules' own range for the next int argument (Rules.int_range), when the rulebook declares one."""
        if self.state is None or not self.kind:
            return None
        return self.rules.int_range(self.state, self.kind, tuple(self.args))

    def complete(self) -> Action | None:
        """The chosen action when the args so far are a whole legal action and nothing more is to choose."""
        if self.kind is None or self.step_kind() is not None:
            return None
        a = Action(self.kind, tuple(self.args))
        if a in self.legal:
            return a
        if self.state is not None and self.rules.why_illegal(self.state, a) is None:
            return a  # a probed number (a blitz stop) the rules accept but legal_actions does not list
        return None

    def is_choice_step(self) -> bool:
        """True when every remaining argument is a card or choice: pick a whole tuple from a list."""
        kinds = self.arg_kinds()
        rest = kinds[len(self.args) :]
        return bool(rest) and all(k in CHOICE_KINDS for k in rest)

    # --- changing it ---------------------------------------------------------------------------
    def add(self, action: Action) -> bool:
        """Offer one more legal action (the coach's advice, when the rulebook's list gives only representative
        sets of units, e.g. modern's '2R' out of 5); False when it is already on offer."""
        if action in self.legal:
            return False
        self.legal = [*self.legal, action]
        self._kinds = None
        for memo in (self._of_kind, self._matching, self._longest, self._cands):
            memo.clear()
        return True

    def main_kind(self) -> str | None:
        """The phase's main action: an 'enter' spec that is legal, else the first legal kind with arguments."""
        kinds = self.kinds()
        for s in self.rules.presenter_class.action_specs:
            if s.key == "enter" and s.kind in kinds:
                return s.kind
        for k in kinds:
            ak = self.arg_kinds(k)
            if ak and ak[0] == "territory":
                return k
        for k in kinds:
            if self.arg_kinds(k):
                return k
        return None

    def set_kind(self, kind: str | None, keep: list[Any] | None = None) -> None:
        """Switch kind, keeping the longest prefix of `keep` (default: the current args) that is still legal."""
        keep = list(self.args if keep is None else keep)
        self.kind, self.args, self.first = kind, [], None
        if self.source_first() and len(keep) >= 2:  # (the action's order: target, source)
            keep = [keep[1], keep[0], *keep[2:]]
        for v in keep:
            if self.step_kind() == "territory" and self.choose(v):
                continue
            break
        self._reset_int()

    def choose(self, value: Any) -> bool:
        if value not in self.candidates():
            return False
        if self.asking_source():
            self.first = value
        else:
            self.args.append(value)
            if (
                len(self.args) == 1 and self.first is not None
            ):  # the target: the source chosen first follows it
                self.args.append(self.first)
        self._reset_int()
        return True

    def back(self) -> bool:
        if len(self.args) == 2 and self.first is not None:  # back to the target, the source still chosen
            self.args.clear()
        elif self.args:
            self.args.pop()
        elif self.first is not None:
            self.first = None
        else:
            return False
        self._reset_int()
        return True

    def autofill(self) -> None:
        """Fill number and choice arguments that have only one possible value (never a territory: the
        player should see where the action goes)."""
        while self.step_kind() in ("int", "choice") and len(self.candidates()) == 1:
            self.args.append(self.candidates()[0])
        self._reset_int()

    def _reset_int(self) -> None:
        if self.step_kind() == "int":
            c = self.candidates()
            spec = self.specs.get(self.kind or "")
            self.int_value = c[0] if spec is not None and spec.default == "low" else c[-1]

    def int_range(self) -> tuple[int, int]:
        c = self.candidates()
        return (c[0], c[-1]) if c else (0, 0)

    def set_int(self, value: int) -> None:
        lo, hi = self.int_range()
        self.int_value = max(lo, min(hi, value))

    def step_int(self, delta: int) -> None:
        c = self.candidates()
        if not c:
            return
        i = min(range(len(c)), key=lambda k: abs(c[k] - self.int_value))
        self.int_value = c[max(0, min(len(c) - 1, i + delta))]
