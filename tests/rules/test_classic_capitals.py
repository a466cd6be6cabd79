"""Capital Risk, the classic rulebook's Capital game (mode `capitals`). classic-risk.txt has no section on it; the
passages quoted are those of the Parker Brothers rulebook (1993) as the project's brief for the mode sums them up: 'After the starting
armies are placed, each player secretly chooses a headquarters among their territories ... all revealed
together'; 'taking one gives its card, which can never be traded'; 'losing your own does not put you out';
'you win by holding every headquarters, your own included'; 'the shorter game (with 4 players any two others,
with 5 or 6 any three)'. Our readings (the rules screen): the neutral of a two-player game has no headquarters;
a headquarters whose owner is out still counts."""

from __future__ import annotations

import json

import pytest
from helpers import position, rng_rolling

from riskterm.ai.classic import capitals as hq_ai
from riskterm.ai.classic.player import ClassicPlayer
from riskterm.ai.core.board_info import board_info
from riskterm.engine.actions import act
from riskterm.errors import IllegalActionError
from riskterm.net.host import GameHost
from riskterm.rules import PlayerSetup
from riskterm.rules.classic.capitals import NONE, PHASE
from riskterm.session import Session

CAPS = {"mode": "capitals", "quick_start": True}


def _idx(classic, *tids):
    return [classic.board.index[t] for t in tids]


def _capitals_position(classic, caps, owners=None, armies=None, players=3, goal="all", **kw):
    """Seat 0 attacking in a Capital Risk game whose headquarters are `caps` (territory ids per seat)."""
    s = position(classic, owners or {}, armies, players=players, **kw)
    s["options"] = {**s["options"], "mode": "capitals"} | ({"capitals_goal": goal} if goal != "all" else {})
    s["capitals"] = [classic.board.index[t] if t else NONE for t in caps]
    return s


def _choose_all(classic, s):
    while s["phase"] == PHASE:
        s = classic.apply(s, classic.legal_actions(s)[0]).state
    return s


def test_headquarters_are_chosen_after_the_starting_armies(classic):
    """'After the starting armies are placed, each player secretly chooses a headquarters among their
    territories': the first turn waits until every player has chosen, from the one who placed first."""
    s, events = classic.new_game(["A", "B", "C"], 5, CAPS)
    assert s["phase"] == PHASE and s["turn"] == 0 and s["actor"] == s["first"] and s["capitals"] == [NONE] * 3
    assert not any(
        s["to_place"]
    ) and "each player now chooses a headquarters" in classic.presenter().describe(events[-1], [])
    theirs = next(t for t, o in enumerate(s["owner"]) if o != s["actor"])
    with pytest.raises(IllegalActionError, match="You do not hold"):
        classic.apply(s, act("capital", classic.board.ids[theirs]))
    assert all(a.kind == "capital" for a in classic.legal_actions(s))
    s = _choose_all(classic, s)
    assert s["phase"] == "reinforce" and s["turn"] == 1 and s["current"] == s["first"]
    assert all(s["owner"][t] == q for q, t in enumerate(s["capitals"]))


def test_a_choice_is_secret_until_all_are_revealed_together(classic):
    """'each player secretly chooses ... all revealed together': another seat's view, its log and the
    spectator's show that a choice was made, never which; the reveal names every headquarters at once."""
    s, _ = classic.new_game(["A", "B", "C"], 5, CAPS)
    a = s["actor"]
    t = classic.apply(s, classic.legal_actions(s)[0])
    s1 = t.state
    chosen = s1["capitals"][a]
    assert t.barrier and chosen != NONE
    for seat in (None, *[q for q in range(3) if q != a]):
        assert chosen not in classic.view(s1, seat)["capitals"]
        line = classic.presenter().describe(t.events[0], classic.names(s1), seat)
        assert (
            line.endswith("has chosen a headquarters.") and classic.board.territories[chosen].name not in line
        )
        assert t.events[0].redacted(seat).data.get("territory") is None
    assert classic.view(s1, a)["capitals"][a] == chosen
    assert classic.board.territories[chosen].name in classic.presenter().describe(
        t.events[0], classic.names(s1), a
    )
    assert (
        classic.presenter().badge_of(classic.view(s1, None), chosen) == ""
        and classic.presenter().table_lines(s1) == []
    )
    while s1["phase"] == PHASE:
        t = classic.apply(s1, classic.legal_actions(s1)[0])
        s1 = t.state
    reveal = next(e for e in t.events if e.kind == "capitals_revealed")
    assert len(reveal.data["capitals"]) == 3 and classic.view(s1, None)["capitals"] == s1["capitals"]


def test_no_remote_frame_shows_another_seats_choice() -> None:
    """The same secret through the online host: every seat's and the spectator's messages while the
    headquarters are chosen hold no other seat's choice, in the view, the events or the log lines."""
    players = [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")]
    host = GameHost(Session.new("classic", players, 5, CAPS))
    inbox: dict[int | None, list[dict]] = {}
    for seat in (0, 1, 2, None):
        box = inbox.setdefault(seat, [])
        host.join(
            ["Ann", "Bob", "Cid"][seat] if seat is not None else "Eve",
            None,
            seat is None,
            lambda f, box=box: box.append(json.loads(f)),
        )
    conns = {c.seat: c for c in host.conns}
    rules = host.rules
    first = host.session.state["actor"]
    action = rules.legal_actions(host.session.state)[0]
    for box in inbox.values():
        box.clear()
    assert host.act(conns[first], str(action), host.version) is None
    name = rules.board.tname(str(action.args[0]))
    for seat, box in inbox.items():
        text = json.dumps([m for m in box if m["type"] == "state"])
        assert (str(action.args[0]) in text and name in text) == (seat == first), seat


def test_headquarters_cards_leave_the_deck_and_are_never_traded(classic):
    """'taking one gives its card, which can never be traded': the headquarters' cards lie before their
    holders, out of the deck, so no one draws or trades them."""
    s = _choose_all(classic, classic.new_game(["A", "B", "C"], 5, CAPS).state)
    ids = {classic.board.ids[t] for t in s["capitals"]}
    assert len(s["deck"]) == 44 - 3 and not ids & set(s["deck"])


def test_taking_a_headquarters_takes_its_card_and_losing_yours_does_not_put_you_out(classic):
    """'taking one gives its card'; 'losing your own does not put you out'."""
    s = _capitals_position(
        classic,
        ["alaska", "peru", "ural"],
        {"alaska": 0, "siberia": 0, "ural": 2},
        {"siberia": 10, "ural": 1},
        rng=rng_rolling([6, 6, 6], [1]),
    )
    s2, events = classic.apply(s, "attack siberia ural 3")
    taken = next(e for e in events if e.kind == "capital_taken")
    assert taken.data[
        "owner"
    ] == 2 and "takes C's headquarters Ural, and its card" in classic.presenter().describe(
        taken, ["A", "B", "C"]
    )
    assert not s2["players"][2]["out"] and 2 in s2["owner"]
    assert "P2: Ural (held by P0)" in classic.presenter().table_lines(s2)[0]


def test_holding_every_headquarters_wins_at_once(classic):
    """'you win by holding every headquarters, your own included': at the conquest, before any move-in."""
    s = _capitals_position(
        classic,
        ["alaska", "peru", "ural"],
        {"alaska": 0, "peru": 0, "siberia": 0, "ural": 2},
        {"siberia": 10, "ural": 1},
        rng=rng_rolling([6, 6, 6], [1]),
    )
    s2, events = classic.apply(s, "attack siberia ural 3")
    assert s2["winner"] == 0 and s2["phase"] == "over" and events[-1].data["by"] == "capitals"
    assert "holds the headquarters the game asks for" in classic.presenter().describe(
        events[-1], ["A", "B", "C"]
    )
    assert classic.presenter().prompt(s2).endswith("holds 3 headquarters, their own among them, and wins.")


def test_every_other_headquarters_without_your_own_does_not_win(classic):
    """'your own included': holding the others while someone else holds yours wins nothing yet."""
    s = _capitals_position(
        classic,
        ["alaska", "peru", "ural"],
        {"alaska": 1, "peru": 0, "siberia": 0, "ural": 2},
        {"siberia": 10, "ural": 1},
        rng=rng_rolling([6, 6, 6], [1]),
    )
    s2, _ = classic.apply(s, "attack siberia ural 3")
    assert s2["winner"] is None and s2["phase"] == "occupy"


@pytest.mark.parametrize("players,others", [(4, 2), (5, 3), (6, 3), (3, 1)])
def test_the_shorter_game(classic, players, others):
    """'the shorter game (with 4 players any two others, with 5 or 6 any three)'; with 3 players (our reading)
    every headquarters, as in the full game."""
    spots = ["alaska", "peru", "ural", "egypt", "japan", "iceland"][:players]
    owners = {spots[0]: 0, **{spots[k]: 0 for k in range(1, others)}, "siberia": 0, spots[others]: 1}
    s = _capitals_position(
        classic,
        spots,
        owners,
        {"siberia": 10, spots[others]: 1},
        players=players,
        goal="shorter",
        rng=rng_rolling([6, 6, 6], [1]),
    )
    s["owner"][classic.board.index[spots[others]]] = 1
    kam, target = _idx(classic, "siberia", spots[others])
    s["armies"][target] = 1
    if target not in classic.board.adj[kam]:  # attack from a neighbour of the target
        src = next(u for u in classic.board.adj[target] if u not in s["capitals"])
        s["owner"][src], s["armies"][src] = 0, 10
        kam = src
    s2, _ = classic.apply(s, act("attack", classic.board.ids[kam], spots[others], 3))
    assert (s2["winner"] == 0) is (players >= 4)
    goal = "every headquarters" if players == 3 else f"your own and {others} other headquarters"
    assert classic.presenter().table_lines(s)[1] == f"Win by holding {goal}."


def test_two_players_the_neutral_has_no_headquarters(classic):
    """Our reading for two players with a neutral army: the neutral chooses none; a player wins by holding
    both players' headquarters."""
    s, _ = classic.new_game(["A", "B"], 4, CAPS)
    neutral = next(q for q, p in enumerate(s["players"]) if p["neutral"])
    s = _choose_all(classic, s)
    assert s["capitals"][neutral] == NONE and sum(t != NONE for t in s["capitals"]) == 2


def test_a_headquarters_whose_owner_is_out_still_counts(classic):
    """Our reading: an eliminated player's headquarters must still be held by the winner."""
    s = _capitals_position(
        classic,
        ["alaska", "peru", "ural"],
        {"alaska": 0, "ural": 0, "siberia": 0},
        {"siberia": 10},
        default_owner=1,
    )
    s["players"] = [dict(p) for p in s["players"]]
    s["players"][2]["out"] = True
    assert 2 not in s["owner"]
    peru, brazil = _idx(classic, "peru", "brazil")
    s["owner"][brazil], s["armies"][brazil], s["armies"][peru] = 0, 10, 1
    s["rng"] = rng_rolling([6, 6, 6], [1])
    s2, _ = classic.apply(s, "attack brazil peru 3")
    assert s2["winner"] == 0
    s["owner"][classic.board.index["ural"]] = 1
    s3, _ = classic.apply(s, "attack brazil peru 3")
    assert s3["winner"] is None


def test_marks_and_rules_screen(classic):
    """The headquarters are marked on the map and in the legend; the rules screen states our readings."""
    s = _capitals_position(classic, ["alaska", "peru", "ural"])
    alaska = classic.board.index["alaska"]
    assert classic.presenter().badge_of(s, alaska) == "★" and classic.presenter().marks_of(s)[0].mark == "★"
    assert classic.presenter().marks_of(classic.new_game(["A", "B", "C"], 1)[0]) == ()
    assert "headquarters of" in classic.presenter().territory_lines(s, alaska)[0]
    text = classic.presenter().rules_text
    assert "neutral army has no headquarters" in text and "whose owner is out still counts" in text


def test_computer_players_guard_their_own_and_strike_at_the_weakest(classic):
    """Computer players choose a headquarters among their own territories, place armies on it while it is
    outnumbered, and attack a headquarters next to them; the coach says so in those words."""
    info = board_info(classic.board)
    s, _ = classic.new_game(["A", "B", "C"], 5, CAPS)
    a = ClassicPlayer("normal").choose(classic, classic.view(s, s["actor"]), s["actor"])
    assert a.kind == "capital" and s["owner"][classic.board.index[str(a.args[0])]] == s["actor"]
    s = _capitals_position(
        classic,
        ["alaska", "peru", "ural"],
        {"alaska": 0, "siberia": 0, "ural": 2},
        {"alaska": 2, "siberia": 9, "ural": 3, "northwest_territory": 6},
    )
    s["owner"][classic.board.index["northwest_territory"]] = 1
    assert hq_ai.placement(info, s, 0, 5, hq_ai.HARD_STYLE) == (classic.board.index["alaska"], 5)
    assert hq_ai.attack(info, s, 0, 2, hq_ai.NORMAL_STYLE)[:2] == tuple(_idx(classic, "siberia", "ural"))
    s["phase"], s["reserve"] = "reinforce", 5
    assert ClassicPlayer("hard").choose(classic, s, 0) == act("place", "alaska", 5)
    assert hq_ai.reason(info, s, 0, act("place", "alaska", 5)).startswith(
        "Guard your headquarters Alaska: 5 enemy"
    )
    assert hq_ai.reason(info, s, 0, act("blitz", "siberia", "ural", 1)).startswith(
        "Strike at P2's headquarters Ural"
    )


def test_simulated_capital_games_end_with_a_winner() -> None:
    """`simulate --mode capitals`: computer games end with a winner, well inside the turn limit."""
    from riskterm.ai.simulate import play_game

    session = play_game(
        "classic", ["normal", "easy", "easy", "normal"], 3, {"mode": "capitals"}, record=False
    )
    assert session.state["winner"] is not None and session.state["turn"] < 200
