"""Risk: Europe battles as pure functions of explicit dice ("The Battle", risk-europe.txt)."""

from __future__ import annotations

from riskterm.rules.europe.battle import (
    all_loss_mixes,
    default_losses,
    fight,
    loss_choice_matters,
    rank_dice,
    rank_hits,
)


def test_rank_dice_per_unit_type():
    """ "Rank 1 | Siege Weapons | 2 per Siege Weapon"; archers and cavalry roll 1 die per unit."""
    att, dfn = [5, 2, 3, 2], [4, 1, 0, 1]
    assert rank_dice(1, att, dfn) == (4, 2)
    assert rank_dice(2, att, dfn) == (2, 1)
    assert rank_dice(3, att, dfn) == (3, 0)


def test_general_attack_dice_counts():
    """ "Attacker 3+ Units 3 Dice, 2 Units 2 Dice, [1 Unit] 1 Die; Defender 2+ Units 2 Dice, 1 Unit 1 Die",
    counting all unit types."""
    assert rank_dice(4, [1, 1, 1, 1], [0, 0, 2, 1]) == (3, 2)
    assert rank_dice(4, [0, 1, 1, 0], [1, 0, 0, 0]) == (2, 1)
    assert rank_dice(4, [1, 0, 0, 0], [9, 0, 0, 0]) == (1, 2)


def test_ranks_hit_on_their_numbers():
    """ "Siege Weapons ... 3+", "Archers ... 5+", "Cavalry ... 3+"; both sides roll at the same time."""
    assert rank_hits(1, [3, 2, 6], [1, 4]) == (2, 1)
    assert rank_hits(2, [5, 4, 6], [5]) == (2, 1)
    assert rank_hits(3, [3, 2], [1, 1, 3]) == (1, 1)


def test_general_attack_ties_go_to_the_defender():
    """ "any time the attacker's and the defender's numbers are tied, only the defender scores a hit"."""
    assert rank_hits(4, [4, 2, 1], [4, 1]) == (1, 1)  # 4-4 defender hits; 2-1 attacker hits
    assert rank_hits(4, [6, 6, 6], [6, 6]) == (0, 2)


def test_general_attack_at_most_two_hits():
    """ "only a maximum of two hits can ever be scored during each General Attack"."""
    assert rank_hits(4, [6, 6, 6], [1, 1]) == (2, 0)
    assert rank_hits(4, [6, 6, 6], [1]) == (1, 0)


def test_footmen_only_battles_skip_ranks_1_to_3():
    """ "if both players only control Footmen ... They will skip Ranks 1, 2 and 3"."""
    dice = iter([6, 5, 4, 1, 1, 6, 6, 6, 1, 1])
    a, d, log = fight([5, 0, 0, 0], [4, 0, 0, 0], dice)
    assert [e["rank"] for e in log] == [4, 4]
    assert a == [5, 0, 0, 0] and d == [0, 0, 0, 0]


def test_ranks_in_order_and_losses_after_each_rank():
    """ "siege weapons, archers, cavalry and then a general attack"; "units must be removed before both players
    may proceed to the next rank"."""
    # attacker 1 archer + 2 footmen; defender 1 cavalry + 1 footman
    dice = iter(
        [
            5,  # archers: attacker 5 -> hit; defender rolls none
            4,  # cavalry: defender 4 -> hit on the attacker
            6,
            1,
            2,  # general attack: attacker 2 units left -> 2 dice; defender 1 unit -> 1 die
        ]
    )
    a, d, log = fight([2, 1, 0, 0], [1, 0, 1, 0], dice)
    assert [e["rank"] for e in log] == [2, 3, 4]
    # the defender's default loss is its footman; the attacker loses a footman to the cavalry
    assert log[0]["def_loss"] == [1, 0, 0, 0]
    assert log[1]["att_loss"] == [1, 0, 0, 0]
    assert d == [0, 0, 0, 0] and a == [1, 1, 0, 0]


def test_order_repeats_until_one_army_is_gone():
    """ "Both players repeat this order as many times as needed until one army is eliminated"."""
    dice = iter([1, 1, 1, 1, 6, 1, 5, 2, 6, 1])
    a, d, log = fight([0, 2, 0, 0], [0, 2, 0, 0], dice)
    assert [e["rank"] for e in log] == [2, 4, 2]
    assert a == [0, 1, 0, 0] and d == [0, 0, 0, 0]


def test_simultaneous_elimination():
    """ "If hits are scored in a battle that result in both armies being eliminated ... unclaimed"."""
    a, d, _ = fight([0, 1, 0, 0], [0, 1, 0, 0], iter([5, 6]))
    assert a == d == [0, 0, 0, 0]


def test_castle_reroll_once_per_repetition():
    """ "the defending player controls a castle ... may re-roll all dice of a single rank each time the Ranked
    Attack Order is repeated"."""
    calls = []

    def reroll(rank, att_dice, def_dice):
        calls.append(rank)
        return True

    # cycle 1: archers 1 vs 1, the defender re-rolls to 6 (hit); cavalry 1 vs 1, no re-roll left;
    # general attack 6 vs 1 1 (the defender loses its archer); cycle 2: cavalry 1 vs 1, re-rolled to 5
    dice = iter([1, 1, 6, 1, 1, 6, 1, 1, 1, 1, 5])
    a, d, log = fight([0, 1, 1, 0], [0, 1, 1, 0], dice, castle=True, reroll=reroll)
    assert log[0]["rerolled"] and log[0]["def_dice"] == [6]
    assert not log[1]["rerolled"]
    assert calls == [2, 3]  # asked once in each repetition, at the first rank where it rolled dice
    assert log[3]["rank"] == 3 and log[3]["rerolled"]  # the second repetition brings a new re-roll
    assert a == [0, 0, 0, 0] and d == [0, 0, 1, 0]


def test_no_reroll_without_castle():
    """Castle Defence belongs to "the defending player [who] controls a castle in the disputed territory"."""
    a, d, log = fight([0, 1, 0, 0], [0, 1, 0, 0], iter([6, 1, 6, 1]), castle=False, reroll=lambda *x: True)
    assert not log[0]["rerolled"] and d == [0, 0, 0, 0]


def test_losses_are_chosen_by_their_owner():
    """ "Each hit scored against an army reduces its army total by one unit (chosen by that army's owner)"."""
    assert default_losses([2, 1, 1, 1], 3) == [2, 1, 0, 0]
    assert loss_choice_matters([2, 1, 0, 0], 1)
    assert not loss_choice_matters([3, 0, 0, 0], 2)
    assert not loss_choice_matters([1, 1, 0, 0], 2)
    mixes = all_loss_mixes([2, 1, 1, 0], 2)
    assert [2, 0, 0, 0] in mixes and [0, 1, 1, 0] in mixes and all(sum(m) == 2 for m in mixes)
    a, d, log = fight(
        [0, 0, 1, 1],
        [3, 0, 0, 0],
        iter([3, 3, 3, 4, 1]),
        def_losses=lambda u, h: default_losses(u, h),
        att_losses=lambda u, h: [0, 0, 0, min(h, u[3])] if u[3] else default_losses(u, h),
    )
    assert log[0]["def_loss"] == [2, 0, 0, 0]


def test_engine_battles_match_the_pure_function():
    """The engine's end-of-round battle is the ranked attack order of "The Battle": replaying its dice through
    fight() with the default losses gives the same survivors."""
    import random

    from riskterm.rules.europe import EuropeRules
    from riskterm.rules.europe.scenario import scenario

    rules = EuropeRules()
    x = rules.board.index["saxony"]
    rnd = random.Random(4)
    for k in range(25):
        att = [rnd.randint(0, 6), rnd.randint(0, 3), rnd.randint(0, 3), rnd.randint(0, 1)]
        dfn = [rnd.randint(1, 6), rnd.randint(0, 3), rnd.randint(0, 3), rnd.randint(0, 1)]
        att[0] += 1
        s = scenario(
            rules,
            units={"saxony": (2, dfn), "france": (0, [3, 0, 0, 0]), "turkey": (1, [3, 0, 0, 0])},
            att={"saxony": (0, att)},
            current=2,
            card_turn=2,
            rng=1000 + k,
        )
        s, ev = rules.apply(s, "end")
        while s["phase"] == "losses":
            s, more = rules.apply(s, "auto")
            ev += more
        dice = [d for e in ev if e.kind == "roll" for d in e.data["att_dice"] + e.data["def_dice"]]
        a, d, _ = fight(att, dfn, iter(dice))
        end = [e for e in ev if e.kind == "battle_end"][0].data["result"]
        if end == "attacker":
            assert not sum(d) and s["units"][x] == a
        elif end == "defender":
            assert not sum(a) and s["units"][x] == d
        else:
            assert not sum(a) and not sum(d)
