"""Secret Mission Risk (the `mode=missions` game; ultraboardgames' and the 1993 rulebook's 'Secret Mission
RISK', with the European edition's readings as house options): dealing the missions, the win by a mission met
at any moment, a target eliminated by another player, and keeping every mission secret from the other seats.

The state of a mission game has `missions`: per seat, the mission dict (mission_cards.py); None in a view for
another seat's mission, which no view, log line or frame of another seat ever holds."""

from __future__ import annotations

from typing import Any, ClassVar

from riskterm.engine.actions import Action, Arg
from riskterm.engine.events import Event
from riskterm.engine.rng import Rng
from riskterm.engine.state import State, present, touch
from riskterm.rules.base import Book, Handler, Log, Outcome, mutating
from riskterm.rules.classic.events import event
from riskterm.rules.classic.listed import listed_action
from riskterm.rules.classic.mission_cards import deck, for_24, met
from riskterm.rules.classic.mission_cards import progress as progress_lines
from riskterm.rules.classic.mission_cards import text as mission_text
from riskterm.rules.classic.mode import HouseOption, Mode, chosen
from riskterm.rules.classic.state import ClassicState
from riskterm.rules.classic.turn import begin_turn

Args = tuple[Arg, ...]

# The house options of a mission game, (key, label, choices with the default first): kept in a mission game's
# options only.
CARDS = ("12_cards", "14_cards")  # the 1993 set; with the European edition's two 'and a third continent'
TARGET_OUT = ("you_win", "play_for_24")  # your target eliminated by another: 1993 note, or the European rule
THIRD = ("any", "declared")  # 'a third continent of your choice': any other, or the one you name when dealt
SETUP = ("claim", "dealt")  # the classic claiming, or the mission rules' dealt territories
OPTIONS: tuple[HouseOption, ...] = (
    ("mission_cards", "Missions: cards", CARDS),
    ("target_out", "Missions: target out by another", TARGET_OUT),
    ("third_continent", "Missions: third continent", THIRD),
    ("mission_setup", "Missions: set-up", SETUP),
)


def option(s: ClassicState, key: str) -> str:
    return str(s["options"].get(key, next(c[0] for k, _, c in OPTIONS if k == key)))


def dealt_setup(s: ClassicState) -> bool:
    """The mission rules' set-up: territories dealt (the cards 'determine which territories each of you will
    occupy'), one army on each, then the armies placed in turn."""
    return option(s, "mission_setup") == "dealt"


def deal(rules: Book, s: ClassicState, rng: Rng, events: list[Event]) -> None:
    """Shuffle the mission cards of the colours in play and deal one face down to each seat; a seat dealt its
    own colour plays for 24 territories. Each deal is an event only its seat reads."""
    n = len(s["players"])
    cards = deck(rules.board, n, option(s, "mission_cards") == CARDS[1])
    rng.shuffle(cards)
    missions: list[dict[str, Any] | None] = []
    for seat in range(n):
        m = cards[seat]
        if m["card"] == "destroy" and m["target"] == seat:
            m = for_24(rules.board, m)
        missions.append(m)
        events.append(event("mission", seat, turn=0, player=seat, mission=m))
    s["missions"] = missions


def to_declare(s: ClassicState) -> int | None:
    """The next seat (in turn order from the first player) that must still name its third continent, with
    the house rule `third_continent=declared`; None when none must."""
    if option(s, "third_continent") != "declared":
        return None
    n = len(s["players"])
    for k in range(n):
        q = (s["first"] + k) % n
        m = s["missions"][q]
        if m is not None and m.get("third") and "chosen" not in m:
            return int(q)
    return None


# --- winning -------------------------------------------------------------------------------------------
def outcome(rules: Book, s: ClassicState) -> Outcome | None:
    """A mission met ends the game at once, whatever turn it is: the seat whose turn it is first, then the
    others in turn order (a fortifying move has already handed the turn on; another player may eliminate
    your target, the 1993 rulebook's 'Important note'). Holding every territory meets every mission.
    Missions still hidden (None, in another seat's view) are never read."""
    ms = s["missions"]
    players = s["players"]
    p = s["current"]
    n = len(players)
    for k in range(n):
        q = (p + k) % n
        m = ms[q]
        if m is not None and not players[q]["out"] and met(rules.board, s, q, m):
            return Outcome((q,), "mission")
    return None


def target_out(rules: Book, s: ClassicState, by: int, q: int, events: Log) -> None:
    """Seat `q` was eliminated by `by`. With the house rule `target_out=play_for_24` (the European rule) a
    seat other than `by` whose mission was to destroy q now plays for 24 territories; by default (the 1993
    note: another player 'has helped you complete your Secret Mission') outcome() makes it the winner."""
    if option(s, "target_out") != "play_for_24":
        return
    ms = s["missions"]
    for r, m in enumerate(ms):
        if (
            r != by
            and m is not None
            and m["card"] == "destroy"
            and m["target"] == q
            and not s["players"][r]["out"]
        ):
            new = for_24(rules.board, m)
            touch(s, "missions")[r] = new
            if events is not None:
                events.append(event("mission_changed", r, turn=s["turn"], player=r, mission=new))


def revealed(s: ClassicState) -> dict[str, Any] | None:
    """The winner's mission, shown to everyone once it has won."""
    w = s.get("winner")
    return s["missions"][w] if isinstance(w, int) else None


# --- secrecy -------------------------------------------------------------------------------------------
def view_missions(s: ClassicState, seat: int | None) -> list[dict[str, Any] | None]:
    """The missions as `seat` may see them: its own; every one once the game is over (the cards are turned
    up at the end, as at a table)."""
    if s.get("winner") is not None or s.get("draw"):
        return list(s["missions"])
    return [m if i == seat else None for i, m in enumerate(s["missions"])]


def private_lines(rules: Book, s: ClassicState, seat: int) -> list[str]:
    """The mission panel: the card, how far its holder is, and what it was when it changed."""
    m = s["missions"][seat] if seat < len(s["missions"]) else None
    if m is None:
        return []
    lines = [f"Mission: {mission_text(rules.board, m, s['players'])}"]
    was = m.get("was")
    if isinstance(was, dict):
        why = "your own colour" if was.get("target") == seat else "your target is out"
        lines.append(f"(dealt: {mission_text(rules.board, was, s['players'])} — {why})")
    lines += ["  " + line for line in progress_lines(rules.board, s, seat, m)]
    return lines


# --- naming the third continent (house rule third_continent=declared) ----------------------------------
def check_declare(rules: Book, s: ClassicState, args: Args) -> str | None:
    if len(args) != 1 or not isinstance(args[0], str):
        return "Name one continent: 'declare asia'."
    m = s["missions"][s["current"]]
    if m is None or not m.get("third") or "chosen" in m:
        return "Your mission has no third continent to name."
    if args[0] not in rules.board.region_by_id:
        return f"There is no continent called '{args[0]}'."
    if args[0] in m["regions"]:
        return f"{rules.board.region_by_id[args[0]].name} is already on your card; name a third one."
    return None


def declare(rules: Book, s: ClassicState, args: Args, events: Log) -> None:
    """Write the named continent on the seat's card (secretly), then the next seat names its own, or the
    set-up goes on as dealt: claiming, or placing the armies of the dealt territories."""
    p = s["current"]
    m = {**present(s["missions"][p], "no mission card"), "chosen": args[0]}
    touch(s, "missions")[p] = m
    if events is not None:
        events.append(event("mission_declared", p, turn=0, player=p, mission=m))
    begin_setup(rules, s, events)


def begin_setup(rules: Book, s: ClassicState, events: Log) -> None:
    """The next seat to name its third continent, else the set-up proper from the first player."""
    q = to_declare(s)
    if q is not None:
        s["phase"], s["current"], s["actor"] = "declare", q, q
        return
    s["phase"] = "claim" if -1 in s["owner"] else "setup"
    s["current"] = s["actor"] = s["first"]
    if s["phase"] == "setup" and not any(s["to_place"]):
        begin_turn(rules, s, s["first"], events)


def legal_declares(rules: Book, s: ClassicState) -> list[Action]:
    m = s["missions"][s["current"]]
    if m is None:
        return []
    return [listed_action("declare", r.id) for r in rules.board.regions if r.id not in m["regions"]]


HANDLERS = {"declare": Handler(check_declare, mutating(declare))}
LEGAL = {"declare": legal_declares}


class SecretMission(Mode):
    key = "missions"
    title = "Secret Mission Risk"
    seats = (3, 6)  # 'This game is suitable for from 3 to 6 players'
    house_options: ClassVar[tuple[HouseOption, ...]] = OPTIONS
    plays_for_goal = True

    def state_options(self, options: dict[str, Any]) -> dict[str, str]:
        return chosen(options, OPTIONS)

    def deals_territories(self, s: ClassicState) -> bool:
        return dealt_setup(s)

    def new_game(self, rules: Book, s: ClassicState, rng: Rng, events: list[Event]) -> None:
        """The missions dealt; with `third_continent=declared` the seats name theirs before the set-up."""
        deal(rules, s, rng, events)
        q = to_declare(s)
        if q is not None:
            s["phase"], s["current"], s["actor"] = "declare", q, q

    def outcome(self, rules: Book, s: ClassicState) -> Outcome | None:
        return outcome(rules, s)

    def win_data(self, s: ClassicState, outcome: Outcome) -> dict[str, Any]:
        """The winning card is shown to everyone, and every other card is turned up too."""
        won = {"mission": s["missions"][outcome.winners[0]]} if outcome.why == "mission" else {}
        return {**won, **self.draw_data(s)}

    def draw_data(self, s: ClassicState) -> dict[str, Any]:
        """Every mission, turned up at the end."""
        return {"missions": list(s["missions"])}

    def eliminated(self, rules: Book, s: ClassicState, by: int, q: int, events: Log) -> None:
        target_out(rules, s, by, q, events)

    def hide(self, s: ClassicState, v: ClassicState, seat: int | None) -> None:
        """Another seat's mission is None (every one is shown once the game is over)."""
        v["missions"] = view_missions(s, seat)

    def goal_card(self, view: State, seat: int) -> dict[str, Any] | None:
        ms = view.get("missions")
        m = ms[seat] if isinstance(ms, list) and seat < len(ms) else None
        return m if isinstance(m, dict) else None

    def private_lines(self, rules: Book, s: ClassicState, seat: int) -> list[str]:
        return private_lines(rules, s, seat)

    def prompt(self, rules: Book, s: ClassicState) -> str:
        w = s.get("winner")
        if not isinstance(w, int):
            return ""
        won = s["missions"][w]
        if won is None:
            return ""
        name = s["players"][w]["name"]
        return f"{name} has completed the secret mission and wins: {mission_text(rules.board, won, s['players'])}"
