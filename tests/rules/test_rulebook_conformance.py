"""The conformance test: a short seeded game of every rulebook with its default options and with every other
value of every house option (every mode among them), played by random legal actions and checked against the
contract at every step: what legal_actions lists is legal and applies; every event is of a declared kind,
has its kind's data where the kind declares it (EventKind.data), and reads as a log line for its addressee
and for a spectator; the state stays JSON-plain; every seat's view and the prompt can be made. A new mode or
option value is played here by the default suite, without a slow run (the long walk over pairs of options is
tests/edges, slow)."""

from __future__ import annotations

import json
import random

import pytest
from support import shape_problems

from riskterm.rules import available_variants, find_variant, variant_class

STEPS = 30  # enough for the set-up and the first moves of every mode
SPREAD = 8  # an option with more values than this is a range: three of them are played


def cases() -> list[tuple[str, str | None, object]]:
    out: list[tuple[str, str | None, object]] = []
    for variant in available_variants():
        out.append((variant, None, None))
        for key, _, choices, default in variant_class(variant).house_options:
            if len(choices) > SPREAD:  # a range of numbers (luck in percent): its ends and its middle
                choices = (choices[0], choices[len(choices) // 2], choices[-1])
            out += [(variant, key, c) for c in choices if c != default]
    return out


@pytest.mark.parametrize("variant, key, value", cases(), ids=lambda x: "default" if x is None else str(x))
def test_a_short_game_keeps_the_contract(variant: str, key: str | None, value: object) -> None:
    rules = find_variant(variant)
    show = rules.presenter()
    names = [f"P{i}" for i in range(min(max(rules.min_players, 3), rules.max_players))]
    options: dict[str, object] = {"quick_start": True} | ({key: value} if key is not None else {})
    s, events = rules.new_game(names, 5, options)
    rnd = random.Random(7)
    for _ in range(STEPS):
        for e in events:
            assert e.kind in rules.EVENTS, e.kind
            declared = rules.EVENTS[e.kind].data
            assert declared is None or shape_problems(e.data, declared, e.kind) == []
            assert isinstance(show.describe(e.redacted(None), names, None), str)
            if e.to is not None:
                assert isinstance(show.describe(e, names, e.to), str)
        if rules.is_over(s):
            break
        legal = rules.legal_actions(s)
        assert legal, s["phase"]
        a = rnd.choice(legal)
        assert rules.why_illegal(s, a) is None, a
        s, events = rules.apply(s, a)
    json.dumps(s)
    for seat in [None, *range(len(names))]:
        view = rules.view(s, seat)
        assert "seed" not in view
    if not rules.is_over(s):
        assert show.prompt(rules.view(s, rules.actor(s)))
