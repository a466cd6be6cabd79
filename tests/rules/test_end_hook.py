"""The one end-of-game hook (rules/base.py, `check_end` and `finish`): the base asks it after every step on
every path (apply, apply_trusted, advance), so a mode can win by any move on any turn, not only by a
conquest. The modes below are made up for the test: each is a rulebook subclass overriding the hook."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import position, rng_rolling

from riskterm.engine.actions import act
from riskterm.rules.base import Outcome
from riskterm.rules.classic import ClassicRules
from riskterm.rules.europe import EuropeRules


class HoldAlaska(ClassicRules):
    """A made-up mode: whoever has 5 or more armies in Alaska wins at once."""

    def check_end(self, s: dict[str, Any]) -> Outcome | None:
        t = self.board.index["alaska"]
        if s["owner"][t] >= 0 and s["armies"][t] >= 5:
            return Outcome((s["owner"][t],), "alaska")
        return super().check_end(s)


class KingMaker(ClassicRules):
    """A made-up mode: seat 1 wins the moment seat 2 is eliminated, whoever eliminates it."""

    def check_end(self, s: dict[str, Any]) -> Outcome | None:
        return Outcome((1,), "mission") if s["players"][2]["out"] else super().check_end(s)


@pytest.fixture(scope="module")
def hold_alaska() -> HoldAlaska:
    return HoldAlaska()


def _reinforcing(rules: ClassicRules) -> dict[str, Any]:
    s = position(rules, {"alaska": 0}, {"alaska": 3})
    return {**s, "phase": "reinforce", "reserve": 3}


@pytest.mark.parametrize("path", ["apply", "apply_trusted", "advance"])
def test_a_placement_wins_through_the_hook_on_every_path(hold_alaska: HoldAlaska, path: str) -> None:
    """A win by placing armies (no conquest, no battle): the base asks check_end after the step on each of
    the three paths and ends the game as the Outcome says; classic's finish adds its 'win' event."""
    s = _reinforcing(hold_alaska)
    a = act("place", "alaska", 2)
    after = hold_alaska.advance(s, a) if path == "advance" else getattr(hold_alaska, path)(s, a).state
    assert after["winner"] == 0 and after["phase"] == "over" and not after["draw"]
    assert hold_alaska.is_over(after) and hold_alaska.legal_actions(after) == []
    if path != "advance":
        events = getattr(hold_alaska, path)(s, a).events
        assert events[-1].kind == "win" and events[-1].data["by"] == "alaska"
    assert s["winner"] is None and s["phase"] == "reinforce", "the state given is never changed"


def test_a_step_that_does_not_meet_the_condition_goes_on(hold_alaska: HoldAlaska) -> None:
    """One army short of the made-up goal: the hook says None and the turn goes on as in classic."""
    s = _reinforcing(hold_alaska)
    after = hold_alaska.apply(s, act("place", "alaska", 1)).state
    assert after["winner"] is None and after["phase"] == "reinforce" and after["reserve"] == 2


def test_a_quiet_copy_ends_the_game_too(hold_alaska: HoldAlaska) -> None:
    """A quiet() copy (no events at all) reaches the same final state through the hook."""
    s = _reinforcing(hold_alaska)
    loud = hold_alaska.apply(s, act("place", "alaska", 2)).state
    quiet = hold_alaska.quiet().apply(s, act("place", "alaska", 2))
    assert quiet.state == loud and quiet.events == []


def test_another_players_elimination_can_win_the_game() -> None:
    """The hook is asked inside a conquest too: seat 0 eliminates seat 2, and the made-up mission gives the
    game to seat 1; every army but one moves in, as with a classic win ('WINNING')."""
    rules = KingMaker()
    s = position(rules, {"alaska": 0, "kamchatka": 2}, {"alaska": 4, "kamchatka": 1}, default_owner=1,
                 rng=rng_rolling([6, 5, 4], [1]))
    t = rules.apply(s, act("attack", "alaska", "kamchatka", 3))
    after = t.state
    assert after["winner"] == 1 and after["phase"] == "over"
    assert [e.kind for e in t.events][-3:] == ["conquer", "eliminate", "win"]
    assert t.events[-1].data == {"turn": 5, "player": 1, "by": "mission"}
    assert after["armies"][rules.board.index["kamchatka"]] == 3


def test_the_default_hook_keeps_classic_going_without_a_winner(classic: ClassicRules) -> None:
    """Classic's own hook is its rulebook's end ('WINNING': every territory; two players: the other
    eliminated): a placement in a game far from it ends nothing."""
    s = _reinforcing(classic)
    assert classic.check_end(s) is None
    assert classic.apply(s, act("place", "alaska", 2)).state["winner"] is None


def test_classic_holding_every_territory_is_the_hooks_outcome(classic: ClassicRules) -> None:
    """'eliminate all opponents by capturing every territory on the board' is what check_end reports."""
    s = position(classic, {}, default_owner=0)
    assert classic.check_end(s) == Outcome((0,), "world")


def test_europe_wins_through_the_hook_by_a_bid() -> None:
    """Europe's end is checked only at the end of a round by its rules; a mode's hook ends the game on any
    step: here the first bid of the game (made-up mode: bidding 3 coins wins)."""

    class BidWins(EuropeRules):
        def check_end(self, s: dict[str, Any]) -> Outcome | None:
            bids = s["bids"]
            return Outcome((bids.index(3),), "bid") if 3 in bids else None

    rules = BidWins()
    s, _ = rules.new_game(["A", "B", "C"], seed=4)
    after = rules.apply(s, act("bid", 3)).state
    assert after["winner"] == s["actor"] and after["phase"] == "over"
    assert rules.actor(after) is None and rules.legal_actions(after) == []
