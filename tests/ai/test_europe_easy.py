"""Europe easy works out GenericPlayer's easy choice per group of actions (riskterm.ai.europe.easy): the same
action from the same random draws as the generic reading (_choose_grouped), at every decision of a game."""

from __future__ import annotations

from riskterm.ai import make_player
from riskterm.ai.core.generic import GenericPlayer
from riskterm.rules import find_variant


def test_europe_easy_chooses_as_the_generic_reading():
    rules = find_variant("europe")
    s, _ = rules.new_game(["A", "B", "C", "D"], 11)
    fast, generic = make_player("europe", "easy", 5), make_player("europe", "easy", 5)
    assert isinstance(generic, GenericPlayer)
    kinds = set()
    for _ in range(700):
        seat = rules.actor(s)
        if seat is None:
            break
        a = fast.choose(rules, s, seat)
        assert fast.verified and rules.why_illegal(s, a) is None
        assert GenericPlayer._choose_grouped(generic, rules, s, seat) == a
        assert fast.rng.getstate() == generic.rng.getstate() and fast._acted == generic._acted
        kinds.add(a.kind)
        s = rules.apply(s, a).state
    assert {"orders", "expand", "manoeuvre", "recruit", "tax", "end"} <= kinds
