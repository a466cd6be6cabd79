"""The shape of the RisiKo! Più package: every state key declared in state.py, every event kind in
events.py, every action kind handled in a phase, no module over ~400 lines, no import of the package's
__init__ from its modules."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from support.shape import check_shapes_along_a_game

from riskterm.rules.risiko import RisikoRules
from riskterm.rules.risiko.actions import ACTION_SPECS, HANDLERS, PHASES
from riskterm.rules.risiko.events import EVENTS
from riskterm.rules.risiko.state import RisikoState

# 'no module over about 400 lines' of the compact style the rulebook was written in; ruff's format (one
# argument a line where a call is long) makes the same code about 10% longer
FORMATTED_LIMIT = 450

R = RisikoRules()
PKG = Path(__file__).resolve().parents[2] / "riskterm" / "rules" / "risiko"


def test_every_state_key_is_declared() -> None:
    s, _ = R.new_game(["A", "B", "C"], seed=3)
    assert set(s) == set(RisikoState.__annotations__)


def test_a_new_game_and_every_state_of_a_played_game_match_the_declared_shape() -> None:
    """Every state the package makes matches RisikoState (state.py), the TypedDict of its records: set-up by
    hand and quick start, both readings."""
    for n, options in ((4, {"readings": "reviewed"}), (3, {"quick_start": True, "readings": "original"})):
        rnd = random.Random(n)
        s, _ = R.new_game([f"P{i}" for i in range(n)], seed=n, options=options)
        seen = check_shapes_along_a_game(R, s, RisikoState, rnd, every=20)
        assert {"supply", "main", "battle", "occupy"} <= seen


def test_every_event_kind_is_declared_and_every_action_kind_handled() -> None:
    """A short game: each event made is in the EVENTS table (event() refuses others)."""
    rnd = random.Random(4)
    s, ev = R.new_game(["A", "B", "C"], seed=4, options={"quick_start": True})
    seen = {e.kind for e in ev}
    for _ in range(600):
        if R.is_over(s):
            break
        s, ev = R.apply(s, rnd.choice(R.legal_actions(s)))
        seen |= {e.kind for e in ev}
    assert seen <= set(EVENTS)
    kinds = {k for ks in PHASES.values() for k in ks}
    assert kinds == set(HANDLERS) == {spec.kind for spec in ACTION_SPECS}


def test_small_modules_without_cycles() -> None:
    for path in PKG.glob("*.py"):
        text = path.read_text()
        assert len(text.splitlines()) <= FORMATTED_LIMIT, path.name
        if path.name == "__init__.py":
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and node.module == "riskterm.rules.risiko":
                raise AssertionError(f"{path.name} imports the package's __init__")


def test_int_ranges_match_the_legal_actions() -> None:
    """The rules say the range of an int argument (the app asks once instead of probing); where one
    is given it is exactly the legal values legal_actions lists for that prefix."""
    rnd = random.Random(6)
    s, _ = R.new_game(["A", "B", "C", "D"], seed=6)
    checked = 0
    for _ in range(350):
        if R.is_over(s):
            break
        acts = R.legal_actions(s)
        prefixes: dict[tuple, set[int]] = {}
        for a in acts:
            if a.args and isinstance(a.args[-1], int):
                prefixes.setdefault((a.kind, a.args[:-1]), set()).add(a.args[-1])
        for (kind, prefix), values in prefixes.items():
            span = R.int_range(s, kind, prefix)
            if span is not None:
                assert set(range(span[0], span[1] + 1)) == values, (kind, prefix, span)
                checked += 1
        s, _ = R.apply(s, rnd.choice(acts))
    assert checked > 100
