"""Classic's quiet() copy is silent: an unrecorded headless game makes no events at all, and every
step gives the same state as the rulebook itself; advance() gives that state without a Transition."""

from __future__ import annotations

import pytest

from riskterm.ai import make_player
from riskterm.engine.state import to_json
from riskterm.errors import IllegalActionError
from riskterm.rules import find_variant
from riskterm.rules.headless import advance
from riskterm.rules.headless import quiet as make_quiet


@pytest.mark.parametrize("seats, seed", [(4, 2), (2, 7)])
def test_silent_classic_gives_the_same_states_and_no_events(seats, seed):
    rules = find_variant("classic")
    quiet = make_quiet(rules)
    assert quiet.headless.silent and not rules.headless.silent
    s, _ = rules.new_game([f"P{i}" for i in range(seats)], seed)
    players = [make_player("classic", level, seed * 10 + i) for i, level in enumerate(["easy", "hard"] * 3)]
    kinds = set()
    steps = 0
    while not rules.is_over(s) and steps < 1500:
        seat = rules.actor(s)
        a = players[seat % len(players)].choose(rules, rules.view(s, seat), seat)
        before = to_json(s)
        loud, hushed = rules.apply(s, a), quiet.apply(s, a)
        assert hushed.state == loud.state == advance(quiet, s, a)
        assert to_json(s) == before  # copy-on-write: the step never changes the state it is given
        assert hushed.events == [] and hushed.barrier is False
        kinds |= {e.kind for e in loud.events}
        s = loud.state
        steps += 1
    assert {
        "battle",
        "conquer",
        "move",
        "turn",
    } <= kinds  # the loud game made the events the quiet one left out


def test_advance_refuses_a_finished_game():
    quiet = make_quiet(find_variant("classic"))
    s, _ = quiet.new_game(["A", "B", "C"], 1)
    with pytest.raises(IllegalActionError):
        advance(quiet, dict(s, winner=0), quiet.legal_actions(s)[0])
