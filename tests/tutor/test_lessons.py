"""The lessons of the other rulebooks' own ideas (`riskterm learn --variant europe|risiko|modern`): each
starts where its idea comes up, and each step's goal can be reached by the learner's own moves, with its
sentence of feedback. The rules the steps state, as the rulebooks say them:

- Risk: Europe (risk-europe.txt): "Bid to place first and go first by secretly selecting a number of coins
  from your initial five coins"; "Select one of the eight Gold Crown Cities ... collect the city's Bonus Tile
  and Tax Value in coins"; "Each player secretly selects two cards from his or her hand ... The top card will
  be used for Turn 1 and the bottom card will be used for Turn 2"; "Castle territories cannot be attacked
  unless the attacking army has a Siege Weapon"; "Castle | 12 Coins", "Crown Card | 10 Coins".
- RisiKo! Più (risiko-piu.txt): "Protect your fortress with the greatest possible number of armies: if you
  lose it, you are eliminated from the game!"; "Choose in secret a territory on which to strategically place
  your Hidden Armies ... any territory, except one occupied by a fortress"; "place on the board a number of
  armies equal to the number shown above the last Reinforcement card played"; "when a fortress is attacked,
  no more than 2 dice may be played. This applies both to the attacker and to the defender."
- Modern units Risk (modern-units.txt): "For each one you receive 2 credits" (territories, from the second
  round) and "credits for each continent you control"; "1) Receiving your credits 2) Buying units 3) Rolling
  dice to determine player order for this round 4) Placing units 5) Attacking"; "if he rolls the attack
  value or below, that unit scores a hit"."""

from __future__ import annotations

from typing import Any

import pytest

from riskterm.ai import make_player
from riskterm.engine.actions import Action
from riskterm.rules import VARIANTS, variant_class
from riskterm.session import Session
from riskterm.tutor import Tutor, start

OWN_IDEAS = ("europe", "risiko", "modern")


def learners_move(s: Session, tutor: Tutor, fallback: Any) -> Action:
    """A move that does the step in hand if one does (as a learner following the panel would), else what an
    easy computer player would do in the learner's seat."""
    rules, step = s.rules, tutor.step
    if step is not None and step.done_by is not None:
        for a in rules.legal_actions(s.state)[:300]:
            if step.done_by(a, rules.apply(s.state, a).state):
                return a
    return fallback.choose(rules, rules.view(s.state, 0), 0)


def walk(variant: str, limit: int = 600) -> tuple[Tutor, list[str]]:
    """Follow the lesson to its end: steps to read are read, the others done by the learner's moves."""
    lesson = start(variant)
    assert lesson is not None
    s, tutor = lesson
    players = [make_player(variant, "easy", q) for q in range(len(s.state["players"]))]
    said: list[str] = []
    for _ in range(limit):
        tutor.follow(s)
        if tutor.feedback and (not said or said[-1] != tutor.feedback):
            said.append(tutor.feedback)
        step = tutor.step
        if step is None:
            break
        if step.to_read:
            tutor.skip()
            continue
        q = s.rules.actor(s.state)
        assert q is not None and not s.rules.is_over(s.state), (variant, step.title)
        a = (
            learners_move(s, tutor, players[0])
            if q == 0
            else players[q].choose(s.rules, s.rules.view(s.state, q), q)
        )
        s.apply(a)
    return tutor, said


@pytest.mark.parametrize("variant", OWN_IDEAS)
def test_every_step_of_the_lesson_is_reached_with_its_feedback(variant: str) -> None:
    tutor, said = walk(variant)
    assert tutor.finished
    assert said == [step.praise for step in tutor.course.steps if not step.to_read]


@pytest.mark.parametrize("variant", OWN_IDEAS)
def test_a_lesson_starts_at_its_idea_and_nothing_before_it_can_be_undone(variant: str) -> None:
    lesson = start(variant)
    assert lesson is not None
    s, tutor = lesson
    assert s.rules.actor(s.state) == 0 and not s.can_undo() and tutor.seen == len(s.steps)
    assert s.state["phase"] == {"europe": "bid", "risiko": "hide", "modern": "buy"}[variant]


def test_every_rulebook_has_lessons_with_a_word_for_the_list() -> None:
    for v in VARIANTS:
        course = variant_class(v).presenter_class.lessons
        assert course is not None and course.about and course.steps[-1].to_read
