"""Modern units Risk in a headless game: the quiet() copy makes no events, and the standing answers of the computer
seats (Rules.headless.standing_answers: continue every fight, move every survivor in, take the default losses) apply at once.
modern-units.txt, 'Movement & Combat': 'the attacker may continue the attack or retreat ... after winning, the
attacker moves in'; 'Attacking': the losses are the player's choice (the default: the cheapest units first).
Answering once for the game changes no roll and no outcome, only the number of steps."""

from __future__ import annotations

from riskterm.ai import make_player
from riskterm.ai.simulate import play_counted
from riskterm.engine.state import to_json
from riskterm.rules import find_variant
from riskterm.rules.headless import quiet as make_quiet
from riskterm.rules.modern.battle import DEFAULT_LOSSES, FIGHT_ON, OCCUPY_ALL


def test_easy_answers_for_the_game_and_normal_only_its_losses():
    """Easy always continues, moves everything in and takes the default losses; normal decides its fights and
    move-ins itself; a player whose choices differ from those (a subclass) gives none."""
    rules = find_variant("modern")
    s, _ = rules.new_game(["A", "B", "C"], 1)
    easy, normal = make_player("modern", "easy", 1), make_player("modern", "normal", 2)
    assert easy.standing_answers(rules, s, 0) == {FIGHT_ON, OCCUPY_ALL, DEFAULT_LOSSES}
    assert normal.standing_answers(rules, s, 1) == {DEFAULT_LOSSES}

    class Cautious(type(easy)):  # type: ignore[misc]
        def _decide(self, *args):  # type: ignore[no-untyped-def]
            return None

    assert Cautious("easy", 3).standing_answers(rules, s, 0) == frozenset()


def test_a_headless_game_ends_in_the_same_state_in_fewer_steps_and_no_events():
    """simulate plays unrecorded games on the quiet, answering copy: the same draws and the same final state as
    the recorded game, which asks every round, move-in and loss; the quiet copy's steps make no events."""
    levels = ["easy", "normal", "easy"]
    quick, steps = play_counted("modern", levels, 4, record=False)
    asked, _ = play_counted("modern", levels, 4, record=True)
    assert to_json(quick.state) == to_json(asked.state)
    assert steps < len(asked.steps)
    quiet = make_quiet(find_variant("modern"))
    assert quiet.headless.silent
    kinds = set()
    for st in asked.steps[:300]:
        hushed = quiet.apply(st.before, st.action)
        assert hushed.state == st.after and hushed.events == []
        kinds |= {e.kind for e in st.events}
    assert {"attack", "conquer", "turn"} <= kinds
