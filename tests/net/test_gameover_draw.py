"""The game-over screen of a game stopped by the turn cap (found playing three tmux panes and a browser tab):
it said "a draw after 9 turns" for `--turn-cap 8`, since the turn counter has passed the cap."""

from __future__ import annotations

import random

from riskterm.net.remote import Mirror
from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.tui.gameover import summary


def test_a_capped_game_says_the_cap_on_its_game_over_screen() -> None:
    session = Session.new(
        "classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 7, {"quick": True, "turn_cap": 3}
    )
    rng = random.Random(1)
    while not session.rules.is_over(session.state):
        session.apply(
            rng.choice([a for a in session.rules.legal_actions(session.state) if a.kind != "attack"])
        )
    assert session.state["turn"] == 4 and session.state.get("draw")
    head = summary(session)[0].plain
    assert head == "The game stops at the turn limit (3) as a draw."
    mirror = Mirror(session.rules, session.state, list(session.all_events()))
    assert summary(mirror)[0].plain == head  # a remote screen reads the same line from its redacted events


def test_game_over_names_use_their_seats_text_colour() -> None:
    """Dee (yellow) was white on yellow, unreadable, on the game-over table of the same run."""
    session = Session.new(
        "classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid", "Dee")], 7, {"quick": True}
    )
    table = summary(session)[1]
    styles = [str(c.style) for c in table.columns[0]._cells]
    assert styles[3] == "#000000 on #f0e442" and styles[0] == "#ffffff on #95110d"
