"""The computer players' trusted path: a headless game that skips the second legality check
(rules/headless.advance) plays exactly the game the checked path (Session.apply, every action checked) plays."""

from __future__ import annotations

import pytest

from riskterm.ai.simulate import play_counted
from riskterm.errors import IllegalActionError
from riskterm.rules import find_variant
from riskterm.rules.headless import advance


@pytest.mark.parametrize("variant, seats, seed", [("classic", 4, 3), ("classic", 2, 5), ("risiko", 3, 1)])
def test_trusted_path_plays_the_same_game(variant, seats, seed):
    checked, n1 = play_counted(variant, ["easy"] * seats, seed, record=True)
    trusted, n2 = play_counted(variant, ["easy"] * seats, seed, record=False)
    # a headless classic game applies easy's standing answer to every move-in at once (headless.answering)
    folded = sum(1 for st in checked.steps if st.action.kind == "move") if variant == "classic" else 0
    assert n2 == n1 - folded
    assert trusted.state == checked.state


def test_advance_refuses_a_finished_game():
    rules = find_variant("classic")
    s, _ = rules.new_game(["A", "B", "C"], 1)
    with pytest.raises(IllegalActionError):
        advance(rules, dict(s, winner=0), rules.legal_actions(s)[0])


# (classic hard is the search, which plays steps out on a copy of what it is handed: never view_free)
@pytest.mark.parametrize(
    "variant, level",
    [("classic", "easy"), ("classic", "normal"), ("modern", "easy"), ("europe", "easy"), ("risiko", "easy")],
)
def test_view_free_players_choose_the_same_from_the_state(variant, level):
    """A player marked view_free gets the state instead of its view (no copy): it must choose exactly as
    it does from the view, step by step, through a whole game (modern: a view hides only the random
    stream, which no player reads)."""
    from riskterm.ai import make_player

    rules = find_variant(variant)
    s, _ = rules.new_game(["A", "B", "C"], 11)
    seen, blind = make_player(variant, level, 4), make_player(variant, level, 4)
    assert getattr(seen, "view_free", False)
    steps = 0
    while not rules.is_over(s) and steps < 3000:
        seat = rules.actor(s)
        a = blind.choose(rules, rules.view(s, seat), seat)
        assert seen.choose(rules, s, seat) == a
        s = rules.apply(s, a).state
        steps += 1
