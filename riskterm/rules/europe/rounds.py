"""Risk: Europe's round ("Round Overview", risk-europe.txt): everyone secretly lays down two King's Orders
cards, top card first; in Turn 1 and then Turn 2 each player in turn order reveals a card and carries out an
order; then the battles."""

from __future__ import annotations

from riskterm.engine.actions import SINGLE, Action, ActionGroup, flatten
from riskterm.engine.events import Event
from riskterm.engine.state import touch, touch_item
from riskterm.rules.base import Book, Handler
from riskterm.rules.europe.battles import begin_battles
from riskterm.rules.europe.data import CARD
from riskterm.rules.europe.events import ev
from riskterm.rules.europe.state import Args, EuropeState, step, ts_of


def check_orders(rules: Book, s: EuropeState, args: Args) -> str | None:
    hand = s["hands"][s["actor"]]
    if len(args) != 2 or args[0] == args[1]:
        return "Choose two different cards, top card first: 'orders fortify1 taxspend1'."
    for c in args:
        if c not in hand:
            return f"You do not hold the card '{c}'."
    return None


def orders(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    p = s["actor"]
    hand = touch_item(s, "hands", p)
    for c in args:
        hand.remove(c)
    touch(s, "chosen")[p] = list(args)
    events.append(ev(s, "orders_chosen", private=p, player=p, cards=list(args)))
    s["seq_i"] += 1
    if s["seq_i"] < len(s["seq"]):
        s["actor"] = s["current"] = s["seq"][s["seq_i"]]
        return
    s["phase"] = "turn"
    s["seq_i"] = 0
    begin_turn(rules, s, events)


def begin_turn(rules: Book, s: EuropeState, events: list[Event]) -> None:
    """The next player in turn order reveals the card of this Turn (top card in Turn 1, bottom in Turn 2)."""
    p = s["seq"][s["seq_i"]]
    s["actor"] = s["current"] = p
    s["turn"] += 1
    card = s["chosen"][p][s["card_turn"] - 1]
    touch_item(s, "revealed", p).append(card)
    s["ts"] = {
        "card": card,
        "order": None,
        "done": False,
        "bonus_used": False,
        "split_from": None,
        "split_to": [],
        "free_man": False,
    }
    events.append(ev(s, "reveal", card=card, card_turn=s["card_turn"], round=s["round"]))
    if CARD[card].bonus == "king":
        s["first"] = p
        ts_of(s)["bonus_used"] = True
        events.append(ev(s, "king_me"))


def check_end_turn(rules: Book, s: EuropeState, args: Args) -> str | None:
    return None if not args else "'end' takes no arguments."


def end(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    events.append(ev(s, "end_turn"))
    s["ts"] = None
    s["seq_i"] += 1
    if s["seq_i"] >= len(s["seq"]):
        if s["card_turn"] == 1:
            s["card_turn"] = 2
            s["seq_i"] = 0
        else:
            begin_battles(rules, s, events)
            return
    begin_turn(rules, s, events)


def legal_orders(rules: Book, s: EuropeState) -> list[Action]:
    return flatten(order_groups(s))


def order_groups(s: EuropeState) -> list[ActionGroup]:
    """legal_orders as single-action groups (made by tuple.__new__, as ActionGroup(...) makes them: asked at
    every seat's choice of a round)."""
    hand = s["hands"][s["actor"]]
    group = tuple.__new__
    return [group(ActionGroup, ("orders", (x, y), SINGLE)) for x in hand for y in hand if x != y]


HANDLERS = {
    "orders": Handler(check_orders, step(orders)),
    "end": Handler(check_end_turn, step(end)),
}
LEGAL = {"orders": legal_orders}
