"""Exact odds, actions notation, dice, and the engine's independence from the app."""

import json
import subprocess
import sys

import pytest

from riskterm.engine.actions import Action, parse_action
from riskterm.engine.dice import outcomes as roll_outcomes
from riskterm.engine.odds import attack_odds, odds_table
from riskterm.engine.rng import Rng
from riskterm.errors import IllegalActionError


def test_single_roll_probabilities_match_the_known_table():
    # 3 dice vs 2: attacker wins both 2890/7776, each one 2611/7776, defender both 2275/7776.
    out = {(al, dl): p for al, dl, p in roll_outcomes(3, 2)}
    assert out[(0, 2)] == pytest.approx(2890 / 7776)
    assert out[(1, 1)] == pytest.approx(2611 / 7776)
    assert out[(2, 0)] == pytest.approx(2275 / 7776)
    assert {(al, dl): p for al, dl, p in roll_outcomes(1, 1)}[(0, 1)] == pytest.approx(15 / 36)


def test_odds_known_values_and_monotone():
    w, al, dl = attack_odds(1, 1)
    assert w == pytest.approx(15 / 36) and al == pytest.approx(15 / 36) and dl == pytest.approx(21 / 36)
    assert attack_odds(3, 2)[0] == pytest.approx(0.656, abs=0.001)
    t = odds_table(30, 30)
    for a in range(1, 30):
        for d in range(1, 30):
            assert t.win[a + 1][d] >= t.win[a][d] - 1e-12
            assert t.win[a][d + 1] <= t.win[a][d] + 1e-12


def test_odds_command_json():
    r = subprocess.run(
        [sys.executable, "-m", "riskterm", "odds", "5", "3", "--json"], capture_output=True, text=True
    )
    d = json.loads(r.stdout)
    assert r.returncode == 0 and {"attacker_wins", "expected_attacker_left", "expected_defender_left"} <= set(
        d
    )
    bad = subprocess.run([sys.executable, "-m", "riskterm", "odds", "0", "3"], capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1


def test_action_notation_round_trip():
    for text in ["attack alaska kamchatka 3", "place peru 2", "end", "trade alaska wild1 peru", "move 12"]:
        assert str(parse_action(text)) == text
    assert parse_action("attack a b 3") == Action("attack", ("a", "b", 3))
    with pytest.raises(IllegalActionError):
        parse_action("   ")


def test_dice_are_seeded_and_fair():
    a, b = Rng(5), Rng(5)
    assert [a.dice(3) for _ in range(10)] == [b.dice(3) for _ in range(10)]
    r = Rng(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.die() - 1] += 1
    assert all(900 < c < 1100 for c in counts)
