"""Risk: Europe's bonus actions on King's Orders cards ("Bonus Actions", risk-europe.txt): Fortify and Siege
Assault, used before or after the card's order. King Me acts when its card is revealed (rounds.py)."""

from __future__ import annotations

from riskterm.engine.events import Event
from riskterm.engine.rng import Rng
from riskterm.rules.base import Book, Handler
from riskterm.rules.europe import state as st
from riskterm.rules.europe.data import CARD, FORTIFY_CASTLE, FORTIFY_CITY, SIEGE
from riskterm.rules.europe.events import ev
from riskterm.rules.europe.losses import ask_losses, queue_loss
from riskterm.rules.europe.orders import from_to
from riskterm.rules.europe.state import Args, EuropeState, step, ts_of


def bonus_block(s: EuropeState, bonus: str, name: str) -> str | None:
    ts = ts_of(s)
    if CARD[ts["card"]].bonus != bonus:
        return f"Your card has no {name} bonus action."
    if ts["bonus_used"]:
        return f"You have already used (or given up) this card's {name}."
    return None


def check_fortify(rules: Book, s: EuropeState, args: Args) -> str | None:
    block = bonus_block(s, "fortify", "Fortify")
    if block:
        return block
    t = rules.t(args[0]) if len(args) == 1 else None
    if t is None:
        return "Fortify like this: 'fortify saxony'."
    tn = rules.tname(t)
    if s["owner"][t] != s["current"]:
        return f"You do not control {tn} (in a disputed territory only the defender may fortify)."
    if not (st.is_city(rules, t) or s["castle"][t]):
        return f"{tn} is neither a city nor a castle territory."
    if st.in_box(s, s["current"])[0] <= 0:
        return "No footmen are left in your army reserve."
    return None


def fortify(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    t = rules.t(args[0])
    assert t is not None
    n = FORTIFY_CASTLE if s["castle"][t] else FORTIFY_CITY
    n = min(n, st.in_box(s, s["current"])[0])
    st.add_units(s, t, [n, 0, 0, 0])
    s["ts"] = {**ts_of(s), "bonus_used": True}
    events.append(ev(s, "fortify", territory=rules.board.tid(t), footmen=n))


def check_siege(rules: Book, s: EuropeState, args: Args) -> str | None:
    block = bonus_block(s, "siege", "Siege Assault")
    if block:
        return block
    f, t, _ = from_to(rules, args, n_units=False)
    if f is None or t is None or len(args) != 2:
        return "Siege Assault like this: 'siege saxony bohemia' (from, into)."
    p, tn = s["current"], rules.tname
    if s["owner"][f] != p:
        return f"You do not control {tn(f)}."
    if not s["units"][f][SIEGE]:
        return f"{tn(f)} has no siege weapon."
    if st.disputed(s, f) or st.disputed(s, t):
        return "Siege Assaults may not be made from or into disputed territories."
    if t not in rules.board.land_adj[f]:
        if t in rules.board.sea_adj[f]:
            return "Siege Assaults may not be made across sea-lines."
        return f"{tn(t)} is not next to {tn(f)}."
    if s["owner"][t] in (-1, p):
        return f"{tn(t)} is not an enemy territory."
    return None


def siege(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    f, t, _ = from_to(rules, args, n_units=False)
    assert f is not None and t is not None
    rng = Rng(s["rng"])
    dice = sorted((rng.die() for _ in range(2 * s["units"][f][SIEGE])), reverse=True)
    s["rng"] = rng.state
    hits = sum(d >= 3 for d in dice)
    q = s["owner"][t]
    s["ts"] = {**ts_of(s), "bonus_used": True}
    events.append(
        ev(
            s,
            "roll",
            siege=True,
            frm=rules.board.tid(f),
            to=rules.board.tid(t),
            dice=dice,
            hits=hits,
            defender=q,
        )
    )
    queue_loss(rules, s, q, t, "own", hits, events)
    ask_losses(s)


HANDLERS = {
    "fortify": Handler(check_fortify, step(fortify)),
    "siege": Handler(check_siege, step(siege)),
}
