"""Statistics per player per turn, from a live Session or a save, and their JSON export."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from record_helpers import drive, new_session

from riskterm.cli import main
from riskterm.engine.dice import expected_losses
from riskterm.record import load_game, write_save
from riskterm.record.stats import game_stats


def test_expected_losses_exact() -> None:
    """3 dice against 2: the defender loses 2 in 2890/7776, 1 each in 2611/7776, attacker 2 in 2275/7776."""
    ea, ed = expected_losses(3, 2)
    assert ed == pytest.approx((2 * 2890 + 2611) / 7776)
    assert ea == pytest.approx((2 * 2275 + 2611) / 7776)
    assert expected_losses(1, 1) == pytest.approx((21 / 36, 15 / 36))


def test_stats_per_turn_and_same_from_a_save(variant: str, tmp_path: Path) -> None:
    session = new_session(variant, 31)
    drive(session, random.Random(31), 400)
    st = game_stats(session)
    assert st.turns and len(st.totals) == len(st.names)
    turns = [row["turn"] for row in st.turns]
    assert turns == sorted(turns) and len(set(turns)) == len(turns)
    for row in st.turns:
        for p in row["players"]:
            for key in ("territories", "armies", "income", "cards", "battles_won", "battles_lost", "luck"):
                assert key in p
    loaded = load_game(write_save(session, tmp_path / "g.json"))
    assert game_stats(loaded).as_dict() == st.as_dict()
    json.dumps(st.as_dict())


def test_classic_battle_tallies_add_up() -> None:
    session = new_session("classic", 31)
    drive(session, random.Random(31), 800)
    st = game_stats(session)
    battles = [e for e in session.all_events() if e.kind == "battle"]
    killed = sum(t["armies_killed"] for t in st.totals)
    assert killed == sum(e.data["att_loss"] + e.data["def_loss"] for e in battles)
    decided = sum(1 for e in battles if e.data["att_loss"] != e.data["def_loss"])
    assert sum(t["battles_won"] for t in st.totals) == decided == sum(t["battles_lost"] for t in st.totals)
    per_turn = sum(p["battles_won"] for row in st.turns for p in row["players"])
    assert per_turn == decided
    last = st.turns[-1]["players"]
    assert [p["territories"] for p in last] == [t["territories"] for t in st.totals]
    assert abs(sum(t["luck"] for t in st.totals)) < len(battles)  # luck is small beside the number of rolls


def test_stats_command_json_and_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = new_session("classic", 5)
    drive(session, random.Random(5), 300)
    path = write_save(session, tmp_path / "g.json")
    assert main(["stats", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == ["Ann", "Bob", "Cleo"] and data["turns"]
    assert main(["stats", "--turns", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ann" in out and "luck" in out
    path.write_bytes(path.read_bytes()[:100])
    assert main(["stats", str(path)]) == 2
    assert "truncated" in capsys.readouterr().err


def test_battles_counted_for_every_rulebook(variant: str) -> None:
    """Every rulebook's battles show up as battles won and lost (rolls or whole fights)."""
    session = new_session(variant, 3)
    drive(session, random.Random(3), 1500)
    st = game_stats(session)
    won = sum(t["battles_won"] for t in st.totals)
    assert won == sum(t["battles_lost"] for t in st.totals)
    if any(e.kind in ("battle", "won", "repelled", "battle_end") for e in session.all_events()):
        assert won > 0


def test_risiko_general_and_marshal_shift_the_expectation() -> None:
    from riskterm.engine.events import Event
    from riskterm.record.stats import battle_facts
    from riskterm.rules.risiko.events import EVENTS

    roll = {"player": 0, "defender": 1, "att": [4], "dfn": [3], "att_loss": 0, "def_loss": 1}
    plain, general, marshal = (
        Event("battle", dict(roll, **extra)) for extra in ({}, {"general": True}, {"marshal": True})
    )
    bonus = EVENTS["battle"].bonus
    assert battle_facts(general, bonus)[5] > battle_facts(plain, bonus)[5]  # type: ignore[index]
    assert battle_facts(marshal, bonus)[5] < battle_facts(plain, bonus)[5]  # type: ignore[index]


def test_a_roll_and_a_conquest_are_counted_from_the_events() -> None:
    """Statistics count what the rulebook's event table says an event is, from its data: one roll's losses
    and luck, one conquest; an event the table does not count (a move) is not counted."""
    from riskterm.engine.events import Event
    from riskterm.record.stats import Tally, tally_event
    from riskterm.rules.classic.events import EVENTS

    roll = {"player": 0, "defender": 1, "att": [6, 2], "dfn": [3], "att_loss": 0, "def_loss": 1}
    tallies = [Tally(), Tally()]
    for e in (Event("battle", roll, barrier=True), Event("conquer", {"player": 0}), Event("move", roll)):
        tally_event(tallies, e, EVENTS)
    assert tallies[0].conquests == 1 and tallies[0].armies_killed == 1 and tallies[1].armies_lost == 1
    assert tallies[0].battles_won == 1 == tallies[1].battles_lost and tallies[0].luck > 0


def test_trades_and_knock_outs_counted_for_the_right_seat() -> None:
    """Trades count for the trader; a knock-out for the seat that did it, whichever way a rulebook names it:
    classic says who knocked out whom, RisiKo and modern name only the defender (the acting seat did it),
    europe names only the player who is out (no one's doing)."""
    from riskterm.engine.events import Event
    from riskterm.record.stats import Tally, tally_event
    from riskterm.rules.classic.events import EVENTS as CLASSIC
    from riskterm.rules.europe.events import EVENTS as EUROPE
    from riskterm.rules.risiko.events import EVENTS as RISIKO

    t = [Tally(), Tally(), Tally()]
    tally_event(t, Event("trade", {"player": 2, "cards": [], "armies": 4}), CLASSIC)
    tally_event(t, Event("eliminate", {"player": 0, "defender": 1, "cards": 0}), CLASSIC, actor=0)
    tally_event(t, Event("eliminate", {"defender": 1, "armies": 0}), RISIKO, actor=2)  # modern's too
    tally_event(t, Event("eliminate", {"player": 1, "crown_cards": 0}), EUROPE, actor=0)  # 1 is out
    assert [x.trades for x in t] == [0, 0, 1]
    assert [x.eliminated for x in t] == [1, 0, 1]
