"""Modern units: the readings and house options (the unit table a game plays with, the literal defence
roll, a lone survivor that would empty its territory), placing several units at once, the round
cap's unit, and views that cannot tell a future roll."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import with_dice
from test_modern_units import OLD_READINGS, position, units_at

from riskterm.errors import IllegalActionError
from riskterm.record import load_game
from riskterm.record.load import session_from_document
from riskterm.record.saveformat import build_document
from riskterm.rules import find_variant
from riskterm.rules.base import PlayerSetup
from riskterm.rules.modern import ModernRules
from riskterm.rules.modern.units import NU, TABLES, units_of
from riskterm.session import Session

BASE = {"defender_chooses": True, "turn_cap": 200, "goal": 28}


@pytest.fixture(scope="module")
def r() -> ModernRules:
    return ModernRules()


def test_new_games_name_their_unit_table_and_older_ones_keep_the_original():
    """'store the unit table (or its version) in new games' options and keep the old table
    available for saves without it'. Our reading, also on the rules screen: a game whose options name no
    table (a save from before the option) plays with the original one; the house option `units` (default:
    balanced, which a game started with no options gets) names it."""
    rules = ModernRules()
    old, _ = rules.new_game(["A", "B", "C"], seed=4, options={"units": "original"})
    assert units_of(old) == TABLES["original"]
    assert units_of({"options": {}}) == TABLES["original"]
    new, _ = rules.new_game(["A", "B", "C"], seed=4)
    assert new["options"]["units"] == "balanced" and units_of(new) == TABLES["balanced"]
    assert rules.units == TABLES["original"]  # what computer players read: no unit is dearer in "balanced"
    assert all(a.cost >= b.cost for a, b in zip(TABLES["original"], TABLES["balanced"], strict=True))
    assert old["owner"] == new["owner"]  # the same deal: only the table differs
    s, ev = rules.apply(new, "buy tank 2")
    assert ev[0].data["cost"] == 6 and s["credits"][0] == 36  # balanced Tanks cost 3
    s, ev = rules.apply(old, "buy tank 2")
    assert ev[0].data["cost"] == 10  # the original table's Tanks cost 5
    assert dict((k, d) for k, _, _, d in ModernRules.house_options)["units"] == "balanced"
    with pytest.raises(IllegalActionError):
        rules.new_game(["A", "B", "C"], seed=4, options={"units": "nonsense"})


def test_a_session_saved_without_a_table_replays_with_the_original():
    """Old saves must still replay: a game saved (format 1) with options that name no table loads with the
    original table, and says so in its options."""
    session = Session.new("modern", [PlayerSetup(n) for n in ("A", "B", "C")], 5, dict(OLD_READINGS))
    for text in ("buy tank 1", "done", "buy humber 2", "done", "done"):
        session.apply(text)
    doc = build_document(session)  # as a save from before the option wrote it
    doc["format"] = 1
    doc["options"] = {k: v for k, v in doc["options"].items() if k not in OLD_READINGS}
    doc["snapshot"]["options"] = {
        k: v for k, v in doc["snapshot"]["options"].items() if k not in OLD_READINGS
    }
    loaded = session_from_document(doc)
    assert units_of(loaded.state) == TABLES["original"] and loaded.state == session.state
    assert loaded.options["units"] == "original"


def test_a_save_written_before_the_package_and_the_new_table_still_replays():
    """Old saves must still replay: a four-player game of 400 actions (138 rounds of combat, saved mid-battle in
    round 5) written by the code before the modern package and the balanced tables replays to its snapshot (the
    loader compares every key of the state) and plays on with the original table."""
    loaded = load_game(Path(__file__).parent / "data" / "modern-save-before-issue-12.json")
    s = loaded.state
    assert len(loaded.steps) == 400 and s["round"] == 5 and s["phase"] == "decide"
    assert s["options"]["units"] == "original" and units_of(s) == TABLES["original"]
    loaded.apply("retreat")
    assert loaded.state["phase"] == "attack"


def test_literal_defence_roll_is_a_house_option(r):
    """Attacking: 'Next the defender rolls for all the units ... For every roll under the attack value, the
    defender scores a hit.' House option `defence_roll: literal`: one value per unit (its attack value) and
    a defending die hits when strictly below it. Original table: a Tank has attack 3 and defence 3."""
    where = {"egypt": (0, "3H"), "east_africa": (1, "2T")}
    own = position(r, where)
    literal = position(r, where, options={**BASE, "defence_roll": "literal"})
    for s, hits in ((own, 2), (literal, 1)):  # the Tanks roll 3 and 2: 3 is not under 3, 2 is
        _, ev = r.apply(with_dice(s, 6, 6, 6, 3, 2), "attack east_africa egypt 3H")
        roll = next(e for e in ev if e.kind == "roll")
        assert roll.data["dice"] == [3, 2] and roll.data["hits"] == hits
    assert "defence_roll: literal" in r.presenter().rules_text


def test_lone_survivor_that_would_empty_its_territory_is_asked(r):
    """Battle example: 'The attacker gets to move into East Africa only the units he wishes. Any units not
    moved in must return to the territory from which they came.' A lone surviving unit is not
    moved in by itself when that empties its home territory; the player is asked (move in, or stay home
    and leave the conquered territory empty)."""
    where = {"egypt": (0, "2R"), "east_africa": (1, "1H")}
    s = position(r, where, options={**BASE, "lone_survivor": "asked"})
    # one hit each way: the Humber dies, so does one Rocket Launcher
    s, ev = r.apply(with_dice(s, 1, 6, 1), "attack east_africa egypt 2R")
    assert s["phase"] == "occupy" and units_at(s, r, "egypt") == "1R"
    assert "leave Egypt empty" in r.presenter().prompt(s)
    assert any(a.args == ("none",) for a in r.legal_actions(s))
    stay, ev = r.apply(s, "occupy none")
    assert units_at(stay, r, "egypt") == "1R" and stay["owner"][r.board.index["east_africa"]] == -1
    assert "left empty" in r.presenter().describe(ev[0], r.names(stay))
    assert ev[0].kind == "left_empty" and not any(e.kind == "conquer" for e in ev)  # no conquest in the stats
    go, _ = r.apply(s, "occupy")  # the default (one key) still moves it in
    assert units_at(go, r, "east_africa") == "1R" and go["owner"][r.board.index["egypt"]] == -1
    # older games (no such option) and the house option moves_in: it moves in by itself, as before
    s = position(r, where)
    s, _ = r.apply(with_dice(s, 1, 6, 1), "attack east_africa egypt 2R")
    assert s["phase"] == "attack" and units_at(s, r, "east_africa") == "1R"


def test_lone_survivor_whose_territory_keeps_a_unit_moves_in(r):
    """The question is only asked when moving in would empty the home territory."""
    s = position(
        r, {"egypt": (0, "3R"), "east_africa": (1, "1H")}, options={**BASE, "lone_survivor": "asked"}
    )
    s, _ = r.apply(with_dice(s, 1, 6, 1), "attack east_africa egypt 2R")
    assert (
        s["phase"] == "attack" and units_at(s, r, "east_africa") == "1R" and units_at(s, r, "egypt") == "1R"
    )


def test_a_lone_survivor_is_asked_by_default(r):
    """'The attacker gets to move into East Africa only the units he wishes. Any units not moved in must
    return': new games ask about a lone survivor too, even when its home keeps a unit (house option
    `lone_survivor: always_asked`, the default; the rules screen says so)."""
    assert r.new_game(["A", "B", "C"], seed=1).state["options"]["lone_survivor"] == "always_asked"
    s = position(
        r, {"egypt": (0, "3R"), "east_africa": (1, "1H")}, options={**BASE, "lone_survivor": "always_asked"}
    )
    s, _ = r.apply(with_dice(s, 1, 6, 1), "attack east_africa egypt 2R")
    assert s["phase"] == "occupy" and "go back to Egypt" in r.presenter().prompt(s)
    back, _ = r.apply(s, "occupy none")
    assert units_at(back, r, "egypt") == "2R" and back["owner"][r.board.index["east_africa"]] == -1
    go, _ = r.apply(s, "occupy")
    assert units_at(go, r, "east_africa") == "1R" and units_at(go, r, "egypt") == "1R"
    assert "`always_asked` (the default)" in r.presenter().rules_text


def setup_position(r: ModernRules, waiting: dict[int, str]) -> dict:
    s, _ = r.new_game(["A", "B", "C"], seed=2)
    bought = [[0] * NU for _ in range(3)]
    for p, text in waiting.items():
        bought[p] = [int(text[0]) if k == 0 else 0 for k in range(NU)]
    return {**s, "phase": "setup", "current": 0, "actor": 0, "bought": bought}


def test_setup_places_several_units_at_once_when_the_others_are_done(r):
    """Placing newly purchased units: 'everyone in turn places one of their units onto one of their
    occupied territories. This is done until all new units are placed.' Our reading: once the
    others have placed all theirs, the turn keeps coming back to the last player, who may place several at
    once; before that, one at a time."""
    s = setup_position(r, {0: "3H", 1: "1H"})
    mine = r.board.tid(s["owner"].index(0))
    with pytest.raises(IllegalActionError, match="one unit in turn"):
        r.apply(s, f"place {mine} humber 2")
    assert r.int_range(s, "place", (mine, "humber")) == (1, 1)
    s = setup_position(r, {0: "3H"})
    assert r.int_range(s, "place", (mine, "humber")) == (1, 3)
    assert any(a.args == (mine, "humber", 3) for a in r.legal_actions(s))
    s, _ = r.apply(s, f"place {mine} humber 3")
    assert s["phase"] in ("attack", "place") and not any(s["bought"][0])


def test_buy_count_range(r):
    """The app asks for a count once; the rules give its legal range (credits // cost)."""
    s, _ = r.new_game(["A", "B", "C"], seed=2, options=OLD_READINGS)  # Tanks cost 5 in the original table
    assert r.int_range(s, "buy", ("tank",)) == (1, 42 // 5)


def test_round_cap_counts_rounds():
    """'`play --turn-cap` says turns, but round-based rulebooks count rounds: say which' - modern's
    cap counts rounds."""
    assert ModernRules.turn_cap_unit == "rounds" and ModernRules.turn_cap == 200
    assert "200 **rounds**" in ModernRules.presenter_class.rules_text


def test_a_view_cannot_tell_the_future_rolls():
    """'Nothing in a player's view may let them compute a secret or a future roll. Keep the seed
    out of views.' The view of every seat (and of a spectator) holds neither the seed nor the random
    stream, and the seed and stream values appear nowhere in it."""
    rules = find_variant("modern")
    seed = 987_654_321
    s, _ = rules.new_game(["A", "B", "C"], seed=seed)
    for text in ("buy tank 2", "done", "buy humber 3", "done", "done"):
        s, _ = rules.apply(s, text)
    for seat in (0, 1, 2, None):
        v = rules.view(s, seat)
        assert "seed" not in v and v["rng"] == 0
        text = json.dumps(v)
        assert str(seed) not in text and str(s["rng"]) not in text
        assert {k: x for k, x in v.items() if k != "rng"} == {
            k: x for k, x in s.items() if k not in ("rng", "seed")
        }


def test_undo_barriers_come_from_the_rules(r):
    """'Transition says whether the step is an undo barrier'. Buying is no barrier; handing the game
    to the next buyer is (that seat has seen it); dice rolled are; a move is not."""
    s, _ = r.new_game(["A", "B", "C"], seed=3)
    t = r.apply(s, "buy humber 1")
    assert t.barrier is False and not t.events[0].barrier
    t = r.apply(t.state, "done")
    assert t.barrier is True and t.state["current"] == 1
    s = position(r, {"egypt": (0, "3H"), "east_africa": (1, "1H"), "north_africa": (0, "1H")})
    assert r.apply(s, "move egypt north_africa 1H").barrier is False
    t = r.apply(with_dice(s, 1, 1, 1, 6), "attack east_africa egypt 3H")
    assert t.barrier is True and any(e.kind == "battle" and e.barrier for e in t.events)
