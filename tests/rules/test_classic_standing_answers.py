"""A seat's standing answer to the move-in after a conquest (Rules.headless.standing_answers, classic's 'move_all'):
classic-risk.txt, 'Capturing territories': 'move in at least as many armies as the number of dice you rolled in
your last battle ... in most cases, moving as many armies as you can to the front is an advantage ... you must
always leave at least one army behind'. A seat that said once for the game 'everything' is not asked again."""

from helpers import position

from riskterm.ai.simulate import play_counted
from riskterm.engine.state import to_json
from riskterm.rules.classic.battle import MOVE_ALL, MOVE_TO_FRONT
from riskterm.rules.headless import answering


def _conquest(rules, seed_range=range(200)):
    for seed in seed_range:
        s = position(rules, {"alaska": 0, "alberta": 1}, {"alaska": 9, "alberta": 1}, rng=seed * 7919 + 1)
        yield s, rules.apply(s, "blitz alaska alberta 1").state


def test_a_seat_that_moves_everything_in_is_not_asked(classic):
    """The conquest moves every army but one in at once, as 'move 8' after the occupy step would."""
    answers = answering(classic, {0: {MOVE_ALL}})
    assert (
        answers.headless.standing == {MOVE_ALL: frozenset({0}), MOVE_TO_FRONT: frozenset()}
        and classic.headless.standing == {}
    )
    alaska, alberta = classic.board.index["alaska"], classic.board.index["alberta"]
    asked_how_many = 0
    for s, asked in _conquest(classic, range(20)):
        told = answers.apply(s, "blitz alaska alberta 1").state
        if asked["phase"] == "occupy":  # (else no choice was left: the dice rolled moved in)
            asked_how_many += 1
            asked = classic.apply(asked, f"move {asked['armies'][alaska] - 1}").state
        assert to_json(told) == to_json(asked)
        assert told["armies"][alaska] == 1 and told["armies"][alberta] >= 3
    assert asked_how_many > 10


def test_the_other_seats_are_still_asked(classic):
    """Seat 0 gave no standing answer (only seat 1 did): its conquest still asks how many move in."""
    answers = answering(classic, {1: {MOVE_ALL}, 0: set()})
    for s, asked in _conquest(classic, range(20)):
        assert answers.apply(s, "blitz alaska alberta 1").state == asked


def test_following_the_front_moves_only_the_dice_into_a_territory_with_no_enemy_next_to_it(classic):
    """'move_to_front': everything, unless the conquered territory borders no enemy while the one attacked
    from still does; then only as many as the dice rolled (the rulebook's least)."""
    answers = answering(classic, {0: {MOVE_TO_FRONT}})
    # Argentina borders only Peru and Brazil: once it falls it borders no enemy; Peru still borders Venezuela
    s = position(
        classic,
        {"peru": 0, "brazil": 0, "argentina": 1, "venezuela": 1},
        {"peru": 9, "argentina": 1},
        rng=7919 + 1,
    )
    told = answers.apply(s, "blitz peru argentina 1").state
    peru, argentina = classic.board.index["peru"], classic.board.index["argentina"]
    assert told["owner"][argentina] == 0 and told["phase"] == "attack"
    assert told["armies"][argentina] == 3 and told["armies"][peru] == 6
    # with every neighbour of Peru its own, everything moves on
    s = position(
        classic,
        {"peru": 0, "brazil": 0, "argentina": 1, "venezuela": 0},
        {"peru": 9, "argentina": 1},
        rng=7919 + 1,
    )
    told = answers.apply(s, "blitz peru argentina 1").state
    assert told["armies"][argentina] == 8 and told["armies"][peru] == 1


def test_a_headless_easy_game_ends_in_the_same_state_in_fewer_steps():
    """simulate plays unrecorded games on the answering copy (easy: everything; normal: following the front):
    the same draws and the same final state as the recorded game, which asks every move-in."""
    quick, steps = play_counted("classic", ["easy", "normal", "normal"], 3, record=False)
    asked, _ = play_counted("classic", ["easy", "normal", "normal"], 3, record=True)
    assert to_json(quick.state) == to_json(asked.state)
    assert steps < len(asked.steps)
