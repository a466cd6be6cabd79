"""Modern units combat: the rulebook's battle example with its own dice, losses chosen by each side,
multi-territory attacks, break-off, retreat and moving in."""

from __future__ import annotations

import pytest
from support import with_dice
from test_modern_units import mix, position, units_at

from riskterm.engine.actions import parse_action
from riskterm.errors import IllegalActionError
from riskterm.rules.modern import ModernRules
from riskterm.rules.modern.combat import combat_round, count_hits
from riskterm.rules.modern.units import expand

EXAMPLE = {
    "egypt": (0, "1H1T"),
    "north_africa": (0, "1H1R"),
    "middle_east": (0, "2H1V"),
    "east_africa": (1, "3H"),
}


@pytest.fixture(scope="module")
def r() -> ModernRules:
    return ModernRules()


def test_battle_example_as_a_pure_function():
    """Battle example: 'He rolls a 2 for the Tank for a hit, a 3 for the Rocket Launcher for a hit, a 4 for
    the Humber for a miss and a 2 for the Hovercraft for a hit ... The defender rolls a 1, 2, and 4 for his
    Humbers' and the attacker removes one unit (his Humber)."""
    attackers = mix("1H1T1R1V")  # unit order: Humber, Tank, Rocket Launcher, Hovercraft
    assert expand(attackers) == [0, 1, 2, 3]
    att_hits, def_hits = combat_round(attackers, mix("3H"), [4, 2, 3, 2], [1, 2, 4])
    assert (att_hits, def_hits) == (3, 1)
    assert count_hits([0, 0, 0], [1, 2, 4], attacking=False) == 1  # Humbers defend on 1


def test_battle_example_through_the_engine(r):
    """Battle example: 'Player 1 moves his Rocket Launcher in from North Africa and his Tank and Humber from
    Egypt. From the Middle East he moves 1 Humber to Egypt and sends his Hovercraft to East Africa ...
    The attacker removes his Humber and takes East Africa.'"""
    s = position(r, EXAMPLE)
    s, _ = r.apply(s, "move middle_east egypt 1H")
    # the attacker's dice (Humber, Tank from Egypt; RL; Hovercraft), then the defender's
    s, ev = r.apply(
        with_dice(s, 4, 2, 3, 2, 1, 2, 4), "attack east_africa egypt 1H1T north_africa 1R middle_east 1V"
    )
    kinds = [e.kind for e in ev]
    assert kinds[:4] == ["attack", "battle", "losses", "roll"]
    battle = ev[1]
    assert battle.data["units"] == "HTRV" and battle.data["att"] == [4, 2, 3, 2] and battle.data["hits"] == 3
    assert ev[2].data["units"] == "3H"  # the defender's losses: its 3 Humbers (no other choice)
    assert ev[3].data["dice"] == [1, 2, 4] and ev[3].data["hits"] == 1  # rolled for the three lost Humbers
    assert s["phase"] == "casualties" and s["actor"] == 0
    s, ev = r.apply(s, "lose egypt 1H")
    assert s["phase"] == "occupy"
    s, ev = r.apply(s, "occupy")  # default: everyone in, each source still holds a Humber
    assert units_at(s, r, "east_africa") == "1T1R1V" and s["owner"][r.board.index["east_africa"]] == 0
    assert units_at(s, r, "egypt") == "1H" and units_at(s, r, "north_africa") == "1H"
    assert units_at(s, r, "middle_east") == "1H"
    assert s["phase"] == "attack" and s["battle"] is None
    assert not any(r.free(s, r.board.index["east_africa"]))  # moved in: no further border this turn
    assert not any(r.free(s, r.board.index["egypt"]))  # the Humber moved there this turn
    assert r.free(s, r.board.index["middle_east"]) == mix("1H")  # stayed home: may still move


def test_attack_source_needs_two_units(r):
    """Attacking: 'You must have at least 2 units in the territory you are attacking from.'"""
    s = position(r, {"egypt": (0, "1T"), "east_africa": (1, "1H")})
    with pytest.raises(IllegalActionError, match="at least 2 units"):
        r.apply(s, "attack east_africa egypt 1T")


def test_defender_rolls_for_units_lost_this_round(r):
    """Attacking: 'Next the defender rolls for all the units that were there at the beginning of the attack.
    This includes the units lost.'"""
    s = position(r, {"egypt": (0, "3T"), "east_africa": (1, "2H")})
    # two hits wipe out both Humbers, who still roll (two 1s: two hits)
    s, ev = r.apply(with_dice(s, 1, 1, 6, 1, 1), "attack east_africa egypt 3T")
    roll = next(e for e in ev if e.kind == "roll")
    assert roll.data["dice"] == [1, 1] and roll.data["hits"] == 2
    # two Tanks lost; the last one has to move in (at least one unit moves in), leaving Egypt empty
    assert units_at(s, r, "east_africa") == "1T" and s["owner"][r.board.index["egypt"]] == -1


def test_defender_chooses_its_losses(r):
    """Attacking: 'After all the attacking units have attacked, the defender chooses the units he wishes to
    lose.' The game hands the turn to the defender for that choice."""
    s = position(r, {"egypt": (0, "2T"), "east_africa": (1, "1H1T")})
    s, ev = r.apply(with_dice(s, 1, 6), "attack east_africa egypt 2T")
    assert s["phase"] == "defend" and s["actor"] == 1 and s["current"] == 0
    assert "P1" in r.presenter().prompt(s)
    with pytest.raises(IllegalActionError, match="exactly 1"):
        r.apply(s, "lose 1H1T")
    assert [str(a) for a in r.legal_actions(s)] == ["lose", "lose 1H", "lose 1T"]
    s2, _ = r.apply(with_dice(s, 6, 6), "lose 1T")  # keeps its Humber
    assert units_at(s2, r, "east_africa") == "1H" and s2["actor"] == 0 and s2["phase"] == "decide"
    s3, _ = r.apply(with_dice(s, 6, 6), "lose")  # the default: the cheapest first
    assert units_at(s3, r, "east_africa") == "1T"


def test_house_option_takes_defender_losses_cheapest_first(r):
    """Our reading (rules screen): the house option defender_chooses false needs no hand-off."""
    s = position(
        r,
        {"egypt": (0, "2T"), "east_africa": (1, "1H1T")},
        options={"defender_chooses": False, "turn_cap": 200, "goal": 28},
    )
    s, _ = r.apply(with_dice(s, 1, 6, 6, 6), "attack east_africa egypt 2T")
    assert s["phase"] == "decide" and units_at(s, r, "east_africa") == "1T"


def test_attacker_chooses_its_losses(r):
    """Attacking: 'Now the attacker removes the losses of his choice.'"""
    s = position(r, {"egypt": (0, "1H1T1R"), "east_africa": (1, "2T")})
    s, _ = r.apply(with_dice(s, 6, 6, 6, 1, 6), "attack east_africa egypt 1H1T1R")
    assert s["phase"] == "casualties" and s["actor"] == 0
    with pytest.raises(IllegalActionError):
        r.apply(s, "lose 2T")
    s2, _ = r.apply(s, "lose 1T")
    assert units_at(s2, r, "egypt") == "1H1R"
    s3, _ = r.apply(s, "lose")
    assert units_at(s3, r, "egypt") == "1T1R"


def test_break_off_when_a_source_is_down_to_one_unit(r):
    """Battle example: 'if he were to lose one of those units in the attack, the other would have to break
    off and return to control North Africa and not continue in the next round of combat.'"""
    s = position(r, {"north_africa": (0, "1H1R"), "egypt": (0, "2T"), "east_africa": (1, "3H")})
    # attackers in order: North Africa H, R; Egypt T, T. One hit each way.
    s, ev = r.apply(with_dice(s, 6, 4, 6, 6, 1, 6, 6), "attack east_africa north_africa all egypt 2T")
    assert s["phase"] == "casualties"
    s, ev = r.apply(s, "lose north_africa 1H")
    brk = [e for e in ev if e.kind == "break_off"]
    assert brk and brk[0].data["frm"] == "north_africa" and brk[0].data["units"] == "1R"
    assert s["phase"] == "decide"
    assert s["battle"]["sources"][0][1] == [0] * 5  # nothing of North Africa's fights on
    assert units_at(s, r, "north_africa") == "1R" and not any(r.free(s, r.board.index["north_africa"]))
    s, ev = r.apply(with_dice(s, 1, 1, 6, 6), "continue")
    assert next(e for e in ev if e.kind == "battle").data["units"] == "TT"


def test_retreat_returns_units_with_their_move_used(r):
    """Attacking: 'the attacker can decide whether to continue the attack or retreat back to where his units
    originally came from.'"""
    s = position(r, {"egypt": (0, "1H2T"), "east_africa": (1, "3H")})
    s, _ = r.apply(with_dice(s, 6, 6, 6, 6, 6), "attack east_africa egypt 2T")
    assert s["phase"] == "decide" and r.presenter().prompt(s).endswith("or retreat.")
    assert (
        r.presenter().table_lines(s)[1]
        == "Battle for East Africa (round 1): 2 Tanks from Egypt against 3 Humbers"
    )
    s, ev = r.apply(s, "retreat")
    assert s["phase"] == "attack" and s["battle"] is None
    assert r.free(s, r.board.index["egypt"]) == mix("1H")  # the Tanks used their border crossing
    with pytest.raises(IllegalActionError, match="one border per turn"):
        r.apply(s, "attack east_africa egypt 1T")


def test_move_in_chosen_units_the_rest_return(r):
    """Battle example: 'The attacker gets to move into East Africa only the units he wishes. Any units not
    moved in must return to the territory from which they came.'"""
    s = position(r, {"egypt": (0, "2T"), "north_africa": (0, "2R"), "east_africa": (1, "1H")})
    s, _ = r.apply(with_dice(s, 1, 6, 6, 6, 6), "attack east_africa egypt 2T north_africa 2R")
    assert s["phase"] == "occupy"
    with pytest.raises(IllegalActionError, match="at least one"):
        r.apply(s, "occupy egypt 0")
    s2, ev = r.apply(s, "occupy north_africa 1R")
    assert units_at(s2, r, "east_africa") == "1R" and units_at(s2, r, "egypt") == "2T"
    assert units_at(s2, r, "north_africa") == "1R"
    assert not any(r.free(s2, r.board.index["egypt"]))  # they attacked: their crossing is used
    s3, _ = r.apply(s, "occupy all")
    assert units_at(s3, r, "east_africa") == "2T2R" and s3["owner"][r.board.index["egypt"]] == -1


def test_default_move_in_keeps_sources_held(r):
    """Our reading: the default move-in leaves a territory the attack would empty its cheapest unit."""
    s = position(r, {"egypt": (0, "1H1T"), "east_africa": (1, "1H")})
    s, _ = r.apply(with_dice(s, 6, 1, 6), "attack east_africa egypt all")
    s, _ = r.apply(s, "occupy")
    assert units_at(s, r, "egypt") == "1H" and units_at(s, r, "east_africa") == "1T"


def test_both_sides_wiped_out_leaves_territory_empty(r):
    """'You must have a unit in each territory you wish to hold': when both sides are wiped out in one
    round the target is left empty (our reading)."""
    s = position(r, {"egypt": (0, "1H2T"), "east_africa": (1, "2T")})
    s, ev = r.apply(with_dice(s, 1, 1, 1, 1), "attack east_africa egypt 2T")
    t = r.board.index["east_africa"]
    assert s["owner"][t] == -1 and s["armies"][t] == 0 and s["phase"] == "attack"
    assert any(e.kind == "emptied" for e in ev)


def test_sea_line_attack_needs_hovercraft_or_helicopter(r):
    """Movement & Combat: 'Only if you have Helicopter or Hovercraft could you move against Southern
    Europe' (from Egypt)."""
    s = position(r, {"egypt": (0, "2T1V1C"), "southern_europe": (1, "1H")})
    with pytest.raises(IllegalActionError, match="sea-line"):
        r.apply(s, "attack southern_europe egypt 1T")
    attack_all = [a for a in r.legal_actions(s) if a.kind == "attack" and a.args[0] == "southern_europe"]
    assert {a.args[2] for a in attack_all} == {"1V1C", "1V", "1C"}
    s, _ = r.apply(with_dice(s, 1, 1, 6), "attack southern_europe egypt all")
    assert s["battle"]["sources"][0][1] == mix("1V1C")


def test_combat_log_lines(r):
    """Attacking: 'if he rolls the attack value or below, that unit scores a hit'. Low rolls hit, unlike
    classic's dice, so each roll line says which rolls hit, by unit (the line once wrote 'C⚂3' for a
    Helicopter, C being a player's letter on the map too)."""
    s = position(r, EXAMPLE)
    s2, ev = r.apply(
        with_dice(s, 4, 2, 3, 2, 1, 2, 4), "attack east_africa egypt 1H1T north_africa 1R middle_east 1V"
    )
    lines = [r.presenter().describe(e, r.names(s2)) for e in ev]
    assert (
        "P0 rolls for 1 Humber ⚃4 (hits on 1-2), 1 Tank ⚁2 (hits on 1-3), 1 Rocket Launcher ⚂3 (hits on 1-4), "
        "1 Hovercraft ⚁2 (hits on 1-2): 3 hits on East Africa."
    ) in lines
    assert "P1 defends East Africa with 3 Humbers ⚀1 ⚁2 ⚃4 (hits on a 1): 1 hit." in lines


def test_legal_attacks_offer_gathering_from_several_territories(r):
    """'An attack gathers units from one or more adjacent territories of the attacker' - the listed
    choices include every source at once, and a safe version that keeps one unit home where the attack
    would empty a territory (any other mix may be typed: 'attack east_africa egypt 1T north_africa 1R')."""
    s = position(r, EXAMPLE)
    attacks = {
        " ".join(map(str, a.args))
        for a in r.legal_actions(s)
        if a.kind == "attack" and a.args[0] == "east_africa"
    }
    assert (
        "east_africa egypt 1H1T" in attacks and "east_africa egypt 1T" in attacks
    )  # all; all but the Humber
    assert (
        "east_africa north_africa 1H1R egypt 1H1T middle_east 1V" in attacks
    )  # the Hovercraft crosses the sea
    assert "east_africa north_africa 1R egypt 1T middle_east 1V" in attacks
    s2, _ = r.apply(s, "move middle_east egypt 1H")
    assert (
        r.why_illegal(s2, parse_action("attack east_africa egypt 1H1T north_africa 1R middle_east 1V"))
        is None
    )


def test_house_option_can_come_in_a_house_dict():
    """Our reading (rules screen): the house option defender_chooses."""
    s, _ = ModernRules().new_game(["A", "B", "C"], seed=1, options={"house": {"defender_chooses": False}})
    assert s["options"]["defender_chooses"] is False


def test_attack_sources_for_an_attack_screen(r):
    """'an attack screen that gathers units from several territories' - the rulebook lists, per
    source, the units that may join (the sea-line rule applied)."""
    s = position(r, EXAMPLE)
    got = {r.board.tid(f): m for f, m in r.attack_sources(s, r.board.index["east_africa"])}
    assert got == {"egypt": mix("1H1T"), "north_africa": mix("1H1R"), "middle_east": mix("1V")}
    assert r.attack_sources(s, r.board.index["egypt"]) == []  # your own territory


def test_the_defender_s_choice_of_losses_says_which_battle_and_the_roll(r):
    """Attacking: 'the defender chooses the units he wishes to lose'. That choice comes in the attacker's
    turn: the prompt names the attacker, the territories and the hits, and the list opened for it repeats the
    roll (a modal list over a board that said nothing of the battle)."""
    from riskterm.tui.controller import situation

    s = position(r, {"egypt": (0, "2T"), "east_africa": (1, "1H1T")})
    s, ev = r.apply(with_dice(s, 1, 6), "attack east_africa egypt 2T")
    p = r.presenter()
    assert p.prompt(s) == (
        "P1: P0 attacks East Africa from Egypt (round 1) and scores 1 hit: choose the 1 unit "
        "you lose in East Africa (the default: the cheapest first)."
    )
    text = situation(p, s, ev[-1:], r.names(s), 1).splitlines()
    assert text[0].startswith("P0 rolls ") and "1 hit on East Africa" in text[0] and text[1] == p.prompt(s)
