"""Classic's dice house rules, as the rules screen says them ('## The dice (house rules)'): `blitz=balanced`
(one draw from the fight's balanced distribution), `luck=N` applied per roll, `luck_rounding`; saves, undo
and the computer players' odds with them."""

import pytest
from helpers import position

from riskterm.ai.core.board_info import playing, win_chance, win_row
from riskterm.engine import balanced
from riskterm.engine.actions import act
from riskterm.engine.luck import DiceRules
from riskterm.engine.odds import attack_odds
from riskterm.record.autosave import save_bytes
from riskterm.record.load import session_from_document
from riskterm.record.schema import parse_json
from riskterm.rules import PlayerSetup
from riskterm.session import Session


def _options(s, **house):
    return {**s, "options": {**s["options"], **house}}


def test_default_games_carry_no_dice_option(classic):
    """Default `blitz=true`, `luck=100`: a game at the defaults is the very state it always was (older saves
    and the same-games fingerprints stay identical)."""
    s, _ = classic.new_game(["A", "B", "C"], 3, {"quick_start": True})
    assert not {"blitz", "luck", "luck_rounding"} & set(s["options"])
    s2, _ = classic.new_game(["A", "B", "C"], 3, {"quick_start": True, "blitz": "balanced", "luck": 40})
    assert s2["options"]["blitz"] == "balanced" and s2["options"]["luck"] == 40
    assert classic.dice_rules(s2) == DiceRules(luck=40, balanced=True)


def test_balanced_blitz_is_one_draw_with_a_legal_end(classic):
    """`blitz=balanced`: 'a blitz is decided by one draw from the fight's balanced distribution'; a stopped
    blitz ends at its stop (the defender's side); after a conquest 'you move in at least as many armies as
    the dice you would roll next (at most 3)'."""
    a_i, t_i = classic.board.index["alaska"], classic.board.index["alberta"]
    took = 0
    for seed in range(60):
        s = _options(
            position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 9, "alberta": 6}, rng=seed * 7919 + 1),
            blitz="balanced",
        )
        s2, ev = classic.apply(s, "blitz alaska alberta 3")
        kinds = [e.kind for e in ev]
        assert kinds.count("balanced_blitz") == 1 and "battle" not in kinds
        e = ev[kinds.index("balanced_blitz")].data
        if e["result"] == "attacker":
            took += 1
            assert s2["armies"][t_i] == 0 and s2["phase"] == "occupy"
            assert s2["pending"]["min"] == min(3, s2["armies"][a_i] - 3)
        else:
            assert s2["armies"][a_i] == 3 and s2["armies"][t_i] >= 1
        assert e["att_loss"] == 9 - s2["armies"][a_i]
    assert 20 < took < 60


def test_balanced_blitz_wins_as_often_as_its_odds_say(classic):
    """The odds panel's balanced chance is the chance the drawn blitz takes the territory (1,000 seeds of
    6 against 4: true 74.5%, balanced 80.1%)."""
    s = _options(
        position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 7, "alberta": 4}), blitz="balanced"
    )
    win = classic.presenter().balanced_odds(s, act("blitz", "alaska", "alberta", 1))[0]
    assert win == pytest.approx(balanced.balanced_odds(6, 4).win)
    assert classic.presenter().attack_odds(s, act("blitz", "alaska", "alberta", 1))[0] == pytest.approx(
        attack_odds(6, 4).win
    )
    assert (
        classic.presenter().balanced_odds(s, act("attack", "alaska", "alberta", 3)) is None
    )  # single rolls: true dice
    n, t_i = 1000, classic.board.index["alberta"]
    wins = sum(
        classic.apply({**s, "rng": seed * 7919 + 1}, "blitz alaska alberta 1")[0]["owner"][t_i] == 0
        for seed in range(n)
    )
    assert abs(wins / n - win) < 3.5 * (win * (1 - win) / n) ** 0.5


def test_true_dice_game_shows_no_balanced_odds(classic):
    s = position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 7, "alberta": 4})
    assert classic.presenter().balanced_odds(s, act("blitz", "alaska", "alberta", 1)) is None


def test_luck_applies_per_roll_and_the_log_keeps_what_the_dice_said(classic):
    """`luck=N`: 'each roll's losses are N% of what the dice say plus (100-N)% of the roll's expected
    losses'; at luck=0 every 3-against-2 roll costs each side one army; the log shows the dice alone."""
    s = _options(position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 9, "alberta": 6}), luck=0)
    for seed in range(30):
        s2, ev = classic.apply({**s, "rng": seed + 11}, "attack alaska alberta 3")
        e = ev[0].data
        assert (e["att_loss"], e["def_loss"]) == (1, 1)
        if "dice_loss" in e:
            assert e["dice_loss"] != [1, 1]
            assert "the dice alone" in classic.presenter().describe(ev[0], ["A", "B", "C"])


def test_luck_blitz_odds_match_the_engine(classic):
    s = _options(
        position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 11, "alberta": 7}),
        luck=25,
        luck_rounding="weighted",
    )
    win = classic.presenter().attack_odds(s, act("blitz", "alaska", "alberta", 1))[0]
    assert win == pytest.approx(attack_odds(10, 7, 3, 2, 0, 25, True).win)


def _played(options, seed=5, steps=200):
    from riskterm.ai import make_player
    from riskterm.ai.core.guard import TurnGuard

    s = Session.new(
        "classic",
        [PlayerSetup("A", ai="easy"), PlayerSetup("B", ai="easy"), PlayerSetup("C", ai="easy")],
        seed,
        {"quick_start": True, **options},
    )
    players, guard = [make_player("classic", "easy", i) for i in range(3)], TurnGuard()
    while len(s.steps) < steps and not s.rules.is_over(s.state):
        seat = s.rules.actor(s.state)
        s.apply(guard.choose(s.rules, s.state, seat, players[seat]))
    return s


def test_a_seeded_balanced_game_plays_the_same_every_time_and_replays_from_its_save():
    """Saves carry their options: a game with balanced blitz and luck saved and loaded replays to the same
    position (load compares with the snapshot), and playing it again from its seed gives the same steps."""
    opts = {"blitz": "balanced", "luck": 60, "luck_rounding": "weighted"}
    s1, s2 = _played(opts), _played(opts)
    assert [str(st.action) for st in s1.steps] == [str(st.action) for st in s2.steps]
    assert s1.state == s2.state
    assert any(e.kind == "balanced_blitz" for e in s1.all_events())
    doc = parse_json(save_bytes(s1).decode(), "test")
    assert doc["options"]["blitz"] == "balanced"
    loaded = session_from_document(doc, "test")
    assert loaded.state == s1.state


def test_undo_never_takes_back_a_balanced_blitz(classic):
    """A balanced blitz drew from the dice stream: undo stops there, as after any roll."""
    s = Session.new("classic", ["A", "B", "C"], 4, {"quick_start": True, "blitz": "balanced"})
    s.state = _options(
        position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 9, "alberta": 2}), blitz="balanced"
    )
    s.apply("blitz alaska alberta 1")
    assert not s.can_undo()


def test_computer_players_read_the_odds_of_the_games_dice():
    """'The computer players weigh their attacks with the odds of the game's own dice': inside a choice for
    a balanced game the shared chances are the balanced ones, outside it the true ones."""
    true = win_chance(10, 10)
    with playing(DiceRules(balanced=True)):
        assert win_chance(10, 10) == pytest.approx(balanced.win_share(true))
        row = win_row(10)
        assert row is not None and row[10] == win_chance(10, 10)
    assert win_chance(10, 10) == true


def test_stats_count_a_balanced_blitz_as_one_battle_with_its_losses(classic):
    """`stats`: a balanced blitz is one battle won or lost, and the armies it cost each side count (no dice
    were rolled, so no luck figure)."""
    from riskterm.engine.events import Event
    from riskterm.record.stats import Tally, tally_event

    tallies = [Tally(), Tally(), Tally()]
    tally_event(
        tallies,
        Event(
            "balanced_blitz",
            {"player": 0, "attacker": 0, "defender": 2, "att_loss": 1, "def_loss": 4, "result": "attacker"},
        ),
        classic.EVENTS,
    )
    assert (tallies[0].battles_won, tallies[0].armies_killed, tallies[0].armies_lost) == (1, 4, 1)
    assert (tallies[2].battles_lost, tallies[2].armies_killed, tallies[2].armies_lost) == (1, 1, 4)
    assert tallies[0].luck == 0.0
