"""The two-player game. classic-risk-notes.txt says only '2 players = (additional rules apply, see special
notes)'; we follow the usual two-player rules (our reading, on the rules screen): a neutral army with 40 armies
and a third of the territories; 'in turn, each player places two armies of their own and one of the
neutral's, on any neutral territory (to block the other player)'; 'The game ends when one player has
eliminated the other; the neutral need not be beaten'. Games started without these options (older saves)
keep the old behaviour: the neutral's armies spread at random, and play on to all 42 territories."""

import argparse

import pytest
from helpers import position, rng_rolling

from riskterm.commands.play import add_arguments, build_session
from riskterm.errors import IllegalActionError
from riskterm.record.load import session_from_document
from riskterm.record.saveformat import build_document
from riskterm.rules import PlayerSetup
from riskterm.session import Session

NEW = {"two_player_end": "opponent", "neutral_armies": "players"}
OLD = {"two_player_end": "world", "neutral_armies": "random"}


def _held(s, p):
    return sum(a for a, o in zip(s["armies"], s["owner"], strict=True) if o == p)


def test_players_place_the_neutral_armies_two_of_theirs_then_one_neutral(classic):
    """'in turn, each player places two armies of their own and one of the neutral's, on any neutral
    territory'; the neutral starts with one army on each of its 14 territories and ends with 40."""
    s, _ = classic.new_game(["A", "B"], seed=2, options=NEW)
    first = s["current"]
    assert [s["owner"].count(p) for p in range(3)] == [14, 14, 14] and _held(s, 2) == 14
    seen = []
    while s["phase"] == "setup":
        acts = classic.legal_actions(s)
        owner = s["owner"][classic.board.index[acts[0].args[0]]]
        assert {s["owner"][classic.board.index[a.args[0]]] for a in acts} == {owner}
        seen.append((s["actor"], owner))
        s, _ = classic.apply(s, acts[0])
    other = 1 - first
    assert seen[:6] == [
        (first, first),
        (first, first),
        (first, 2),
        (other, other),
        (other, other),
        (other, 2),
    ]
    assert len(seen) == 3 * 26 and [_held(s, p) for p in range(3)] == [40, 40, 40]
    assert s["phase"] == "reinforce" and s["current"] == first and "setup_step" not in s


def test_neutral_army_due_refuses_your_own_and_says_so(classic):
    """The third army of a set-up move is the neutral's: placing one of your own then is refused."""
    s, _ = classic.new_game(["A", "B"], seed=2, options=NEW)
    p = s["current"]
    mine = classic.board.tid(s["owner"].index(p))
    neutral = classic.board.tid(s["owner"].index(2))
    with pytest.raises(IllegalActionError, match="do not hold"):
        classic.apply(s, f"place {neutral} 1")
    s, _ = classic.apply(s, f"place {mine} 1")
    s, _ = classic.apply(s, f"place {mine} 1")
    assert "neutral" in classic.presenter().prompt(s)
    with pytest.raises(IllegalActionError, match="neutral army"):
        classic.apply(s, f"place {mine} 1")
    s, _ = classic.apply(s, f"place {neutral} 1")
    assert s["current"] != p


def _last_stand(classic, options):
    """Seat 0 attacks seat 1's last territory in a two-player game."""
    s = position(
        classic,
        {"alaska": 0, "kamchatka": 1},
        {"alaska": 9, "kamchatka": 1},
        players=3,
        default_owner=2,
        rng=rng_rolling([6, 6, 6], [1]),
    )
    s["players"] = [dict(p) for p in s["players"]]
    s["players"][2].update(name="Neutral", neutral=True)
    s["options"] = dict(s["options"], **options)
    return classic.apply(s, "attack alaska kamchatka 3")


def test_two_player_game_ends_when_one_player_eliminates_the_other(classic):
    """'The game ends when one player has eliminated the other; the neutral need not be beaten'."""
    s, ev = _last_stand(classic, NEW)
    assert s["winner"] == 0 and classic.is_over(s) and ev[-1].kind == "win"
    assert (
        classic.presenter().describe(ev[-1], classic.names(s))
        == "P0 has eliminated the other player and wins!"
    )
    assert classic.presenter().prompt(s) == "P0 has eliminated the other player and wins."
    assert classic.legal_actions(s) == []


def test_old_two_player_games_play_on_to_all_42(classic):
    """House rule 'two-player end: world' (what every game saved before the option plays by): it plays on
    against the neutral until one player holds all 42 territories."""
    s, ev = _last_stand(classic, OLD)
    assert s["winner"] is None and s["phase"] == "occupy" and s["players"][1]["out"]


def test_a_game_started_without_options_plays_todays_two_player_rules(classic):
    """new_game with no options fills in the rulebook's defaults: 'The game ends when one player has
    eliminated the other; the neutral need not be beaten', and the players place the neutral's armies."""
    s, _ = classic.new_game(["A", "B"], seed=2)
    assert {k: s["options"][k] for k in NEW} == NEW and s["setup_step"] == 0
    s, ev = _last_stand(classic, {})
    assert s["winner"] == 0 and ev[-1].data["by"] == "opponent"


def test_neutral_random_house_rule_spreads_them(classic):
    """House rule 'neutral armies: random' (what games saved before the option play by): the neutral's
    armies are spread at random and the players place only their own."""
    s, _ = classic.new_game(["A", "B"], seed=2, options=OLD)
    assert _held(s, 2) == 40 and "setup_step" not in s
    assert all(s["owner"][classic.board.index[a.args[0]]] == s["current"] for a in classic.legal_actions(s))


def test_new_games_write_the_options_and_old_saves_replay_the_old_way(classic):
    """A new game from the new-game screen or `riskterm play` writes every house rule, the two-player options
    included, so a save says which rules it was played by; a save whose options lack them replays as before."""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--names", "A,B", "--seed", "5"])
    new, _ = build_session(args)
    assert {k: new.options[k] for k in NEW} == NEW and new.state["options"]["neutral_armies"] == "players"
    played = Session.new("classic", [PlayerSetup("A"), PlayerSetup("B")], 5, OLD)
    for _ in range(30):
        played.apply(played.rules.legal_actions(played.state)[0])
    # the same game as a save of format 1 wrote it, before the options existed: neither in its options nor
    # in its state
    doc = build_document(played)
    doc["format"] = 1
    doc["options"] = {k: v for k, v in doc["options"].items() if k not in OLD}
    doc["snapshot"]["options"] = {k: v for k, v in doc["snapshot"]["options"].items() if k not in OLD}
    again = session_from_document(doc)
    assert again.state == played.state and len(again.steps) == 30
    assert {k: again.options[k] for k in OLD} == OLD, "loaded, the old save says which rules it plays by"
