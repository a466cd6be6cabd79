"""Risk: Europe's losses, which their owner chooses ("Each hit scored against an army reduces its army total by
one unit (chosen by that army's owner)"; a Siege Assault's "opponent removes one army unit of his or her
choice"): removed at once when there is no real choice, else queued for the owner to answer."""

from __future__ import annotations

from riskterm.engine.events import Event
from riskterm.rules.base import Book
from riskterm.rules.europe import state as st
from riskterm.rules.europe.battle import default_losses, loss_choice_matters
from riskterm.rules.europe.events import ev
from riskterm.rules.europe.state import EuropeState, Units


def loss_units(s: EuropeState) -> Units:
    """The units the first queued removal takes from."""
    q = s["losses"][0]
    return list(s["units"][q["t"]]) if q["side"] == "own" else st.att_units(s, q["t"])


def queue_loss(
    rules: Book, s: EuropeState, seat: int, t: int, side: str, hits: int, events: list[Event]
) -> None:
    """Remove `hits` units of seat's army in t now when there is no choice, else queue the choice."""
    units = s["units"][t] if side == "own" else st.att_units(s, t)
    hits = min(hits, sum(units))
    if not hits:
        return
    if loss_choice_matters(units, hits):
        s["losses"] = [*s["losses"], {"seat": seat, "t": t, "side": side, "hits": hits}]
        return
    remove(rules, s, seat, t, side, default_losses(units, hits), events)


def ask_losses(s: EuropeState) -> bool:
    """Hand the play to the first queued removal's owner; False when none is waiting."""
    if not s["losses"]:
        return False
    s["phase"] = "losses"
    s["actor"] = s["losses"][0]["seat"]
    return True


def remove(
    rules: Book, s: EuropeState, seat: int, t: int, side: str, lost: Units, events: list[Event]
) -> None:
    if side == "own":
        left = [x - y for x, y in zip(s["units"][t], lost, strict=True)]
        st.set_units(s, t, left)
    else:
        left = [x - y for x, y in zip(st.att_units(s, t), lost, strict=True)]
        st.set_att(s, t, seat, left)
    events.append(ev(s, "losses", seat=seat, territory=rules.board.tid(t), units=lost))
    if side == "own" and not sum(left) and not st.disputed(s, t):
        st.unclaim(s, t)  # a Siege Assault emptied it: the crowns go back to the reserve
        st.refresh_crowns(rules, s)
        events.append(ev(s, "unclaimed", territory=rules.board.tid(t), seat=seat))
