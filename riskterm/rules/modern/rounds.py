"""The flow of a modern-units game: the order of play, turns, the end of a round (victory, the round cap,
credits) and players going out. Functions change a draft state and append to a list of events."""

from __future__ import annotations

from riskterm.engine.rng import Rng
from riskterm.rules.base import Book, Log, Outcome, end_if_over
from riskterm.rules.modern.events import ev, event
from riskterm.rules.modern.queries import alive, income_of
from riskterm.rules.modern.state import ModernState
from riskterm.rules.modern.units import NU, mix_text, units_of


def order_roll(rng: Rng, seats: list[int]) -> tuple[list[int], list[dict[str, int]]]:
    """Everyone rolls a die; the order of play is highest first; tied players roll again among themselves
    to settle their places. Returns (order, the rolls of every throw)."""
    throws: list[dict[str, int]] = []

    def settle(group: list[int]) -> list[int]:
        if len(group) <= 1:
            return group
        rolls = {p: rng.die() for p in group}
        throws.append({str(p): v for p, v in rolls.items()})
        out: list[int] = []
        for v in sorted(set(rolls.values()), reverse=True):
            out += settle([p for p in group if rolls[p] == v])
        return out

    return settle(list(seats)), throws


def next_placer(rules: Book, s: ModernState, events: Log) -> None:
    """Set-up placing: one unit each, in turn from the left of the first placer, skipping the finished."""
    n = len(s["players"])
    for k in range(1, n + 1):
        q = (s["current"] + k) % n
        if any(s["bought"][q]):
            s["current"] = s["actor"] = q
            return
    start_turns(rules, s, events)


def start_turns(rules: Book, s: ModernState, events: Log) -> None:
    s["pos"] = -1
    next_turn(rules, s, events)


def next_turn(rules: Book, s: ModernState, events: Log) -> None:
    order = s["order"]
    s["pos"] += 1
    while s["pos"] < len(order) and s["players"][order[s["pos"]]]["out"]:
        s["pos"] += 1
    if s["pos"] >= len(order):
        end_round(rules, s, events)
        return
    p = order[s["pos"]]
    s["current"] = s["actor"] = p
    s["turn"] += 1
    s["spent"] = [[0] * NU for _ in s["owner"]]
    s["phase"] = "place" if any(s["bought"][p]) else "attack"
    if events is not None:
        events.append(ev(s, "turn", round=s["round"], waiting=mix_text(s["bought"][p], units_of(s))))


# The phase a state is in after the last turn of a round, inside the step that ends it: the end-of-game hook
# looks at the goal and the round cap only then.
ROUND_END = "round_end"


def end_round(rules: Book, s: ModernState, events: Log) -> None:
    """Victory is checked after the last turn of a round; then the round cap; then the next round's credits."""
    s["phase"] = ROUND_END
    if end_if_over(rules, s, events):
        return
    s["round"] += 1
    seats = alive(s)
    income = [income_of(rules, s, p) if p in seats else 0 for p in range(len(s["players"]))]
    s["income"] = income
    s["credits"] = [c + i for c, i in zip(s["credits"], income, strict=True)]
    s["order"] = [p for p in s["order"] if p in seats]
    s["phase"] = "buy"
    s["current"] = s["actor"] = s["order"][0]
    if events is not None:
        events.append(event("round", turn=s["turn"], player=s["current"], round=s["round"], income=income))


def outcome(s: ModernState) -> Outcome | None:
    """The last player left wins at once; after the last turn of a round, whoever holds the goal's number of
    territories (the most, if several), else a draw once the round cap is reached."""
    seats = alive(s)
    if len(seats) == 1:
        return Outcome((seats[0],), "last")
    if s["phase"] != ROUND_END:
        return None
    best = max(seats, key=lambda p: s["owner"].count(p))
    if s["owner"].count(best) >= s["options"]["goal"]:
        return Outcome((best,), "goal")
    if s["round"] >= s["options"]["turn_cap"]:
        return Outcome((), "turn_cap")
    return None


def finish(s: ModernState, outcome: Outcome, events: Log) -> None:
    """The end's event (the base has set the winner or the draw); a battle still open is over."""
    if outcome.winners:
        p = outcome.winners[0]
        s["battle"] = None
        if events is not None:
            events.append(
                event("win", turn=s["turn"], player=p, why=outcome.why, territories=s["owner"].count(p))
            )
    elif events is not None:
        events.append(ev(s, "draw_game", cap=s["options"]["turn_cap"]))


def check_out(rules: Book, s: ModernState, events: Log) -> None:
    """Players holding no territory are out (their waiting purchases are lost); the last one left wins."""
    for q in alive(s):
        if q not in s["owner"]:
            players = s["players"] = list(s["players"])
            players[q] = {**players[q], "out": True}
            bought = s["bought"] = list(s["bought"])
            bought[q] = [0] * NU
            if events is not None:
                events.append(ev(s, "eliminate", defender=q))
    if s["winner"] is None:
        end_if_over(rules, s, events)
