"""What every rulebook offers. The app, computer players, save files and tests use only this interface:
they ask for legal actions and hand actions to apply(); they never change a state themselves.

The engine contract a rulebook codes against (see docs and riskterm/engine/events.py):

- **Events** are `riskterm.engine.events.Event` (kind, data, to, secret, barrier), made with
  `make_event(EVENTS, kind, to=None, **data)` from the rulebook's table `EVENTS: dict[str, EventKind]`; set the
  table as the class attribute `EVENTS` too (the contract test checks every event against it).
- **Transition(state, events, barrier=None)** is a 2-tuple (`state, events = rules.apply(s, a)`) with a
  `barrier` attribute, always a bool: undo may not go back past this step. Left out, it is
  `any(e.barrier for e in events)` (a step with no events is no barrier); a rulebook passes it where more
  makes a barrier (modern: a step that hands the game on, `Rules.hands_over`).
- **Dispatch by phase, once**: a rulebook declares `PHASES = {phase: (action kinds...)}` and
  `handlers = {kind: Handler(check, do, int_range=None)}` (each phase module ends with its own
  `HANDLERS = {...}`, merged in the class). `check(rules, s, args) -> str | None` says why the action is
  illegal (None: legal); `do(rules, s, args) -> (state, events)` applies a legal one (made by `mutating`
  from a phase module's step, below; events None: a quiet step made none).
  The base `why_illegal` answers unknown kinds, a finished game and the wrong phase, runs `precheck` (a hook
  for a rule common to several kinds), then the handler's check, and turns a malformed argument
  (TypeError/ValueError/IndexError/KeyError) into one sentence. The base `_apply` calls the handler's `do`.
- **int_range(s, kind, args_so_far) -> (lo, hi) | None**: the legal range of the next int argument (a blitz
  stop, an army count), so the app asks once instead of probing `why_illegal` for every number; from the
  handler's optional `int_range(rules, s, args_so_far)`.
- **No mutable caches on a rules object**: one is shared between the app and its computer thread. Cache in
  module-level pure functions (functools.cache on hashable arguments, a Board among them) or in the state.
- **The end of the game**: after every step, on every path (apply, apply_trusted, advance), the base asks
  `check_end(state)` of a game not yet over; an `Outcome` (winners, or none for a draw, and why) ends it through
  `finish(state, outcome, events)`. A rule that ends the game in the middle of a step (classic: the conquering
  army stays where it stands; europe and modern: a round's end; RisiKo!: a settled conquest, the turn cap)
  asks the same hook there (`end_if_over`), so a mode overrides one method to win by any move. No rulebook
  writes `winner` or `draw` itself; `finish` does, and a rulebook's override adds its own event.

The phase-module style (every rulebook package is written this way):

- A phase module (setup.py, battle.py, ...) holds plain functions over the rulebook's state TypedDict and ends
  with `HANDLERS = {kind: Handler(check_x, mutating(x, "keys", ...), int_range)}` and, for each phase it owns,
  `LEGAL = {phase: legal_x}`; the rulebook class merges them (`handlers = {**a.HANDLERS, ...}`,
  `LEGAL = {**a.LEGAL, ...}`) and the base dispatches: `why_illegal` by PHASES and handlers, `legal_actions`
  by the phase table LEGAL, a step by the handler.
- `check_x(rules, s, args) -> str | None`; `x(rules, s, args, events) -> None` changes the draft `s` that
  `mutating` made (the top level and the listed containers copied; copy any other container with
  engine.state.touch / touch_item before changing it) and appends its events (`events` is None on a quiet()
  copy of a rulebook that sets `quiet_steps`: it then makes no events at all);
  `legal_x(rules, s) -> list[Action]`.
- `rules` is typed `Book`, the one protocol for the rules as a phase module sees them (importing the
  rulebook's class would be an import circle). What a rulebook knows of its board beyond `Book` (classic's card
  kinds, europe's city tables) comes from a module function cached on the board.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, NamedTuple, Protocol

from riskterm.board import Board, load_board
from riskterm.engine.actions import SINGLE, Action, ActionGroup, Arg, parse_action
from riskterm.engine.events import Event, EventKind, make_event
from riskterm.engine.luck import TRUE_DICE, DiceRules
from riskterm.engine.state import State, draft
from riskterm.errors import IllegalActionError
from riskterm.rules.effects import MapMark, OrderChoice, Shop, Spend

__all__ = ["ActionSpec", "Book", "Event", "EventKind", "GameOptions", "Handler", "Log", "Outcome", "PlayerSetup",
           "Rules", "Transition", "end_if_over", "make_event", "mutating"]

Args = tuple[Arg, ...]
# A handler's functions take the rules (a phase module's Book) and the rulebook's own state TypedDict: both typed
# Any here so that a module function `def check_attack(rules: Book, s: ClassicState, args: Args)` fits.
Check = Callable[[Any, Any, Args], "str | None"]
# the events: a list, or None from a quiet step (typed Any so that either fits every caller)
Do = Callable[[Any, Any, Args], "tuple[Any, Any]"]
IntRange = Callable[[Any, Any, Args], "tuple[int, int] | None"]

# What a step appends its events to: a list, or None on a quiet() copy of a rulebook that sets quiet_steps.
Log = list[Event] | None
# A phase module's step: it changes the draft it is given (the rulebook's state TypedDict) and appends events.
Edit = Callable[[Any, Any, Args, Any], None]
Lister = Callable[[Any, Any], list[Action]]

# What a malformed argument raises inside a check ('attack alaska' with no target, a word where a number goes).
MALFORMED = (TypeError, ValueError, IndexError, KeyError)


class Transition(tuple[State, list[Event]]):
    """What apply() and new_game() return: (state, events), unpacked like a pair, plus `barrier` (True: undo
    may not go back past this step; by default whether any of the events is a barrier)."""

    barrier: bool

    def __new__(cls, state: State, events: list[Event], barrier: bool | None = None) -> Transition:
        t = super().__new__(cls, (state, events))
        t.barrier = any([e.barrier for e in events]) if barrier is None else barrier
        return t

    @property
    def state(self) -> State:
        return self[0]

    @property
    def events(self) -> list[Event]:
        return self[1]

    def __repr__(self) -> str:
        return f"Transition(state=<{len(self[0])} keys>, events={self[1]!r}, barrier={self.barrier!r})"


class Handler(NamedTuple):
    """One action kind of a rulebook: its legality check, its effect, and optionally its int argument's range."""

    check: Check
    do: Do
    int_range: IntRange | None = None


def mutating(edit: Edit, *keys: str) -> Do:
    """A handler's `do` from a phase module's step `edit(rules, s, args, events)`: the step gets a draft of the
    state (the top level and the containers named in `keys` copied: those it changes) and a fresh events list;
    the state it was given is never changed."""

    if len(keys) == 1:  # draft() spelt out for the most common step (most of a headless game's steps)
        key = keys[0]

        def do(rules: Book, s: Any, args: Args) -> tuple[Any, Log]:
            d = s.copy()
            v = d[key]
            if isinstance(v, (list, dict)):
                d[key] = v.copy()
            events: Log = None if rules.silent else []
            edit(rules, d, args, events)
            return d, events
    else:
        def do(rules: Book, s: Any, args: Args) -> tuple[Any, Log]:
            d = draft(s, *keys)
            events: Log = None if rules.silent else []
            edit(rules, d, args, events)
            return d, events

    do.__name__ = edit.__name__
    do.__doc__ = edit.__doc__
    return do


@dataclass(frozen=True)
class Outcome:
    """How a game ended: its winners (one seat, or none for a draw) and why, in the rulebook's own word
    ('world', 'opponent', 'crowns', 'turn_cap', ...)."""

    winners: tuple[int, ...]
    why: str

    @property
    def draw(self) -> bool:
        return not self.winners


def end_if_over(rules: Book, s: Any, events: Log) -> bool:
    """Ask the end-of-game hook in the middle of a step, at a moment where the end changes what the step does
    next (a round's end, a conquest): end the draft `s` through `finish` when it says the game is over.
    True when it ended."""
    outcome = rules.check_end(s)
    if outcome is None:
        return False
    rules.finish(s, outcome, events)
    return True


class Book(Protocol):
    """The rules as a phase module sees them: the rulebook object, typed without importing its class."""

    @property
    def board(self) -> Board: ...

    @property
    def silent(self) -> bool: ...  # True on a quiet() copy of a rulebook with quiet_steps: no events at all

    @property
    def roll_events(self) -> bool: ...  # False on a quiet() copy: no per-roll battle events

    @property
    def turn_cap(self) -> int: ...

    def t(self, tid: Any) -> int | None: ...

    def tname(self, i: int) -> str: ...

    def prompt(self, s: Any) -> str: ...

    def why_illegal(self, s: Any, a: Action) -> str | None: ...

    def check_end(self, s: Any) -> Outcome | None: ...

    def finish(self, s: Any, outcome: Outcome, events: Log) -> None: ...

    @property
    def standing(self) -> Mapping[str, frozenset[int]]: ...  # a standing answer -> the seats that gave it


@dataclass(frozen=True)
class ActionSpec:
    """How the app offers an action kind: its key, label, and the kinds of its arguments
    ('territory', 'int', 'card', 'choice', ...). Bindings and help are made from these."""

    kind: str
    key: str
    label: str
    args: tuple[str, ...] = ()
    description: str = ""
    joiner: str = " → "  # between arguments in the app's step line; " ← " where the target comes first
    default: Literal["low", "high"] = "high"  # which end of a number's range the app offers first


@dataclass(frozen=True)
class PlayerSetup:
    name: str
    colour: str = ""
    ai: str | None = None  # None for a person, else a computer level ("easy", "normal", "hard")


@dataclass
class GameOptions:
    quick_start: bool = False
    house: dict[str, Any] = field(default_factory=dict)


class Rules:
    """Base of every rulebook. Subclasses declare PHASES and handlers (or, until they move over, override
    why_illegal and _apply), and implement legal_actions and the hooks below."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    board_id: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    turn_cap: ClassVar[int] = 1000  # player-turns (or rounds); a capped game is a draw
    rules_text: ClassVar[str] = ""  # Markdown for the in-game rules screen, including our readings
    action_specs: ClassVar[tuple[ActionSpec, ...]] = ()
    # House rules the new-game screen and `play --house` offer: (options key, label, choices, default); the
    # chosen value goes into new_game's options dict under the key, and new_game fills in the default of one
    # left out. None by default. The key "mode", when present, chooses among the rulebook's modes of play (its
    # choices, the default first): `--mode NAME` sets it (setup_options.MODE).
    house_options: ClassVar[tuple[tuple[str, str, tuple[Any, ...], Any], ...]] = ()
    # What a house option left out of a game's options meant before new_game filled in the defaults: the
    # behaviour games were played by before the option existed. Saves of that time (format 1) get these
    # written into their options when they load (record/old_saves.py), so they replay as they were played.
    old_defaults: ClassVar[Mapping[str, Any]] = {}
    # The dispatch table (see the module docstring): phase -> action kinds legal in it; kind -> Handler.
    PHASES: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    handlers: ClassVar[Mapping[str, Handler]] = {}
    # phase -> the function listing its legal actions (legal_actions dispatches here; a phase missing: none).
    LEGAL: ClassVar[Mapping[str, Lister]] = {}
    # The rulebook's event kinds: every event it makes is of one of these.
    EVENTS: ClassVar[Mapping[str, EventKind]] = {}
    # Action kinds that end a phase or the turn, best first: what a computer turn that runs too long (or a
    # turn timer) falls back to. And the kinds a fallback avoids while anything else is legal (they prolong
    # the turn).
    end_kinds: ClassVar[tuple[str, ...]] = ()
    long_kinds: ClassVar[frozenset[str]] = frozenset()
    # The event kinds that say how a game ended (a win and by what, a turn cap, nobody left holding a city):
    # the game-over screen repeats the last one's sentence.
    end_events: ClassVar[frozenset[str]] = frozenset()

    # Whether every roll of a battle is an event (classic: a blitz rolls up to dozens of times). False only on
    # a copy made by quiet(), for headless games whose events nobody reads (`simulate` without a step history).
    roll_events: ClassVar[bool] = True
    # True only on a quiet() copy of a rulebook whose steps take a None events list (quiet_steps): it makes no
    # events at all (each step's event list is empty and says no barrier); the states are the same.
    silent: ClassVar[bool] = False
    quiet_steps: ClassVar[bool] = False

    # Answers a seat may give once for a whole game instead of at every step that asks (standing orders):
    # answer -> what it means. A headless game whose steps nobody reads (simulate) asks each computer player
    # which of them it gives and plays on `answering(...)`'s copy, whose steps apply them at once: fewer steps,
    # the same draws and the same final state. The rulebook's steps read `standing`: answer -> the seats.
    standing_answers: ClassVar[Mapping[str, str]] = {}
    standing: Mapping[str, frozenset[int]] = {}

    # Whether the rulebook plays on any board (given to __init__) or only on its own (board_id): a rulebook
    # whose board carries facts of its own (cities, empires, a track) keeps False.
    any_board: ClassVar[bool] = False

    @classmethod
    def board_problem(cls, board: Board, players: int | None) -> str | None:
        """What another board lacks for this rulebook (with `players` seats, when known), in one sentence;
        None when it can be played on it. Asked only when any_board is True."""
        return None

    def __init__(self, board: Board | None = None):
        self.board = board or load_board(self.board_id)

    def quiet(self) -> Rules:
        """A copy of this rulebook for games whose events nobody reads: it leaves out the per-roll battle
        events, or (a rulebook with quiet_steps) every event; the states it gives are the same, and a step
        may then say barrier False where it rolled dice. Set once, here: rules objects hold no mutable state."""
        q = copy.copy(self)
        q.roll_events = False  # type: ignore[misc]
        q.silent = self.quiet_steps  # type: ignore[misc]
        return q

    def answering(self, given: Mapping[int, Iterable[str]]) -> Rules:
        """A copy of this rulebook whose steps apply the standing answers each seat gave (`given`: seat -> its
        answers, each one of standing_answers); the others still ask."""
        q = copy.copy(self)
        sets = {seat: frozenset(answers) for seat, answers in given.items()}
        q.standing = {name: frozenset(seat for seat, answers in sets.items() if name in answers)
                      for name in self.standing_answers}
        return q

    # --- the whole API ---------------------------------------------------------------------------
    def new_game(self, players: list[PlayerSetup] | list[str], seed: int, options: dict[str, Any] | None = None
                 ) -> Transition:
        setups = [p if isinstance(p, PlayerSetup) else PlayerSetup(p) for p in players]
        if not self.min_players <= len(setups) <= self.max_players:
            raise IllegalActionError(
                f"{self.title} is played by {self.min_players} to {self.max_players} players, not {len(setups)}.")
        names = [p.name.strip() for p in setups]
        if any(not n for n in names) or len(set(n.lower() for n in names)) != len(names):
            raise IllegalActionError("Every player needs a name of their own.")
        filled = {key: default for key, _, _, default in self.house_options}
        filled.update(options or {})
        return self._new_game(setups, seed, filled)

    def _new_game(self, players: list[PlayerSetup], seed: int, options: dict[str, Any]) -> Transition:
        raise NotImplementedError

    def actor(self, s: State) -> int | None:
        """The seat that must act now (None when the game is over)."""
        return None if s.get("winner") is not None or s.get("draw") else s["actor"]  # is_over(s), inlined

    def hands_over(self, before: State, after: State) -> bool:
        """Whether play passed from one seat to another, or to a new turn, between two states (the end of the
        game included): undo never goes back across that, whatever the step's events, since the next seat
        has seen the board."""
        return self.actor(before) != self.actor(after) or before.get("turn") != after.get("turn")

    def legal_actions(self, s: State) -> list[Action]:
        """Every legal action now, from the phase table LEGAL."""
        if s.get("winner") is not None or s.get("draw"):
            return []
        lister = self.LEGAL.get(s["phase"])
        return lister(self, s) if lister is not None else []

    def several_actions(self, s: State) -> bool:
        """True when s is known, without listing them, to offer two or more legal actions (a caller that
        only needs to tell a forced action from a choice); False means "not known": list them."""
        return False

    def legal_groups(self, s: State) -> list[ActionGroup]:
        """legal_actions(s) as groups of one kind and leading arguments (engine.actions.ActionGroup), in the
        same order: flatten(legal_groups(s)) == legal_actions(s). By default each action is its own group; a
        rulebook whose actions come in many number choices per territory pair lists them grouped."""
        return [ActionGroup(a.kind, a.args, SINGLE) for a in self.legal_actions(s)]

    def why_illegal(self, s: State, a: Action) -> str | None:
        """Why `a` may not be played in `s`, in one sentence a player can read; None when it is legal."""
        kind = a.kind
        h = self.handlers.get(kind)
        if h is None:
            return f"'{kind}' is not an action of this game."
        if s.get("winner") is not None or s.get("draw"):  # is_over(s), inlined: every computer action asks
            return "The game is over."
        if kind not in self.PHASES.get(s["phase"], ()):  # self.phase(s), inlined
            return f"You cannot {kind} now: {self.prompt(s)}"
        try:
            return self.precheck(s, a) or h.check(self, s, a.args)
        except MALFORMED:
            return self.malformed(a)

    def precheck(self, s: State, a: Action) -> str | None:
        """A rule shared by several action kinds, checked after the phase and before the kind's own check
        (RisiKo!: 'Place your armies first'). None by default."""
        return None

    def malformed(self, a: Action) -> str:
        """The sentence for an action whose arguments are not written right."""
        return f"'{a}' is not written right; see the help screen for the notation."

    def int_range(self, s: State, kind: str, args_so_far: Args) -> tuple[int, int] | None:
        """The legal values (lo, hi), both included, of the int argument that follows `args_so_far` in an
        action of `kind`, when they form a range the app should offer as a number (a blitz stop, armies to
        move); None when there is no such argument or legal_actions lists every value."""
        h = self.handlers.get(kind)
        if h is None or h.int_range is None:
            return None
        try:
            return h.int_range(self, s, tuple(args_so_far))
        except MALFORMED:
            return None

    def is_legal(self, s: State, a: Action) -> bool:
        return self.why_illegal(s, a) is None

    def apply(self, s: State, a: Action | str) -> Transition:
        if isinstance(a, str):
            a = parse_action(a)
        if self.is_over(s):
            raise IllegalActionError("The game is over.")
        why = self.why_illegal(s, a)
        if why:
            raise IllegalActionError(why)
        return self._apply(s, a)

    def apply_trusted(self, s: State, a: Action | str) -> Transition:
        """apply() for a caller that has just had why_illegal say None for `a` on `s` (or on the acting
        seat's view of it, which decides the same): the same Transition without checking again (a computer
        player's loop checks once, not twice). Stateless: the caller vouches for the action; an action that
        was not checked must go through apply()."""
        if isinstance(a, str):
            a = parse_action(a)
        if s.get("winner") is not None or s.get("draw"):
            raise IllegalActionError("The game is over.")
        return self._apply(s, a)

    def advance(self, s: State, a: Action) -> State:
        """apply_trusted(s, a).state, for a loop that reads only the states (a headless game without a step
        history): no Transition is built and no barrier is needed: nobody reads them."""
        if s.get("winner") is not None or s.get("draw"):
            raise IllegalActionError("The game is over.")
        return self._step(s, a)[0]

    def _apply(self, s: State, a: Action) -> Transition:
        """Apply a legal action: the step, as a Transition."""
        state, events = self._step(s, a)
        return Transition(state, events if events is not None else [])

    def _step(self, s: State, a: Action) -> tuple[State, Log]:
        """The one way a legal action is applied, on every path: the handler's `do`, then the end-of-game hook
        on a game it left going."""
        state, events = self.handlers[a.kind].do(self, s, a.args)
        if state.get("winner") is None and not state.get("draw"):
            outcome = self.check_end(state)
            if outcome is not None:
                state = dict(state)
                self.finish(state, outcome, events)
        return state, events

    def check_end(self, s: State) -> Outcome | None:
        """How the game has ended by now, or None while it goes on: asked after every step of a game not yet
        over (and by a rulebook in the middle of a step where the end changes what the step does). None by
        default: the rulebook's own steps end it."""
        return None

    def finish(self, s: State, outcome: Outcome, events: Log) -> None:
        """End the game in the draft `s` as `outcome` says (a rulebook adds its own event)."""
        s["winner"] = outcome.winners[0] if outcome.winners else None
        s["draw"] = outcome.draw
        s["phase"] = "over"

    def view(self, s: State, seat: int | None) -> State:
        """The state as `seat` may see it: other players' secrets and the random stream removed.
        seat None is a spectator who sees no secrets at all."""
        raise NotImplementedError

    def is_over(self, s: State) -> bool:  # inlined in actor, why_illegal and apply_trusted (the hot path)
        return s.get("winner") is not None or bool(s.get("draw"))

    def winner(self, s: State) -> int | None:
        return s.get("winner")

    def scores(self, s: State) -> list[int]:
        """The rulebook's own score per seat (classic and modern: territories; europe: crowns; risiko: Empires)."""
        raise NotImplementedError

    def prompt(self, s: State) -> str:
        """What the acting player should do now, in one sentence."""
        raise NotImplementedError

    def player_stats(self, s: State) -> list[dict[str, Any]]:
        """Per seat: name, territories, armies and the rulebook's own figures, for panels and statistics."""
        raise NotImplementedError

    def describe(self, e: Event, names: list[str], seat: int | None = None) -> str:
        """One line of the game log for an event, as `seat` may read it (private events show their
        details only to their owner, e.to); `names` are the players' names by seat."""
        text = e.data.get("text")
        return text if isinstance(text, str) and text else str(e)

    def phase(self, s: State) -> str:  # inlined in why_illegal
        phase: str = s["phase"]
        return phase

    def owner_of(self, s: State, t: int) -> int:
        """Seat holding territory t, -1 for nobody."""
        seat: int = s["owner"][t]
        return seat

    def label_of(self, s: State, t: int) -> str:
        """What the map prints at the territory's label point (at most 3 characters): the army count."""
        n = s["armies"][t]
        return str(n) if n else ""

    def territory_lines(self, s: State, t: int) -> list[str]:
        """The territory panel for the highlighted territory (modern: its unit mix). None by default."""
        return []

    # --- the rulebook's own marks, words and screens for the app (riskterm.rules.effects); neutral here ------
    map_marks: ClassVar[tuple[MapMark, ...]] = ()  # the map's marks beyond owner and count, for the legend

    def marks_of(self, s: State) -> tuple[MapMark, ...]:
        """The map's marks in this game, for the legend: map_marks, and those of the game's mode (classic's
        Capital Risk marks its headquarters)."""
        return self.map_marks

    # set-up phases whose choices the app may make for a person who asks (never a secret choice)
    auto_setup_phases: ClassVar[frozenset[str]] = frozenset()
    turn_cap_unit: ClassVar[str] = "player-turns"  # what turn_cap counts: 'player-turns' or 'rounds'
    focus_events: ClassVar[frozenset[str]] = frozenset()  # events whose 'to' the next decision starts from
    battle_events: ClassVar[frozenset[str]] = frozenset()  # events the odds box repeats as the last battle

    def shop(self, s: State) -> Shop | None:
        """The purchase screen while the acting player buys; None otherwise."""
        return None

    def spend(self, s: State) -> Spend | None:
        """The spend screen (units, and things bought singly) while the acting player may spend; None otherwise."""
        return None

    def order_choice(self, s: State, seat: int | None) -> OrderChoice | None:
        """How `seat` chooses an ordered pair of cards from its hand (its cards, hidden from others: none);
        None when the rulebook has no such choice."""
        return None

    def card_name(self, s: State, card: Any) -> str:
        """A card (or any choice) as the lists of choices name it."""
        return self.arg_label(s, card)

    def number_meaning(self, s: State, prefix: Action, n: int) -> str:
        """What the number `n` after `prefix` stands for, where it is not plain; '' otherwise."""
        return ""

    def badge_of(self, s: State, t: int) -> str:
        """A marker (at most 2 characters) the map paints next to the territory's label: europe's city crown
        and castle. None by default."""
        return ""

    def private_lines(self, s: State, seat: int) -> list[str]:
        """What only `seat` may see (its cards, secret orders, hidden armies), one line each, for the
        private panel shown after the hand-off."""
        return []

    def arg_label(self, s: State, value: Any) -> str:
        """How the app names one action argument in lists and prompts: a territory's name, else the value
        (RisiKo! names its cards and players here)."""
        if isinstance(value, str) and value in self.board.index:
            return self.board.tname(value)
        return str(value)

    def table_lines(self, s: State) -> list[str]:
        """What lies on the table for everyone to see beyond the map and the players panel (RisiKo!'s
        reinforcement track, cards in play, truces), one line each. None by default."""
        return []

    def attack_odds(self, s: State, prefix: Action) -> tuple[float, float, float] | None:
        """The odds of the attack being chosen, for the odds panel: `prefix` is the action kind with the
        arguments chosen so far (the target highlighted). (chance to take the territory, expected attackers
        left, expected defenders left), or None when the rulebook has no such odds (the panel stays hidden)."""
        return None

    def balanced_odds(self, s: State, prefix: Action) -> tuple[float, float, float] | None:
        """The same odds where the game draws that attack whole from the balanced distribution
        (engine/balanced.py), shown beside the rolled-out ones; None where it rolls it out."""
        return None

    def dice_rules(self, s: State) -> DiceRules:
        """How this game's battles turn dice into losses (luck, balanced fights): the computer players read
        their odds by it. True dice by default."""
        return TRUE_DICE

    # --- an online game's turn timer ----------------------------------------------------------------
    # What a seat whose time ran out does, in order of preference: the first of these kinds that is legal,
    # its numbers at their ActionSpec's default end. Kinds that end the turn or the step come first; where
    # none is legal (a choice with no natural default) the host lets the easy computer player choose.
    timeout_kinds: ClassVar[tuple[str, ...]] = ()

    def timeout_action(self, s: State) -> Action | None:
        """The action the actor takes when its time is up (None: no default here)."""
        legal = self.legal_actions(s)
        for kind in self.timeout_kinds:
            mine = [a for a in legal if a.kind == kind]
            if mine:  # the first choice listed; its numbers at the default end
                n = next((i for i, x in enumerate(mine[0].args) if isinstance(x, int)), None)
                if n is None:
                    return mine[0]
                head = mine[0].args[:n]
                same = [a for a in mine if a.args[:len(head)] == head]
                low = next((sp.default == "low" for sp in self.action_specs if sp.kind == kind), False)
                return (min if low else max)(same, key=lambda a: a.args[len(head):])
        return None

    def turn_key(self, s: State) -> tuple[Any, Any]:
        """Whose turn it is and which: a turn timer gives each seat one allowance of time per key (a seat
        answering in another's turn, a defender, has its own)."""
        return s.get("current"), s.get("turn")

    def names(self, s: State) -> list[str]:
        return [p["name"] for p in s["players"]]

    def is_computer(self, s: State, seat: int) -> bool:
        return bool(s["players"][seat].get("ai"))

    # --- helpers for subclasses -----------------------------------------------------------------
    def t(self, tid: Any) -> int | None:
        """Territory index for an id argument, or None when it is not a territory of this board."""
        return self.board.index.get(tid) if isinstance(tid, str) else None

    def tname(self, i: int) -> str:
        return self.board.territories[i].name
