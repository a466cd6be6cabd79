"""Seeded random playouts of whole modern-units games (3, 4 and 5 players), checking invariants after every
action: units never negative, owner -1 exactly when a territory has no units, credits never negative, land
units never across a sea-line, states JSON-plain and never changed by apply, and every game ends."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from riskterm.engine.actions import Action
from riskterm.rules.modern import ModernRules
from riskterm.rules.modern.queries import crossing
from riskterm.rules.modern.units import mix_text, parse_mix

RULES = ModernRules()
ISLANDS = [t for t in range(len(RULES.board.territories)) if not RULES.board.land_adj[t]]


def frontier(r: ModernRules, s: dict[str, Any], t: int) -> bool:
    """Does t border a territory held by another player?"""
    return any(s["owner"][u] not in (-1, s["owner"][t]) for u in r.board.adj[t])


def policy(r: ModernRules, s: dict[str, Any], rnd: random.Random) -> Action:
    """Random, but purposeful enough that games end: spend the credits, place and gather units at the front,
    attack when stronger, take empty territories, press on while ahead."""
    acts = r.legal_actions(s)
    ph = s["phase"]
    idx = r.board.index
    if ph == "buy":
        buys = [a for a in acts if a.kind == "buy" and a.args[1] == 1]
        return rnd.choice(buys) if buys and rnd.random() < 0.95 else acts[-1]
    if ph in ("place", "setup"):
        front = [a for a in acts if frontier(r, s, idx[a.args[0]])]
        return rnd.choice(front or acts)
    if ph == "attack":
        good, gather = [], []
        for a in acts:
            if a.kind == "attack":
                force = sum(sum(parse_mix(m) or [0]) for m in a.args[2::2])
                if force > s["armies"][idx[a.args[0]]] + 1:
                    good.append(a)
            elif a.kind == "move":
                f, t = idx[a.args[0]], idx[a.args[1]]
                if s["owner"][t] == -1 and s["armies"][f] > 1:
                    good.append(a)
                elif (
                    not frontier(r, s, f) and frontier(r, s, t) and a.args[2] == mix_text(r.movable(s, f, t))
                ):
                    gather.append(a)
        if good and rnd.random() < 0.9:
            return rnd.choice(good)
        if gather:
            return rnd.choice(gather)
        if rnd.random() < 0.1:
            return rnd.choice(acts)
        return acts[-1]  # end
    if ph == "decide":
        b = s["battle"]
        mine = sum(sum(m) for _, m in b["sources"])
        return acts[0] if mine >= s["armies"][b["target"]] or rnd.random() < 0.3 else acts[1]
    return rnd.choice(acts)


def check(
    r: ModernRules,
    before: dict[str, Any],
    before_json: str,
    after: dict[str, Any],
    events: list[dict[str, Any]],
) -> None:
    assert json.dumps(before, sort_keys=True) == before_json, "apply changed the state it was given"
    json.dumps(after)
    units, owner, spent = after["units"], after["owner"], after["spent"]
    for t, row in enumerate(units):
        assert all(n >= 0 for n in row) and after["armies"][t] == sum(row)
        assert (owner[t] == -1) == (sum(row) == 0), (t, owner[t], row, after["phase"])
        assert all(0 <= b <= a for a, b in zip(row, spent[t], strict=True))
        if owner[t] >= 0:
            assert not after["players"][owner[t]]["out"]
    assert all(c >= 0 for c in after["credits"])
    assert all(n >= 0 for row in after["bought"] for n in row)
    for e in events:
        if e.kind == "move":
            sea = crossing(r, r.board.index[e.data["frm"]], r.board.index[e.data["to"]]) == "sea"
            mix = parse_mix(e.data["units"]) or []
            assert not sea or all(n == 0 or r.units[k].sea for k, n in enumerate(mix))
        if e.kind == "attack":
            to = r.board.index[e.data["to"]]
            for f, m in e.data["frm"]:
                if crossing(r, r.board.index[f], to) == "sea":
                    assert all(n == 0 or r.units[k].sea for k, n in enumerate(parse_mix(m) or []))
    for t in ISLANDS:  # land units only reach an island by being placed there
        placed = [0] * len(r.units)
        for e in events:
            if e.kind == "place" and r.board.index[e.data["territory"]] == t:
                placed[r.unit_index(e.data["unit"])] += e.data["count"]  # type: ignore[index]
        for k, u in enumerate(r.units):
            if not u.sea:
                assert units[t][k] <= before["units"][t][k] + placed[k], (r.board.tid(t), u.name)
    if not r.is_over(after):
        assert not after["players"][r.actor(after)]["out"]
        assert r.legal_actions(after), after["phase"]


def play(n: int, seed: int, cap: int = 200, checks: bool = True) -> tuple[dict[str, Any], int]:
    r = RULES
    s, _ = r.new_game([f"P{i}" for i in range(n)], seed=seed, options={"turn_cap": cap})
    rnd = random.Random(seed)
    steps = 0
    while not r.is_over(s):
        a = policy(r, s, rnd)
        if checks:
            before_json = json.dumps(s, sort_keys=True)
            after, ev = r.apply(s, a)
            check(r, s, before_json, after, ev)
            for e in ev:
                line = r.presenter().describe(e, r.names(after), 0)
                assert line and not line.startswith("{"), e  # every event has a log line
        else:
            after, _ = r.apply(s, a)
        s = after
        steps += 1
        assert steps < 300_000
    return s, steps


@pytest.mark.parametrize(
    "n,seed", [(3, 4), pytest.param(4, 2, marks=pytest.mark.slow), pytest.param(5, 6, marks=pytest.mark.slow)]
)
def test_random_playout_whole_game(n, seed):
    """Object of the game: 'To occupy 28 territories at the end of a round' - every game ends (a win, or a
    draw at the round limit) and the invariants hold after every action."""
    s, steps = play(n, seed)
    assert RULES.is_over(s)
    if s["winner"] is not None:
        assert s["owner"].count(s["winner"]) >= 28 or sum(not p["out"] for p in s["players"]) == 1


def test_round_cap_ends_a_stalled_game():
    """Our reading: a game still running at the round limit is a draw."""
    s, _ = play(4, 9, cap=3)
    assert RULES.is_over(s) and (s["draw"] or s["winner"] is not None) and s["round"] <= 3


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5])
def test_many_random_playouts(n):
    wins = 0
    t0 = time.perf_counter()
    total = 0
    for seed in range(10):
        s, steps = play(n, 100 + seed)
        total += steps
        wins += s["winner"] is not None
    rate = total / (time.perf_counter() - t0)
    print(f"{n} players: {wins}/10 won, {total / 10:.0f} actions a game, {rate:.0f} actions/s with checks")
    assert wins >= 5
