"""Modern units: movement, one border per turn, sea-lines and islands, empty territories."""

from __future__ import annotations

import pytest
from test_modern_units import position, units_at

from riskterm.errors import IllegalActionError
from riskterm.rules.modern import ModernRules


@pytest.fixture(scope="module")
def r() -> ModernRules:
    return ModernRules()


def targets(r: ModernRules, s: dict, frm: str) -> set[str]:
    return {str(a.args[1]) for a in r.legal_actions(s) if a.kind == "move" and a.args[0] == frm} | {
        str(a.args[0]) for a in r.legal_actions(s) if a.kind == "attack" and a.args[1] == frm
    }


def test_movement_example_land_borders(r):
    """Movement Example: 'Units in Central America can move or attack Venezuela, Western United States or
    Eastern United States. Units in Egypt can move or attack North Africa, East Africa, or the Middle East.'"""
    s = position(r, {"central_america": (0, "2T"), "egypt": (0, "2T")})
    assert targets(r, s, "central_america") == {"venezuela", "western_united_states", "eastern_united_states"}
    assert targets(r, s, "egypt") == {"north_africa", "east_africa", "middle_east"}


def test_only_hovercraft_and_helicopters_cross_sea_lines(r):
    """Movement & Combat: 'Only Hovercraft and Helicopters can move and attack from one land territory to
    another across the dotted lines ... Only if you have Helicopter or Hovercraft could you move against
    Southern Europe.'"""
    s = position(r, {"egypt": (0, "1H1T1R1V1C"), "southern_europe": (0, "1H")})
    with pytest.raises(IllegalActionError, match="sea-line"):
        r.apply(s, "move egypt southern_europe 1T")
    s2, _ = r.apply(s, "move egypt southern_europe all")
    assert units_at(s2, r, "southern_europe") == "1H1V1C" and units_at(s2, r, "egypt") == "1H1T1R"
    for a in r.legal_actions(s):
        if a.kind == "move" and a.args[1] == "southern_europe":
            assert set(str(a.args[2])) <= set("0123456789VC")


def test_units_built_on_an_island_are_stuck(r):
    """Movement Example: 'you can build Tanks, Humbers, and Rocket Launchers on, for example, Iceland but
    remember they are stuck there.'"""
    s = position(r, {"iceland": (0, "2H2T2R1V"), "great_britain": (0, "1H"), "greenland": (1, "1H")})
    acts = [
        a
        for a in r.legal_actions(s)
        if a.kind in ("move", "attack")
        and "iceland" in a.args[:2]
        and a.args[0 if a.kind == "move" else 1] == "iceland"
    ]
    assert acts and all(str(a.args[2]) in ("1V",) for a in acts)
    for cmd in (
        "move iceland great_britain 1T",
        "attack greenland iceland 1H",
        "move iceland scandinavia 1R",
    ):
        with pytest.raises(IllegalActionError):
            r.apply(s, cmd)


def test_one_border_per_turn(r):
    """Our reading of the movement range: 'A unit moves or attacks across one border per turn'."""
    s = position(r, {"egypt": (0, "2T"), "north_africa": (0, "1H"), "congo": (0, "1H")})
    s, _ = r.apply(s, "move egypt north_africa 2T")
    with pytest.raises(IllegalActionError, match="one border per turn"):
        r.apply(s, "move north_africa congo 1T")
    s, _ = r.apply(s, "move north_africa congo 1H")  # the Humber that was there had not moved
    assert units_at(s, r, "congo") == "2H"
    # next turn the Tanks may move again
    for _ in range(3):
        s, _ = r.apply(s, "end")
        while s["phase"] == "buy":
            s, _ = r.apply(s, "done")
    while s["current"] != 0:
        s, _ = r.apply(s, "end")
    s, _ = r.apply(s, "move north_africa congo 1T")
    assert units_at(s, r, "congo") == "2H1T"


def test_moving_into_an_empty_territory_takes_it(r):
    """Setup leaves 'any odd territories empty'; our reading: moving into one takes it without a battle."""
    s = position(r, {"egypt": (0, "2T"), "east_africa": (-1, "")})
    s, ev = r.apply(s, "move egypt east_africa 1T")
    assert s["owner"][r.board.index["east_africa"]] == 0 and ev[0].data["claimed"]
    with pytest.raises(IllegalActionError, match="empty: move"):
        r.apply(position(r, {"egypt": (0, "2T"), "east_africa": (-1, "")}), "attack east_africa egypt 1T")


def test_leaving_a_territory_empty_gives_it_up(r):
    """'You must have a unit in each territory you wish to hold. If you leave a territory empty you give up
    the territory card and do not get income credit from it on the next turn.'"""
    s = position(r, {"egypt": (0, "2T"), "north_africa": (0, "1H")})
    held = s["owner"].count(0)
    s, ev = r.apply(s, "move egypt north_africa all")
    t = r.board.index["egypt"]
    assert s["owner"][t] == -1 and s["armies"][t] == 0 and s["owner"].count(0) == held - 1
    assert ev[-1].kind == "abandon"
    assert r.income_of(s, 0) == 2 * (held - 1)


def test_cannot_move_into_an_enemy_territory(r):
    s = position(
        r, {"egypt": (0, "2T"), "east_africa": (1, "1H"), "peru": (0, "1H"), "north_africa": (0, "1H")}
    )
    with pytest.raises(IllegalActionError, match="attack it instead"):
        r.apply(s, "move egypt east_africa 1T")
    with pytest.raises(IllegalActionError, match="does not border"):
        r.apply(s, "move egypt peru 1T")
    with pytest.raises(IllegalActionError, match="not a set of units"):
        r.apply(s, "move egypt north_africa 2Q")
