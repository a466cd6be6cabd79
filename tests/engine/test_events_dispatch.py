"""The engine contract: typed events, Transition barriers, dispatch by phase in the base class, int ranges."""

from __future__ import annotations

from typing import Any

import pytest

from riskterm.engine.actions import act
from riskterm.engine.events import Event, EventKind, make_event, seen_by
from riskterm.engine.state import State, draft
from riskterm.errors import IllegalActionError
from riskterm.rules.base import Handler, Rules, Transition
from riskterm.rules.presenter import Presenter
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


def _do_pass(rules: Rules, s: State, args: tuple[Any, ...]) -> tuple[State, list[Event]]:
    s = draft(s)
    s["actor"] = 1 - s["actor"]
    return s, []


class ToyWords(Presenter):
    def prompt(self, s: State) -> str:
        return "Add or roll."


class Toy(Rules):
    name = title = "toy"
    presenter_class = ToyWords
    PHASES = {"main": ("add", "roll", "pass")}
    handlers = {
        "add": Handler(_check_add, _do_add, lambda r, s, args: (1, s["left"])),
        "roll": Handler(lambda r, s, args: None, _do_roll),
        "pass": Handler(lambda r, s, args: None, _do_pass),
    }
    EVENTS = EVENTS

    def __init__(self) -> None:  # no board needed
        self.board = None  # type: ignore[assignment]

    def _new_game(self, players: Any, seed: int, options: dict[str, Any]) -> Transition:
        return Transition(
            {
                "phase": "main",
                "left": 5,
                "actor": 0,
                "turn": 1,
                "players": [{"name": p.name} for p in players],
            },
            [],
        )


def test_event_redaction_and_the_wire_shape():
    e = make_event(EVENTS, "peek", to=1, card="alaska", player=1)
    assert (e.kind, e.data, e.to, e.secret) == ("peek", {"card": "alaska", "player": 1}, 1, ("card",))
    assert e.redacted(1) is e and "card" not in e.redacted(0).data and "card" not in e.redacted(None).data
    assert e.to_wire() == {"type": "peek", "card": "alaska", "player": 1, "private": 1}
    assert Event.from_wire(e.to_wire()) == Event("peek", {"card": "alaska", "player": 1}, to=1)
    assert Event.from_wire(e.redacted(0).to_wire()) == Event("peek", {"player": 1}, to=1)
    with pytest.raises(ValueError, match="not declared"):
        make_event(EVENTS, "nonsense")


def test_a_hidden_event_reaches_only_its_seat():
    """A hidden kind: no other seat (nor a spectator) learns that it happened; redacting keeps it hidden."""
    spec = {"news": EventKind(secret=("what",), hidden=True)}
    e = make_event(spec, "news", to=1, what="x")
    assert [e.seen_by(seat) for seat in (None, 0, 1, 2)] == [False, False, True, False]
    assert e.redacted(0).hidden and seen_by([e, make_event(EVENTS, "add", n=1)], 0)[0].kind == "add"


def test_a_transition_is_a_barrier_when_one_of_its_events_is():
    s: State = {}
    assert Transition(s, []).barrier is False
    assert Transition(s, [make_event(EVENTS, "add")]).barrier is False
    assert Transition(s, [make_event(EVENTS, "add"), make_event(EVENTS, "roll")]).barrier is True
    assert Transition(s, [make_event(EVENTS, "add")], True).barrier is True  # the rulebook may say more


def test_transition_unpacks_as_a_pair_and_apply_fills_the_barrier():
    r = Toy()
    s, _ = r.new_game(["A", "B"], 1)
    t = r.apply(s, act("add", 2))
    after, events = t
    assert (t.state, t.events, t.barrier) == (after, events, False) and after["left"] == 3
    assert r.apply(s, act("roll")).barrier is True


def test_base_dispatch_phase_malformed_and_int_range():
    r = Toy()
    s, _ = r.new_game(["A", "B"], 1)
    assert r.why_illegal(s, act("fly")) == "'fly' is not an action of this game."
    assert (
        r.why_illegal(s, act("add", "many"))
        == "'add many' is not written right; see the help screen for the notation."
    )
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


def test_undo_stops_where_play_passed_to_another_seat():
    """A step with no barrier event still cannot be taken back once another seat acts: it has seen it."""
    r = Toy()
    s, ev = r.new_game(["A", "B"], 1)
    sess = Session(r, [], 1, {}, s, ev)
    sess.apply(act("pass"))
    assert sess.steps[-1].barrier is False and r.hands_over(sess.steps[-1].before, sess.state)
    assert not sess.can_undo() and not sess.undo()
