"""The engine contract, checked on every rulebook over a seeded random playout (see riskterm/rules/base.py):
no mutable caches on the shared rules object; every event is an Event of a kind declared in the rulebook's
EVENTS table, with JSON-plain data holding its secret keys; every step says whether it is an undo barrier (a
bool), and a step that moved the random stream or ended the game is one."""

from __future__ import annotations

import json
import random

import pytest

from riskterm.engine.actions import Action
from riskterm.engine.events import Event
from riskterm.engine.state import CoreState, State
from riskterm.rules import Rules, Transition, available_variants, find_variant, variant_class

VARIANTS = available_variants()


def playout(rules: Rules, steps: int = 250, seed: int = 5) -> list[tuple[State, Transition]]:
    """[(before, transition)] of a seeded random game, `steps` actions at most."""
    n = max(rules.min_players, min(3, rules.max_players))
    s, _ = rules.new_game([f"P{i}" for i in range(n)], seed, {"turn_cap": 40})
    rnd = random.Random(seed)
    out = []
    for _ in range(steps):
        if rules.is_over(s):
            break
        t = rules.apply(s, rnd.choice(rules.legal_actions(s)))
        out.append((s, t))
        s = t.state
    return out


def test_rules_objects_keep_no_mutable_state(variant_name: str) -> None:
    """A rules object is shared between the app and its computer thread: playing must not change it."""
    rules = find_variant(variant_name)
    before = {k: repr(v) for k, v in vars(rules).items()}
    playout(rules, 120)
    after = {k: repr(v) for k, v in vars(rules).items()}
    assert after == before, sorted(
        set(after) ^ set(before) | {k for k in before if before[k] != after.get(k)}
    )


def test_typed_events_and_barriers(variant_name: str) -> None:
    rules = find_variant(variant_name)
    assert rules.EVENTS, f"{variant_name} declares no event kinds"
    steps = playout(rules)
    for before, t in steps:
        assert isinstance(t.barrier, bool), t
        for e in t.events:
            assert isinstance(e, Event) and e.kind in rules.EVENTS, e
            spec = rules.EVENTS[e.kind]
            assert (e.barrier, e.secret) == (spec.barrier, spec.secret)
            assert set(e.secret) <= set(e.data) and (not e.secret or e.to is not None), e
            json.dumps(e.data)
        if before.get("rng") != t.state.get("rng") or rules.is_over(t.state):
            assert t.barrier, [e.kind for e in t.events]
    # the log line another seat reads does not depend on the secret fields (the log hands describe the
    # redacted event; this checks the rulebook's describe would not leak them either)
    names = rules.names(steps[-1][1].state) if steps else []
    for _, t in steps:
        for e in t.events:
            if e.secret:
                for seat in (None, *(q for q in range(len(names)) if q != e.to)):
                    assert rules.presenter().describe(e, names, seat) == rules.presenter().describe(
                        e.redacted(seat), names, seat
                    ), e


@pytest.fixture(params=VARIANTS)
def variant_name(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_int_ranges_are_exactly_the_legal_numbers(variant_name: str) -> None:
    """Where a rulebook declares an int argument's range (Rules.int_range, for the picker), both ends and the
    middle are legal and one past either end is not."""
    rules = find_variant(variant_name)
    kinds = {k for k, h in rules.handlers.items() if h.int_range is not None}
    if not kinds:
        pytest.skip(f"{variant_name} declares no int ranges")
    checked = 0
    for before, _ in playout(rules, 300):
        prefixes = {
            (a.kind, a.args[:-1])
            for a in rules.legal_actions(before)
            if a.kind in kinds and a.args and isinstance(a.args[-1], int)
        }
        for kind, prefix in sorted(prefixes, key=str)[:3]:
            r = rules.int_range(before, kind, prefix)
            if r is None:
                continue
            lo, hi = r
            assert lo <= hi, (kind, prefix, r)
            for n in {lo, hi, (lo + hi) // 2}:
                assert rules.why_illegal(before, Action(kind, (*prefix, n))) is None, (kind, prefix, n, r)
            for n in (lo - 1, hi + 1):
                assert rules.why_illegal(before, Action(kind, (*prefix, n))) is not None, (kind, prefix, n, r)
            checked += 1
    assert checked, f"no state of the playout offered {sorted(kinds)}"


def test_every_state_has_the_core_keys(variant_name: str) -> None:
    """engine.state.CoreState: the keys every rulebook's state has, with their types (the rulebook's own
    state TypedDict extends it); a new game of every rulebook has them."""
    from support.shape import shape_problems

    rules = find_variant(variant_name)
    s, _ = rules.new_game([f"P{i}" for i in range(rules.min_players)], 3)
    core = {k: v for k, v in s.items() if k in CoreState.__annotations__}
    assert shape_problems(core, CoreState) == []


def test_the_rules_public_face_is_the_game_only() -> None:
    """Rules holds the game (what OpenSpiel's State or python-chess's Board hold): 35 public members at most.
    What is shown is the presenter's (rules/presenter.py), the speed-ups for headless games are
    rules/headless.py's, and every rulebook keeps to the same face."""
    from riskterm.rules.presenter import Presenter

    face = {n for n in dir(Rules) if not n.startswith("_")}
    assert len(face) <= 35, sorted(face)
    shown = {n for n in dir(Presenter) if not n.startswith("_")}
    assert not face & (shown - {"names"}) and not face & {"quiet", "answering", "advance", "apply_trusted"}
    for name in VARIANTS:
        cls = variant_class(name)
        extra = {n for n in dir(cls) if not n.startswith("_") and n not in face}
        assert not extra & shown, (name, extra & shown)
