"""Risk: Europe's set-up ("Setup", "Kingdom Placement", risk-europe.txt): the state of a new game, the secret
bid for the First Player Marker (a tie rolls off), and each player's kingdom on a Gold Crown City."""

from __future__ import annotations

from typing import cast

from riskterm.engine.actions import Action, act
from riskterm.engine.dice import roll_off
from riskterm.engine.events import Event
from riskterm.engine.rng import Rng, seed_state
from riskterm.engine.state import touch
from riskterm.rules.base import Book, Handler, PlayerSetup
from riskterm.rules.europe import state as st
from riskterm.rules.europe.data import DECK, START_COINS, START_FOOTMEN
from riskterm.rules.europe.events import ev
from riskterm.rules.europe.round_end import begin_round
from riskterm.rules.europe.state import Args, EuropeState, step


def new_state(rules: Book, name: str, players: list[PlayerSetup], seed: int, round_cap: int) -> EuropeState:
    n, nt = len(players), len(rules.board.territories)
    return {
        "variant": name,
        "board": rules.board.id,
        "seed": seed,
        "rng": seed_state(seed),
        "players": [
            {"name": p.name, "colour": p.colour, "ai": p.ai, "out": False, "saved": False} for p in players
        ],
        "owner": [-1] * nt,
        "armies": [0] * nt,
        "units": [[0, 0, 0, 0] for _ in range(nt)],
        "att": {},
        "castle": [False] * nt,
        "coins": [START_COINS] * n,
        "crowns": [0] * n,
        "crown_cards": [0] * n,
        "crown_cards_gone": 0,
        "crown_bought": [False] * n,
        "hands": [list(DECK) for _ in range(n)],
        "chosen": [[] for _ in range(n)],
        "revealed": [[] for _ in range(n)],
        "discard": [[] for _ in range(n)],
        "bids": [None] * n,
        "first": 0,
        "round": 0,
        "turn": 0,
        "seq": [],
        "seq_i": 0,
        "card_turn": 1,
        "ts": None,
        "battle": None,
        "losses": [],
        "phase": "bid",
        "actor": 0,
        "current": 0,
        "winner": None,
        "draw": False,
        "options": {"round_cap": round_cap},
    }


# ------------------------------------------------------------------ the bid
def check_bid(rules: Book, s: EuropeState, args: Args) -> str | None:
    p = s["actor"]
    if len(args) != 1 or not isinstance(args[0], int):
        return "Bid a number of coins: 'bid 2'."
    if not 0 <= args[0] <= s["coins"][p]:
        return f"Bid between 0 and {s['coins'][p]} coins."
    return None


def bid(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    p = s["actor"]
    touch(s, "bids")[p] = args[0]
    events.append(ev(s, "bid", private=p, player=p, coins=args[0]))
    waiting = [q for q in range(len(s["players"])) if s["bids"][q] is None]
    if waiting:
        s["actor"] = s["current"] = waiting[0]
        return
    bids = cast(list[int], s["bids"])  # every seat has bid
    top = max(bids)
    tied = [q for q, b in enumerate(bids) if b == top]
    rolls: list[dict[str, int]] = []
    if len(tied) > 1:
        rng = Rng(s["rng"])
        first, rolls = roll_off(rng, tied)
        s["rng"] = rng.state
    else:
        first = tied[0]
    st.pay(s, first, top)
    s["first"] = first
    events.append(ev(s, "bid_reveal", player=first, bids=list(bids), rolls=rolls, paid=top))
    s["phase"] = "kingdom"
    n = len(s["players"])
    s["seq"] = [(first + k) % n for k in range(n)]
    s["seq_i"] = 0
    s["actor"] = s["current"] = first


# ------------------------------------------------------------------ kingdom placement
def check_kingdom(rules: Book, s: EuropeState, args: Args) -> str | None:
    if len(args) not in (1, 3):
        return "Place your kingdom: 'kingdom saxony franconia 4' (city, adjacent territory, footmen there)."
    c = rules.t(args[0])
    if c is None or c not in st.cities(rules.board).gold:
        return (
            "Choose one of the eight Gold Crown Cities (London, Paris, Madrid, Rome, Berlin, Constantinople, "
            "Stockholm, Kiev)."
        )
    if s["owner"][c] != -1:
        return f"{st.cities(rules.board).name[c]} is already taken."
    if len(args) == 1:
        return None
    t, n = rules.t(args[1]), args[2]
    if t is None or t not in rules.board.adj[c]:
        return f"The second territory must be next to {st.cities(rules.board).name[c]}."
    if st.is_city(rules, t) or s["owner"][t] != -1:
        return f"{rules.tname(t)} must be an unclaimed non-city territory."
    if not isinstance(n, int) or not 0 <= n < START_FOOTMEN:
        return f"Put 0 to {START_FOOTMEN - 1} footmen there (the rest stay in the city)."
    return None


def kingdom(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    p = s["current"]
    c = rules.board.index[args[0]]
    n = args[2] if len(args) == 3 else 0
    assert isinstance(n, int)
    s["owner"][c] = p
    touch(s, "castle")[c] = True
    st.set_units(s, c, [START_FOOTMEN - n, 0, 0, 0])
    if n:
        t = rules.board.index[args[1]]
        s["owner"][t] = p
        st.set_units(s, t, [n, 0, 0, 0])
    st.gain(s, p, st.cities(rules.board).tax[c])
    st.refresh_crowns(rules, s)
    events.append(
        ev(
            s,
            "kingdom",
            city=args[0],
            other=args[1] if n else None,
            footmen=n,
            tax=st.cities(rules.board).tax[c],
            crowns=s["crowns"][p],
        )
    )
    s["seq_i"] += 1
    if s["seq_i"] < len(s["seq"]):
        s["actor"] = s["current"] = s["seq"][s["seq_i"]]
        return
    begin_round(rules, s, events)


def legal_bids(rules: Book, s: EuropeState) -> list[Action]:
    return [act("bid", n) for n in range(s["coins"][s["actor"]] + 1)]


def legal_kingdoms(rules: Book, s: EuropeState) -> list[Action]:
    out: list[Action] = []
    for c in sorted(st.cities(rules.board).gold):
        if s["owner"][c] != -1:
            continue
        cid = rules.board.tid(c)
        free = [t for t in rules.board.adj_sorted[c] if not st.is_city(rules, t) and s["owner"][t] == -1]
        if not free:
            out.append(act("kingdom", cid))
        for t in free:
            out += [act("kingdom", cid, rules.board.tid(t), n) for n in range(START_FOOTMEN)]
    return out


HANDLERS = {
    "bid": Handler(check_bid, step(bid)),
    "kingdom": Handler(check_kingdom, step(kingdom)),
}
LEGAL = {"bid": legal_bids, "kingdom": legal_kingdoms}
