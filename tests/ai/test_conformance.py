"""Playout conformance over every rulebook that has landed: seeded games between
random and computer players, checking after every action the common invariants of the engine interface
(docs/engine-api.md), that `apply` accepts actions `legal_actions` offers, rejects others with a sentence,
and never changes the state it was given. The default run plays a few hundred actions per rulebook; the
slow run plays whole games."""

from __future__ import annotations

import json
import random

import pytest

from riskterm.ai import RandomPlayer, make_player
from riskterm.ai.core.guard import TurnGuard
from riskterm.engine.actions import Action
from riskterm.errors import IllegalActionError
from riskterm.rules import available_variants, find_variant

VARIANTS = available_variants()


def check_state(rules, s) -> None:
    n = len(rules.board.territories)
    seats = len(s["players"])
    assert len(s["owner"]) == n and len(s["armies"]) == n
    assert all(-1 <= o < seats for o in s["owner"])
    assert all(a >= 0 for a in s["armies"])
    if rules.is_over(s):
        assert rules.actor(s) is None and rules.legal_actions(s) == []
    else:
        assert 0 <= rules.actor(s) < seats
        assert rules.view(s, rules.actor(s))["rng"] == 0


def playout(variant: str, seed: int, max_actions: int, sample: int = 2) -> int:
    rules = find_variant(variant)
    rnd = random.Random(seed)
    n = max(rules.min_players, min(4, rules.max_players))
    s, _ = rules.new_game([f"P{i}" for i in range(n)], seed, {"turn_cap": 60})
    players = [
        RandomPlayer(seed + i) if i % 2 else make_player(variant, "normal", seed + i) for i in range(n)
    ]
    guard = TurnGuard(strict=True, max_seconds=None)
    steps = 0
    while not rules.is_over(s) and steps < max_actions:
        check_state(rules, s)
        seat = rules.actor(s)
        legal = rules.legal_actions(s)
        assert legal, f"no legal action in phase {s.get('phase')}"
        frozen = json.dumps(s, sort_keys=True)
        for a in rnd.sample(legal, min(sample, len(legal))):
            assert rules.why_illegal(s, a) is None, a
            rules.apply(s, a)
        bad = Action("nonsense", ("x",))
        why = rules.why_illegal(s, bad)
        assert isinstance(why, str) and why
        with pytest.raises(IllegalActionError):
            rules.apply(s, bad)
        a = guard.choose(rules, s, seat, players[seat])
        before, s = s, rules.apply(s, a).state
        assert json.dumps(before, sort_keys=True) == frozen, f"{a} changed the state it was given"
        steps += 1
    check_state(rules, s)
    return steps


@pytest.mark.parametrize("variant", VARIANTS)
def test_playout_conformance_short(variant):
    assert playout(variant, seed=31, max_actions=250) > 0


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_playout_conformance_whole_games(variant, seed):
    playout(variant, seed=seed, max_actions=200_000, sample=1)
