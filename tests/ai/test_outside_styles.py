"""The outside opponents of bench/outside_styles.py (bench/styles: a turtle, a greedy attacker, a card hoarder,
a spreader, a random-but-legal player) play legal classic games from their own view, and hard beats them by
more than normal does (slow: the measure behind docs/benchmarks.md's outside-style table)."""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from types import ModuleType

import pytest

from riskterm.ai.strength import wilson


def bench() -> ModuleType:
    path = pathlib.Path(__file__).parents[2] / "bench" / "outside_styles.py"
    spec = importlib.util.spec_from_file_location("outside_styles", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["outside_styles"] = module  # its games go to worker processes by this name
    spec.loader.exec_module(module)
    return module


def test_styles_play_legal_actions_from_their_view():
    """Each classic style's first 150 actions of a game against the others are legal on its view (the
    bench's guard would otherwise fall back and hide a broken style)."""
    from riskterm.ai.core.guard import TurnGuard
    from riskterm.rules import PlayerSetup, find_variant

    styles = bench().STYLES
    rules = find_variant("classic")
    names = ["turtle", "greedy", "hoarder", "spreader"]
    state, _ = rules.new_game([PlayerSetup(n) for n in names], 7, {})
    players = [styles[n][0](i) for i, n in enumerate(names)]
    guard = TurnGuard(max_seconds=None, strict=True)  # strict: an illegal choice raises
    for _ in range(150):
        seat = rules.actor(state)
        if seat is None:
            break
        state = rules.apply(state, guard.choose(rules, state, seat, players[seat])).state
    assert state["phase"] not in ("claim", "setup")


@pytest.mark.slow
@pytest.mark.parametrize("style", ["turtle", "greedy", "hoarder", "spreader"])
def test_hard_beats_outside_styles_more_than_normal(style):
    """Classic, one seat against three of an outside style, seat rotated, 160 games each: hard wins more
    often than normal, or both lose at most four games. Against the hoarder both win nearly every game since
    normal plans knock-outs: 40 games could not tell them apart (39 and 40 of 40), 160 can (154 and 148)."""
    b = bench()
    games = 160
    hard = b.cell("classic", style, "hard", games, 20_000, 2)[0]
    normal = b.cell("classic", style, "normal", games, 20_000, 2)[0]
    lo, hi = wilson(hard, games)
    nlo, nhi = wilson(normal, games)
    print(f"{style}: hard {hard}/{games} ({lo:.0%}-{hi:.0%}), normal {normal}/{games} ({nlo:.0%}-{nhi:.0%})")
    assert hard > normal or hard == normal >= games - 4
