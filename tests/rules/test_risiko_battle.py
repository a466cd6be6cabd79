"""Battles of risiko-piu.txt: "Attack", "Battle Result" (the four examples), "Conquest of a Territory",
"Hidden Armies", "Conquest of a Fortress" and the victory of "Object of the Game"."""

from __future__ import annotations

import pytest
from support import with_dice
from test_risiko_helpers import armies, cards_ok, owner, position, run

from riskterm.errors import IllegalActionError
from riskterm.rules.risiko import RisikoRules
from riskterm.rules.risiko.battle import battle_result
from riskterm.rules.risiko.cards import kind_of
from riskterm.rules.risiko.conquest import free_left

R = RisikoRules()
B = R.board


# ---------------------------------------------------------------- the four examples
@pytest.mark.parametrize(
    "att,dfn,losses",
    [
        ([5, 3], [6, 2], (1, 1)),  # Example 1: each loses one army
        ([6, 4, 3], [5], (0, 1)),  # Example 2: the defender loses one army
        ([6], [6], (1, 0)),  # Example 3: the attacker loses one army
        ([6, 2, 2], [5, 4, 2], (2, 1)),  # Example 4 (as corrected): the defender loses one, the attacker two
    ],
)
def test_battle_result_examples(att: list[int], dfn: list[int], losses: tuple[int, int]) -> None:
    """'the highest attacker die is compared with the highest defender die ... In case of a tie, the defender
    wins.' Examples 1-4 of "Battle Result"."""
    assert battle_result(att, dfn)[:2] == losses


def test_example_four_through_the_engine() -> None:
    """'Attacker's dice: 6, 2, 2. Defender's dice: 5, 4, 2. Result: the defender loses one army, and the
    attacker loses two.' 'Before rolling the dice, the attacker first and the defender afterwards declare'."""
    s = position(R, {"gascony": 0}, {"gascony": 6, "brittany": 5})
    s, ev = run(R, s, "attack gascony brittany", "roll 3")
    assert s["phase"] == "defend" and s["actor"] == 1  # the attacker declared; now the defender
    assert not any(e.kind == "battle" for e in ev)
    s = with_dice(s, 2, 6, 2, 4, 2, 5)
    s, ev = R.apply(s, "defend 3")
    assert armies(R, s, "gascony") == 4 and armies(R, s, "brittany") == 4
    assert s["actor"] == 0 and s["phase"] == "battle"


def test_dice_never_more_than_armies() -> None:
    """'you may not roll more dice than the number of armies present on the territory' and one army always
    stays behind in attack."""
    s = position(R, {"gascony": 0}, {"gascony": 3, "brittany": 2})
    s, _ = R.apply(s, "attack gascony brittany")
    with pytest.raises(IllegalActionError, match="1 to 2"):
        R.apply(s, "roll 3")
    s, _ = R.apply(s, "roll 2")
    with pytest.raises(IllegalActionError, match="1 to 2"):
        R.apply(s, "defend 3")


def test_attack_rules() -> None:
    """'You may attack only in order to conquer an adjacent enemy territory, but you must always have at least
    two armies on the territory from which you launch the attack'; dotted lines count as adjacent."""
    s = position(R, {"gascony": 0}, {"gascony": 1, "london": 3})
    with pytest.raises(IllegalActionError, match="at least 2"):
        R.apply(s, "attack gascony brittany")
    with pytest.raises(IllegalActionError, match="not next"):
        R.apply(s, "attack london brittany")
    with pytest.raises(IllegalActionError, match="own"):
        R.apply(s, "attack london wales")
    s, _ = R.apply(s, "attack london paris")  # the dotted line London-Paris
    assert s["phase"] == "battle"


def test_fortress_attacked_two_dice_each() -> None:
    """'Exception to the rule: when a fortress is attacked, no more than 2 dice may be played. This applies
    both to the attacker and to the defender.'"""
    s = position(R, {}, {"london": 9, "paris": 9})
    s, _ = R.apply(s, "attack london paris")
    assert [str(a) for a in R.legal_actions(s) if a.kind == "roll"] == ["roll 1", "roll 2"]
    with pytest.raises(IllegalActionError, match="fortress"):
        R.apply(s, "roll 3")
    s, _ = R.apply(s, "roll 2")
    assert [str(a) for a in R.legal_actions(s) if a.kind == "defend"] == ["defend 1", "defend 2"]
    with pytest.raises(IllegalActionError):
        R.apply(s, "defend 3")
    s = with_dice(s, 6, 6, 1, 1)
    s, _ = R.apply(s, "defend 2")
    assert armies(R, s, "paris") == 7


def test_occupation_with_at_least_the_dice_of_the_last_roll() -> None:
    """'you must occupy that territory with at least as many armies as were actually used in the last dice
    roll ... you must always leave at least one army as a garrison'."""
    s = position(R, {"gascony": 0}, {"gascony": 8, "brittany": 1})
    s, _ = R.apply(s, "attack gascony brittany")
    s, _ = R.apply(s, "roll 3")
    s = with_dice(s, 6, 1, 1, 2)
    s, ev = R.apply(s, "defend 1")
    assert owner(R, s, "brittany") == 0 and s["phase"] == "occupy"
    assert [a.args[0] for a in R.legal_actions(s)] == [3, 4, 5, 6, 7]
    with pytest.raises(IllegalActionError):
        R.apply(s, "occupy 2")
    with pytest.raises(IllegalActionError):
        R.apply(s, "occupy 8")
    s, _ = R.apply(s, "occupy 5")
    assert armies(R, s, "brittany") == 5 and armies(R, s, "gascony") == 3 and s["phase"] == "main"


def test_attack_ends_when_one_army_is_left() -> None:
    """'you must always have at least two armies on the territory from which you launch the attack'."""
    s = position(R, {"gascony": 0}, {"gascony": 2, "brittany": 3})
    s, _ = run(R, s, "attack gascony brittany", "roll 1")
    s = with_dice(s, 1, 6)
    s, ev = R.apply(s, "defend 1")
    assert s["attack"] is None and s["phase"] == "main" and ev[-1].kind == "attack_end"


# ---------------------------------------------------------------- hidden armies
def test_hidden_armies_defend_once_with_the_last_track_number() -> None:
    """'These may be used ONCE ONLY ... to defend the territory where they are hidden' ... 'place on the board
    a number of armies equal to the number shown above the last Reinforcement card played.'"""
    s = position(R, {"gascony": 0}, {"gascony": 9, "brittany": 1}, track=4)
    s["hidden"] = [[], [{"territory": "brittany", "used": False, "from": 1}], []]
    s, _ = run(R, s, "attack gascony brittany", "roll 3")
    assert "reveal brittany" in [str(a) for a in R.legal_actions(s)]
    s, ev = R.apply(s, "reveal brittany")
    assert armies(R, s, "brittany") == 1 + 6 and ev[0].data["armies"] == 6  # track 3,4,5,6: the last is 6
    assert s["hidden"][1][0]["used"]
    with pytest.raises(IllegalActionError):
        R.apply(s, "reveal brittany")  # once only
    assert R.view(s, 0)["hidden"][1][0]["territory"] == "brittany"  # shown to the other players
    s = with_dice(s, 6, 6, 6, 1, 1, 1)
    s, _ = R.apply(s, "defend 3")
    assert armies(R, s, "brittany") == 4


def test_hidden_armies_attack_from_their_territory_if_occupied() -> None:
    """'or to launch an attack from that territory. To be able to use them, you must occupy the territory
    where they were hidden.'"""
    s = position(R, {"gascony": 0, "madrid": 1}, {"gascony": 2}, track=1)
    s["hidden"] = [
        [
            {"territory": "gascony", "used": False, "from": 0},
            {"territory": "madrid", "used": False, "from": 0},
        ],
        [],
        [],
    ]
    s, _ = R.apply(s, "attack gascony brittany")
    with pytest.raises(IllegalActionError, match="attack from"):
        R.apply(s, "reveal madrid")
    s, ev = R.apply(s, "reveal gascony")
    assert armies(R, s, "gascony") == 2 + 3 and ev[0].kind == "hidden_reveal"


def test_hidden_armies_worth_nothing_before_any_reinforcement() -> None:
    """'a number of armies equal to the number shown above the last Reinforcement card played': none played,
    so they cannot appear yet (our reading)."""
    s = position(R, {"gascony": 0}, {"gascony": 2})
    s["hidden"] = [[{"territory": "gascony", "used": False, "from": 0}], [], []]
    s, _ = R.apply(s, "attack gascony brittany")
    with pytest.raises(IllegalActionError, match="No Reinforcement"):
        R.apply(s, "reveal gascony")


# ---------------------------------------------------------------- conquest of a fortress
def fortress_position() -> dict:
    s = position(
        R,
        {"burgundy": 1, "gascony": 1, "rome": 2, "venice": 2},
        {"london": 6, "paris": 1, "rome": 3, "venice": 2, "scotland": 3},
        hands=[["diplomat2"], ["marshal1", "diplomat1"], ["spy1"]],
        track=1,
    )
    s["hidden"] = [
        [{"territory": "wales", "used": False, "from": 0}],
        [{"territory": "rome", "used": False, "from": 1}],
        [],
    ]
    s["banners"][1] = ["french", "german"]  # P1 took P2's banner earlier (a test position)
    s["truces"] = [{"by": 1, "with": 2, "card": "diplomat3"}]
    s["deck"] = [c for c in s["deck"] if c != "diplomat3"]
    return s


def test_conquest_of_a_fortress_every_step() -> None:
    """'you conquer it and the player who owned it is eliminated from the game. Then ... Remove the conquered
    fortress from the game. Transport each of its banners to your fortress. Remove from the game the armies of
    the defeated player. Redistribute one army onto each territory left free ... starting with those with which
    you attacked. Each territory that you do not wish or are not able to occupy must be occupied, in turn, by
    the other players ... Add the cards of the defeated player to your own. Take possession of the Hidden
    Armies of the defeated player, if these have not yet been used.'"""
    s = fortress_position()
    p1_lands = [t for t, o in enumerate(s["owner"]) if o == 1 and B.tid(t) != "paris"]
    s, _ = run(R, s, "attack london paris", "roll 2")
    s = with_dice(s, 6, 5, 1)
    s, ev = R.apply(s, "defend 1")
    assert s["phase"] == "occupy"
    s, ev = R.apply(s, "occupy 4")
    kinds = [e.kind for e in ev]
    assert kinds[1:4] == ["fortress_removed", "banners", "eliminate"]
    assert s["fortress"][1] is None and s["players"][1]["out"]
    assert s["banners"][0] == ["british", "french", "german"] and s["banners"][1] == []
    assert all(s["owner"][t] == -1 and s["armies"][t] == 0 for t in p1_lands)
    assert s["truces"] == [] and "diplomat3" in s["discard"]
    assert s["phase"] == "redistribute" and s["actor"] == 0
    # the winner starts with the armies it attacked with (Paris: 4, London: 2)
    with pytest.raises(IllegalActionError, match="Start with"):
        R.apply(s, "garrison scotland gascony")
    with pytest.raises(IllegalActionError):
        R.apply(s, "garrison paris london")
    s, _ = run(
        R,
        s,
        "garrison paris gascony",
        "garrison paris burgundy",
        "garrison paris brittany",
        "garrison london netherlands",
    )
    assert (
        s["phase"] == "redistribute" and s["actor"] == 0
    )  # London and Paris are down to 1; Scotland could give more ...
    s, _ = R.apply(s, "pass")
    # ... the rest in turn by the other players: P2 must, while it has armies to spare (Rome 3, Venice 2)
    assert s["actor"] == 2
    with pytest.raises(IllegalActionError):
        R.apply(s, "pass")
    left = free_left(R, s)
    while s["phase"] == "redistribute":
        s, ev = R.apply(s, R.legal_actions(s)[0])
    assert len(left) >= 3  # more than P2 can fill: some stay free
    types = [e.kind for e in ev]
    assert "left_free" in types and types.index("cards_taken") < types.index("hidden_taken")
    # cards and hidden armies to the winner; two players left: the Diplomats are discarded and replaced
    assert "marshal1" in s["hands"][0] and s["hands"][1] == []
    assert not any(kind_of(c) == "diplomat" for h in s["hands"] for c in h)
    assert {"diplomat1", "diplomat2"} <= set(s["discard"]) and len(s["hands"][0]) == 3
    assert {"territory": "rome", "used": False, "from": 1} in s["hidden"][0]
    assert s["phase"] == "main" and s["actor"] == 0 and cards_ok(s)
    # a territory nobody could occupy stays free: walk in from next door
    free = [t for t, o in enumerate(s["owner"]) if o == -1]
    assert free and all(s["armies"][t] == 0 for t in free)


def test_walk_into_a_free_territory() -> None:
    """Our reading: a territory left free after a fortress falls is taken without a battle."""
    s = position(R, {"gascony": 0}, {"gascony": 4})
    t = B.index["brittany"]
    s["owner"][t], s["armies"][t] = -1, 0
    s, ev = R.apply(s, "attack gascony brittany")
    assert ev[0].kind == "walk_in" and owner(R, s, "brittany") == 0 and s["phase"] == "occupy"
    s, _ = R.apply(s, "occupy 3")
    assert armies(R, s, "brittany") == 3 and armies(R, s, "gascony") == 1


def test_fortress_taken_by_sea() -> None:
    """'Conquest of a Fortress' applies to a fortress taken with the flagship too."""
    s = position(R, {}, {"london": 6, "berlin": 1}, hands=[["admiral1"], [], []])
    s, _ = run(R, s, "admiral admiral1 london berlin 3", "roll 2")
    s = with_dice(s, 6, 6, 1)
    s, ev = R.apply(s, "defend 1")
    assert s["players"][2]["out"] and owner(R, s, "berlin") == 0 and armies(R, s, "berlin") == 3
    assert s["phase"] == "redistribute" and s["redistribute"]["sources"] == [B.index["berlin"]]


# ---------------------------------------------------------------- victory
def winning_position(own_complete: bool = True) -> dict:
    owners = {t: 0 for r in ("french", "german", "russian") for t in B.region_by_id[r].territories}
    owners["ukraine"] = 2
    if not own_complete:
        owners["wales"] = 1
    return position(
        R,
        owners,
        {"poland": 5, "ukraine": 1},
        empire=["british", "ottoman", "austro_hungarian"],
        fortress=[B.index["london"], B.index["turkey"], B.index["vienna"]],
        banners=[["british"], ["ottoman"], ["austro_hungarian"]],
    )


def test_victory_three_empires_besides_ones_own() -> None:
    """'A player WINS who occupies completely 3 Empires in addition to their own. They must therefore garrison
    with at least one army all the territories of 4 of the 6 Empires'."""
    s = winning_position()
    s, _ = run(R, s, "attack poland ukraine", "roll 3")
    s = with_dice(s, 6, 5, 4, 1)
    s, ev = R.apply(s, "defend 1")
    if s["phase"] == "occupy":
        s, ev = R.apply(s, "occupy 3")
    assert s["winner"] == 0 and R.is_over(s) and ev[-1].kind == "win"
    assert R.scores(s)[0] == 4 and R.legal_actions(s) == []


def test_no_victory_without_ones_own_empire() -> None:
    """'their own Empire plus three others'."""
    s = winning_position(own_complete=False)
    s, _ = run(R, s, "attack poland ukraine", "roll 3")
    s = with_dice(s, 6, 5, 4, 1)
    s, _ = R.apply(s, "defend 1")
    s, _ = R.apply(s, "occupy 3")
    assert s["winner"] is None and R.scores(s)[0] == 3


def test_option_defender_asked_only_when_needed() -> None:
    """Our option 'defender: when_needed': 'the defender afterwards declare[s]' only when holding a Marshal or
    Hidden Armies there; otherwise the most dice allowed, with no hand-off."""
    s = position(R, {"gascony": 0}, {"gascony": 6, "brittany": 5}, hands=[[], ["marshal1"], []])
    s["options"] = dict(s["options"], defender="when_needed")
    s, _ = run(R, s, "attack gascony brittany", "roll 3")
    assert s["phase"] == "defend"  # holds a Marshal: asked
    s["hands"] = [[], [], []]
    s["deck"] = s["deck"] + ["marshal1"]
    s = with_dice(s, 1, 1, 1, 6, 6, 6, 6, 1, 1, 1)
    s, _ = run(R, s, "defend 1", "retreat", "attack gascony brittany")
    s, ev = R.apply(s, "roll 3")
    assert ev[0].kind == "defend" and ev[0].data["auto"] and ev[1].kind == "battle"
    assert s["actor"] == 0 and armies(R, s, "brittany") == 2 and cards_ok(s)


def test_luck_option_blends_each_battle() -> None:
    """Our reading, option `luck=N`: 'each battle's losses are N% of what the dice say plus (100-N)% of the
    battle's expected losses'. At luck 0, 3 against 3 dice (expected defender losses 1.38...) always costs
    the defender 1 and the attacker 2, whatever the dice; the log keeps what the dice alone said."""
    from riskterm.engine.dice import expected_losses

    assert round(expected_losses(3, 3)[1]) == 1
    s = position(R, {"gascony": 0}, {"gascony": 6, "brittany": 5})
    s = {**s, "options": {**s["options"], "luck": 0}}
    assert R.dice_rules(s).luck == 0
    s, _ = run(R, s, "attack gascony brittany", "roll 3")
    s = with_dice(s, 6, 6, 6, 1, 1, 1)  # the dice alone: the defender loses 3
    s, ev = R.apply(s, "defend 3")
    battle = next(e for e in ev if e.kind == "battle")
    assert (battle.data["att_loss"], battle.data["def_loss"]) == (2, 1)
    assert battle.data["dice_loss"] == [0, 3]
    assert "the dice alone" in R.presenter().describe(battle, ["A", "B", "C"])
    assert armies(R, s, "gascony") == 4 and armies(R, s, "brittany") == 4


def test_a_default_game_carries_no_luck_option() -> None:
    """A game at true dice is the very state it always was (older saves and fingerprints stay the same)."""
    s, _ = R.new_game(["A", "B", "C"], 1, {})
    assert "luck" not in s["options"]
    s, _ = R.new_game(["A", "B", "C"], 1, {"luck": 30, "luck_rounding": "weighted"})
    assert s["options"]["luck"] == 30 and R.dice_rules(s).weighted


def test_computer_players_weigh_the_games_luck() -> None:
    """Option `luck=N`: 'the odds panel and the computer players count the setting'."""
    from riskterm.ai.core.board_info import playing
    from riskterm.ai.risiko.evaluate import risiko_win
    from riskterm.engine.luck import DiceRules
    from riskterm.engine.odds import attack_odds

    true = risiko_win(10, 8)
    with playing(DiceRules(luck=20)):
        assert risiko_win(10, 8) == attack_odds(10, 8, 3, 3, 0, 20).win != true
    assert risiko_win(10, 8) == true
