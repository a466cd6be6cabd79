"""Undo takes back only the acting player's own actions since the last dice roll, card draw or secret
revealed; redo puts them back. Checked at every step of seeded random games of every rulebook."""

from __future__ import annotations

import random

from record_helpers import drive, new_session, played

from riskterm.engine.actions import act
from riskterm.record.saveformat import plain
from riskterm.session import Session


def undo_all(session: Session) -> list:
    undone = []
    while session.can_undo():
        step = session.steps[-1]
        assert session.undo()
        undone.append(step)
    return undone


def test_undo_never_crosses_a_die_roll(variant: str) -> None:
    """At random moments undo as far as allowed: no undone action used the random stream, drew a card,
    revealed a secret or belonged to another seat or turn; redo restores the exact position."""
    session = new_session(variant, 17)
    rnd = random.Random(17)
    undos = refused = 0
    for i in played(session, rnd, 700):
        last = session.steps[-1]
        if last.barrier:  # right after a roll, a draw or a reveal, undo is refused and changes nothing
            here = session.state
            assert not session.can_undo() and not session.undo() and session.state is here
            refused += 1
        if i % 3:
            continue
        here = plain(session.state)
        actor = session.rules.actor(session.state)
        undone = undo_all(session)
        for step in undone:
            assert not step.barrier
            assert step.before.get("rng") == step.after.get("rng")
            assert step.before.get("turn") == session.state.get("turn")
            assert session.rules.actor(step.before) == actor
            assert not any(e.kind in ("battle", "card", "reshuffle") for e in step.events)
        if undone:
            assert session.state is undone[-1].before  # back exactly where the first undone action started
        undos += len(undone)
        while session.redo():
            pass
        assert plain(session.state) == here
    # the loop must have exercised both sides, in every rulebook: undos taken and undos refused
    assert undos >= 5 and refused >= 5, (undos, refused)


def test_classic_place_can_be_undone_but_not_a_battle() -> None:
    session = new_session("classic", 6, options={"quick_start": True})
    rnd = random.Random(6)
    while (
        session.state["phase"] != "reinforce"
        or session.state["reserve"] < 2
        or len(session.state["hands"][session.state["current"]]) >= 5
    ):
        drive(session, rnd, 1)
    s = session.state
    own = next(t.id for t in session.rules.board.territories if s["owner"][t.index] == s["current"])
    session.apply(act("place", own, 1))
    assert session.can_undo() and session.undo()
    assert session.state is s and session.can_redo()
    assert session.redo() and session.undo()
    while session.state["phase"] != "attack":
        drive(session, rnd, 1)
    before = session.state
    attacks = [a for a in session.rules.legal_actions(before) if a.kind == "attack"]
    session.apply(attacks[0])
    assert session.steps[-1].barrier and not session.can_undo() and not session.undo()
    assert session.state["rng"] != before["rng"]


def test_new_action_clears_redo() -> None:
    session = new_session("classic", 6, options={"quick_start": True})
    rnd = random.Random(6)
    while not session.can_undo():
        drive(session, rnd, 1)
    session.undo()
    assert session.can_redo()
    drive(session, rnd, 1)
    assert not session.can_redo() and not session.redo()
