"""The turn guard: a computer turn never hangs and never hands the engine an illegal action
('a bound on time and actions per turn, falling back to ending the turn')."""

from __future__ import annotations

import pytest

from riskterm.ai import make_player
from riskterm.ai.core.guard import TurnGuard, fallback_action, is_legal
from riskterm.engine.actions import Action, act
from riskterm.rules import find_variant


@pytest.fixture(scope="module")
def rules():
    return find_variant("classic")


def attack_state(rules):
    """Seat's turn in the attack phase of a quick-start game."""
    s, _ = rules.new_game(["A", "B", "C"], seed=3, options={"quick_start": True})
    while s["phase"] != "attack":
        seat = rules.actor(s)
        s = rules.apply(s, make_player("classic", "hard", 1).choose(rules, rules.view(s, seat), seat)).state
    return s


class Broken:
    level = "easy"

    def choose(self, rules, view, seat):
        raise RuntimeError("boom")


class Illegal:
    level = "easy"

    def choose(self, rules, view, seat):
        return act("attack", "alaska", "alaska", 9)


class Endless:
    """Keeps attacking one roll at a time for ever (if the guard let it)."""

    level = "easy"

    def choose(self, rules, view, seat):
        acts = [a for a in rules.legal_actions(view) if a.kind == "attack"]
        return acts[0] if acts else rules.legal_actions(view)[-1]


def test_fallback_ends_the_turn_in_attack_phase(rules):
    s = attack_state(rules)
    a = fallback_action(rules, rules.view(s, rules.actor(s)))
    assert a.kind == "end"


@pytest.mark.parametrize("player", [Broken(), Illegal()])
def test_broken_or_illegal_player_falls_back(rules, player):
    s = attack_state(rules)
    g = TurnGuard()
    a = g.choose(rules, s, rules.actor(s), player)
    assert a == Action("end") and g.fallbacks == 1


def test_strict_guard_reports_bad_players(rules):
    s = attack_state(rules)
    with pytest.raises(RuntimeError):
        TurnGuard(strict=True).choose(rules, s, rules.actor(s), Broken())
    with pytest.raises(AssertionError):
        TurnGuard(strict=True).choose(rules, s, rules.actor(s), Illegal())


def test_action_bound_ends_an_endless_turn(rules):
    s = attack_state(rules)
    seat, turn = rules.actor(s), s["turn"]
    g = TurnGuard(max_actions=5, max_seconds=None)
    count = 0
    while rules.actor(s) == seat and s["turn"] == turn and not rules.is_over(s):
        s = rules.apply(s, g.choose(rules, s, seat, Endless())).state
        count += 1
        assert count < 50
    assert g.fallbacks >= 1


def test_time_bound_uses_the_clock(rules):
    s = attack_state(rules)
    ticks = iter(range(0, 1000, 10))
    g = TurnGuard(max_actions=10_000, max_seconds=15, clock=lambda: next(ticks))
    seat = rules.actor(s)
    g.choose(rules, s, seat, Endless())  # t=0 starts the turn
    g.choose(rules, s, seat, Endless())  # t=10 still in time
    assert g.fallbacks == 0
    assert g.choose(rules, s, seat, Endless()) == Action("end")  # t=20 > 15 s
    assert g.fallbacks == 1


def test_is_legal_treats_exceptions_as_no(rules):
    class Raising:
        def why_illegal(self, s, a):
            raise StopIteration

    assert not is_legal(Raising(), {}, act("end"))  # type: ignore[arg-type]
