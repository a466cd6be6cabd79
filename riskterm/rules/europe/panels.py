"""What Risk: Europe shows: a seat's view of the state (secrets and the random stream removed), the map's
labels and marks, the players panel, the private panel, and the descriptions the app's King's Orders chooser
and recruit/spend screen are made from (no Textual here)."""

from __future__ import annotations

from typing import Any

from riskterm.engine.state import State
from riskterm.rules.base import Book
from riskterm.rules.effects import OrderCard, OrderChoice, Purchase, RecruitUnit, Spend
from riskterm.rules.europe import state as st
from riskterm.rules.europe.data import (
    CARD,
    COST,
    CROWN_CARD_COST,
    ORDER_NAMES,
    UNIT_NAMES,
    UNIT_ONE,
    units_text,
)
from riskterm.rules.europe.orders import order_block
from riskterm.rules.europe.spend import check_castle, check_crown
from riskterm.rules.europe.state import EuropeState
from riskterm.rules.europe.text import BONUS_NAMES, card_parts, card_text
from riskterm.rules.logtext import counted


def view(s: EuropeState, seat: int | None) -> State:
    """The state as `seat` may see it: other seats' cards in hand and face-down cards as '?', other seats'
    bids as '?' until they are revealed, and neither the random stream nor the seed it came from."""
    v = dict(s)
    v["rng"] = 0
    v.pop("seed", None)
    v["hands"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(s["hands"])]
    v["chosen"] = [
        c if i == seat else [x if k < len(s["revealed"][i]) else "?" for k, x in enumerate(c)]
        for i, c in enumerate(s["chosen"])
    ]
    if s["phase"] == "bid":
        v["bids"] = [b if i == seat or b is None else "?" for i, b in enumerate(s["bids"])]
    return v


def label_of(rules: Book, s: EuropeState, t: int) -> str:
    """Units in the territory ('!' when disputed); an empty territory shows '*' for a city, '#' for a castle,
    '·' otherwise (never blank, so the board always marks the label point)."""
    n = s["armies"][t]
    if st.disputed(s, t):
        return f"{n}!" if n < 100 else str(n)
    if n:
        return str(n)
    return "*" if st.is_city(rules, t) else "#" if s["castle"][t] else "·"


def badge_of(rules: Book, s: EuropeState, t: int) -> str:
    """'♔' on a city (its crowns), '♜' on a castle, both on a city with a castle."""
    return ("♔" if st.is_city(rules, t) else "") + ("♜" if s["castle"][t] else "")


def player_stats(rules: Book, s: EuropeState) -> list[dict[str, Any]]:
    out = []
    for i, pl in enumerate(s["players"]):
        terrs = st.territories_of(s, i)
        mine = st.on_board(s, i)
        out.append(
            {
                "name": pl["name"],
                "out": pl["out"],
                "saved": pl["saved"],
                "territories": len(terrs),
                "armies": sum(mine),
                "units": units_text(mine),
                "coins": s["coins"][i],
                "crowns": s["crowns"][i],
                "crown_cards": s["crown_cards"][i],
                "cities": [st.cities(rules.board).name[t] for t in st.cities_of(rules, s, i)],
                "castles": sum(1 for t in terrs if s["castle"][t]),
                "tiles": [
                    st.cities(rules.board).name[st.cities(rules.board).tile_at[x]]
                    for x in st.tiles_of(rules, s, i)
                ],
                "cards": len(s["hands"][i]),
                "cards_in_hand": len(s["hands"][i]),
                "first_player": s["first"] == i and s["phase"] != "bid",
                "revealed": [CARD[c].label for c in s["revealed"][i]],
            }
        )
    return out


def private_lines(s: EuropeState, seat: int) -> list[str]:
    """Seat's coins, bid, face-down cards and hand; in another seat's view the cards are hidden ('face down')."""

    def label(c: str) -> str:
        return CARD[c].label if c in CARD else "face down"

    lines = [f"Coins: {s['coins'][seat]}"]  # (the players panel drops them on a short screen)
    bid = s["bids"][seat]
    if s["phase"] == "bid" and isinstance(bid, int):
        lines.append(f"Your secret bid: {counted(bid, 'coin')}.")
    chosen = s["chosen"][seat]
    if chosen:
        lines.append(f"Top card (Turn 1): {label(chosen[0])}")
        lines.append(f"Bottom card (Turn 2): {label(chosen[1])}")
    hand = s["hands"][seat]
    lines.append("Cards in hand: " + (", ".join(label(c) for c in hand) if hand else "none"))
    return lines


def order_cards(s: EuropeState, seat: int) -> list[dict[str, Any]]:
    """See EuropeRules.order_cards."""
    out = []
    for c in s["hands"][seat]:
        if c not in CARD:
            continue  # another seat's hidden card in a view
        card = CARD[c]
        out.append(
            {
                "id": c,
                "name": card.label,
                "orders": [ORDER_NAMES[o] for o in card.orders],
                "bonus": BONUS_NAMES.get(card.bonus or ""),
                "text": card_text(c),
                "parts": card_parts(c),
            }
        )
    return out


def order_choice(s: EuropeState, seat: int | None) -> OrderChoice:
    """See EuropeRules.order_choice."""
    cards = order_cards(s, seat) if seat is not None else []
    return OrderChoice(
        "orders",
        tuple(OrderCard(c["id"], c["name"], c["text"]) for c in cards),
        "King's Orders: {who}, choose two cards (secret until revealed).",
        ORDER_STEPS,
        ("TOP card, Turn 1", "BOTTOM card, Turn 2"),
    )


ORDER_STEPS = (
    "Choose your TOP card: it is played in Turn 1 of this round.",
    "Choose your BOTTOM card: it is played in Turn 2.",
    "Your two cards for this round. Enter lays them down face down; Esc goes back.",
)


def spend(rules: Book, s: EuropeState) -> Spend | None:
    """See EuropeRules.spend."""
    if (
        s.get("winner") is not None
        or s.get("draw")
        or s["phase"] != "turn"
        or not s.get("ts")
        or order_block(s, "recruit")
    ):
        return None
    p = s["current"]
    box = st.in_box(s, p)
    units = tuple(RecruitUnit(UNIT_ONE[i].capitalize(), UNIT_NAMES[i], COST[i], box[i]) for i in range(4))
    tid = rules.board.tid
    castle_places = tuple(
        tid(t) for t in st.territories_of(s, p) if check_castle(rules, s, (tid(t),)) is None
    )
    castle = Purchase(
        "castle",
        "Castle",
        st.castle_cost(rules, s, p),
        st.castles_left(s),
        "builds a castle",
        castle_places,
        None if castle_places else "No castle can be built now.",
    )
    crown = Purchase(
        "crown",
        "Crown card",
        CROWN_CARD_COST,
        st.crown_cards_left(s),
        "buys a crown card",
        why=check_crown(rules, s, ()),
    )
    return Spend(
        "recruit",
        s["coins"][p],
        "coins",
        units,
        tuple(tid(t) for t in st.recruit_places(rules, s, p)),
        "You have no undisputed city or castle territory to recruit in.",
        (castle, crown),
        "Spend: recruit units in your undisputed city and castle territories, build castles, "
        "buy one crown card per round.",
    )
