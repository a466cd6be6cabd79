"""What every rulebook offers. The app, computer players, save files and tests use only this interface:
they ask for legal actions and hand actions to apply(); they never change a state themselves."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from riskterm.board import Board, load_board
from riskterm.engine.actions import Action, parse_action
from riskterm.engine.state import State
from riskterm.errors import IllegalActionError

Event = dict[str, Any]


class Transition(NamedTuple):
    state: State
    events: list[Event]


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
    """Base of every rulebook. Subclasses implement _apply, why_illegal, legal_actions and the hooks below."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    board_id: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    turn_cap: ClassVar[int] = 1000  # player-turns (or rounds); a capped game is a draw
    rules_text: ClassVar[str] = ""  # Markdown for the in-game rules screen, including our readings
    action_specs: ClassVar[tuple[ActionSpec, ...]] = ()
    # House rules the new-game screen and `play --house` offer: (options key, label, choices, default); the
    # chosen value goes into new_game's options dict under the key. None by default.
    house_options: ClassVar[tuple[tuple[str, str, tuple[Any, ...], Any], ...]] = ()

    def __init__(self, board: Board | None = None):
        self.board = board or load_board(self.board_id)

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
        return self._new_game(setups, seed, dict(options or {}))

    def _new_game(self, players: list[PlayerSetup], seed: int, options: dict[str, Any]) -> Transition:
        raise NotImplementedError

    def actor(self, s: State) -> int | None:
        """The seat that must act now (None when the game is over)."""
        return None if self.is_over(s) else s["actor"]

    def legal_actions(self, s: State) -> list[Action]:
        raise NotImplementedError

    def why_illegal(self, s: State, a: Action) -> str | None:
        raise NotImplementedError

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

    def _apply(self, s: State, a: Action) -> Transition:
        raise NotImplementedError

    def view(self, s: State, seat: int | None) -> State:
        """The state as `seat` may see it: other players' secrets and the random stream removed.
        seat None is a spectator who sees no secrets at all."""
        raise NotImplementedError

    def is_over(self, s: State) -> bool:
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
        details only to their owner, e['private']); `names` are the players' names by seat."""
        return e.get("text") or str(e)

    def phase(self, s: State) -> str:
        return s["phase"]

    def owner_of(self, s: State, t: int) -> int:
        """Seat holding territory t, -1 for nobody."""
        return s["owner"][t]

    def label_of(self, s: State, t: int) -> str:
        """What the map prints at the territory's label point (at most 3 characters): the army count."""
        n = s["armies"][t]
        return str(n) if n else ""

    def territory_lines(self, s: State, t: int) -> list[str]:
        """The territory panel for the highlighted territory (modern: its unit mix). None by default."""
        return []

    def shop(self, s: State) -> dict[str, Any] | None:
        """While the acting player buys: {'kind': the buying action kind (args: item, count), 'money': what is
        left, 'items': [(item id, name, cost, what it is worth)], optionally 'note': a line to show}, for the
        purchase screen. None otherwise."""
        return None

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
