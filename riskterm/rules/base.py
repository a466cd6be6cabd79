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
- **The end of the game**: after every step, on every path (apply, headless.advance), the base asks
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
  engine.state.touch / touch_item before changing it) and appends its events (`events` is None on a
  headless.quiet() copy of a rulebook that sets `quiet_steps`: it then makes no events at all);
  `legal_x(rules, s) -> list[Action]`.
- `rules` is typed `Book`, the one protocol for the rules as a phase module sees them (importing the
  rulebook's class would be an import circle). What a rulebook knows of its board beyond `Book` (classic's card
  kinds, europe's city tables) comes from a module function cached on the board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from riskterm.board import Board, load_board
from riskterm.engine.actions import SINGLE, Action, ActionGroup, Arg, parse_action
from riskterm.engine.events import Event, EventKind, make_event
from riskterm.engine.luck import TRUE_DICE, DiceRules
from riskterm.engine.state import State, draft
from riskterm.errors import IllegalActionError
from riskterm.rules.book import Book, Log, Outcome
from riskterm.rules.headless import Headless
from riskterm.rules.presenter import ActionSpec, Presenter

__all__ = [
    "ActionSpec",
    "Book",
    "Event",
    "EventKind",
    "GameOptions",
    "Handler",
    "Log",
    "Outcome",
    "PlayerSetup",
    "Rules",
    "Transition",
    "end_if_over",
    "make_event",
    "mutating",
]

Args = tuple[Arg, ...]
# A handler's functions take the rules (a phase module's Book) and the rulebook's own state TypedDict: both typed
# Any here so that a module function `def check_attack(rules: Book, s: ClassicState, args: Args)` fits.
Check = Callable[[Any, Any, Args], "str | None"]
# the events: a list, or None from a quiet step (typed Any so that either fits every caller)
Do = Callable[[Any, Any, Args], "tuple[Any, Any]"]
IntRange = Callable[[Any, Any, Args], "tuple[int, int] | None"]

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
            events: Log = None if rules.headless.silent else []
            edit(rules, d, args, events)
            return d, events
    else:

        def do(rules: Book, s: Any, args: Args) -> tuple[Any, Log]:
            d = draft(s, *keys)
            events: Log = None if rules.headless.silent else []
            edit(rules, d, args, events)
            return d, events

    do.__name__ = edit.__name__
    do.__doc__ = edit.__doc__
    return do


def end_if_over(rules: Book, s: Any, events: Log) -> bool:
    """Ask the end-of-game hook in the middle of a step, at a moment where the end changes what the step does
    next (a round's end, a conquest): end the draft `s` through `finish` when it says the game is over.
    True when it ended."""
    outcome = rules.check_end(s)
    if outcome is None:
        return False
    rules.finish(s, outcome, events)
    return True


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
    turn_cap_unit: ClassVar[str] = "player-turns"  # what turn_cap counts: 'player-turns' or 'rounds'
    # What the app, the host and the log show of a game: the rulebook's Presenter (rules/presenter.py).
    presenter_class: ClassVar[type[Presenter]] = Presenter
    # House rules the new-game screen and `play --house` offer: (options key, label, choices, default); the
    # chosen value goes into new_game's options dict under the key, and new_game fills in the default of one
    # left out. None by default. The key "mode", when present, chooses among the rulebook's modes of play (its
    # choices, the default first): `--mode NAME` sets it (setup_options.MODE).
    house_options: ClassVar[tuple[tuple[str, str, tuple[Any, ...], Any], ...]] = ()
    # What a house option left out of a game's options meant in older saves, by the save format that changed
    # it: {N: {key: value}} is what a save of a format before N meant by leaving the key out (2: before new_game
    # filled in the defaults, the behaviour games were played by before the option existed; later: a default
    # that changed). Such saves get these written into their options when they load (record/old_saves.py),
    # so they replay as they were played.
    old_defaults: ClassVar[Mapping[int, Mapping[str, Any]]] = {}
    # The dispatch table (see the module docstring): phase -> action kinds legal in it; kind -> Handler.
    PHASES: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    handlers: ClassVar[Mapping[str, Handler]] = {}
    # phase -> the function listing its legal actions (legal_actions dispatches here; a phase missing: none).
    LEGAL: ClassVar[Mapping[str, Lister]] = {}
    # The rulebook's event kinds: every event it makes is of one of these.
    EVENTS: ClassVar[Mapping[str, EventKind]] = {}
    # The speed-ups for games nobody watches (rules/headless.py): what the rulebook declares, what a quiet
    # or answering copy sets; the rulebook's steps read `headless.silent`, `roll_events` and `standing`.
    headless: Headless = Headless()

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

    def presenter(self) -> Presenter:
        """What the app, the host and the log show of this rulebook's games."""
        return self.presenter_class(self)

    def new_game(
        self, players: list[PlayerSetup] | list[str], seed: int, options: dict[str, Any] | None = None
    ) -> Transition:
        setups = [p if isinstance(p, PlayerSetup) else PlayerSetup(p) for p in players]
        if not self.min_players <= len(setups) <= self.max_players:
            raise IllegalActionError(
                f"{self.title} is played by {self.min_players} to {self.max_players} players, not {len(setups)}."
            )
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

    def _several_actions(self, s: State) -> bool:
        """True when s is known, without listing them, to offer two or more legal actions (a caller that
        only needs to tell a forced action from a choice); False means "not known": list them."""
        return False

    def _legal_groups(self, s: State) -> list[ActionGroup]:
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
        if kind not in self.PHASES.get(s["phase"], ()):
            return f"You cannot {kind} now: {self.presenter().prompt(s)}"
        try:
            return self._precheck(s, a) or h.check(self, s, a.args)
        except MALFORMED:
            return self._malformed(a)

    def _precheck(self, s: State, a: Action) -> str | None:
        """A rule shared by several action kinds, checked after the phase and before the kind's own check
        (RisiKo!: 'Place your armies first'). None by default."""
        return None

    def _malformed(self, a: Action) -> str:
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

    def apply(self, s: State, a: Action | str) -> Transition:
        if isinstance(a, str):
            a = parse_action(a)
        if self.is_over(s):
            raise IllegalActionError("The game is over.")
        why = self.why_illegal(s, a)
        if why:
            raise IllegalActionError(why)
        return self._apply(s, a)

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

    def is_over(self, s: State) -> bool:  # inlined in actor and why_illegal (the hot path)
        return s.get("winner") is not None or bool(s.get("draw"))

    def winner(self, s: State) -> int | None:
        return s.get("winner")

    def scores(self, s: State) -> list[int]:
        """The rulebook's own score per seat (classic and modern: territories; europe: crowns; risiko: Empires)."""
        raise NotImplementedError

    def dice_rules(self, s: State) -> DiceRules:
        """How this game's battles turn dice into losses (luck, balanced fights): the computer players read
        their odds by it. True dice by default."""
        return TRUE_DICE

    def names(self, s: State) -> list[str]:
        return [p["name"] for p in s["players"]]

    # --- helpers for subclasses -----------------------------------------------------------------
    def t(self, tid: Any) -> int | None:
        """Territory index for an id argument, or None when it is not a territory of this board."""
        return self.board.index.get(tid) if isinstance(tid, str) else None

    def tname(self, i: int) -> str:
        return self.board.territories[i].name
