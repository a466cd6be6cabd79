"""Golden playthroughs: a seeded game replays to exactly the stored transcript."""

import pytest
from make_golden import GAMES, path_for, transcript


@pytest.mark.parametrize("variant,n,seed,options", GAMES)
def test_golden_transcript(variant, n, seed, options):
    expected = path_for(variant, n, seed).read_text()
    assert transcript(variant, n, seed, options) == expected
