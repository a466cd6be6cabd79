"""Property tests of the modern-units combat functions (pure functions of explicit dice)."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from riskterm.rules.modern.combat import (
    combat_round,
    default_losses,
    default_losses_multi,
    forced,
    loss_choices,
)
from riskterm.rules.modern.units import NU, UNITS, expand, fits

mixes = st.lists(st.integers(0, 4), min_size=NU, max_size=NU)


@settings(max_examples=200, deadline=None)
@given(mixes, mixes, st.data())
def test_hits_count_dice_at_or_under_the_units_value(att, dfn, data):
    """Attacking: 'if he rolls the attack value or below, that unit scores a hit'; defending units hit on
    their defence value or below (our reading)."""
    ad = data.draw(st.lists(st.integers(1, 6), min_size=sum(att), max_size=sum(att)))
    dd = data.draw(st.lists(st.integers(1, 6), min_size=sum(dfn), max_size=sum(dfn)))
    ah, dh = combat_round(att, dfn, ad, dd)
    assert ah == sum(d <= UNITS[k].attack for k, d in zip(expand(att), ad, strict=True))
    assert dh == sum(d <= UNITS[k].defence for k, d in zip(expand(dfn), dd, strict=True))
    assert 0 <= ah <= sum(att) and 0 <= dh <= sum(dfn)
    assert combat_round(att, dfn, [6] * sum(att), [6] * sum(dfn)) == (0, 0)  # no value reaches 6
    assert combat_round(att, dfn, [1] * sum(att), [1] * sum(dfn)) == (sum(att), sum(dfn))


@settings(max_examples=200, deadline=None)
@given(mixes, st.integers(0, 25), st.booleans())
def test_default_losses_take_exactly_the_hits(pool, hits, attacking):
    loss = default_losses(pool, hits, attacking)
    assert fits(loss, pool) and sum(loss) == min(hits, sum(pool))


@settings(max_examples=100, deadline=None)
@given(
    st.lists(mixes, min_size=1, max_size=3),
    st.integers(0, 12),
    st.lists(st.integers(0, 3), min_size=3, max_size=3),
)
def test_default_losses_from_several_territories(pools, hits, home):
    out = default_losses_multi(pools, hits, True, home=home[: len(pools)])
    assert all(fits(o, p) for o, p in zip(out, pools, strict=True))
    assert sum(map(sum, out)) == min(hits, sum(map(sum, pools)))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(st.integers(0, 2), min_size=NU, max_size=NU), min_size=1, max_size=2), st.integers(0, 6)
)
def test_loss_choices_are_every_way_to_take_the_losses(pools, hits):
    need = min(hits, sum(map(sum, pools)))
    got = {tuple(tuple(m) for m in c) for c in loss_choices(pools, hits, limit=10_000)}
    flat = [n for p in pools for n in p]
    want = set()
    for combo in product(*(range(n + 1) for n in flat)):
        if sum(combo) == need:
            want.add(tuple(tuple(combo[g * NU : (g + 1) * NU]) for g in range(len(pools))))
    assert got == want
    assert forced(pools, hits) == (len(want) == 1)
