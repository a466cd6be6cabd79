"""The search's evaluator for World Domination Risk (classic)."""

from __future__ import annotations

from riskterm.ai.classic.capitals import hq_terms
from riskterm.ai.classic.missions import has_goal, progress
from riskterm.ai.core.evaluate import army_board, decided, region_terms, relative
from riskterm.engine.cards import set_value
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.classic.card_values import PROGRESSIVE, cards_option
from riskterm.rules.classic.state import as_classic

WEIGHTS = {
    "army": 1.0,
    "territory": 0.5,
    "region": 2.5,
    "progress": 0.8,
    "breach": 1.5,
    "card": 1.5,
    "exposed": 0.3,
    "mission": 40.0,
    "set_share": 1 / 3,
}


@decided
def evaluate(rules: Rules, s: State, seat: int) -> float:
    """World Domination Risk: armies (those still to place too), territories (a third of an army each turn, and a card for a conquest),
    continents at two and a half turns of their bonus less the chance their weakest border falls, progress
    towards continents, cards in hand (on the progressive scale at a third of the next set's worth, once that
    is more than the flat weight), and armies short of the enemy stack next to each border."""
    w = WEIGHTS
    info, owner, armies, danger = army_board(rules, s)
    hands = s.get("hands") or []
    # on the progressive scale a card is worth a share of what the next set pays (three make a set): at a flat
    # 1.5 a late game's conquest, elimination or rival's full hand (sets of 30+) counted for nothing, and the
    # search placed its reserve where the heuristic would not attack (against turtles: +8 points, 100 games)
    card = w["card"]
    if w["set_share"] and cards_option(as_classic(s)) == PROGRESSIVE:
        card = max(card, w["set_share"] * set_value(s["sets_traded"]))
    seats = len(s["players"])
    # each seat's territories, armies and armies short of the enemy next door, in one pass (integer sums)
    count, total, short = [0] * seats, [0] * seats, [0] * seats
    for o, a, d in zip(owner, armies, danger, strict=True):
        if 0 <= o < seats:
            count[o] += 1
            total[o] += a
            if d > a:
                short[o] += d - a
    # the armies still to place (after a trade, or a placement of part of them) are armies too: unseen, a trade
    # scored as three cards lost and nothing gained, so the search put trades off
    current, reserve = s.get("current"), s.get("reserve") or 0
    if isinstance(current, int) and 0 <= current < seats and count[current]:
        total[current] += reserve
    values: list[float | None] = []
    capitals = "capitals" in s and s["phase"] != "capital"
    goal = has_goal(s)  # Secret Mission Risk, Assassin
    region_owners = [get(owner) for get in info.region_getters]  # once for every seat
    for q in range(seats):
        n = count[q]
        if n == 0:
            values.append(None)
            continue
        v = w["army"] * total[q] + w["territory"] * n
        v += region_terms(
            info,
            owner,
            armies,
            danger,
            q,
            w["region"],
            w["progress"],
            w["breach"],
            region_owners=region_owners,
        )
        v += card * (len(hands[q]) if q < len(hands) else 0)
        v -= w["exposed"] * short[q]
        if capitals:  # Capital Risk: the headquarters held, and the own one's safety
            v += hq_terms(info, s, q)
        # its own mission only (a rival's, guessed, plays out in the search's play-outs)
        if q == seat and goal:
            v += w["mission"] * progress(info, s, q)
        values.append(v)
    return relative(values, seat)
