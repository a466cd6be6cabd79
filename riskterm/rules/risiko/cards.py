"""RisiKo! Più cards: the 48-card deck, drawing, the reinforcement track, truces, and the cards played in one's
own turn outside a battle (Reinforcement, Spy, Diplomat). The battle cards (General, Marshal, Admiral) are
in battle.py."""

from __future__ import annotations

from typing import Any

from riskterm.board import Board
from riskterm.engine.rng import Rng
from riskterm.rules.base import Book, Event, Handler, mutating
from riskterm.rules.risiko.events import ev
from riskterm.rules.risiko.state import STEP_KEYS, Args, Given, RisikoState, hand, spy_of

# "1 deck of 48 cards: 12 Reinforcement, 7 Spy, 8 General, 6 Admiral, 8 Marshal, 7 Diplomat."
CARD_COUNTS: dict[str, int] = {
    "reinforcement": 12,
    "spy": 7,
    "general": 8,
    "admiral": 6,
    "marshal": 8,
    "diplomat": 7,
}
HAND_TARGET = 3  # draw up to three, then one more


def make_deck() -> list[str]:
    return [f"{kind}{i}" for kind, n in CARD_COUNTS.items() for i in range(1, n + 1)]


def kind_of(card: Any) -> str:
    """'general3' -> 'general'; anything else -> ''."""
    if not isinstance(card, str):
        return ""
    k = _DECK_KINDS.get(card)  # the deck's own cards, looked up (hands are scanned every decision)
    if k is not None:
        return k
    k = card.rstrip("0123456789")
    return k if k in CARD_COUNTS and k != card else ""


_DECK_KINDS = {c: c.rstrip("0123456789") for c in make_deck()}


def card_name(card: str) -> str:
    k = kind_of(card)
    return k.title() if k else "a card"


def first_of(hand: list[str], kind: str) -> str | None:
    for c in hand:
        if kind_of(c) == kind:
            return c
    return None


def seat_token(p: int) -> str:
    """Players are named in actions by seat: 'p1'..'p6'."""
    return f"p{p + 1}"


def seat_of(token: Any, n: int) -> int | None:
    if isinstance(token, str) and token[:1].lower() == "p" and token[1:].isdigit():
        q = int(token[1:]) - 1
        return q if 0 <= q < n else None
    return None


def cards_in_play(s: RisikoState) -> list[str]:
    """Cards face up on the table: the track, a pending Spy, a battle's General/Marshal/Admiral, truces."""
    out = list(s["track"])
    if s.get("spy"):
        out.append(spy_of(s)["card"])
    at = s.get("attack")
    if at:
        out += [c for c in (at.get("general"), at.get("marshal"), at.get("admiral")) if c]
    out += [t["card"] for t in s["truces"]]
    return out


def all_cards(s: RisikoState) -> list[str]:
    """Every card somewhere: deck, discard pile, hands and in play (48 when nothing is lost)."""
    out = list(s["deck"]) + list(s["discard"]) + cards_in_play(s)
    for h in s["hands"]:
        out += h
    return out


def active_seats(s: RisikoState) -> list[int]:
    return [p for p in s["order"] if not s["players"][p]["out"]]


def truce_between(s: RisikoState, p: int, q: int) -> bool:
    return any({t["by"], t["with"]} == {p, q} for t in s["truces"])


def track_value(board: Board, s: Given) -> int:
    """The number above the last Reinforcement card played (0 while the track is empty): what Hidden
    Armies are worth."""
    track = board.extra["reinforcement_track"]
    return track[len(s["track"]) - 1] if s["track"] else 0


def next_track_value(board: Board, s: RisikoState) -> int | None:
    track = board.extra["reinforcement_track"]
    return track[len(s["track"])] if len(s["track"]) < len(track) else None


# ---------------------------------------------------------------- drawing
def draw_one(s: RisikoState, p: int, events: list[Event]) -> bool:
    """Draw one card for seat p (state already drafted). With two players left a Diplomat drawn is discarded
    and replaced. When the deck is empty the discard pile is shuffled into a new deck. False: nothing left."""
    two_left = len(active_seats(s)) <= 2
    while True:
        if not s["deck"]:
            pool = [c for c in s["discard"] if not (two_left and kind_of(c) == "diplomat")]
            if not pool:
                return False
            rng = Rng(s["rng"])
            rng.shuffle(pool)
            s["rng"] = rng.state
            s["deck"] = pool
            s["discard"] = [c for c in s["discard"] if two_left and kind_of(c) == "diplomat"]
            events.append(ev(s, "reshuffle", player=p, cards=len(pool)))
        card = s["deck"].pop()
        if two_left and kind_of(card) == "diplomat":
            s["discard"].append(card)
            events.append(ev(s, "diplomat_void", player=p, card=card))
            continue
        hand(s, p).append(card)
        events.append(ev(s, "card", player=p, private=p, card=card))
        return True


def draw_for_turn(s: RisikoState, p: int, events: list[Event]) -> int:
    """'If they have fewer than 3 cards, draws ... until they have three. Draws a card.'"""
    n = 0
    while len(s["hands"][p]) < HAND_TARGET and draw_one(s, p, events):
        n += 1
    if draw_one(s, p, events):
        n += 1
    return n


def void_diplomats(s: RisikoState, events: list[Event]) -> None:
    """'If during a game the number of players is reduced to two, the Diplomat cards are immediately
    discarded and replaced with other cards drawn from the deck.' Truces in play end as well."""
    for t in s["truces"]:
        s["discard"].append(t["card"])
    if s["truces"]:
        events.append(ev(s, "truces_end", all=True))
    s["truces"] = []
    for p in active_seats(s):
        gone = [c for c in s["hands"][p] if kind_of(c) == "diplomat"]
        if not gone:
            continue
        s["hands"][p] = [c for c in s["hands"][p] if kind_of(c) != "diplomat"]
        s["discard"].extend(gone)
        events.append(ev(s, "diplomats_discarded", player=p, cards=gone))
        for _ in gone:
            draw_one(s, p, events)


def end_truces_of(s: RisikoState, p: int, events: list[Event]) -> None:
    """'The truce remains valid until the turn returns to you. At that point the truce ends and the
    Diplomat card is discarded.'"""
    ending = [t for t in s["truces"] if t["by"] == p]
    if not ending:
        return
    s["truces"] = [t for t in s["truces"] if t["by"] != p]
    for t in ending:
        s["discard"].append(t["card"])
        events.append(ev(s, "truce_end", player=p, target=t["with"]))


def drop_truces_of(s: RisikoState, q: int) -> None:
    """An eliminated player's truces end at once; their Diplomat cards are discarded."""
    keep = []
    for x in s["truces"]:
        if q in (x["by"], x["with"]):
            s["discard"].append(x["card"])
        else:
            keep.append(x)
    s["truces"] = keep


# ---------------------------------------------------------------- Reinforcement
def check_reinforce(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 1:
        return "Play one Reinforcement card: 'reinforce reinforcement3'."
    c = args[0]
    if c not in s["hands"][s["current"]] or kind_of(c) != "reinforcement":
        return "You do not hold that Reinforcement card."
    if s["attacked"]:
        return "Reinforcement cards are played BEFORE launching the first attack of your turn."
    if next_track_value(rules.board, s) is None:
        return "The reinforcement track is full: no more Reinforcement cards can be played."
    return None


def do_reinforce(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    c = str(args[0])
    value = next_track_value(rules.board, s)
    assert value is not None
    hand(s, s["current"]).remove(c)
    s["track"].append(c)
    s["reserve"] += value
    events.append(ev(s, "reinforce", card=c, armies=value, slot=value))


# ---------------------------------------------------------------- Spy
def check_spy(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 2:
        return "Play a Spy on a player: 'spy spy2 p3'."
    c, target = args
    p = s["current"]
    if c not in s["hands"][p] or kind_of(c) != "spy":
        return "You do not hold that Spy card."
    q = seat_of(target, len(s["players"]))
    if q is None:
        return f"'{target}' is not a player; name one as p1, p2, ..."
    if q == p:
        return "Spy on an opponent, not on yourself."
    if s["players"][q]["out"]:
        return f"{s['players'][q]['name']} is out of the game."
    if not s["hands"][q]:
        return f"{s['players'][q]['name']} holds no cards to spy on."
    return None


def do_spy(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    c, p = str(args[0]), s["current"]
    q = seat_of(args[1], len(s["players"]))
    assert q is not None
    hand(s, p).remove(c)
    s["spy"] = {"by": p, "target": q, "card": c, "stage": "answer"}
    events.append(ev(s, "spy", target=q))
    if first_of(s["hands"][q], "spy") is None:
        _spy_look(s, events)  # no Spy to answer with: nothing to ask
    else:
        s["phase"], s["actor"] = "spy_answer", q


def _spy_look(s: RisikoState, events: list[Event]) -> None:
    sp = spy_of(s)
    s["spy"] = {**sp, "stage": "choose"}
    s["phase"], s["actor"] = "spy_choose", sp["by"]
    events.append(
        ev(
            s,
            "reveal",
            private=sp["by"],
            what="spy",
            target=sp["target"],
            cards=list(s["hands"][sp["target"]]),
        )
    )


def check_block(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 1:
        return "Answer with one of your Spy cards: 'block spy4'."
    if args[0] not in s["hands"][s["actor"]] or kind_of(args[0]) != "spy":
        return "You do not hold that Spy card."
    return None


def do_block(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    sp, c = spy_of(s), str(args[0])
    q = sp["target"]
    hand(s, q).remove(c)
    s["discard"] += [sp["card"], c]
    s["spy"] = None
    s["phase"], s["actor"] = "main", s["current"]
    events.append(ev(s, "spy_blocked", target=q, card=c))


def check_allow(rules: Book, s: RisikoState, args: Args) -> str | None:
    return None if not args else "'allow' takes no arguments."


def do_allow(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    events.append(ev(s, "spy_allowed", target=spy_of(s)["target"]))
    _spy_look(s, events)


def check_discard(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 1:
        return "Name the card of your opponent to eliminate: 'discard general5'."
    if args[0] not in s["hands"][spy_of(s)["target"]]:
        return "Your opponent does not hold that card."
    return None


def do_discard(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    sp = spy_of(s)
    q, c = sp["target"], str(args[0])
    hand(s, q).remove(c)
    s["discard"] += [sp["card"], c]
    s["spy"] = None
    s["phase"], s["actor"] = "main", s["current"]
    events.append(ev(s, "spy_discard", target=q, card=c))


# ---------------------------------------------------------------- Diplomat
def check_diplomat(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 2:
        return "Play a Diplomat on a player: 'diplomat diplomat1 p2'."
    c, target = args
    p = s["current"]
    if c not in s["hands"][p] or kind_of(c) != "diplomat":
        return "You do not hold that Diplomat card."
    if s["attacked"]:
        return "Diplomat cards are played BEFORE launching the first attack of your turn."
    q = seat_of(target, len(s["players"]))
    if q is None:
        return f"'{target}' is not a player; name one as p1, p2, ..."
    if q == p or s["players"][q]["out"]:
        return "Impose a truce on an opponent still in the game."
    if truce_between(s, p, q):
        return f"You already have a truce with {s['players'][q]['name']}."
    return None


def do_diplomat(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    c = str(args[0])
    q = seat_of(args[1], len(s["players"]))
    assert q is not None  # check_diplomat passed
    hand(s, s["current"]).remove(c)
    s["truces"].append({"by": s["current"], "with": q, "card": c})
    events.append(ev(s, "truce", target=q, card=c))


HANDLERS = {
    "reinforce": Handler(check_reinforce, mutating(do_reinforce, *STEP_KEYS)),
    "spy": Handler(check_spy, mutating(do_spy, *STEP_KEYS)),
    "block": Handler(check_block, mutating(do_block, *STEP_KEYS)),
    "allow": Handler(check_allow, mutating(do_allow, *STEP_KEYS)),
    "discard": Handler(check_discard, mutating(do_discard, *STEP_KEYS)),
    "diplomat": Handler(check_diplomat, mutating(do_diplomat, *STEP_KEYS)),
}
