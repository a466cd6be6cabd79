"""Seeded random playouts of whole Risk: Europe games (2, 3 and 4 players) with random legal actions biased to
progress, checking the invariants after every action and that every game ends (a win or the round cap)."""

from __future__ import annotations

import json
import random

import pytest

from riskterm.engine.actions import parse_action
from riskterm.engine.events import Event
from riskterm.engine.state import to_json
from riskterm.rules.europe import EuropeRules
from riskterm.rules.europe import state as st
from riskterm.rules.europe.data import BOX, CASTLES_TOTAL, CROWN_CARDS_TOTAL
from riskterm.rules.europe.events import EVENTS

R = EuropeRules()
WEIGHTS = {
    "end": 0.3,
    "expand": 3,
    "split": 2,
    "manoeuvre": 1,
    "tax": 4,
    "recruit": 3,
    "castle": 1,
    "crown": 6,
    "fortify": 2,
    "siege": 2,
}


def check(s) -> None:
    n = len(s["players"])
    json.loads(to_json(s))
    assert all(c >= 0 for c in s["coins"]), "coins never negative"
    for t, o in enumerate(s["owner"]):
        u = s["units"][t]
        a = s["att"].get(str(t))
        assert all(x >= 0 for x in u), "units never negative"
        assert s["armies"][t] == sum(u) + (sum(a["units"]) if a else 0), "armies = all units in the territory"
        if o == -1:
            assert not sum(u) and a is None, "an unclaimed territory has no army"
        else:
            assert not s["players"][o]["out"]
            assert sum(u) > 0 or (a is not None and s["phase"] == "losses"), "a held territory has units"
        if a is not None:
            assert a["seat"] not in (o, -1) and all(x >= 0 for x in a["units"]) and sum(a["units"]) > 0
            assert o != -1, "no third army: a dispute is between the holder and one attacker"
    for p in range(n):
        ob = st.on_board(s, p)
        assert all(ob[i] <= BOX[i] for i in range(4)), "box limits"
        c = st.cities(R.board)
        cities = sum(c.crowns[t] for t in c.tax if s["owner"][t] == p)
        assert s["crowns"][p] == cities + s["crown_cards"][p], "crowns on the tracker = cities + crown cards"
    assert sum(s["castle"]) <= CASTLES_TOTAL
    assert sum(s["crown_cards"]) + s["crown_cards_gone"] <= CROWN_CARDS_TOTAL
    if s["phase"] in ("orders", "turn"):
        for p in range(n):
            if p != s["actor"]:
                v = R.view(s, p)
                assert all(c == "?" for i, h in enumerate(v["hands"]) if i != p for c in h)


def check_events(s, events) -> None:
    names = R.names(s)
    for e in events:
        assert isinstance(e, Event) and e.kind in EVENTS, e
        json.dumps(e.data)  # JSON-plain
        for seat in (None, *range(len(names))):
            line = R.presenter().describe(e, names, seat)
            assert line and not line.startswith("{"), e


def playout(seed: int, players: int, check_every: bool = True) -> tuple[dict, int]:
    rng = random.Random(seed)
    s, _ = R.new_game([f"P{i}" for i in range(players)], seed)
    steps = 0
    while not R.is_over(s):
        acts = R.legal_actions(s)
        assert acts, R.presenter().prompt(s)
        a = rng.choices(acts, [WEIGHTS.get(x.kind, 1) for x in acts])[0]
        assert parse_action(str(a)) == a, "the text notation reads back"
        before = to_json(s)
        s2, ev = R.apply(s, a)
        assert to_json(s) == before, "apply never changes the state it is given"
        s = s2
        steps += 1
        if check_every:
            check(s)
            check_events(s, ev)
            assert R.presenter().prompt(s)
            assert all(len(R.presenter().label_of(s, t)) <= 3 for t in range(len(s["owner"])))
        assert steps < 20000
    return s, steps


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_random_playouts_end_and_keep_invariants(players, seed):
    """ "Control seven or more crowns at the end of a round to win the game": every game ends in a win or at the
    round cap, with the invariants holding after every action."""
    s, steps = playout(seed, players)
    assert s["winner"] is not None or s["draw"]
    if s["winner"] is not None:
        assert s["crowns"][s["winner"]] >= 7 or len(st.alive(s)) == 1


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(30))
def test_many_random_playouts(seed):
    """Thirty more seeded games of 2 to 4 players."""
    s, _ = playout(100 + seed, 2 + seed % 3)
    assert R.is_over(s)


def test_replay_is_deterministic():
    """The same seed and actions give the same game (the random stream lives in the state)."""
    a, _ = playout(5, 3, check_every=False)
    b, _ = playout(5, 3, check_every=False)
    assert to_json(a) == to_json(b)
