"""Modern units: the house unit values as data, the unit-mix notation, dice; plus helpers the other
test_modern_* files import (position, mix, units_at)."""

from __future__ import annotations

from typing import Any

import yaml
from support import dice_left, with_dice

from riskterm.engine.rng import Rng
from riskterm.rules import find_variant
from riskterm.rules.modern import ModernRules
from riskterm.rules.modern.combat import default_losses, default_losses_multi, forced, loss_choices
from riskterm.rules.modern.units import (
    NU,
    TABLES,
    UNITS,
    UNITS_FILE,
    load_tables,
    mix_text,
    parse_mix,
    table_of,
)


def mix(text: str) -> list[int]:
    m = parse_mix(text)
    assert m is not None
    return m


# The readings these tests were written for (the original unit table; a lone survivor moves in): a game
# started with no options plays today's defaults (ModernRules.house_options).
OLD_READINGS = {"units": "original", "defence_roll": "own_value", "lone_survivor": "moves_in"}


def position(
    r: ModernRules, where: dict[str, tuple[int, str]], players: int = 3, rest: str = "spread", **kw: Any
) -> dict[str, Any]:
    """A state in the attack step of seat 0's turn in round 3. `where` maps territory ids to (seat, units
    like '2H1T'); the others are spread over seats 1.. with one Humber (rest='spread') or left empty."""
    s, _ = r.new_game([f"P{i}" for i in range(players)], seed=1, options=dict(OLD_READINGS))
    s = dict(s)
    n = len(r.board.territories)
    owner, units = [-1] * n, [[0] * NU for _ in range(n)]
    if rest == "spread":
        for t in range(n):
            owner[t], units[t] = 1 + t % (players - 1), mix("1H")
    for tid, (p, m) in where.items():
        t = r.board.index[tid]
        units[t] = mix(m) if m else [0] * NU
        owner[t] = p if any(units[t]) else -1
    s.update(
        owner=owner,
        units=units,
        armies=[sum(u) for u in units],
        spent=[[0] * NU for _ in range(n)],
        phase="attack",
        current=0,
        actor=0,
        round=3,
        order=list(range(players)),
        pos=0,
        battle=None,
        bought=[[0] * NU for _ in range(players)],
        credits=[0] * players,
        turn=10,
    )
    s.update(kw)
    return s


def units_at(s: dict[str, Any], r: ModernRules, tid: str) -> str:
    return mix_text(s["units"][r.board.index[tid]])


ORIGINAL = TABLES["original"]  # the table of games whose options name none (these tests' positions)


# ------------------------------------------------------------------------------------------------ tests
def test_house_values_are_the_issue_table_in_a_yaml_file():
    """'Use these house values, kept in a YAML rules file (not in code)' - the rulebook text
    names Humber, Tank, Rocket Launcher, Hovercraft and Helicopter. The balanced table is the default; the
    first one stays as 'original', the table of every game whose options name none (older saves replay)."""
    data = yaml.safe_load(UNITS_FILE.read_text())
    table = {u["name"]: (u["cost"], u["attack"], u["defence"], u["sea"]) for u in data["tables"]["original"]}
    assert table == {
        "Humber": (2, 2, 1, False),
        "Tank": (5, 3, 3, False),
        "Rocket Launcher": (4, 4, 2, False),
        "Hovercraft": (5, 2, 2, True),
        "Helicopter": (7, 3, 3, True),
    }
    assert load_tables() == (TABLES, "balanced") and UNITS == TABLES["balanced"]
    assert table_of({}) == TABLES["original"] and table_of({"units": "balanced"}) == UNITS
    assert UNITS_FILE.parent.name == "data" and UNITS_FILE.parent.parent.name == "rules"  # package data


def test_rules_screen_shows_house_values_and_readings():
    """Values 'shown on the in-game rules screen as house values'; 'the choice made is written
    on the rules screen'."""
    r = find_variant("modern")
    text = r.presenter().rules_text
    assert "house values" in text.lower()
    assert "| Rocket Launcher | R | 4 | 4 | 2 | no |" in text  # the original table, for older games
    assert "| Helicopter | C | 7 | 3 | 3 | yes |" in text
    for u in UNITS:
        assert f"| {u.name} | {u.letter} | {u.cost} | {u.attack} | {u.defence} |" in text
    assert "Our readings" in text
    assert "defence value" in text and "one border per unit per turn" in text.lower()


def test_mix_notation_round_trips():
    assert parse_mix("2H1T") == [2, 1, 0, 0, 0]
    assert parse_mix("h") == [1, 0, 0, 0, 0]
    assert parse_mix("1V1C") == [0, 0, 0, 1, 1]
    assert parse_mix("2X") is None and parse_mix("H 1") is None and parse_mix("") is None
    for m in ([1, 0, 2, 0, 3], [0, 0, 0, 0, 1]):
        assert parse_mix(mix_text(m)) == m


def test_a_roll_gives_one_unsorted_die_per_unit_from_the_games_stream():
    """'The attacker ... rolls the die' per unit: dice belong to units, so they are not sorted; they come
    from the game's random stream (Rng.faces, 24 per 64-bit draw), so scripted dice are honoured."""
    rng = Rng(12345)
    d = rng.faces(30)
    assert len(d) == 30 and all(1 <= x <= 6 for x in d)
    assert d != sorted(d, reverse=True)
    rng2 = Rng(12345)
    rng2.u64()
    rng2.u64()
    assert rng.state == rng2.state  # 30 dice = two 64-bit draws
    r = ModernRules()
    s = with_dice(position(r, {"egypt": (0, "1H2T"), "east_africa": (1, "1T")}), 6, 1, 6)
    s, ev = r.apply(s, "attack east_africa egypt 2T")
    assert next(e for e in ev if e.kind == "battle").data["att"] == [6, 1]  # the Tanks' dice in unit order
    assert dice_left(s) == [] and isinstance(s["rng"], int)  # every scripted face used, the stream goes on


def test_default_losses_are_cheapest_first():
    """'casualty choice with a good default one key away' - ours: cheapest first, then the
    weaker unit in its role (a defending Hovercraft before a Tank, both cost 5)."""
    assert default_losses(mix("1H1T1V"), 2, attacking=False, units=ORIGINAL) == mix("1H1V")
    assert default_losses(mix("1T1R"), 1, attacking=True, units=ORIGINAL) == mix("1R")
    assert default_losses(mix("1T1V"), 1, attacking=True, units=ORIGINAL) == mix("1V")
    assert default_losses(mix("1H"), 5, attacking=True, units=ORIGINAL) == mix("1H")
    # several sources: the Humber from the territory with more units
    assert default_losses_multi([mix("1H1R"), mix("3H")], 1, True, ORIGINAL) == [[0] * NU, mix("1H")]
    assert default_losses_multi([mix("1H1R"), mix("2H")], 1, True, ORIGINAL, home=[0, 1]) == [
        [0] * NU,
        mix("1H"),
    ]


def test_loss_choices_and_forced():
    opts = list(loss_choices([mix("2H1T")], 2))
    assert sorted(mix_text(o[0]) for o in opts) == ["1H1T", "2H"]
    assert forced([mix("3H")], 2) and forced([mix("1H1T")], 0) and forced([mix("1H1T")], 2)
    assert not forced([mix("1H1T")], 1) and not forced([mix("1H"), mix("1H")], 1)
