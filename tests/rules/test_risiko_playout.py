"""Seeded random playouts of whole RisiKo! Più games (3-6 players), checking invariants after every action."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from typing import Any

import pytest
from test_risiko_helpers import biased_choice, cards_ok

from riskterm.rules.risiko import RisikoRules
from riskterm.rules.risiko.cards import cards_in_play, make_deck
from riskterm.rules.risiko.setup import SETUP_PHASES, START_ARMIES

R = RisikoRules()


def check(s: dict[str, Any], k: int) -> None:
    n = len(s["players"])
    assert cards_ok(s), "the 48 cards are conserved"
    alive = [p for p in range(n) if not s["players"][p]["out"]]
    if s["phase"] not in SETUP_PHASES:
        someone_out = len(alive) < n
        for t, (o, a) in enumerate(zip(s["owner"], s["armies"], strict=True)):
            if o == -1:
                assert a == 0 and someone_out, f"territory {t} free without a fortress conquest"
            else:
                assert a >= 1 and not s["players"][o]["out"], f"territory {t}: owner {o}, {a} armies"
        pend = s["pending"]
        for p in alive:
            if pend and pend["fortress"] and pend["defender"] == p:
                continue  # fallen; eliminated once the conqueror has moved in
            assert s["owner"][s["fortress"][p]] == p, "a player always holds their fortress"
    else:
        on_board = [sum(a for a, o in zip(s["armies"], s["owner"], strict=True) if o == p) for p in range(n)]
        assert all(on_board[p] + s["to_place"][p] == START_ARMIES[n] for p in range(n))
    if not R.is_over(s):
        assert s["actor"] in alive
        if k % 7 == 0:  # a player choosing from their own view sees the same choices
            assert R.legal_actions(R.view(s, s["actor"])) == R.legal_actions(s)
            other = next(p for p in range(n) if p != s["actor"])
            check_secrets(s, other)


def check_secrets(s: dict[str, Any], seat: int) -> None:
    """The view of `seat` names no card it may not see and no unused Hidden Armies territory but its own."""
    v = R.view(s, seat)
    visible = set(v["hands"][seat]) | set(cards_in_play(s)) | set(s["discard"])
    spy = s["spy"]
    if spy and spy["stage"] == "choose" and spy["by"] == seat:
        visible |= set(s["hands"][spy["target"]])
    text = json.dumps(v)
    hidden_cards = set(make_deck()) - visible
    assert not any(f'"{c}"' in text for c in hidden_cards), "a secret card leaks into the view"
    for q, hs in enumerate(v["hidden"]):
        if q != seat:
            assert all(h["territory"] == "?" for h in hs if not h["used"])
    assert v["rng"] == 0


def playout(
    seed: int,
    players: int,
    checks: bool = True,
    kinds: Counter[str] | None = None,
    options: dict[str, Any] | None = None,
) -> tuple[dict[str, Any], int]:
    rnd = random.Random(seed)
    s, _ = R.new_game([f"P{i}" for i in range(players)], seed, options)
    k = 0
    while not R.is_over(s):
        acts = R.legal_actions(s)
        assert acts, f"no legal action in phase {s['phase']}"
        a = biased_choice(acts, rnd)
        if kinds is not None:
            kinds[a.kind] += 1
        if checks:
            before = json.dumps(s, sort_keys=True)
            assert R.why_illegal(s, a) is None
        s2, ev = R.apply(s, a)
        if checks:
            assert json.dumps(s, sort_keys=True) == before, f"apply({a}) changed the old state"
            json.dumps([e.data for e in ev])  # JSON-plain data
            for e in ev:
                assert R.presenter().describe(e, R.names(s2), 0)
            check(s2, k)
        s = s2
        k += 1
        assert k < 200_000
    return s, k


@pytest.mark.parametrize(
    "players,seed,options",
    [
        (3, 1, {}),
        (4, 2, {}),
        (5, 3, {}),
        (6, 4, {}),
        (4, 5, {"defender": "when_needed", "quick_start": True}),
    ],
)
def test_random_playout_keeps_invariants_and_ends(players: int, seed: int, options: dict[str, Any]) -> None:
    """Whole games: every territory owned with 1+ armies after setup, 48 cards conserved, states JSON-plain and
    never changed by apply, and the game ends (a win or the turn limit)."""
    s, _ = playout(seed, players, options=options)
    assert s["winner"] is not None or s["draw"]


@pytest.mark.slow
def test_many_random_playouts() -> None:
    """40 seeded games, 10 for each player count, all checked; prints game lengths and speed."""
    lengths, actions, t0 = [], 0, time.perf_counter()
    wins = 0
    kinds: Counter[str] = Counter()
    for seed in range(40):
        s, k = playout(
            1000 + seed,
            3 + seed % 4,
            kinds=kinds,
            options={"defender": "when_needed"} if seed % 5 == 4 else None,
        )
        lengths.append(s["turn"])
        actions += k
        wins += s["winner"] is not None
    dt = time.perf_counter() - t0
    print(
        f"\nturns: min {min(lengths)} mean {sum(lengths) / len(lengths):.0f} max {max(lengths)}; "
        f"wins {wins}/40; {actions / dt:.0f} checked actions/s"
    )
    print(dict(kinds.most_common()))
    assert set(kinds) == {spec.kind for spec in R.presenter().action_specs}, (
        "every action kind is played somewhere"
    )


@pytest.mark.slow
def test_playout_speed_unchecked() -> None:
    """Speed of the engine alone (random legal actions, no invariant checks)."""
    t0, actions = time.perf_counter(), 0
    for seed in range(20):
        _, k = playout(5000 + seed, 3 + seed % 4, checks=False)
        actions += k
    print(f"\n{actions / (time.perf_counter() - t0):.0f} actions/s over {actions} actions")


def test_same_seed_same_actions_same_game() -> None:
    """Save files replay a game from its seed and actions: the engine is deterministic."""
    a, _ = playout(77, 4, checks=False)
    b, _ = playout(77, 4, checks=False)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
