"""One search over legal actions is the hard level of every rulebook. It returns a
legal action from mid-game states, decides from the seat's view alone (hidden things filled in from its own
seeded generator), gives the same choice for the same seed, and keeps to its time budget."""

from __future__ import annotations

import pytest

from riskterm.ai import PACKAGES, make_player, offer
from riskterm.ai.core.search import SearchPlayer
from riskterm.ai.simulate import house_defaults
from riskterm.rules import find_variant
from riskterm.rules.headless import advance, quiet, several_actions

# the rulebooks whose hard level is a search, and its profile
PROFILES = {v: book.profile for v in PACKAGES if (book := offer(v)) is not None and book.profile is not None}

SEARCHED = sorted(PROFILES)


def mid_game_states(variant: str, seed: int = 11, count: int = 4, skip: int = 120) -> list[dict]:
    """States met by normal players where the actor faces a decision the search looks at."""
    rules = find_variant(variant)
    s, _ = rules.new_game(["A", "B", "C", "D"], seed, house_defaults(rules))
    players = [make_player(variant, "normal", i) for i in range(4)]
    phases = PROFILES[variant].phases
    out: list[dict] = []
    for step in range(3000):
        seat = rules.actor(s)
        if seat is None or len(out) >= count:
            break
        view = rules.view(s, seat)
        if step >= skip and view["phase"] in phases and len(rules.legal_actions(view)) > 1 and step % 7 == 0:
            out.append(s)
        p = players[seat] if seat < 4 else make_player(variant, "easy")
        s = rules.apply(s, p.choose(rules, view, seat)).state
    assert out, "no searched decision met"
    return out


@pytest.mark.parametrize("variant", SEARCHED)
def test_hard_is_the_search_and_returns_legal_actions(variant):
    rules = find_variant(variant)
    assert isinstance(make_player(variant, "hard", 1), SearchPlayer)
    for s in mid_game_states(variant):
        seat = rules.actor(s)
        view = rules.view(s, seat)
        a = make_player(variant, "hard", 3).choose(rules, view, seat)
        assert rules.why_illegal(view, a) is None, a


@pytest.mark.parametrize("variant", SEARCHED)
def test_search_decides_from_the_view_alone_and_by_its_seed(variant):
    """Two full states with the same view (another random stream, another seed) give the same choice; the
    same seed gives the same choice twice."""
    rules = find_variant(variant)
    for s in mid_game_states(variant, seed=12, count=3):
        seat = rules.actor(s)
        other = dict(
            s,
            rng=(int(s["rng"] if isinstance(s["rng"], int) else s["rng"][0]) * 7 + 1) & (2**64 - 1),
            seed=123456,
        )
        v1, v2 = rules.view(s, seat), rules.view(other, seat)
        assert v1 == v2
        p1, p2 = make_player(variant, "hard", 5), make_player(variant, "hard", 5)
        assert p1.choose(rules, v1, seat) == p2.choose(rules, v2, seat)


def _searched_position(variant: str):
    """A mid-game decision the hard player searches: (rules, view, seat, the player, its candidates)."""
    rules = find_variant(variant)
    s = mid_game_states(variant, seed=13, count=1)[0]
    seat = rules.actor(s)
    view = rules.view(s, seat)
    p = make_player(variant, "hard", 2)
    assert isinstance(p, SearchPlayer)
    return rules, view, seat, p, p.candidates(rules, view, seat, rules.legal_actions(view))


@pytest.mark.parametrize("variant", SEARCHED)
def test_search_keeps_to_a_time_cap_only_when_given_one(variant):
    """Computer players 'are seeded, so simulate stays reproducible': by default the work budget alone
    bounds the search, so a slow machine plays the same game; with a time cap, past it the search stops looking
    at candidates (the heuristic's first is always looked at)."""
    import dataclasses

    rules, view, seat, p, cands = _searched_position(variant)
    ticks = iter(range(0, 10**6, 10))  # every reading of the clock: 10 s later
    p.clock = lambda: float(next(ticks))
    p.search(rules, view, seat, cands)
    assert len(cands) > 1 and len(p.last) > 1  # a slow clock changes nothing by default
    p.profile = dataclasses.replace(p.profile, max_seconds=0.4)
    a = p.search(rules, view, seat, cands)
    assert len(p.last) == 1 and a == cands[0]
    assert rules.why_illegal(view, a) is None


class _Raising:
    """A play-out policy that raises `error` at its first decision."""

    verified = True

    def __init__(self, error: Exception):
        self.error = error

    def choose(self, rules, view, seat):
        raise self.error


def _searched_step(variant: str = "classic"):
    """A searched placing and its first candidate: its play-out goes on in the same turn (a fortifying move
    would end the turn, and with it the play-out, before any policy is asked)."""
    rules = find_variant(variant)
    s = next(s for s in mid_game_states(variant, seed=13, count=8) if s["phase"] == "reinforce")
    seat = rules.actor(s)
    view = rules.view(s, seat)
    p = make_player(variant, "hard", 2)
    return rules, view, seat, p, p.candidates(rules, view, seat, rules.legal_actions(view))[0]


def test_playout_ends_on_a_rule_refusing_or_a_hidden_card():
    """A play-out step the rules refuse (IllegalActionError) or that meets a hidden '?' card (a lookup
    error) ends the play-out: the position is judged as it stands."""
    from riskterm.errors import IllegalActionError

    rules, view, seat, p, a = _searched_step()
    after = advance(quiet(rules), dict(view, rng=99), a)
    for error in (IllegalActionError("no"), KeyError("?")):
        p._policies = {q: _Raising(error) for q in range(len(view["players"]))}
        assert p.outcome(rules, view, seat, a, 99) == p.profile.evaluate(rules, after, seat)


def test_playout_does_not_hide_a_bug():
    """Anything else a policy raises in a play-out is a bug: it is not taken for the end of the play-out
    (the guard falls back and counts it instead of the search quietly judging a cut-off line)."""
    rules, view, seat, p, a = _searched_step()
    p._policies = {q: _Raising(TypeError("bug")) for q in range(len(view["players"]))}
    with pytest.raises(TypeError):
        p.outcome(rules, view, seat, a, 99)


def test_several_actions_agrees_with_the_list():
    """headless.several_actions (the search's shortcut past listing the actions) never says "several" where
    legal_actions lists fewer than two."""
    from riskterm.ai.simulate import play_game

    for variant, levels in (
        ("classic", ["normal"] * 3),
        ("classic", ["hard", "easy"]),
        ("risiko", ["easy"] * 3),
    ):
        rules = find_variant(variant)
        sess = play_game(variant, levels, 5)
        said = 0
        for step in sess.steps[:800]:
            if several_actions(rules, step.before):
                said += 1
                assert len(rules.legal_actions(step.before)) >= 2
        assert said or variant != "classic"


def test_modern_hard_searches_how_many_survivors_move_in():
    """Modern hard is the search at a won fight's 'occupy' (its heuristic everywhere else): it weighs the
    heuristic's split against other numbers of survivors moving in ("The attacker gets to move into East
    Africa only the units he wishes")."""
    rules = find_variant("modern")
    assert PROFILES["modern"].phases == frozenset({"occupy"})
    for s in mid_game_states("modern", count=2):
        seat = rules.actor(s)
        view = rules.view(s, seat)
        p = make_player("modern", "hard", 3)
        a = p.choose(rules, view, seat)
        assert a.kind == "occupy" and rules.why_illegal(view, a) is None, a
        assert len(p.last) >= 2, p.last
