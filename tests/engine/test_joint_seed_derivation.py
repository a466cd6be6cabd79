"""A hosted game's seed made by everyone: sha256 over the host's secret (seed and salt) and each person's
seat's revealed contribution in seat order, an absent or non-matching one written as '-'."""

import hashlib

from riskterm.engine.joint_seed import (
    Contribution,
    check_contributions,
    contribution_commitment,
    joint_seed,
    made_by_line,
    new_contribution,
)
from riskterm.setup_options import SEED_MAX

SALT = "0123456789abcdef0123456789abcdef"
A, B = "a" * 32, "b" * 32


def share(seat: int, r: str | None, commit_to: str | None = None) -> Contribution:
    return Contribution(seat, contribution_commitment(commit_to or r or "0" * 32), r)


def test_the_seed_is_the_sha256_of_the_secret_and_the_shares_in_seat_order():
    made = joint_seed(7, SALT, [share(2, B), share(0, A)])
    digest = hashlib.sha256(f"riskterm-joint-seed|7|{SALT}|0:{A}|2:{B}".encode()).digest()
    assert made == int.from_bytes(digest[:8], "big") & SEED_MAX
    assert 0 <= made <= SEED_MAX


def test_every_part_changes_the_seed_so_no_one_party_chooses_it():
    base = joint_seed(7, SALT, [share(0, A), share(1, B)])
    assert joint_seed(8, SALT, [share(0, A), share(1, B)]) != base  # the host's secret
    assert joint_seed(7, SALT, [share(0, A), share(1, "c" * 32)]) != base  # one seat's share
    assert joint_seed(7, SALT, [share(0, B), share(1, A)]) != base  # the same shares on other seats


def test_an_absent_or_non_matching_share_counts_as_absent():
    absent = joint_seed(7, SALT, [share(0, A), Contribution(1, contribution_commitment(B), None)])
    wrong = joint_seed(7, SALT, [share(0, A), share(1, B, commit_to="c" * 32)])
    none_sent = joint_seed(7, SALT, [share(0, A), Contribution(1, None, None)])
    assert absent == wrong == none_sent != joint_seed(7, SALT, [share(0, A), share(1, B)])
    assert not share(1, B, commit_to="c" * 32).counted()


def test_the_check_finds_a_changed_share_or_seed():
    shares = [share(0, A), share(1, B)]
    seed = joint_seed(7, SALT, shares)
    record = [c.to_json() for c in shares]
    assert check_contributions(record, seed, 7, SALT) is None
    assert "not the one" in check_contributions(record, seed + 1, 7, SALT)
    changed = [record[0], {**record[1], "share": "c" * 32}]  # a seat changed its share after the commitments
    assert "seat 2's revealed contribution does not match" in check_contributions(changed, seed, 7, SALT)
    assert "malformed" in check_contributions("x", seed, 7, SALT)


def test_contributions_are_random_and_the_log_line_names_who_made_the_seed():
    assert new_contribution() != new_contribution() and len(new_contribution()) == 32
    line = made_by_line([share(0, A), Contribution(1, None, None), share(2, B)], ["Ann", "Bob", "Cid"])
    assert "contributions of Ann, Cid" in line and "left out as absent" in line and line.endswith(": Bob.")
    assert "alone" in made_by_line([Contribution(0, None, None)], ["Ann"])
