"""Log lines every rulebook shares."""

from riskterm.rules.logtext import losses_text


def test_a_side_that_lost_nothing_is_left_out_of_a_battle_line():
    """A reviewer read 'attacker -0, defender -2' as a typo: a battle's line names only the side(s) that lost."""
    assert losses_text(0, 2) == "defender loses 2"
    assert losses_text(1, 1) == "attacker loses 1, defender loses 1"
    assert losses_text(2, 0) == "attacker loses 2"
    assert losses_text(0, 0) == "nobody loses anything"
