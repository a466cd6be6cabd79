"""Assassin (classic's `mode=assassin`, rules/classic/assassin.py): the targets dealt, the win by eliminating
your own target, a target eliminated by another player, and the secrecy of the targets. Passages quoted from
Conquer Club's instructions page ('Game Type'): "In an assassin game each player is assigned a secret
target ... When a player is auto-kicked in an assassin game, the game continues and whomever had the deadbeat
now has to kill the deadbeat's target." Our readings are on the rules screen (assassin.RULES_TEXT)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import position, rng_rolling
from support import shape_problems

from riskterm.engine.actions import act
from riskterm.engine.events import seen_by
from riskterm.errors import IllegalActionError
from riskterm.record.log import entries
from riskterm.rules.classic import ClassicRules
from riskterm.rules.classic.assassin import AssassinState
from riskterm.session import Session

NAMES = ["A", "B", "C"]


@pytest.fixture(scope="module")
def rules() -> ClassicRules:
    return ClassicRules()


def assassin_game(
    rules: ClassicRules,
    targets: list[int],
    owners: dict[str, int],
    armies: dict[str, int],
    rule: str = "inherit",
    **keys: Any,
) -> dict[str, Any]:
    """A three-seat position in seat 0's attack phase, in an Assassin game with these targets."""
    s = position(rules, owners, armies, **keys)
    s["options"] = {**s["options"], "mode": "assassin", "assassin_target_out": rule}
    s["targets"] = targets
    return s


def test_each_seat_hunts_another_in_one_ring(rules: ClassicRules) -> None:
    """'each player is assigned a secret target': our reading, a random ring of the seats, each hunting the
    next, so each is hunted by exactly one other; each seat is told its own only, and no view shows another's."""
    for seed in range(4):
        s, events = rules.new_game(["A", "B", "C", "D", "E"], seed, {"mode": "assassin"})
        targets = s["targets"]
        assert sorted(targets) == list(range(5)) and all(t != q for q, t in enumerate(targets))
        q, ring = 0, set()
        while q not in ring:  # one cycle through every seat
            ring.add(q)
            q = targets[q]
        assert ring == set(range(5))
        dealt = [e for e in events if e.kind == "target"]
        assert [e.to for e in dealt] == [(s["first"] + k) % 5 for k in range(5)]
        assert all("target" not in e.redacted(None).data for e in dealt)
        for seat in range(5):
            assert [t is not None for t in rules.view(s, seat)["targets"]] == [q == seat for q in range(5)]


def test_it_is_played_by_three_to_six(rules: ClassicRules) -> None:
    """Our reading of Conquer Club's game: a target that is another player, in a ring of at least three."""
    with pytest.raises(IllegalActionError, match="Assassin is played by 3 to 6 players, not 2"):
        rules.new_game(["A", "B"], 1, {"mode": "assassin"})


def test_eliminating_your_target_wins_at_once(rules: ClassicRules) -> None:
    """The goal: eliminate your target. The conquest of its last territory wins with every army but one moved
    in; the winner's target is shown to everyone (the win event, the log, the prompt). Our reading: at the end
    every target is turned up, as Secret Mission Risk's cards are (the win line names the others, every view
    holds them)."""
    s = assassin_game(
        rules,
        [2, 0, 1],
        {"alaska": 0, "kamchatka": 2},
        {"alaska": 4},
        default_owner=1,
        rng=rng_rolling([6, 6, 6], [1]),
    )
    t = rules.apply(s, act("attack", "alaska", "kamchatka", 3))
    assert t.state["winner"] == 0 and t.state["armies"][rules.board.index["kamchatka"]] == 3
    win = t.events[-1]
    assert win.kind == "win" and win.data["by"] == "assassin" and win.data["target"] == 2
    show = rules.presenter()
    assert (
        show.describe(win, NAMES, None)
        == "A's target, C, is out: A wins! The other targets: B hunted A. C hunted B."
    )
    assert (
        rules.view(t.state, 1)["targets"] == [2, 0, 1]
        and show.prompt(t.state) == "P0's target, P2, is out: P0 wins."
    )


def test_a_draw_turns_every_target_up(rules: ClassicRules) -> None:
    """Our reading (as for Secret Mission Risk's cards): a game stopped at the turn limit turns every target up,
    in its last line and in every view."""
    from riskterm.rules.base import Outcome

    s = assassin_game(
        rules, [1, 2, 0], {"alaska": 0, "kamchatka": 2, "peru": 1}, {"alaska": 4}, default_owner=0
    )
    events: list[Any] = []
    rules.finish(s, Outcome((), "draw"), events)
    assert (
        rules.presenter()
        .describe(events[-1], NAMES, None)
        .endswith("as a draw. The targets: A hunted B. B hunted C. C hunted A.")
    )
    assert rules.view(s, 2)["targets"] == [1, 2, 0]


def test_a_target_eliminated_by_another_is_inherited_silently(rules: ClassicRules) -> None:
    """'whomever had the deadbeat now has to kill the deadbeat's target': our reading for an elimination by
    another player too (the default, `assassin_target_out=inherit`). B hunted C; A takes C's last territory:
    B now hunts C's target, A; only B learns of it, and nobody has won."""
    s = assassin_game(
        rules,
        [1, 2, 0],
        {"alaska": 0, "kamchatka": 2, "peru": 1},
        {"alaska": 4},
        default_owner=0,
        rng=rng_rolling([6, 6, 6], [1]),
    )
    t = rules.apply(s, act("attack", "alaska", "kamchatka", 3))
    assert t.state["winner"] is None and t.state["targets"][1] == 0
    changed = next(e for e in t.events if e.kind == "target_changed")
    assert changed.to == 1 and changed.hidden
    for seat in (None, 0, 2):
        assert "target_changed" not in [e.kind for e in seen_by(t.events, seat)]
        assert not [e for e in entries(rules, t.events, NAMES, seat) if "target" in e.text]
    assert [e.text for e in entries(rules, t.events, NAMES, 1) if e.kind == "target_changed"] == [
        "B's target is out: B now hunts A."
    ]


def test_with_conquer_clubs_published_rule_the_hunter_wins(rules: ClassicRules) -> None:
    """House rule assassin_target_out=you_win, the instructions page: 'You win the game if your target is
    killed - whether it be by you or another player!' B wins during A's turn."""
    s = assassin_game(
        rules,
        [1, 2, 0],
        {"alaska": 0, "kamchatka": 2, "peru": 1},
        {"alaska": 4},
        rule="you_win",
        default_owner=0,
        rng=rng_rolling([6, 6, 6], [1]),
    )
    t = rules.apply(s, act("attack", "alaska", "kamchatka", 3))
    assert t.state["winner"] == 1 and t.events[-1].data == {
        "turn": 5,
        "player": 1,
        "by": "assassin",
        "target": 2,
        "targets": [1, 2, 0],
    }


def test_the_rules_screen_gives_the_readings(rules: ClassicRules) -> None:
    """Where the sources differ (the inheritance, Conquer Club's 'by you or another player'), the rules screen
    says which reading each house rule plays."""
    text = rules.presenter().rules_text
    assert "# Assassin (`--mode assassin`)" in text
    assert "you inherit your\n  target's own target" in text and "`assassin_target_out=you_win`" in text


def test_a_short_game_is_played_to_its_end_and_replays(tmp_path: Path) -> None:
    """The default suite plays the mode to its end (three easy players, about 0.1 s): the winner's target is
    out, every state has the mode's shape (assassin.AssassinState), and its save loads as the same game."""
    from riskterm.ai.simulate import play_game
    from riskterm.record import load_game, write_save
    from riskterm.record.saveformat import plain

    session: Session = play_game("classic", ["easy", "easy", "easy"], 0, {"mode": "assassin"})
    s = session.state
    w = s["winner"]
    assert isinstance(w, int) and s["players"][s["targets"][w]]["out"]
    assert session.steps[-1].events[-1].data["by"] == "assassin"
    assert [
        p for st in session.steps[::20] + session.steps[-1:] for p in shape_problems(st.after, AssassinState)
    ] == []
    loaded = load_game(write_save(session, tmp_path / "assassin.json"))
    assert plain(loaded.state) == plain(s)
