"""What the app, the online host and the game log show of a rulebook's game: its log lines, prompts, rules
screen, panels, marks and badges, screens (europe's shop, spend and order chooser), odds and action specs.
The rules object (rules/base.py; a Book here) holds the game; its presenter, made by `rules.presenter()`, says it in
words. Each rulebook subclasses Presenter in its own package and names the class in `Rules.presenter_class`.
A presenter holds nothing but its rules object: one may be made for every screen, and none is ever changed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from riskterm.engine.actions import Action
from riskterm.engine.events import Event
from riskterm.engine.fog import UNKNOWN, level_of
from riskterm.engine.state import State
from riskterm.rules.book import Book
from riskterm.rules.effects import MapMark, OrderChoice, Shop, Spend
from riskterm.rules.lessons import Course

# What a player panel shows of another seat in a fogged game: its name, whether it is out, its cards' count,
# its place in the order of play.
PUBLIC_STATS = frozenset({"name", "neutral", "out", "cards", "order"})


def stats_in_fog(view: State, stats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """player_stats(view) as the seat whose view it is may read them (engine/fog.py): the other seats'
    figures '?' (with the owners everywhere in sight, light fog, only their armies), their regions left out."""
    if level_of(view) == "off" or "viewer" not in view:
        return stats
    me, owners_seen = view["viewer"], UNKNOWN not in view["owner"]
    keep = PUBLIC_STATS | ({"territories", "regions", "income"} if owners_seen else set())
    return [
        st
        if i == me
        else {k: (v if k in keep else [] if isinstance(v, list) else "?") for k, v in st.items()}
        for i, st in enumerate(stats)
    ]


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
    # the app asks the second argument (the source) before the first (the target), as other rulebooks ask for
    # an attack; the action keeps its own order
    source_first: bool = False


class Presenter:
    """A rulebook's game in words and pictures, for the app, the host and the log; neutral defaults here."""

    # The lesson game `riskterm learn` plays with a new player (rules/lessons.py), or None.
    lessons: ClassVar[Course | None] = None
    rules_text: ClassVar[str] = ""  # Markdown for the in-game rules screen, including our readings
    action_specs: ClassVar[tuple[ActionSpec, ...]] = ()
    map_marks: ClassVar[tuple[MapMark, ...]] = ()  # the map's marks beyond owner and count, for the legend
    # set-up phases whose choices the app may make for a person who asks (never a secret choice)
    auto_setup_phases: ClassVar[frozenset[str]] = frozenset()
    focus_events: ClassVar[frozenset[str]] = frozenset()  # events whose 'to' the next decision starts from
    battle_events: ClassVar[frozenset[str]] = frozenset()  # events the odds box repeats as the last battle
    # The event kinds that say how a game ended (a win and by what, a turn cap, nobody left holding a city):
    # the game-over screen repeats the last one's sentence.
    end_events: ClassVar[frozenset[str]] = frozenset()
    # What a seat whose time ran out in an online game does, in order of preference: the first of these
    # kinds that is legal, its numbers at their ActionSpec's default end. Kinds that end the turn or the step
    # come first; where none is legal (a choice with no natural default) the host lets the easy computer
    # player choose.
    timeout_kinds: ClassVar[tuple[str, ...]] = ()

    def __init__(self, rules: Book) -> None:
        self.rules = rules
        self.board = rules.board

    def skip_warning(self, s: State, action: Action) -> str | None:
        """A sentence asking the player to press the key again when `action` (legal) would end the turn past
        a step players expect to come first (classic's fortify); None to act at once."""
        return None

    # --- lines ---------------------------------------------------------------------------------------
    def describe(self, e: Event, names: list[str], seat: int | None = None) -> str:
        """One line of the game log for an event, as `seat` may read it (private events show their
        details only to their owner, e.to); `names` are the players' names by seat."""
        text = e.data.get("text")
        return text if isinstance(text, str) and text else str(e)

    def battle_run(self, events: list[Event], names: list[str], seat: int | None = None) -> str:
        """One line for several battles in a row from and to the same territories (a blitz writes a line per
        roll), for the hand-off's recap; '' to keep a line each."""
        return ""

    def prompt(self, s: State) -> str:
        """What the acting player should do now, in one sentence."""
        raise NotImplementedError

    def player_stats(self, s: State) -> list[dict[str, Any]]:
        """Per seat: name, territories, armies and the rulebook's own figures, for panels and statistics."""
        raise NotImplementedError

    def private_lines(self, s: State, seat: int) -> list[str]:
        """What only `seat` may see (its cards, secret orders, hidden armies), one line each, for the
        private panel shown after the hand-off."""
        return []

    def table_lines(self, s: State) -> list[str]:
        """What lies on the table for everyone to see beyond the map and the players panel (RisiKo!'s
        reinforcement track, cards in play, truces), one line each. None by default."""
        return []

    def territory_lines(self, s: State, t: int) -> list[str]:
        """The territory panel for the highlighted territory (modern: its unit mix). None by default."""
        return []

    # --- the map -------------------------------------------------------------------------------------
    def owner_of(self, s: State, t: int) -> int:
        """Seat holding territory t, -1 for nobody."""
        seat: int = s["owner"][t]
        return seat

    def label_of(self, s: State, t: int) -> str:
        """What the map prints at the territory's label point (at most 3 characters): the army count."""
        n = s["armies"][t]
        return "?" if n == UNKNOWN else str(n) if n else ""

    def badge_of(self, s: State, t: int) -> str:
        """A marker (at most 2 characters) the map paints next to the territory's label: europe's city crown
        and castle. None by default."""
        return ""

    def marks_of(self, s: State) -> tuple[MapMark, ...]:
        """The map's marks in this game, for the legend: map_marks, and those of the game's mode (classic's
        Capital Risk marks its headquarters)."""
        return self.map_marks

    # --- choices -------------------------------------------------------------------------------------
    def arg_label(self, s: State, value: Any) -> str:
        """How the app names one action argument in lists and prompts: a territory's name, else the value
        (RisiKo! names its cards and players here)."""
        if isinstance(value, str) and value in self.board.index:
            return self.board.tname(value)
        return str(value)

    def card_name(self, s: State, card: Any) -> str:
        """A card (or any choice) as the lists of choices name it."""
        return self.arg_label(s, card)

    def choice_note(self, s: State, action: Action) -> str:
        """What a whole action in a list does that its arguments do not say (classic: where a set's 2 extra
        armies go when only one territory can take them); '' otherwise."""
        return ""

    def number_meaning(self, s: State, prefix: Action, n: int) -> str:
        """What the number `n` after `prefix` stands for, where it is not plain; '' otherwise."""
        return ""

    def attack_odds(self, s: State, prefix: Action) -> tuple[float, float, float] | None:
        """The odds of the attack being chosen, for the odds panel: `prefix` is the action kind with the
        arguments chosen so far (the target highlighted). (chance to take the territory, expected attackers
        left, expected defenders left), or None when the rulebook has no such odds (the panel stays hidden)."""
        return None

    def balanced_odds(self, s: State, prefix: Action) -> tuple[float, float, float] | None:
        """The same odds where the game draws that attack whole from the balanced distribution
        (engine/balanced.py), shown beside the rolled-out ones; None where it rolls it out."""
        return None

    # --- the rulebook's own screens (riskterm.rules.effects) ------------------------------------------
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

    # --- an online game's turn timer ------------------------------------------------------------------
    def timeout_action(self, s: State) -> Action | None:
        """The action the actor takes when its time is up (None: no default here)."""
        legal = self.rules.legal_actions(s)
        for kind in self.timeout_kinds:
            mine = [a for a in legal if a.kind == kind]
            if mine:  # the first choice listed; its numbers at the default end
                n = next((i for i, x in enumerate(mine[0].args) if isinstance(x, int)), None)
                if n is None:
                    return mine[0]
                head = mine[0].args[:n]
                same = [a for a in mine if a.args[: len(head)] == head]
                low = next((sp.default == "low" for sp in self.action_specs if sp.kind == kind), False)
                return (min if low else max)(same, key=lambda a: a.args[len(head) :])
        return None

    def turn_key(self, s: State) -> tuple[Any, Any]:
        """Whose turn it is and which: a turn timer gives each seat one allowance of time per key (a seat
        answering in another's turn, a defender, has its own)."""
        return s.get("current"), s.get("turn")

    def is_computer(self, s: State, seat: int) -> bool:
        return bool(s["players"][seat].get("ai"))
