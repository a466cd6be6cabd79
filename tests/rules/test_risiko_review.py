"""Review findings for RisiKo! Più and their siblings, and the set-up in fewer steps: each test cites
the passage of risiko-piu.txt it checks, or the reading we chose (also on the rules screen, "Our readings")."""

from __future__ import annotations

import json
import random

import pytest
from support import with_dice
from test_risiko_helpers import armies, cards_ok, position, run

from riskterm.engine.actions import act
from riskterm.errors import IllegalActionError
from riskterm.rules.risiko import RisikoRules

R = RisikoRules()
ASKED = {"defender": "always"}  # the rulebook as written: the defender answers every battle
B = R.board


# ---------------------------------------------------------------- the defender decides before every battle
def test_defender_declares_before_every_battle_and_the_default_is_one_step() -> None:
    """'Before rolling the dice, the attacker first and the defender afterwards declare how many armies they
    intend to use.' Every battle, not once per attack; the default (the most dice, nothing played) is the
    largest 'defend', one action."""
    s = position(R, {"gascony": 0}, {"gascony": 9, "brittany": 5})
    s, _ = run(R, s, "attack gascony brittany", "roll 3")
    assert s["phase"] == "defend" and s["actor"] == 1
    assert [str(a) for a in R.legal_actions(s)] == ["defend 1", "defend 2", "defend 3"]
    s = with_dice(s, 6, 6, 6, 1, 1, 1)
    s, _ = R.apply(s, "defend 3")
    assert armies(R, s, "brittany") == 2 and s["phase"] == "battle" and s["actor"] == 0
    s, ev = R.apply(s, "roll 3")
    assert s["phase"] == "defend" and s["actor"] == 1 and not any(e.kind == "battle" for e in ev)
    assert max(a.args[0] for a in R.legal_actions(s)) == 2  # never more dice than armies
    s = with_dice(s, 6, 6, 6, 1, 1)
    s, ev = R.apply(s, "defend 2")
    assert "conquer" in [e.kind for e in ev] and s["phase"] == "occupy"


def test_held_back_marshal_played_in_a_later_battle() -> None:
    """'This card is played ONLY in DEFENCE': a defender who kept their Marshal in the first battle may play
    it before a later battle of the same attack."""
    s = position(R, {"gascony": 0}, {"gascony": 9, "brittany": 6}, hands=[[], ["marshal1"], []])
    s, _ = run(R, s, "attack gascony brittany", "roll 3")
    assert "marshal marshal1" in [str(a) for a in R.legal_actions(s)]
    s = with_dice(s, 6, 6, 1, 5, 5, 1)
    s, _ = R.apply(s, "defend 3")  # no Marshal in the first battle
    s, _ = R.apply(s, "roll 3")
    assert "marshal marshal1" in [str(a) for a in R.legal_actions(s)]
    s, _ = R.apply(s, "marshal marshal1")
    assert s["attack"]["marshal"] == "marshal1" and cards_ok(s)


def test_hidden_armies_revealed_before_a_later_battle() -> None:
    """'These may be used ONCE ONLY, at any point in the game, to defend the territory where they are
    hidden': also before the second battle of an attack."""
    s = position(R, {"gascony": 0}, {"gascony": 9, "brittany": 4}, track=3)
    s["hidden"] = [[], [{"territory": "brittany", "used": False, "from": 1}], []]
    s, _ = run(R, s, "attack gascony brittany", "roll 3")
    s = with_dice(s, 6, 6, 6, 1, 1, 1)
    s, _ = R.apply(s, "defend 3")
    s, _ = R.apply(s, "roll 3")
    assert "reveal brittany" in [str(a) for a in R.legal_actions(s)]
    s, ev = R.apply(s, "reveal brittany")
    assert armies(R, s, "brittany") == 1 + 5 and ev[0].kind == "hidden_reveal"


def test_option_when_needed_asks_before_each_battle_while_there_is_something_to_play() -> None:
    """Our option 'defender: when_needed': asked (before each battle) only while holding a Marshal (none in
    play) or usable Hidden Armies there; otherwise the most dice allowed, without a hand-off."""
    s = position(R, {"gascony": 0}, {"gascony": 9, "brittany": 6}, hands=[[], ["marshal1"], []])
    s["options"] = dict(s["options"], defender="when_needed")
    s, _ = run(R, s, "attack gascony brittany", "roll 3")
    assert s["phase"] == "defend"
    s = with_dice(s, 6, 6, 1, 5, 5, 1)
    s, _ = R.apply(s, "defend 3")
    s, _ = R.apply(s, "roll 3")
    assert s["phase"] == "defend"  # still holds the Marshal: asked again
    s, _ = R.apply(s, "marshal marshal1")
    s = with_dice(s, 1, 1, 1, 6, 6, 6)
    s, _ = R.apply(s, "defend 3")
    s = with_dice(s, 1, 1, 1, 6, 6, 6)
    s, ev = R.apply(s, "roll 3")  # the Marshal is in play, nothing else to decide: no question
    assert (
        ev[0].kind == "defend" and ev[0].data["auto"] and ev[0].data["dice"] == 3 and ev[1].kind == "battle"
    )


# ---------------------------------------------------------------- Hidden Armies: no free reinforcement
def test_hidden_armies_never_revealed_outside_an_attack() -> None:
    """'to defend the territory where they are hidden or to launch an attack from that territory': not in the
    main phase, where they could be moved away without any attack."""
    s = position(R, {"gascony": 0}, {"gascony": 2}, track=2)
    s["hidden"] = [[{"territory": "gascony", "used": False, "from": 0}], [], []]
    assert not any(a.kind == "reveal" for a in R.legal_actions(s))
    with pytest.raises(IllegalActionError, match="launch an attack"):
        R.apply(s, "reveal gascony")


def test_hidden_armies_revealed_to_attack_fight_at_least_one_battle() -> None:
    """Our reading of 'to launch an attack from that territory': once revealed for an attack, that attack
    fights at least one battle before it may end (no reveal, end, then move them away)."""
    s = position(R, {"gascony": 0}, {"gascony": 2, "brittany": 9}, track=2)
    s["hidden"] = [[{"territory": "gascony", "used": False, "from": 0}], [], []]
    s, _ = run(R, s, "attack gascony brittany", "reveal gascony")
    assert armies(R, s, "gascony") == 2 + 4
    assert "retreat" not in [str(a) for a in R.legal_actions(s)]
    with pytest.raises(IllegalActionError, match="at least one battle"):
        R.apply(s, "retreat")
    s = with_dice(s, 6, 1)
    s, _ = run(R, s, "roll 1", "defend 1")
    s, ev = R.apply(s, "retreat")
    assert ev[-1].kind == "attack_end" and s["phase"] == "main"


def test_hidden_armies_not_for_a_flagship_attack() -> None:
    """Our reading: a flagship attack's armies sail from the port, so Hidden Armies there do not launch it."""
    s = position(R, {"portugal": 2}, {"london": 8, "portugal": 2}, hands=[["admiral1"], [], []], track=1)
    s["hidden"] = [[{"territory": "london", "used": False, "from": 0}], [], []]
    s, _ = R.apply(s, "admiral admiral1 london portugal 3")
    with pytest.raises(IllegalActionError, match="attack from"):
        R.apply(s, "reveal london")


# ---------------------------------------------------------------- redistribution after a fortress falls
def fortress_from_fortress() -> dict:
    """P0 attacks P1's fortress (Paris) from its own fortress (London)."""
    return position(R, {"burgundy": 1, "gascony": 1}, {"london": 9, "paris": 1, "scotland": 5, "wales": 4})


def test_redistribution_starts_with_the_conquering_armies_then_any_territory() -> None:
    """'Redistribute one army onto each territory left free by the defeated player, using the armies on your
    territories, starting with those with which you attacked': read as the armies that took part in the
    conquest (now in the fortress's territory), then any territory the winner chooses; the garrison left in
    the territory attacked from (here the winner's own fortress) is not forced out."""
    s = fortress_from_fortress()
    s = with_dice(s, 6, 6, 1)
    s, _ = run(R, s, "attack london paris", "roll 2", "defend 1", "occupy 3")
    assert s["phase"] == "redistribute" and armies(R, s, "paris") == 3 and armies(R, s, "london") == 6
    free = [B.tid(t) for t, o in enumerate(s["owner"]) if o == -1]
    with pytest.raises(IllegalActionError, match="took the fortress"):
        R.apply(s, f"garrison scotland {free[0]}")
    with pytest.raises(IllegalActionError, match="took the fortress"):
        R.apply(s, f"garrison london {free[0]}")
    s, _ = run(R, s, f"garrison paris {free[0]}", f"garrison paris {free[1]}")
    assert armies(R, s, "paris") == 1
    sources = {a.args[0] for a in R.legal_actions(s) if a.kind == "garrison"}
    assert {"scotland", "wales", "london"} <= sources  # then any territory, as the winner chooses
    s, _ = R.apply(s, f"garrison scotland {free[2]}")
    assert armies(R, s, "london") == 6 and armies(R, s, "scotland") == 4


def test_redistribution_by_sea_starts_with_the_landed_armies() -> None:
    """'starting with those with which you attacked': by sea, the armies landed from the flagship."""
    s = position(R, {}, {"london": 6, "berlin": 1}, hands=[["admiral1"], [], []])
    s = with_dice(s, 6, 6, 1)
    s, _ = run(R, s, "admiral admiral1 london berlin 3", "roll 2", "defend 1")
    assert s["phase"] == "redistribute" and s["redistribute"]["sources"] == [B.index["berlin"]]
    assert {a.args[0] for a in R.legal_actions(s) if a.kind == "garrison"} == {"berlin"}


# ---------------------------------------------------------------- set-up: several fives at once
def test_several_fives_at_once_in_the_set_up() -> None:
    """'Then each player, on their turn, places 5 armies on any one of the territories they occupy; this
    continues until all the armies ... are used up. (The last armies, even if fewer than 5, are placed on a
    SINGLE territory.)' Our reading: several of one's fives (or all that is left) may go on one territory in
    one step; one five at a time stays legal (old saves replay)."""
    s, _ = R.new_game(["A", "B", "C"], seed=2, options=ASKED)
    while s["phase"] != "deploy":
        s, _ = R.apply(s, R.legal_actions(s)[0])
    p = s["actor"]
    left = s["to_place"][p]
    mine = B.tid(s["owner"].index(p))
    counts = sorted({a.args[1] for a in R.legal_actions(s)})
    assert counts == sorted(set(range(5, left + 1, 5)) | {left})
    with pytest.raises(IllegalActionError, match="several fives"):
        R.apply(s, f"place {mine} 7")
    assert R.why_illegal(s, act("place", mine, 5)) is None and R.why_illegal(s, act("place", mine)) is None
    s2, ev = R.apply(s, f"place {mine} {left}")
    assert ev[0].data["armies"] == left and s2["to_place"][p] == 0 and s2["actor"] != p
    s3, _ = R.apply(s, f"place {mine} 10")
    assert s3["to_place"][p] == left - 10


def test_set_up_takes_a_few_actions_per_player() -> None:
    """Placing all of one's armies in one step (the picker's default, the largest count): the set-up of three
    players takes the claims plus one step each for fortress, placing and Hidden Armies."""
    s, _ = R.new_game(["A", "B", "C"], seed=7, options=ASKED)
    steps = 0
    while s["phase"] in ("fortress", "claim", "deploy", "hide"):
        acts = R.legal_actions(s)
        a = max(acts, key=lambda x: x.args[-1] if isinstance(x.args[-1], int) else 0)
        s, _ = R.apply(s, a)
        steps += 1
    claims = 44 - sum(len(B.region_by_id[e].territories) for e in s["empire"])
    assert steps == 3 + claims + 3 + 3


# ---------------------------------------------------------------- the view gives no secret away
def mid_game(seed: int, steps: int) -> dict:
    rnd = random.Random(seed)
    s, _ = R.new_game(["A", "B", "C", "D"], seed=seed, options=ASKED)
    for _ in range(steps):
        if R.is_over(s):
            break
        s, _ = R.apply(s, rnd.choice(R.legal_actions(s)))
    return s


def test_view_holds_no_seed_and_no_random_stream() -> None:
    """'Nothing in a player's view may let them compute a secret or a future roll.' The seed
    rebuilds the deck (and with the moves every hand); the stream gives every future roll."""
    s = mid_game(5, 300)
    for seat in (0, 1, None):
        v = R.view(s, seat)
        assert "seed" not in v and v["rng"] == 0


@pytest.mark.parametrize("seed", [3, 8])
def test_view_cannot_tell_other_hands_hidden_armies_or_the_deck(seed: int) -> None:
    """A state with other hands, other Hidden Armies territories, another deck order, seed and stream gives
    the very same view: nothing in it can rebuild them."""
    s = mid_game(seed, 400)
    seat = s["actor"]
    other = next(q for q in range(4) if q != seat and s["hands"][q])
    t = json.loads(json.dumps(s))
    pool = t["deck"] + t["hands"][other]
    random.Random(1).shuffle(pool)
    t["hands"][other], t["deck"] = pool[: len(s["hands"][other])], pool[len(s["hands"][other]) :]
    for q, hs in enumerate(t["hidden"]):
        if q != seat:
            for h in hs:
                if not h["used"]:
                    h["territory"] = "ireland" if h["territory"] != "ireland" else "wales"
    t["seed"], t["rng"] = s["seed"] + 1, 12345
    assert t["hands"][other] != s["hands"][other] or t["deck"] != s["deck"]
    assert R.view(t, seat) == R.view(s, seat)


def test_rules_screen_lists_these_readings() -> None:
    """Each reading above is on the rules screen ("Our readings")."""
    text = R.presenter().rules_text
    for words in (
        "before every battle",
        "Placing five at a time",
        "took part\n  in the conquest",
        "free\n  reinforcement",
        "at least one battle",
    ):
        assert words.replace("\n  ", " ") in text.replace("\n  ", " "), words
