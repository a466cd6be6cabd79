"""Risk: Europe between rounds ("Finishing a round", "End of the Game", "Player Elimination", risk-europe.txt):
cards discarded, players without cities saved by the crown or eliminated, the winner found, and the next round
begun (hands refilled, the turn order from the First Player)."""

from __future__ import annotations

from riskterm.engine.events import Event
from riskterm.engine.state import touch
from riskterm.rules.base import Book, Log, Outcome, end_if_over
from riskterm.rules.europe import state as st
from riskterm.rules.europe.data import CROWNS_TO_WIN, DECK, FIRST_MARKER_COINS
from riskterm.rules.europe.events import ev
from riskterm.rules.europe.state import EuropeState


def begin_round(rules: Book, s: EuropeState, events: list[Event]) -> None:
    s["round"] += 1
    if end_if_over(rules, s, events):  # past the round cap
        return
    n = len(s["players"])
    s["crown_bought"] = [False] * n
    hands = touch(s, "hands")
    for p in st.alive(s):
        if len(hands[p]) < 2:
            hands[p] = list(DECK)
            touch(s, "discard")[p] = []
            events.append(ev(s, "refill", player=p))
    first = s["first"]
    s["seq"] = [q for q in ((first + k) % n for k in range(n)) if not s["players"][q]["out"]]
    s["seq_i"] = 0
    s["card_turn"] = 1
    s["phase"] = "orders"
    s["actor"] = s["current"] = s["seq"][0]
    events.append(ev(s, "round", player=first, round=s["round"]))


def end_round(rules: Book, s: EuropeState, events: list[Event]) -> None:
    n = len(s["players"])
    discard = touch(s, "discard")
    for p in range(n):
        discard[p] = discard[p] + s["revealed"][p]
    s["revealed"] = [[] for _ in range(n)]
    s["chosen"] = [[] for _ in range(n)]
    for p in st.alive(s):
        if st.cities_of(rules, s, p):
            if s["players"][p]["saved"]:
                st.set_player(s, p, saved=False)
            continue
        if s["crown_cards"][p] and not s["players"][p]["saved"]:
            st.set_player(s, p, saved=True)
            events.append(ev(s, "saved", player=p))
        else:
            eliminate(rules, s, p, events)
    st.refresh_crowns(rules, s)
    events.append(ev(s, "round_end", round=s["round"], crowns=list(s["crowns"])))
    s["phase"] = ROUND_END  # the one moment crowns win: the next round's first step overwrites it
    if end_if_over(rules, s, events):
        return
    alive = st.alive(s)
    if s["first"] not in alive:
        s["first"] = min(alive, key=lambda q: (q - s["first"]) % n)
    begin_round(rules, s, events)


# The phase a state is in between the end of a round and the next round's start, inside the step that ends
# the round: the end-of-game hook looks for a winner by crowns only then.
ROUND_END = "round_end"


def outcome(rules: Book, s: EuropeState) -> Outcome | None:
    """The end of the game ("End of the Game", "Player Elimination"): a draw past the round cap; at a round's
    end, a draw when nobody holds a city any more (our reading), the last player left, or the player with 7+
    crowns (winner)."""
    if s["round"] > s["options"]["round_cap"]:
        return Outcome((), "round_cap")
    if s["phase"] != ROUND_END:
        return None
    alive = st.alive(s)
    if not alive:  # everyone lost their last city in this round
        return Outcome((), "no_cities")
    if len(alive) == 1:
        return Outcome((alive[0],), "last")
    win = winner(rules, s)
    return None if win is None else Outcome((win,), "crowns")


def finish(s: EuropeState, outcome: Outcome, events: Log) -> None:
    """The end's event (the base has set the winner or the draw): the winner is the acting seat from now."""
    if outcome.winners:
        win = outcome.winners[0]
        s["actor"] = s["current"] = win
        if events is not None:
            events.append(ev(s, "win", player=win, crowns=s["crowns"][win], last=outcome.why == "last"))
    elif events is not None:
        cap = s["options"]["round_cap"] if outcome.why == "round_cap" else None
        events.append(ev(s, "draw_game", cap=cap, reason=outcome.why))


def tie_key(rules: Book, s: EuropeState, p: int) -> tuple[int, int, int]:
    """Crowns, then territories, then coins (the First Player Marker counts ten)."""
    coins = s["coins"][p] + (FIRST_MARKER_COINS if s["first"] == p else 0)
    return s["crowns"][p], len(st.territories_of(s, p)), coins


def winner(rules: Book, s: EuropeState) -> int | None:
    """7+ crowns at the end of a round; the most crowns, ties by territories, then coins (the marker counts 10).
    A tie that remains after that decides nothing: play goes on (our reading)."""
    cands = [p for p in st.alive(s) if s["crowns"][p] >= CROWNS_TO_WIN]
    if not cands:
        return None
    keys = {p: tie_key(rules, s, p) for p in cands}
    best = max(keys.values())
    top = [p for p in cands if keys[p] == best]
    return top[0] if len(top) == 1 else None


def eliminate(rules: Book, s: EuropeState, p: int, events: list[Event]) -> None:
    for t, o in enumerate(s["owner"]):
        if o == p:
            st.unclaim(s, t)
    touch(s, "coins")[p] = 0
    gone = s["crown_cards"][p]
    touch(s, "crown_cards")[p] = 0
    s["crown_cards_gone"] += gone
    st.set_player(s, p, out=True, saved=False)
    touch(s, "hands")[p] = []
    events.append(ev(s, "eliminate", player=p, crown_cards=gone))
