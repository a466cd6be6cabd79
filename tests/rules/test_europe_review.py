"""Review findings for Risk: Europe and their siblings: the end of a round when nobody holds a city, and log
lines that must say what the state says."""

from __future__ import annotations

from europe_helpers import IX, R, run

from riskterm.engine.events import Event
from riskterm.record.log import entries
from riskterm.rules.europe.scenario import scenario


def lines(s, events, seat=None):
    return [R.presenter().describe(e, R.names(s), seat) for e in events]


def test_everyone_losing_their_last_city_in_the_same_round_is_a_draw():
    """ "A player with no cities under his or her control at the end of the round is eliminated". When every
    player left is eliminated at once nobody can "control seven or more crowns", and nobody is the last player
    left: our reading (on the rules screen) is a draw. This used to raise ValueError (min() of no players)."""
    s = scenario(
        R,
        players=2,
        units={"wales": (0, [2, 0, 0, 0]), "normandy": (1, [2, 0, 0, 0])},
        current=1,
        first=0,
        card_turn=2,
    )
    s2, ev = run(s, "end")
    assert R.is_over(s2) and s2["draw"] and R.winner(s2) is None
    assert all(p["out"] for p in s2["players"])
    assert "ends as a draw" in lines(s2, ev)[-1]
    assert "lost their last city" in R.presenter().prompt(s2)
    assert "ends as a draw" in R.presenter().rules_text


def test_the_last_player_left_wins_and_the_log_says_why():
    """ "If a player fails to reclaim a city territory at the end of the following round, that player is
    eliminated"; a player Saved by the Crown who is the only one left wins (our reading: "the last player left
    in the game wins"), and the log does not claim crowns they do not have."""
    s = scenario(
        R,
        players=2,
        units={"wales": (0, [2, 0, 0, 0]), "normandy": (1, [2, 0, 0, 0])},
        current=1,
        first=0,
        card_turn=2,
        crown_cards=[1, 0],
    )
    s2, ev = run(s, "end")
    assert R.winner(s2) == 0
    assert "last player left" in lines(s2, ev)[-1] and "last player left" in R.presenter().prompt(s2)


def test_claiming_rome_moves_the_tracker_two_and_the_log_says_two_crowns():
    """ "place it on the second space if you selected Rome"; claiming a city: "take control of that city and
    gain its crown(s)"."""
    s = scenario(R, units={"lombardy": (0, [5, 0, 0, 0])}, card="fortify1")
    before = s["crowns"][0]
    s2, ev = run(s, "expand lombardy rome 2")
    assert s2["crowns"][0] == before + 2
    line = lines(s2, ev)[0]
    assert "2 crowns and 4 coins" in line and "a crown" not in line


def test_a_bonus_tile_with_an_empty_reserve_does_not_claim_to_place_anything():
    """ "You may never purchase more army units than you have physically available in your army reserve": free
    units from a City Bonus Tile stop when the reserve is empty, and the log says so."""
    s = scenario(R, units={"england": (0, [3, 12, 0, 0])}, card="taxspend1")
    s2, ev = run(s, "tax england")
    assert s2["units"][IX["england"]] == [3, 12, 0, 0]
    line = next(x for x, e in zip(lines(s2, ev), ev, strict=True) if e.kind == "tile_units")
    assert "places nothing" not in line and "none are left in the army reserve" in line and "London" in line
    s = scenario(R, units={"england": (0, [3, 11, 0, 0])}, card="taxspend1")
    s2, ev = run(s, "tax england")
    line = next(x for x, e in zip(lines(s2, ev), ev, strict=True) if e.kind == "tile_units")
    assert "places 1 archer in England (the army reserve has no more)" in line


def test_log_siblings_manoeuvre_out_and_castle_claimed_and_crowns_only_of_cities():
    """Siblings: a territory left empty by a Manoeuvre becomes unclaimed (our reading) and the log says so;
    "Castles in unclaimed territories can be claimed by expanding into that territory"; both armies falling in
    a territory without a city returns no crowns."""
    s = scenario(R, units={"england": (0, [3, 0, 0, 0]), "wales": (0, [2, 0, 0, 0])}, card="fortify1")
    s2, ev = run(s, "manoeuvre wales england 2")
    assert s2["owner"][IX["wales"]] == -1 and "left empty and unclaimed" in lines(s2, ev)[0]
    s = scenario(R, units={"england": (0, [3, 0, 0, 0])}, castles=("wales",), card="fortify1")
    s2, ev = run(s, "expand england wales 1")
    assert s2["castle"][IX["wales"]] and "claiming its castle" in lines(s2, ev)[0]
    e = Event(
        "battle_end",
        {
            "turn": 1,
            "player": 0,
            "territory": "wales",
            "attacker": 0,
            "defender": 1,
            "result": "none",
            "raid": 0,
            "castle": False,
            "crowns": 0,
        },
    )
    assert "crowns" not in R.presenter().describe(e, ["A", "B"])


def test_the_log_turn_column_agrees_with_the_text():
    """The log's turn column (the event's player-turn, T2) disagreed with the text ("Turn 1"). The
    rulebook's "Turn 1" and "Turn 2" of a round are named by their card ("the top card of round 1")."""
    s, _ = R.new_game(["A", "B"], 5)
    s, ev = run(
        s,
        "bid 2",
        "bid 1",
        "kingdom england wales 3",
        "kingdom france",
        "orders fortify1 taxspend1",
        "orders fortify1 taxspend1",
        "end",
    )
    log = entries(R, ev, R.names(s), None)
    reveals = [x for x in log if x.kind == "reveal"]
    assert [x.turn for x in reveals] == [1, 2]
    assert all("Turn" not in x.text for x in reveals)
    assert "B reveals the top card of round 1" in reveals[1].text


def test_log_siblings_crowns_changing_hands_and_crown_cards_leaving():
    """ "If you win the battle and take over another player's city territory, your War Banner advances";
    "The eliminated player's crown card(s) are removed from the game": the log says both."""
    names = ["A", "B"]
    won = Event(
        "battle_end",
        {
            "turn": 3,
            "player": 0,
            "territory": "rome",
            "attacker": 0,
            "defender": 1,
            "result": "attacker",
            "raid": 0,
            "castle": False,
            "crowns": 2,
        },
    )
    assert "wins the battle for Rome and its 2 crowns" in R.presenter().describe(won, names)
    out = Event("eliminate", {"turn": 3, "player": 1, "crown_cards": 2})
    assert "crown cards (2) leave the game" in R.presenter().describe(out, names)
    fort = Event("fortify", {"turn": 3, "player": 0, "territory": "rome", "footmen": 1})
    assert R.presenter().describe(fort, names).endswith("with 1 footman.")
