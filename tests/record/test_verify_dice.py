"""Dice anyone can verify: a game shows a commitment (sha256 of its seed and a secret salt) before the first
roll, its finished save reveals both with every roll, and `riskterm verify SAVE` replays every roll from the
revealed seed: 'every roll came from the committed seed', or where it did not (exit 0 / 2)."""

import copy

import pytest

from riskterm.ai import make_player
from riskterm.ai.core.guard import TurnGuard
from riskterm.cli import main
from riskterm.engine.commitment import commitment
from riskterm.errors import SaveError
from riskterm.record.autosave import save_bytes
from riskterm.record.dice_record import verify
from riskterm.record.saveformat import checksum
from riskterm.record.schema import parse_json
from riskterm.rules import PlayerSetup
from riskterm.session import Session

SALT = "0123456789abcdef0123456789abcdef"


@pytest.fixture(scope="module")
def finished():
    s = Session.new(
        "classic",
        [PlayerSetup("Ann", ai="normal"), PlayerSetup("Bob", ai="normal")],
        5,
        {"quick_start": True},
        salt=SALT,
    )  # (a short game: 170 moves)
    players, guard = [make_player("classic", p.ai, i) for i, p in enumerate(s.players)], TurnGuard()
    while not s.rules.is_over(s.state):
        seat = s.rules.actor(s.state)
        s.apply(guard.choose(s.rules, s.state, seat, players[seat]))
    return parse_json(save_bytes(s).decode(), "game.json")


def resealed(doc, **changes):
    out = copy.deepcopy(doc)
    out.update(changes)
    out["checksum"] = checksum(out)
    return out


def test_a_finished_game_verifies(finished):
    assert finished["commitment"] == commitment(5, SALT)
    v = verify(finished, "game.json")
    assert v.rolls == len(finished["rolls"]) > 20


def test_the_commitment_is_no_clue_to_the_seed():
    """The salt (128 random bits) hides the seed: two games of the same seed commit differently, and a new
    game's commitment and salt are never in a player's view."""
    a = Session.new("classic", ["A", "B", "C"], 5, {"quick_start": True})
    b = Session.new("classic", ["A", "B", "C"], 5, {"quick_start": True})
    assert a.commitment != b.commitment and len(a.salt) == 32
    view = a.rules.view(a.state, 0)
    assert a.salt not in repr(view) and "seed" not in view


@pytest.mark.parametrize("field,value", [("seed", 6), ("salt", "f" * 32)])
def test_a_changed_seed_or_salt_is_caught(finished, field, value):
    with pytest.raises(SaveError, match="do not match the commitment"):
        verify(resealed(finished, **{field: value}), "game.json")


def test_a_changed_roll_is_caught_and_named(finished):
    rolls = copy.deepcopy(finished["rolls"])
    i = next(k for k, r in enumerate(rolls) if r[1] == "battle")
    rolls[i][2]["att"][0] = 7 - rolls[i][2]["att"][0]  # (a die is never 3.5: the face always changes)
    with pytest.raises(SaveError, match=f"Roll {i + 1} of game.json"):
        verify(resealed(finished, rolls=rolls), "game.json")
    with pytest.raises(SaveError, match="records"):
        verify(resealed(finished, rolls=finished["rolls"][:-1]), "game.json")


def test_an_unfinished_or_uncommitted_save_is_refused(finished):
    with pytest.raises(SaveError, match="still in play"):
        verify(resealed(finished, summary={**finished["summary"], "over": False}), "game.json")
    old = resealed({k: v for k, v in finished.items() if k not in ("salt", "commitment", "rolls")})
    with pytest.raises(SaveError, match="no commitment"):
        verify(old, "game.json")


def test_the_command_line(finished, tmp_path, capsys):
    from riskterm.record.saveformat import encode

    good = tmp_path / "good.json"
    good.write_bytes(encode(finished))
    assert main(["verify", str(good)]) == 0
    assert "every roll came from the committed seed" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_bytes(encode(resealed(finished, seed=99)))
    assert main(["verify", str(bad)]) == 2
    assert "commitment" in capsys.readouterr().err
