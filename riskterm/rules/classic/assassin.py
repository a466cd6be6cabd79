"""Assassin (the `mode=assassin` game; Conquer Club's game type): each player is dealt a secret target, another
player, and wins at once by eliminating it. The seats are put in a random ring, each hunting the next, so
every player is hunted by exactly one other. If another player eliminates your target you inherit your
target's own target (told to you only): the ring closes over the gap, nobody ever hunts themselves, and the
last two hunt each other. House rule `assassin_target_out=you_win`: Conquer Club's instructions page instead,
"You win the game if your target is killed - whether it be by you or another player!".

The state of an Assassin game has `targets`: per seat, the seat it hunts; None in a view for another seat's,
which no view, log line or frame of another seat ever holds until the game is over (then every target is
turned up: the win or draw line names them, and every view holds them). Its
computer play is Secret Mission Risk's for a 'destroy' card (goal_card)."""

from __future__ import annotations

from typing import Any, ClassVar, cast

from riskterm.engine.events import Event, EventKind, Turned
from riskterm.engine.rng import Rng
from riskterm.engine.state import State, touch
from riskterm.rules.base import Book, Log, Outcome
from riskterm.rules.classic.events import declared
from riskterm.rules.classic.mode import HouseOption, Mode, chosen
from riskterm.rules.classic.state import ClassicState
from riskterm.rules.classic.text import draw_sentence
from riskterm.rules.logtext import player_namer

INHERIT, YOU_WIN = "inherit", "you_win"
OPTIONS: tuple[HouseOption, ...] = (
    ("assassin_target_out", "Assassin: target out by another", (INHERIT, YOU_WIN)),
)


class Target(Turned):
    target: int  # the seat hunted (secret)


EVENTS = {
    "target": declared(Target, True, secret=("target",)),  # dealt: only its seat reads whom
    # the new one: hidden, since its very news would tell the table who hunted the fallen
    "target_changed": declared(Target, True, secret=("target",), hidden=True),
}

RULES_TEXT = """
# Assassin (`--mode assassin`)

3 to 6 players (Conquer Club's Assassin game). Each player is dealt a secret **target**, another player: the
seats are put in a random ring and each hunts the next, so every player is hunted by exactly one other. Your
target is on your private panel and in your own log only. **Goal:** eliminate your target (take its last
territory): you win at once, with every army but one moved in. Otherwise it is World Domination: cards,
continent bonuses, and the cards of an eliminated player.

## House rules and our readings
- `assassin_target_out=inherit` (default): if another player eliminates your target, you inherit your
  target's own target (as Conquer Club hands on a dropped player's target), and play on. Only you learn of
  it: the news would tell the table who was hunting whom. The ring closes over the gap, so you never hunt
  yourself, and the last two players hunt each other.
- `assassin_target_out=you_win`: Conquer Club's instructions page, "You win the game if your target is
  killed - whether it be by you or another player!": its hunter wins at once, whoever took the last territory.
- The targets are dealt when the game starts, before the claiming. At the end every target is turned up (the
  game's last line names who hunted whom).
"""


class AssassinState(ClassicState):
    targets: list[int | None]  # per seat, the seat it hunts (None: another seat's, in a view)


def game(s: ClassicState | State) -> AssassinState:
    return cast(AssassinState, s)


def event(kind: str, private: int | None = None, **data: Any) -> Event:
    """An event of one of the mode's kinds (events.event over this table)."""
    spec = EVENTS[kind]
    return Event(kind, data, private, spec.secret, spec.barrier, spec.hidden)


def deal(s: AssassinState, rng: Rng, events: list[Event]) -> None:
    """A random ring of the seats, each hunting the next; each seat told its own (from the first player on)."""
    n = len(s["players"])
    ring = list(range(n))
    rng.shuffle(ring)
    targets: list[int | None] = [None] * n
    for k, q in enumerate(ring):
        targets[q] = ring[(k + 1) % n]
    s["targets"] = targets
    for k in range(n):
        q = (s["first"] + k) % n
        events.append(event("target", q, turn=0, player=q, target=targets[q]))


def outcome(s: AssassinState) -> Outcome | None:
    """A seat whose target is out has won: the seat whose turn it is first, then the others in turn order (by
    default only the eliminator can be one: any other hunter has inherited a new target by then)."""
    players, targets = s["players"], s["targets"]
    n = len(players)
    for k in range(n):
        q = (s["current"] + k) % n
        t = targets[q]
        if t is not None and players[t]["out"] and not players[q]["out"]:
            return Outcome((q,), "assassin")
    return None


def inherit(s: AssassinState, by: int, q: int, events: Log) -> None:
    """Seat q was eliminated by `by`: whoever else hunted q now hunts q's target (told to them only)."""
    if s["options"].get("assassin_target_out", INHERIT) != INHERIT:
        return
    for r, t in enumerate(s["targets"]):
        if t == q and r != by and not s["players"][r]["out"]:
            new = s["targets"][q]
            touch(s, "targets")[r] = new
            if events is not None:
                events.append(event("target_changed", r, turn=s["turn"], player=r, target=new))


class Assassin(Mode):
    key = "assassin"
    title = "Assassin"
    seats = (3, 6)
    house_options: ClassVar[tuple[HouseOption, ...]] = OPTIONS
    events: ClassVar[dict[str, EventKind]] = EVENTS
    rules_text = RULES_TEXT
    plays_for_goal = True

    def state_options(self, options: dict[str, Any]) -> dict[str, str]:
        return chosen(options, OPTIONS)

    def new_game(self, rules: Book, s: ClassicState, rng: Rng, events: list[Event]) -> None:
        deal(game(s), rng, events)

    def outcome(self, rules: Book, s: ClassicState) -> Outcome | None:
        return outcome(game(s))

    def win_data(self, s: ClassicState, outcome: Outcome) -> dict[str, Any]:
        """The winner's target, shown to everyone, and every other target turned up too."""
        return {"target": game(s)["targets"][outcome.winners[0]], **self.draw_data(s)}

    def draw_data(self, s: ClassicState) -> dict[str, Any]:
        """Every target, turned up at the end."""
        return {"targets": list(game(s)["targets"])}

    def eliminated(self, rules: Book, s: ClassicState, by: int, q: int, events: Log) -> None:
        inherit(game(s), by, q, events)

    def hide(self, s: ClassicState, v: ClassicState, seat: int | None) -> None:
        """Another seat's target is None (every one is shown once the game is over)."""
        over = s.get("winner") is not None or bool(s.get("draw"))
        game(v)["targets"] = [t if over or q == seat else None for q, t in enumerate(game(s)["targets"])]

    def goal_card(self, view: State, seat: int) -> dict[str, Any] | None:
        """A target is a mission to destroy a player (mission_cards.py's 'destroy' card)."""
        targets = view.get("targets")
        t = targets[seat] if isinstance(targets, list) and seat < len(targets) else None
        return None if t is None else {"card": "destroy", "target": t}

    def private_lines(self, rules: Book, s: ClassicState, seat: int) -> list[str]:
        targets = game(s)["targets"]
        t = targets[seat] if seat < len(targets) else None
        if t is None:
            return []
        left = s["owner"].count(t)
        return [
            f"Target: {s['players'][t]['name']} ({left} territor{'y' if left == 1 else 'ies'} left)",
            "  Eliminate them to win; if another player does, you hunt their target."
            if s["options"].get("assassin_target_out", INHERIT) == INHERIT
            else "  You win when they are eliminated, by you or by another player.",
        ]

    def prompt(self, rules: Book, s: ClassicState) -> str:
        w = s.get("winner")
        t = game(s)["targets"][w] if isinstance(w, int) else None
        if w is None or t is None:
            return ""
        name = s["players"][w]["name"]
        return f"{name}'s target, {s['players'][t]['name']}, is out: {name} wins."

    def describe(self, rules: Book, e: Event, names: list[str], seat: int | None) -> str | None:
        k, d = e.kind, e.data
        if k == "draw_game" and isinstance(d.get("targets"), list):
            return f"{draw_sentence(d)}{targets_shown(d, names)}"
        if k not in EVENTS and not (k == "win" and d.get("by") == "assassin"):
            return None
        nm = player_namer(names)
        who = nm(d.get("player", 0))
        mine = seat is not None and seat == e.to and isinstance(d.get("target"), int)
        if k == "target":
            return (
                f"{who}'s secret target: {nm(d['target'])}." if mine else f"{who} is dealt a secret target."
            )
        if k == "target_changed":  # a hidden event: no other seat's log reaches this line
            return f"{who}'s target is out: {who} now hunts {nm(d['target'])}." if mine else ""
        return f"{who}'s target, {nm(d.get('target'))}, is out: {who} wins!{targets_shown(d, names)}"


def targets_shown(d: dict[str, Any], names: list[str]) -> str:
    """The targets turned up at the game's end, the winner's (said already) left out; a seat hunts the one it
    hunted when it was eliminated."""
    shown, won = d.get("targets"), d.get("player") if "target" in d else None
    if not isinstance(shown, list):
        return ""
    nm = player_namer(names)
    parts = [f"{nm(q)} hunted {nm(t)}." for q, t in enumerate(shown) if isinstance(t, int) and q != won]
    return (
        (" The other targets: " if won is not None else " The targets: ") + " ".join(parts) if parts else ""
    )
