"""Risk cards: trading sets for armies (with the +2 on a held territory the set shows), the one card a turn
earns, and the rule that five or more cards must be traded before placing.

classic-risk.txt, 'Risk Cards', 'Trading in Cards for Armies', 'Occupied territories'."""

from __future__ import annotations

from typing import Any

from riskterm.engine.actions import Arg
from riskterm.engine.cards import is_set, possible_sets
from riskterm.engine.rng import Rng
from riskterm.engine.state import touch, touch_item
from riskterm.rules.base import Book, Handler, Log, mutating
from riskterm.rules.classic.board import card_kinds
from riskterm.rules.classic.card_values import cards_in_play, set_worth
from riskterm.rules.classic.events import event
from riskterm.rules.classic.state import ClassicState

MUST_TRADE = 5  # 'if you have 5 or 6 cards at the beginning of your turn you MUST turn in at least one set'


def sets_in_hand(rules: Book, s: ClassicState, p: int) -> list[tuple[str, str, str]]:
    return possible_sets(s["hands"][p], card_kinds(rules.board))


def bonus_choices(rules: Book, s: ClassicState, cards: tuple[Any, ...]) -> list[str]:
    """The territories a traded set shows that the player holds, in the set's order: where the 2 extra
    armies may go (none once they were given this turn)."""
    if s["bonus_used"]:
        return []
    p, index = s["current"], rules.board.index
    return [c for c in cards if isinstance(c, str) and c in index and s["owner"][index[c]] == p]


def bonus_arg(arg: Arg) -> str:
    """The bonus argument 'peru' or '+peru' as a territory id."""
    return arg[1:] if isinstance(arg, str) and arg.startswith("+") else str(arg)


def trade_actions(rules: Book, s: ClassicState, p: int) -> list[tuple[str, ...]]:
    """Every trade's arguments: each set, and where it shows several held territories, once per territory
    the 2 extra armies may go to ('+peru')."""
    out: list[tuple[str, ...]] = []
    for cards in sets_in_hand(rules, s, p):
        where = bonus_choices(rules, s, cards)
        if len(where) > 1:
            out += [(*cards, "+" + t) for t in where]
        else:
            out.append(cards)
    return out


def check_trade(rules: Book, s: ClassicState, args: tuple[Arg, ...]) -> str | None:
    p = s["current"]
    hand = s["hands"][p]
    cards = args[:3]
    if len(args) not in (3, 4) or len(set(cards)) != 3:
        return "Trade three different cards: 'trade alaska peru wild1' (and '+peru' to say where the 2 extra go)."
    for c in cards:
        if c not in hand:
            return f"You do not hold the card '{c}'."
    if s["resume"] and len(hand) < MUST_TRADE:
        return "You have traded down to 4 cards or fewer; you must stop trading now."
    if not is_set([card_kinds(rules.board)[str(c)] for c in cards]):
        return "Those three cards are not a set: three alike, one of each, or any two with a wild."
    if len(args) == 4:
        where = bonus_choices(rules, s, cards)
        if not where:
            return "None of these cards earns 2 extra armies now: leave out the bonus territory."
        if bonus_arg(args[3]) not in where:
            names = " or ".join(rules.board.tname(t) for t in where)
            return f"The 2 extra armies go to a territory the set shows and you hold: {names}."
    return None


def trade(rules: Book, s: ClassicState, args: tuple[Arg, ...], events: Log) -> None:
    p = s["current"]
    cards = args[:3]
    hand = touch_item(s, "hands", p)
    for c in cards:
        hand.remove(c)
    touch(s, "discard").extend(cards)
    kinds = card_kinds(rules.board)
    value = set_worth(s, [kinds[str(c)] for c in cards])
    s["sets_traded"] += 1
    s["reserve"] += value
    where = bonus_choices(rules, s, cards)
    # Without a bonus argument (older saves) the first held territory in the order given gets the 2.
    bonus_at = (bonus_arg(args[3]) if len(args) == 4 else where[0]) if where else None
    if bonus_at is not None:
        s["armies"][rules.board.index[bonus_at]] += 2
        s["bonus_used"] = True
    if events is not None:
        events.append(
            event("trade", turn=s["turn"], player=p, cards=list(cards), armies=value, bonus=bonus_at)
        )
    after_reinforce(s)


def after_reinforce(s: ClassicState) -> None:
    """Go on to attack once every army is placed and fewer than five cards are held."""
    if s["reserve"] == 0 and len(s["hands"][s["current"]]) < MUST_TRADE:
        s["phase"] = "attack"
        s["resume"] = None


def draw_card(s: ClassicState, events: Log) -> None:
    """'at the end of any turn in which you have captured at least one territory, you will earn ONE (and only
    one) RISK card'. A card that makes a sixth waits for the next turn to be traded (the note in 'Eliminating
    an opponent'): nothing to do here, the next turn's reinforcement asks for the trade."""
    if not s["conquered"] or s.get("card_drawn") or not cards_in_play(s):
        return
    s["card_drawn"] = True
    p = s["current"]
    if not s["deck"] and s["discard"]:
        rng = Rng(s["rng"])
        deck = list(s["discard"])
        rng.shuffle(deck)
        s["rng"], s["deck"], s["discard"] = rng.state, deck, []
        if events is not None:
            events.append(event("reshuffle", turn=s["turn"], player=p, cards=len(deck)))
    if not s["deck"]:
        return
    card = touch(s, "deck").pop()
    touch_item(s, "hands", p).append(card)
    if events is not None:
        events.append(event("card", p, turn=s["turn"], player=p, card=card))


HANDLERS = {"trade": Handler(check_trade, mutating(trade, "armies"))}
