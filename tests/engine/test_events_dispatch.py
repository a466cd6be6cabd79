"""The engine contract: typed events, Transition barriers, dispatch by phase in the base class, int ranges."""

from __future__ import annotations

from typing import Any

import pytest

from riskterm.engine.actions import act
from riskterm.engine.events import Event, EventKind, as_event, barrier_of, make_event
from riskterm.engine.state import State, draft
from riskterm.errors import IllegalActionError
from riskterm.rules.base import Handler, Rules, Transition
from riskterm.session import Session

EVENTS = {"roll": EventKind(barrier=True), "add": EventKind(), "peek": EventKind(secret=("card",))}


def _check_add(rules: Rules, s: State, args: tuple[Any, ...]) -> str | None:
    n = int(args[0])
    return None if 1 <= n <= s["left"] else f"Add 1 to {s['left']}."


def _do_add(rules: Rules, s: State, args: tuple[Any, ...]) -> tuple[State, list[Event]]:
    s = draft(s)
    s["left"] -= args[0]
    return s, [make_event(EVENTS, "add", n=args[0])]


def _do_roll(rules: Rules, s: State, args: tuple[Any, ...]) -> tuple[State, list[Event]]:
    s = draft(s)
    s["phase"] = "done"
    return s, [make_event(EVENTS, "roll", dice=[6])]


class Toy(Rules):
    name = title = "toy"
    PHASES = {"main": ("add", "roll")}
    handlers = {"add": Handler(_check_add, _do_add, lambda r, s, args: (1, s["left"])),
                "roll": Handler(lambda r, s, args: None, _do_roll)}
    EVENTS = EVENTS

    def __init__(self) -> None:  # no board needed
        self.board = None  # type: ignore[assignment]

    def _new_game(self, players: Any, seed: int, options: dict[str, Any]) -> Transition:
        return Transition({"phase": "main", "left": 5, "actor": 0, "turn": 1,
                           "players": [{"name": p.name} for p in players]}, [])

    def prompt(self, s: State) -> str:
        return "Add or roll."


def test_event_dict_style_reading_and_redaction():
    e = make_event(EVENTS, "peek", to=1, card="alaska", player=1)
    assert (e["type"], e.get("player"), e.get("nope", 3), "card" in e, "private" in e) == ("peek", 1, 3, True, True)
    assert e.redacted(1) is e and "card" not in e.redacted(0).data and "card" not in e.redacted(None)
    assert e.to_dict() == {"type": "peek", "card": "alaska", "player": 1, "private": 1}
    assert as_event(e.to_dict()) == Event("peek", {"card": "alaska", "player": 1}, to=1)
    with pytest.raises(ValueError, match="not declared"):
        make_event(EVENTS, "nonsense")


def test_barrier_of_events():
    assert barrier_of([]) is None and barrier_of([{"type": "roll"}]) is None
    assert barrier_of([make_event(EVENTS, "add")]) is False
    assert barrier_of([make_event(EVENTS, "add"), make_event(EVENTS, "roll")]) is True


def test_transition_unpacks_as_a_pair_and_apply_fills_the_barrier():
    r = Toy()
    s, _ = r.new_game(["A", "B"], 1)
    t = r.apply(s, act("add", 2))
    after, events = t
    assert (t.state, t.events, t.barrier) == (after, events, False) and after["left"] == 3
    assert r.apply(s, act("roll")).barrier is True
    assert Transition(s, []).barrier is None


def test_base_dispatch_phase_malformed_and_int_range():
    r = Toy()
    s, _ = r.new_game(["A", "B"], 1)
    assert r.why_illegal(s, act("fly")) == "'fly' is not an action of this game."
    assert r.why_illegal(s, act("add", "many")) == "'add many' is not written right; see the help screen for the notation."
    assert r.why_illegal(s, act("add")) is not None  # IndexError caught, not raised
    assert r.why_illegal(s, act("add", 9)) == "Add 1 to 5."
    done = r.apply(s, act("roll")).state
    assert r.why_illegal(done, act("add", 1)) == "You cannot add now: Add or roll."
    assert r.int_range(s, "add", ()) == (1, 5) and r.int_range(s, "roll", ()) is None
    with pytest.raises(IllegalActionError):
        r.apply(s, act("add", 0))


def test_session_takes_barriers_from_the_transition():
    r = Toy()
    s, ev = r.new_game(["A", "B"], 1)
    sess = Session(r, [], 1, {}, s, ev)
    sess.apply(act("add", 1))
    assert sess.can_undo()
    sess.apply(act("roll"))
    assert not sess.can_undo()
