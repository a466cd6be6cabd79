"""Hard's plan to finish its Secret Mission within the turn (riskterm/ai/classic/mission_plan.py): the exact
odds along a chain of attacks, and the plan the hard player follows when it can complete its mission now."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import position

from riskterm.ai.classic.mission_plan import Goal, chain_counts, plan, survivors
from riskterm.ai.classic.mission_rivals import Watch
from riskterm.ai.classic.player import ClassicPlayer
from riskterm.ai.core.board_info import board_info, win_chance
from riskterm.rules.classic import ClassicRules
from riskterm.rules.classic.missions import OPTIONS


@pytest.fixture(scope="module")
def rules() -> ClassicRules:
    return ClassicRules()


def with_missions(s: dict[str, Any], missions: list[dict[str, Any]]) -> dict[str, Any]:
    s = dict(s)
    s["options"] = {**s["options"], "mode": "missions", **{k: c[0] for k, _, c in OPTIONS}}
    s["missions"] = missions
    return s


def test_survivors_add_up_to_the_exact_odds() -> None:
    """The dice of the 1993 rules (3 against 2): the chances of winning with each number of survivors add up to
    the exact chance of taking the territory."""
    for m, d in ((1, 1), (3, 2), (7, 4), (12, 9)):
        assert sum(survivors(m, d)) == pytest.approx(win_chance(m, d), abs=1e-9)


def test_a_chain_of_one_fight_is_that_fight() -> None:
    """One territory on the chain: taking it is the fight's own chance; every count's chances add up to 1."""
    c = chain_counts(6, (3,), 1)
    assert c[1] == pytest.approx(win_chance(6, 3), abs=1e-9)
    longer = chain_counts(10, (2, 1, 3), 1)
    assert sum(longer) == pytest.approx(1.0, abs=1e-9)
    assert longer[3] < c[1]


def test_destroy_plan_takes_the_targets_last_territories(rules: ClassicRules) -> None:
    """'Destroy all of a player's armies': the target's last two territories beside a big stack make a
    plan likely to succeed; the hard player attacks along it."""
    owners = {"alaska": 0, "northwest_territory": 2, "alberta": 2, "kamchatka": 1}
    s = position(
        rules, owners, {"alaska": 20, "northwest_territory": 2, "alberta": 1}, players=3, default_owner=1
    )
    s = with_missions(s, [{"card": "destroy", "target": 2}, None, None])
    info = board_info(rules.board)
    pl = plan(info, s, 0, Goal(target=2), 0)
    assert pl is not None and pl.chance > 0.9
    assert {t for c in pl.chains for t in c.steps} == {
        rules.board.index["northwest_territory"],
        rules.board.index["alberta"],
    }
    a = ClassicPlayer("hard", 1).choose(rules, s, 0)
    assert a.kind == "attack" and a.args[0] == "alaska" and a.args[1] in ("northwest_territory", "alberta")


def test_a_plan_never_eliminates_another_player(rules: ClassicRules) -> None:
    """A player eliminated by someone other than its destroyer hands the game to whoever holds that colour's
    card: a plan for a continent that would take a bystander's last territory is no plan."""
    owners = {
        t: 0
        for t in (
            "alaska",
            "northwest_territory",
            "alberta",
            "ontario",
            "quebec",
            "western_united_states",
            "eastern_united_states",
            "central_america",
        )
    }
    owners["greenland"] = 2  # the bystander's only territory, in North America
    s = position(rules, owners, {"alaska": 30}, players=3, default_owner=1)
    info = board_info(rules.board)
    na = next(i for i, r in enumerate(rules.board.regions) if r.id == "north_america")
    assert plan(info, s, 0, Goal(regions=(na,)), 5) is None
    s["owner"][rules.board.index["iceland"]] = 2  # now it keeps Iceland
    pl = plan(info, s, 0, Goal(regions=(na,)), 5)
    assert pl is not None and pl.chance > 0.5


def test_count_plan_tops_up_before_it_conquers(rules: ClassicRules) -> None:
    """'Occupy 18 territories with at least 2 armies in each': the reinforcements go one each onto the
    territories with one army first."""
    owner_ids = [t.id for t in rules.board.territories][:18]
    s = position(rules, dict.fromkeys(owner_ids, 0), {t: 2 for t in owner_ids[:15]}, players=3)
    info = board_info(rules.board)
    pl = plan(info, s, 0, Goal(territories=18, armies=2), 3)
    assert pl is not None and pl.chance == 1.0 and sum(n for _, n in pl.place) == 3


def test_a_rival_conquering_a_continent_is_read_as_holding_its_card(rules: ClassicRules) -> None:
    """The cards are public, only who holds which is secret: a rival seen taking Australia again and again
    most likely holds 'Conquer North America and Australia', never the seat's own card."""
    s = with_missions(position(rules, {}, players=4), [{"card": "destroy", "target": 2}, None, None, None])
    info = board_info(rules.board)
    watch = Watch(seat=0)
    watch.see(info, s, 0)
    for tid in ("indonesia", "new_guinea", "western_australia"):
        owner = list(s["owner"])
        owner[rules.board.index[tid]] = 1
        s = {**s, "owner": owner}
        watch.see(info, s, 0)
    belief = watch.belief(1)
    best = watch.cards[max(range(len(belief)), key=belief.__getitem__)]
    assert best.get("regions") == ["north_america", "australia"]
    assert {"card": "destroy", "target": 2} not in watch.cards


def test_count_plan_rolls_from_its_biggest_stacks_only(rules: ClassicRules) -> None:
    """'Occupy 24 territories': with a border territory beside the enemy everywhere, the plan rolls from at most
    MAX_CHAINS of its stacks, the biggest (a chain from every one-army border cost seconds per decision)."""
    from riskterm.ai.classic.mission_plan import MAX_CHAINS

    ids = [t.id for t in rules.board.territories]
    mine = ids[::2][:20]
    s = position(rules, dict.fromkeys(mine, 0), {t: 3 + i for i, t in enumerate(mine)}, players=3)
    info = board_info(rules.board)
    pl = plan(info, s, 0, Goal(territories=24), 6)
    assert pl is not None and 0 < len(pl.chains) <= MAX_CHAINS
    assert rules.board.index[mine[-1]] in {c.source for c in pl.chains}  # the biggest stack rolls


def test_the_search_play_outs_do_not_read_the_rivals(rules: ClassicRules) -> None:
    """Hard reads its rivals' cards from their conquests; the players of its search's play-outs do not (they
    see a few steps of the game, and weighing every rival card at every step took seconds per decision)."""
    from riskterm.ai.classic import playout_player

    s = with_missions(
        position(rules, {"alaska": 0, "peru": 0}, players=4),
        [{"card": "destroy", "target": 2}, None, None, None],
    )
    s.update(phase="reinforce", reserve=3)
    hard, playout = ClassicPlayer("hard", 1), playout_player("hard", 1)
    hard.choose(rules, rules.view(s, 0), 0)
    playout.choose(rules, rules.view(s, 0), 0)
    assert hard._watch is not None and playout._watch is None
