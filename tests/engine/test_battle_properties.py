"""Properties of a single roll ('compare the highest die ... then the two next-highest'; 'The attacker can never
lose more than 2 armies on a single roll'), checked over all dice with hypothesis."""

from hypothesis import given
from hypothesis import strategies as st

from riskterm.engine.dice import resolve

die = st.integers(min_value=1, max_value=6)


@given(st.lists(die, min_size=1, max_size=3), st.lists(die, min_size=1, max_size=2))
def test_losses_add_up_to_the_dice_compared(att, dfn):
    al, dl = resolve(att, dfn)
    assert al + dl == min(len(att), len(dfn))
    assert al <= 2 and dl <= 2


@given(st.lists(die, min_size=1, max_size=3), st.lists(die, min_size=1, max_size=2))
def test_order_of_dice_does_not_matter(att, dfn):
    assert resolve(att, dfn) == resolve(list(reversed(att)), list(reversed(dfn)))


@given(st.lists(die, min_size=1, max_size=3), st.lists(die, min_size=1, max_size=2))
def test_a_better_attack_die_never_hurts(att, dfn):
    better = sorted(att, reverse=True)
    better[0] = min(6, better[0] + 1)
    assert resolve(better, dfn)[1] >= resolve(att, dfn)[1]
