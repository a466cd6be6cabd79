"""`riskterm verify` on a hosted game whose seed everyone made: the commitment shown before anyone joined is
the host's secret's, each revealed contribution must match the commitment its screen sent, and the seed must
be the one they make; a host changing its secret after seeing the contributions, or a seat changing its
share, is caught; a share that never came is absent and said so."""

import copy

import pytest

from riskterm.ai import make_player
from riskterm.ai.core.guard import TurnGuard
from riskterm.cli import main
from riskterm.engine.commitment import commitment, short
from riskterm.engine.joint_seed import Contribution, contribution_commitment, joint_seed
from riskterm.errors import SaveError
from riskterm.record.autosave import save_bytes
from riskterm.record.dice_record import verify
from riskterm.record.load import session_from_document
from riskterm.record.saveformat import checksum, encode
from riskterm.record.schema import parse_json
from riskterm.rules import PlayerSetup
from riskterm.session import Session

SALT = "0123456789abcdef0123456789abcdef"
A, B = "a" * 32, "b" * 32
SHARES = [Contribution(0, contribution_commitment(A), A), Contribution(1, contribution_commitment(B), None)]


@pytest.fixture(scope="module")
def finished():
    s = Session.new(
        "classic",
        [PlayerSetup("Ann", ai="normal"), PlayerSetup("Bob", ai="normal")],
        5,
        {"quick_start": True},
        salt=SALT,
    )
    shown = s.commitment
    s.seed_from(SHARES)  # Bob's share never came: absent
    assert s.commitment == shown == commitment(5, SALT) and s.seed == joint_seed(5, SALT, SHARES) != 5
    players, guard = [make_player("classic", p.ai, i) for i, p in enumerate(s.players)], TurnGuard()
    while not s.rules.is_over(s.state):
        seat = s.rules.actor(s.state)
        s.apply(guard.choose(s.rules, s.state, seat, players[seat]))
    return parse_json(save_bytes(s).decode(), "game.json")


def resealed(doc, joint=None, **changes):
    out = copy.deepcopy(doc)
    out.update(changes)
    if joint:
        out["joint_seed"].update(joint)
    out["checksum"] = checksum(out)
    return out


def test_the_save_records_the_shares_and_loads_them(finished):
    assert finished["joint_seed"] == {"host_seed": 5, "contributions": [c.to_json() for c in SHARES]}
    loaded = session_from_document(finished, "game.json")
    assert (
        loaded.host_seed == 5 and loaded.contributions == SHARES and loaded.commitment == commitment(5, SALT)
    )


def test_a_finished_game_verifies_and_names_who_made_the_seed(finished):
    v = verify(finished, "game.json")
    assert v.rolls > 10 and v.contributions == SHARES
    assert (
        "contributions of Ann" in v.made_by() and "left out as absent" in v.made_by() and "Bob" in v.made_by()
    )


def test_a_host_changing_its_secret_after_seeing_the_shares_is_caught(finished):
    """The host picks another secret, so the seed (and the whole game) is one it chose: a save consistent in
    everything but the commitment every screen was shown."""
    other = joint_seed(6, SALT, SHARES)
    with pytest.raises(SaveError, match="host changed its secret"):
        verify(resealed(finished, joint={"host_seed": 6}, seed=other), "game.json")


def test_a_host_rewriting_the_commitment_too_is_caught_by_the_one_a_screen_showed(finished, tmp_path, capsys):
    forged = resealed(
        finished, joint={"host_seed": 6}, seed=joint_seed(6, SALT, SHARES), commitment=commitment(6, SALT)
    )
    path = tmp_path / "forged.json"
    path.write_bytes(encode(forged))
    shown = short(finished["commitment"])  # what the screens showed: "abcd ef01 2345 6789 …"
    with pytest.raises(SaveError):  # the game itself no longer replays from the forged seed's dice
        verify(forged, "forged.json")
    good = tmp_path / "good.json"
    good.write_bytes(encode(finished))
    assert main(["verify", str(good), "--commitment", shown]) == 0
    out = capsys.readouterr().out
    assert "every roll came from the committed seed" in out and "contributions of Ann" in out
    assert "Bob: commitment" in out and "absent" in out
    assert main(["verify", str(good), "--commitment", "0000 1111"]) == 2
    assert "not the one your screen showed" in capsys.readouterr().err


def test_a_seat_changing_its_share_or_a_changed_seed_is_caught(finished):
    changed = [SHARES[0].to_json(), {**SHARES[1].to_json(), "share": "c" * 32}]
    with pytest.raises(SaveError, match="seat 2's revealed contribution does not match"):
        verify(resealed(finished, joint={"contributions": changed}), "game.json")
    with pytest.raises(SaveError, match="not the one the host's secret and the contributions make"):
        verify(resealed(finished, seed=finished["seed"] ^ 1), "game.json")


def test_a_malformed_record_of_shares_is_a_damaged_save(finished):
    from riskterm.record.schema import check_header

    with pytest.raises(SaveError, match="seed everyone made is malformed"):
        check_header(
            resealed(finished, joint={"contributions": [{"seat": 0, "commit": "x", "share": None}]}),
            "game.json",
        )
