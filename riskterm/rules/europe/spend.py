"""Risk: Europe's Spend order: recruit army units, build castles, buy a crown card ("Purchasing Army Units,
Castles And Crowns", risk-europe.txt). Spend allows any number of purchases in its turn."""

from __future__ import annotations

from riskterm.engine.events import Event
from riskterm.engine.state import touch
from riskterm.rules.base import Book, Handler
from riskterm.rules.europe import state as st
from riskterm.rules.europe.data import (
    CONSTANTINOPLE,
    COST,
    CROWN_CARD_COST,
    SIEGE,
    SIEGE_ESCORT_FOOTMEN,
    cost_of,
)
from riskterm.rules.europe.events import ev
from riskterm.rules.europe.orders import order_block, parse_units
from riskterm.rules.europe.state import Args, EuropeState, step, ts_of


def check_recruit(rules: Book, s: EuropeState, args: Args) -> str | None:
    block = order_block(s, "recruit")
    if block:
        return block
    t = rules.t(args[0]) if args else None
    u = parse_units(args[1:])
    if t is None or u is None or not sum(u):
        return (
            "Recruit like this: 'recruit saxony 3 1 0 0' (where, footmen, archers, cavalry, siege weapons)."
        )
    p = s["current"]
    if t not in st.recruit_places(rules, s, p):
        return f"You can recruit only in your undisputed city and castle territories; {rules.tname(t)} is not one."
    box = st.in_box(s, p)
    for i, n in enumerate(u):
        if n > box[i]:
            return f"Only {box[i]} of that unit type are left in your army reserve."
    cost = cost_of(u)
    if cost > s["coins"][p]:
        return f"That costs {cost} coins and you have {s['coins'][p]}."
    return None


def recruit(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    t = rules.t(args[0])
    u = parse_units(args[1:])
    assert t is not None and u is not None
    p = s["current"]
    st.pay(s, p, cost_of(u))
    st.add_units(s, t, u)
    escort = 0
    if u[SIEGE] and st.holds_tile(rules, s, p, CONSTANTINOPLE):
        escort = min(SIEGE_ESCORT_FOOTMEN * u[SIEGE], st.in_box(s, p)[0])
        if escort:
            st.add_units(s, t, [escort, 0, 0, 0])
    events.append(ev(s, "recruit", territory=rules.board.tid(t), units=u, coins=cost_of(u), escort=escort))
    s["ts"] = {**ts_of(s), "order": "spend"}


def check_castle(rules: Book, s: EuropeState, args: Args) -> str | None:
    block = order_block(s, "castle")
    if block:
        return block
    t = rules.t(args[0]) if len(args) == 1 else None
    if t is None:
        return "Build a castle like this: 'castle bohemia'."
    p, tn = s["current"], rules.tname(t)
    if s["owner"][t] != p:
        return f"You do not control {tn}."
    if st.disputed(s, t):
        return f"{tn} is in dispute: no castle can be built there."
    if s["castle"][t]:
        return f"{tn} already has a castle."
    if st.castles_left(s) <= 0:
        return "All eight castles have been built."
    cost = st.castle_cost(rules, s, p)
    if s["coins"][p] < cost:
        return f"A castle costs {cost} coins and you have {s['coins'][p]}."
    return None


def castle(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    t = rules.t(args[0])
    assert t is not None
    p = s["current"]
    cost = st.castle_cost(rules, s, p)
    st.pay(s, p, cost)
    touch(s, "castle")[t] = True
    events.append(ev(s, "castle", territory=rules.board.tid(t), coins=cost))
    s["ts"] = {**ts_of(s), "order": "spend"}


def check_crown(rules: Book, s: EuropeState, args: Args) -> str | None:
    block = order_block(s, "crown")
    if block:
        return block
    p = s["current"]
    if args:
        return "'crown' takes no arguments."
    if s["crown_bought"][p]:
        return "You may buy only one crown card per round."
    if st.crown_cards_left(s) <= 0:
        return "No crown cards are left to buy."
    if s["coins"][p] < CROWN_CARD_COST:
        return f"A crown card costs {CROWN_CARD_COST} coins and you have {s['coins'][p]}."
    return None


def crown(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    p = s["current"]
    st.pay(s, p, CROWN_CARD_COST)
    touch(s, "crown_cards")[p] += 1
    touch(s, "crown_bought")[p] = True
    st.refresh_crowns(rules, s)
    events.append(ev(s, "crown_card", coins=CROWN_CARD_COST, crowns=s["crowns"][p]))
    s["ts"] = {**ts_of(s), "order": "spend"}


def recruit_range(rules: Book, s: EuropeState, args: Args) -> tuple[int, int] | None:
    """How many units of the next type the coins left and the army reserve allow (args: where, counts so far)."""
    counts = args[1:]
    if not args or rules.t(args[0]) is None or len(counts) > 3 or any(not isinstance(x, int) for x in counts):
        return None
    p, i = s["current"], len(counts)
    left = s["coins"][p] - cost_of([*counts, *([0] * (4 - i))])
    hi = max(0, min(st.in_box(s, p)[i], left // COST[i]))
    lo = max(0, min(hi, 1 - sum(counts))) if i == 3 else 0
    return lo, hi


HANDLERS = {
    "recruit": Handler(check_recruit, step(recruit), recruit_range),
    "castle": Handler(check_castle, step(castle)),
    "crown": Handler(check_crown, step(crown)),
}
