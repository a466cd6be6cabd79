"""A turn's listing (legal.turn_groups spells out the checks of its single actions) says what the checks say:
every action it lists is legal, and a candidate it does not list is refused."""

from __future__ import annotations

import random

import pytest

from riskterm.engine.actions import Action
from riskterm.rules.europe import EuropeRules
from riskterm.rules.europe.legal import unit_menu

R = EuropeRules()
WEIGHTS = {
    "end": 0.3,
    "expand": 3,
    "split": 3,
    "manoeuvre": 2,
    "tax": 2,
    "recruit": 3,
    "castle": 2,
    "crown": 5,
    "fortify": 2,
    "siege": 4,
}


def turn_states(seed: int, players: int, every: int, most: int) -> list[dict]:
    rng = random.Random(seed)
    s, _ = R.new_game([f"P{i}" for i in range(players)], seed)
    out: list[dict] = []
    steps = 0
    while not R.is_over(s) and len(out) < most:
        acts = R.legal_actions(s)
        if s["phase"] == "turn" and steps % every == 0:
            out.append(s)
        s = R.apply(s, rng.choices(acts, [WEIGHTS.get(a.kind, 1) for a in acts])[0]).state
        steps += 1
    return out


def candidates(s: dict) -> list[Action]:
    """Every single action of a turn on any territory (or pair, for a Siege Assault), and every pair within two
    steps with a few unit groups for the orders that move units."""
    ids, adj = R.board.ids, R.board.adj
    out = [Action("crown", ()), Action("end", ())]
    out += [Action(k, (ids[t],)) for k in ("tax", "castle", "fortify") for t in range(len(ids))]
    out += [Action("recruit", (ids[t], *u)) for t in range(len(ids)) for u in ((1, 0, 0, 0), (0, 0, 0, 1))]
    for f in range(len(ids)):
        menu = [tuple(g) for g in unit_menu(s["units"][f], 0)[:3]] or [(1, 0, 0, 0)]
        out += [Action("siege", (ids[f], ids[t])) for t in adj[f]]
        near = {u for m in adj[f] for u in (m, *adj[m])} - {f}
        out += [
            Action(k, (ids[f], ids[t], *g))
            for k in ("expand", "split", "manoeuvre")
            for t in near
            for g in menu
        ]
    return out


@pytest.mark.parametrize("seed, players, every, most", [(4, 4, 11, 10)])
def test_turn_listing_is_what_the_checks_allow(seed, players, every, most):
    """ "Each turn, players may carry out one of the orders on their card" (risk-europe.txt, The King's Orders
    Cards) and the card's bonus action: the listing holds just the actions the checks accept."""
    for s in turn_states(seed, players, every, most):
        listed = R.legal_actions(s)
        assert all(R.why_illegal(s, a) is None for a in listed)
        heads = {
            (a.kind, a.args[:2] if a.kind in ("expand", "split", "manoeuvre") else a.args[:1]) for a in listed
        }
        for a in candidates(s):
            if R.why_illegal(s, a) is None:
                head = a.args[:2] if a.kind in ("expand", "split", "manoeuvre") else a.args[:1]
                assert (a.kind, head) in heads, a
