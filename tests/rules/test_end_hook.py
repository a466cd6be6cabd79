"""The one end-of-game hook (rules/base.py, `check_end` and `finish`): the base asks it after every step on
every path (apply, headless.advance), so a mode can win by any move on any turn, not only by a
conquest. The modes below are made up for the test: each is a rulebook subclass overriding the hook."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from helpers import position, rng_rolling

import riskterm.rules as rules_pkg
from riskterm.engine.actions import act
from riskterm.rules.base import Outcome
from riskterm.rules.classic import ClassicRules
from riskterm.rules.europe import EuropeRules
from riskterm.rules.europe.round_end import ROUND_END
from riskterm.rules.headless import advance
from riskterm.rules.headless import quiet as make_quiet
from riskterm.rules.modern import ModernRules
from riskterm.rules.modern.rounds import ROUND_END as MODERN_ROUND_END
from riskterm.rules.risiko import RisikoRules


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


@pytest.mark.parametrize("path", ["apply", "advance"])
def test_a_placement_wins_through_the_hook_on_every_path(hold_alaska: HoldAlaska, path: str) -> None:
    """A win by placing armies (no conquest, no battle): the base asks check_end after the step on each of
    both paths and ends the game as the Outcome says; classic's finish adds its 'win' event."""
    s = _reinforcing(hold_alaska)
    a = act("place", "alaska", 2)
    after = advance(hold_alaska, s, a) if path == "advance" else hold_alaska.apply(s, a).state
    assert after["winner"] == 0 and after["phase"] == "over" and not after["draw"]
    assert hold_alaska.is_over(after) and hold_alaska.legal_actions(after) == []
    if path != "advance":
        events = hold_alaska.apply(s, a).events
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
    quiet = make_quiet(hold_alaska).apply(s, act("place", "alaska", 2))
    assert quiet.state == loud and quiet.events == []


def test_another_players_elimination_can_win_the_game() -> None:
    """The hook is asked inside a conquest too: seat 0 eliminates seat 2, and the made-up mission gives the
    game to seat 1; every army but one moves in, as with a classic win ('WINNING')."""
    rules = KingMaker()
    s = position(
        rules,
        {"alaska": 0, "kamchatka": 2},
        {"alaska": 4, "kamchatka": 1},
        default_owner=1,
        rng=rng_rolling([6, 5, 4], [1]),
    )
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


def test_no_rulebook_sets_the_winner_or_the_draw_by_hand() -> None:
    """Every rulebook's game ends through check_end and finish: outside the base's finish, no module of a
    rulebook writes a state's 'winner' or 'draw' (a mode overriding the hook then sees every end)."""
    root = Path(rules_pkg.__file__).parent
    # s["winner"] = ..., s["draw"], s["phase"] = ... (not ==, !=, <=, >=)
    by_hand = re.compile(r"""\[\s*["'](winner|draw)["']\s*\][^=\n]*(?<![!<>=])=(?!=)""")
    hand = [
        f"{path.relative_to(root)}:{n}"
        for path in sorted(root.rglob("*.py"))
        if path.name != "base.py"
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if by_hand.search(line)
    ]
    assert hand == []


def test_europe_crowns_win_only_at_the_end_of_a_round() -> None:
    """'The first player to control 7 or more crowns at the end of a round after all battles are resolved
    wins the game!': 7 crowns in the middle of a round end nothing; at the round's end the hook names the
    winner, and finish makes the winner the acting seat and says so in a 'win' event."""
    rules = EuropeRules()
    s, _ = rules.new_game(["A", "B", "C"], seed=4)
    s = {**s, "crowns": [2, 7, 3]}
    assert rules.check_end(s) is None
    at_end = {**s, "phase": ROUND_END}
    assert rules.check_end(at_end) == Outcome((1,), "crowns")
    events: list[Any] = []
    rules.finish(at_end, Outcome((1,), "crowns"), events)
    assert (at_end["winner"], at_end["phase"], at_end["actor"]) == (1, "over", 1)
    assert [(e.kind, e.data["crowns"], e.data["last"]) for e in events] == [("win", 7, False)]


def test_europe_past_the_round_cap_is_a_draw() -> None:
    """The round cap (our limit, the rules screen's reading): a game past it is a draw, whatever the phase."""
    rules = EuropeRules()
    s, _ = rules.new_game(["A", "B", "C"], seed=4)
    s = {**s, "round": s["options"]["round_cap"] + 1}
    assert rules.check_end(s) == Outcome((), "round_cap")


def test_modern_goal_counts_after_a_rounds_last_turn_and_the_last_player_at_once() -> None:
    """'To occupy 28 territories at the end of a round': the goal counts only at a round's end; the last
    player left wins at once."""
    rules = ModernRules()
    s, _ = rules.new_game(["A", "B", "C"], seed=2)
    owner = [0] * s["options"]["goal"] + [1] * (len(s["owner"]) - s["options"]["goal"] - 1) + [2]
    s = {**s, "owner": owner}
    assert rules.check_end(s) is None
    assert rules.check_end({**s, "phase": MODERN_ROUND_END}) == Outcome((0,), "goal")
    out = [{**p, "out": i != 2} for i, p in enumerate(s["players"])]
    assert rules.check_end({**s, "players": out}) == Outcome((2,), "last")


def test_risiko_victory_waits_until_a_conquest_is_settled() -> None:
    """'A player WINS who occupies completely 3 Empires in addition to their own': looked at in the main
    phase once the armies have moved in, not while a conquest's occupation is pending."""
    rules = RisikoRules()
    s, _ = rules.new_game(["A", "B", "C"], seed=3)
    p = 0
    s = {**s, "owner": [p] * len(s["owner"]), "phase": "main", "current": p, "pending": None}
    won = rules.check_end(s)
    assert won is not None and won.winners == (p,)
    assert (
        rules.check_end({**s, "pending": {"from": 0, "to": 1, "min": 1, "defender": 1, "fortress": False}})
        is None
    )
