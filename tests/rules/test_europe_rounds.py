"""Risk: Europe setup, rounds, battles in the engine and the end of the game (risk-europe.txt "Setup" to
"Saved by the Crown")."""

from __future__ import annotations

import pytest
from europe_helpers import IX, R, illegal, run
from support import scripted_stream

from riskterm.errors import IllegalActionError
from riskterm.rules.europe import state as st
from riskterm.rules.europe.data import DECK
from riskterm.rules.europe.scenario import scenario


def last_turn(**kw):
    """The last seat in turn order playing its Turn 2 card: its 'end' closes the round's cards."""
    kw.setdefault("players", 3)
    first = kw.get("first", 0)
    return scenario(R, current=kw.pop("current", (first - 1) % kw["players"]), card_turn=2, **kw)


# ---------------------------------------------------------------- setup
def test_player_counts_and_starting_coins():
    """ "each player receives five silver coins, one crown and one castle"; Risk: Europe is for 2 to 4."""
    s, _ = R.new_game(["A", "B"], 1)
    assert s["coins"] == [5, 5] and s["phase"] == "bid"
    with pytest.raises(IllegalActionError):
        R.new_game(["A", "B", "C", "D", "E"], 1)


def test_bids_are_secret_until_all_are_in():
    """ "secretly selecting a number of coins ... All players will then reveal their bids at the same time"."""
    s, _ = R.new_game(["A", "B", "C"], 1)
    s, ev = run(s, "bid 3")
    assert s["actor"] == 1
    assert R.view(s, 1)["bids"][0] == "?" and R.view(s, 0)["bids"][0] == 3
    assert "3" not in R.presenter().describe(ev[0], R.names(s), 1)
    assert "3" in R.presenter().describe(ev[0], R.names(s), 0)
    illegal(s, "bid 6", "between 0 and 5")


def test_highest_bid_pays_and_takes_the_marker():
    """ "The highest bidder pays his or her bid to the reserve and receives the First Player Marker. Players who
    did not win the bid keep their coins"."""
    s, _ = R.new_game(["A", "B", "C"], 1)
    s, ev = run(s, "bid 1", "bid 3", "bid 0")
    assert s["first"] == 1 and s["coins"] == [5, 2, 5]
    assert s["phase"] == "kingdom" and s["actor"] == 1
    assert ev[-1].kind == "bid_reveal" and ev[-1].data["bids"] == [1, 3, 0]


def test_tied_bids_roll_dice():
    """ "In the case of a tied bid, roll dice to determine who receives the First Player Marker. The highest
    roll wins"."""
    s, _ = R.new_game(["A", "B", "C"], 7)
    s, ev = run(s, "bid 2", "bid 2", "bid 0")
    reveal = ev[-1]
    assert reveal.data["rolls"] and set(reveal.data["rolls"][0]) == {"0", "1"}
    first = s["first"]
    assert first in (0, 1)
    last = reveal.data["rolls"][-1]
    assert last[str(first)] == max(last.values())
    assert s["coins"][first] == 3 and s["coins"][1 - first] == 5


def test_kingdom_placement_in_turn_order_with_rome_worth_two():
    """ "Select one of the eight Gold Crown Cities ... place your crown and castle ... collect the city's Bonus
    Tile and Tax Value ... (place it on the second space if you selected Rome)"; "ten Footmen, divided in any
    way you like, between your starting city territory and one adjacent non-city territory"."""
    s, _ = R.new_game(["A", "B", "C"], 1)
    s, _ = run(s, "bid 0", "bid 4", "bid 0")
    assert s["actor"] == 1
    illegal(s, "kingdom ireland", "gold crown")
    illegal(s, "kingdom rome sardinia 10", "0 to 9")
    s, _ = run(s, "kingdom rome lombardy 4")
    assert s["crowns"][1] == 2 and s["coins"][1] == 1 + 4
    assert s["units"][IX["rome"]] == [6, 0, 0, 0] and s["units"][IX["lombardy"]] == [4, 0, 0, 0]
    assert s["castle"][IX["rome"]] and s["actor"] == 2
    illegal(s, "kingdom rome", "already taken")
    illegal(s, "kingdom saxony lombardy 1", "next to")
    s, _ = run(s, "kingdom saxony", "kingdom england scotland 2")
    assert s["crowns"] == [1, 2, 1] and s["units"][IX["saxony"]] == [10, 0, 0, 0]
    assert s["phase"] == "orders" and s["round"] == 1 and s["actor"] == 1
    assert "Rome" in R.presenter().player_stats(s)[1]["tiles"]


# ---------------------------------------------------------------- rounds and cards
def started(n=3, seed=1):
    s, _ = R.new_game([f"P{i}" for i in range(n)], seed)
    s, _ = run(s, *["bid 0"] * (n - 1), "bid 1")
    cities = ["saxony", "france", "turkey", "sweden"]
    s, _ = run(s, *[f"kingdom {c}" for c in cities[:n]])
    return s


def test_cards_are_chosen_secretly_and_revealed_in_turn_order():
    """ "Each player secretly selects two cards ... The top card will be used for Turn 1 and the bottom card
    will be used for Turn 2"; "Turn 1: The first player turns over his or her top card ... Play passes to the
    left"."""
    s = started()
    assert s["first"] == 2 and s["actor"] == 2
    s, _ = run(s, "orders taxspend1 fortify1")
    v = R.view(s, 0)
    assert v["chosen"][2] == ["?", "?"] and v["hands"][2] == ["?"] * 6
    assert R.view(s, 2)["chosen"][2] == ["taxspend1", "fortify1"]
    illegal(s, "orders taxspend1 taxspend1", "two different")
    s, ev = run(s, "orders split1 split2", "orders kingme siege")
    assert s["phase"] == "turn" and s["current"] == 2 and s["ts"]["card"] == "taxspend1"
    assert R.view(s, 0)["chosen"][2] == ["taxspend1", "?"]
    order = []
    for _ in range(6):
        order.append((s["current"], s["ts"]["card"]))
        s, _ = run(s, "end")
    assert order == [
        (2, "taxspend1"),
        (0, "split1"),
        (1, "kingme"),
        (2, "fortify1"),
        (0, "split2"),
        (1, "siege"),
    ]
    assert s["first"] == 1  # King Me
    assert s["round"] == 2 and s["phase"] == "orders" and s["actor"] == 1
    assert s["discard"][2] == ["taxspend1", "fortify1"]


def test_hand_refills_every_fifth_round():
    """ "When you run out of cards, simply return all eight of your cards ... at the beginning of every fifth
    round"."""
    s = started(2)
    for rnd in range(1, 6):
        assert s["round"] == rnd
        if rnd == 5:
            assert all(len(h) == 8 for h in s["hands"]) and s["discard"] == [[], []]
            return
        assert all(len(h) == 8 - 2 * (rnd - 1) for h in s["hands"])
        for p in (s["actor"], 1 - s["actor"]):
            h = s["hands"][p]
            s, _ = run(s, f"orders {h[0]} {h[1]}")
        s, _ = run(s, "end", "end", "end", "end")


def test_order_choice_and_unused_card_still_discarded():
    """ "If a player is unable or chooses not to carry out any actions on a revealed card, that card is still put
    in his or her discard pile"."""
    s = last_turn(
        units={"saxony": (2, [3, 0, 0, 0]), "france": (0, [3, 0, 0, 0]), "turkey": (1, [3, 0, 0, 0])},
        card="taxspend1",
    )
    s, _ = run(s, "end")
    assert "taxspend1" in s["discard"][2]


# ---------------------------------------------------------------- battles in the engine
def test_first_player_chooses_the_battle_order():
    """ "The player who has the first player marker after everyone has played their two cards is allowed to
    choose the order in which all battles resolve"."""
    s = last_turn(
        units={
            "saxony": (2, [3, 0, 0, 0]),
            "franconia": (0, [1, 0, 0, 0]),
            "france": (0, [3, 0, 0, 0]),
            "turkey": (1, [3, 0, 0, 0]),
            "bulgaria": (1, [1, 0, 0, 0]),
        },
        att={"franconia": (2, [1, 0, 0, 0]), "bulgaria": (0, [1, 0, 0, 0])},
        first=1,
        current=0,
    )
    s, _ = run(s, "end")
    assert s["phase"] == "battles" and s["actor"] == 1
    assert {str(a) for a in R.legal_actions(s)} == {"battle franconia", "battle bulgaria"}
    s, ev = run(s, "battle bulgaria")
    starts = [e.data["territory"] for e in ev if e.kind == "battle_start"]
    assert starts == ["bulgaria", "franconia"]  # the last battle follows at once
    assert s["round"] == 2


def test_castle_defender_may_reroll_in_the_engine():
    """ "If the defending player controls a castle in the disputed territory, that player may re-roll all dice of
    a single rank each time the Ranked Attack Order is repeated"."""
    s = last_turn(
        units={"saxony": (2, [1, 0, 0, 0]), "france": (0, [3, 0, 0, 0]), "turkey": (1, [3, 0, 0, 0])},
        att={"saxony": (0, [1, 0, 0, 0])},
        castles=("saxony",),
        rng=scripted_stream(1, 6, 1, 6),
    )
    s, ev = run(s, "end")
    assert s["phase"] == "reroll" and s["actor"] == 2
    assert {str(a) for a in R.legal_actions(s)} == {"reroll", "keep"}
    s2, ev = run(s, "reroll")
    assert ev[0].kind == "reroll" and ev[0].data["def_dice"] == [6]
    assert s2["owner"][IX["saxony"]] == 2 and s2["units"][IX["saxony"]] == [1, 0, 0, 0]  # tie to the defender
    s3, _ = run(s, "keep")
    assert s3["owner"][IX["saxony"]] == 0  # 6 against 1: the attacker takes Berlin, city and castle
    assert s3["crowns"][0] == 2 and s3["crowns"][2] == 0 and s3["castle"][IX["saxony"]]
    assert (
        s3["coins"][0] == 5
    )  # "A tax bonus is not collected when taking over another player's city in battle"


def test_loser_picks_losses_in_the_engine():
    """ "Each hit scored against an army reduces its army total by one unit (chosen by that army's owner)"."""
    s = last_turn(
        units={"saxony": (2, [2, 1, 0, 0]), "france": (0, [3, 0, 0, 0]), "turkey": (1, [3, 0, 0, 0])},
        att={"saxony": (0, [0, 0, 2, 0])},
        rng=scripted_stream(1, 1, 3, 4),
    )
    s, _ = run(s, "end")
    # archers: the defender's 1 misses; cavalry: the attacker hits twice; the defender chooses which
    assert s["phase"] == "losses" and s["actor"] == 2
    assert {str(a) for a in R.legal_actions(s)} == {"auto", "lose 2 0 0 0", "lose 1 1 0 0"}
    s, ev = run(s, "lose 1 1 0 0")
    assert ev[0].kind == "losses" and ev[0].data["units"] == [1, 1, 0, 0]


def test_simultaneous_elimination_in_the_engine():
    """ "If hits are scored in a battle that result in both armies being eliminated from the territory, the
    territory becomes unclaimed and any crowns present return to the reserve"."""
    s = last_turn(
        units={
            "saxony": (2, [0, 1, 0, 0]),
            "franconia": (2, [1, 0, 0, 0]),
            "france": (0, [3, 0, 0, 0]),
            "turkey": (1, [3, 0, 0, 0]),
        },
        att={"saxony": (0, [0, 1, 0, 0])},
        rng=scripted_stream(1, 5, 6),
    )
    assert s["crowns"][2] == 1
    s, ev = run(s, "end")
    assert s["owner"][IX["saxony"]] == -1 and s["units"][IX["saxony"]] == [0, 0, 0, 0]
    assert s["crowns"][2] == 0 and "saxony" not in s["att"]
    assert [e for e in ev if e.kind == "battle_end"][0].data["result"] == "none"


def test_stockholm_raid_and_pillage():
    """Stockholm's tile (Raid & Pillage): "Take 4 silver coins ... each time you attacked an opponent's
    territory and win that battle"."""
    s = last_turn(
        units={"saxony": (2, [1, 0, 0, 0]), "sweden": (0, [3, 0, 0, 0]), "turkey": (1, [3, 0, 0, 0])},
        att={"saxony": (0, [3, 0, 0, 0])},
        rng=scripted_stream(1, 6, 6, 6, 1),
        coins=[0, 0, 0],
    )
    s, _ = run(s, "end")
    assert s["owner"][IX["saxony"]] == 0 and s["coins"][0] == 4


# ---------------------------------------------------------------- the end
SEVEN = {
    "saxony": (0, [1, 0, 0, 0]),
    "rome": (0, [1, 0, 0, 0]),
    "turkey": (0, [1, 0, 0, 0]),
    "sweden": (0, [1, 0, 0, 0]),
    "france": (1, [1, 0, 0, 0]),
    "england": (2, [1, 0, 0, 0]),
}


def test_seven_crowns_win_only_at_the_end_of_the_round():
    """ "Control seven or more crowns at the end of a round to win the game"."""
    s = scenario(R, units=SEVEN, crown_cards=[2, 0, 0], current=0, card_turn=1)
    assert s["crowns"][0] == 7
    s, _ = run(s, "end")
    assert s["winner"] is None
    s = last_turn(units=SEVEN, crown_cards=[2, 0, 0])
    s, ev = run(s, "end")
    assert s["winner"] == 0 and R.is_over(s) and ev[-1].kind == "win"


def test_tie_break_territories_then_coins_with_the_marker():
    """ "the player with the most territories under his or her control wins. If a tie still remains, the player
    with the greatest number of coins wins. If one of the tied players also controls the First Player Marker,
    that player counts the marker as ten additional coins"."""
    both = {
        **SEVEN,
        "france": (1, [1, 0, 0, 0]),
        "england": (1, [1, 0, 0, 0]),
        "ireland": (1, [1, 0, 0, 0]),
        "leon_castile": (1, [1, 0, 0, 0]),
        "rusland": (2, [1, 0, 0, 0]),
    }
    s = last_turn(units=both, crown_cards=[2, 3, 0], coins=[0, 5, 0], first=2)
    assert s["crowns"][:2] == [7, 7]
    won, _ = run(s, "end")
    assert won["winner"] == 1  # 4 territories each, 0 coins against 5
    s = last_turn(
        units={**both, "friesland": (0, [1, 0, 0, 0])}, crown_cards=[2, 3, 0], coins=[0, 5, 0], first=2
    )
    won, _ = run(s, "end")
    assert won["winner"] == 0  # five territories against four
    s = last_turn(units=both, crown_cards=[2, 3, 0], coins=[0, 9, 0], first=0)
    won, _ = run(s, "end")
    assert won["winner"] == 0  # 0 + 10 for the marker against 9


def test_elimination_without_cities():
    """ "A player with no cities under his or her control at the end of the round is eliminated and must remove
    all of his or her army units from the gameboard and return his or her City Bonus Tiles and coins"."""
    s = last_turn(
        units={"saxony": (2, [3, 0, 0, 0]), "france": (0, [3, 0, 0, 0]), "bavaria": (1, [3, 0, 0, 0])}
    )
    s, ev = run(s, "end")
    assert s["players"][1]["out"] and s["coins"][1] == 0 and s["owner"][IX["bavaria"]] == -1
    assert 1 not in s["seq"]


def test_saved_by_the_crown_for_one_round():
    """ "A player who does not control any city territories but owns at least one crown card may still
    participate in one additional round"; "The eliminated player's crown card(s) are removed from the game"."""
    s = last_turn(
        units={"saxony": (2, [3, 0, 0, 0]), "france": (0, [3, 0, 0, 0]), "bavaria": (1, [3, 0, 0, 0])},
        crown_cards=[0, 1, 0],
    )
    s, ev = run(s, "end")
    assert not s["players"][1]["out"] and s["players"][1]["saved"] and 1 in s["seq"]
    s, _ = run(s, *[f"orders {s['hands'][p][0]} {s['hands'][p][1]}" for p in list(s["seq"])])
    while s["phase"] == "turn":
        s, _ = run(s, "end")
    assert s["players"][1]["out"] and s["crown_cards_gone"] == 1 and s["crown_cards"][1] == 0


def test_saved_player_cannot_tax_and_recruits_only_in_castles():
    """ "Players without city territories forfeit the ability to tax"; "may still recruit army units, but only if
    they control a castle territory"."""
    s = scenario(
        R,
        units={"bavaria": (0, [2, 0, 0, 0]), "franconia": (0, [1, 0, 0, 0])},
        castles=("bavaria",),
        card="taxspend1",
        crown_cards=[1, 0, 0],
    )
    assert st.recruit_places(R, s, 0) == [IX["bavaria"]]
    assert not [a for a in R.legal_actions(s) if a.kind == "tax"]


def test_round_cap_is_a_draw():
    """Our reading: a game still going after the round limit is a draw."""
    s = last_turn(
        units={"saxony": (2, [3, 0, 0, 0]), "france": (0, [3, 0, 0, 0]), "turkey": (1, [3, 0, 0, 0])},
        options={"round_cap": 1},
    )
    s, ev = run(s, "end")
    assert s["draw"] and R.is_over(s) and ev[-1].kind == "draw_game"


def test_view_hides_hands_and_rng():
    """Secrets: other players' hands and face-down cards, and the random stream."""
    s = scenario(R, units={"saxony": (0, [3, 0, 0, 0])})
    v = R.view(s, 1)
    assert v["rng"] == 0 and v["hands"][0] == ["?"] * len(s["hands"][0]) and v["hands"][1] == s["hands"][1]
    assert v["chosen"][2] == ["?", "?"] and v["chosen"][0][0] == s["chosen"][0][0]
    assert sorted(DECK) == sorted(s["hands"][0] + s["chosen"][0])


def test_board_labels_and_panels():
    """The board shows units, disputed territories, empty cities and castles; the panels show coins, crowns,
    crown cards, tiles and the cards each player has left."""
    s = scenario(
        R,
        units={"saxony": (0, [3, 1, 0, 0]), "franconia": (1, [2, 0, 0, 0])},
        att={"franconia": (0, [1, 0, 0, 0])},
        castles=("bavaria",),
        crown_cards=[1, 0, 0],
    )
    assert (
        R.presenter().label_of(s, IX["saxony"]) == "4" and R.presenter().label_of(s, IX["franconia"]) == "3!"
    )
    assert R.presenter().label_of(s, IX["rome"]) == "*" and R.presenter().label_of(s, IX["bavaria"]) == "#"
    st = R.presenter().player_stats(s)[0]
    assert st["crowns"] == 2 and st["coins"] == 5 and st["tiles"] == ["Berlin"] and st["cards_in_hand"] == 6
    assert R.scores(s)[0] == 2
    assert any("Top card" in line for line in R.presenter().private_lines(s, 0))


def test_taking_rome_moves_two_crowns():
    """ "If you win the battle and take over another player's city territory, your War Banner advances on the
    Crown Tracker and your opponent's War Banner falls back"; Rome's Seat of Power counts 2 crowns."""
    s = last_turn(
        units={"rome": (1, [1, 0, 0, 0]), "france": (0, [3, 0, 0, 0]), "saxony": (2, [3, 0, 0, 0])},
        att={"rome": (0, [3, 0, 0, 0])},
        rng=scripted_stream(1, 6, 6, 6, 1),
    )
    assert s["crowns"][:2] == [1, 2]
    s, _ = run(s, "end")
    assert s["owner"][IX["rome"]] == 0 and s["crowns"][:2] == [3, 0]


def test_reclaiming_an_emptied_city_pays_its_tax_again():
    """ "The Tax Value is collected as a bonus each time you place a crown on a city": after a simultaneous
    elimination the crown went back to the reserve, so the next claimant places it again."""
    s = scenario(R, units={"franconia": (0, [4, 0, 0, 0])}, coins=[0, 0, 0])
    s, _ = run(s, "expand franconia saxony 1")
    assert s["coins"][0] == 4 and s["crowns"][0] == 1
