"""Risk: Europe orders and bonus actions (risk-europe.txt, "The King's Orders Cards" to "Purchase Crown Cards")."""

from __future__ import annotations

from europe_helpers import IX, R, illegal, run
from support import scripted_stream

from riskterm.engine.actions import parse_action
from riskterm.rules.europe.scenario import scenario


def pos(**kw):
    return scenario(R, **kw)


def units(s, tid):
    return s["units"][IX[tid]]


BERLIN = {"saxony": (0, [6, 0, 0, 0])}


# ---------------------------------------------------------------- expand
def test_expand_into_unclaimed_city_places_crown_and_pays_tax():
    """ "When you take over an unclaimed city territory ... Place a crown ... Collect the city's Tax Value"."""
    s = pos(units={"franconia": (0, [5, 0, 0, 0]), "saxony": (1, [3, 0, 0, 0])}, card="fortify1")
    s2, ev = run(s, "expand franconia swabia 3")
    assert s2["owner"][IX["swabia"]] == 0 and units(s2, "swabia") == [3, 0, 0, 0]
    assert s2["coins"][0] == 5 + 2 and s2["crowns"][0] == 1
    assert units(s2, "franconia") == [2, 0, 0, 0]


def test_expand_must_leave_one_unit():
    """ "You must leave at least one army unit in the original territory when expanding"."""
    s = pos(units={"franconia": (0, [3, 0, 0, 0])})
    illegal(s, "expand franconia swabia 3", "leave at least 1")


def test_expand_into_opponent_makes_a_dispute_and_third_player_cannot_enter():
    """ "If you expand into an opponent's territory, it becomes a disputed territory"; "A third player's army
    may not enter a disputed territory for any reason"."""
    s = pos(
        units={
            "franconia": (0, [5, 0, 0, 0]),
            "swabia": (1, [2, 0, 0, 0]),
            "lombardy": (2, [4, 0, 0, 0]),
            "bavaria": (2, [4, 0, 0, 0]),
        }
    )
    s, _ = run(s, "expand franconia swabia 3")
    assert s["att"][str(IX["swabia"])] == {"seat": 0, "units": [3, 0, 0, 0]}
    assert s["owner"][IX["swabia"]] == 1 and s["armies"][IX["swabia"]] == 5
    s = dict(s, current=2, actor=2, ts={**s["ts"], "order": None, "done": False, "free_man": False})
    illegal(s, "expand lombardy swabia 1", "in dispute")
    illegal(s, "manoeuvre lombardy swabia 1", "neither yours")


def test_no_expand_into_own_or_disputed_territory():
    """ "You may not use an expand order to move army units into either a territory already in dispute or a
    territory already under your control"."""
    s = pos(units={"franconia": (0, [5, 0, 0, 0]), "bavaria": (0, [2, 0, 0, 0])})
    illegal(s, "expand franconia bavaria 1", "manoeuvre")


def test_only_defender_expands_out_of_dispute_leaving_attackers_number():
    """ "Only the defending player may expand out of a disputed territory. However, that player must leave
    behind army units equal in number to the attacker's army"."""
    s = pos(
        units={"franconia": (0, [6, 0, 0, 0]), "bavaria": (1, [1, 0, 0, 0])},
        att={"franconia": (1, [3, 0, 0, 0])},
    )
    illegal(s, "expand franconia swabia 4", "leave at least 3")
    s2, _ = run(s, "expand franconia swabia 3")
    assert units(s2, "franconia") == [3, 0, 0, 0]
    s3 = dict(s, current=1, actor=1)
    illegal(s3, "expand franconia swabia 1", "do not control")


def test_castle_needs_siege_weapon_but_unclaimed_castle_does_not():
    """ "If an opponent's territory contains a castle, you may not expand into that territory unless your
    expanding army contains a Siege Weapon"; "Castles in unclaimed territories can be claimed by expanding into
    that territory with any army unit"."""
    s = pos(
        units={"franconia": (0, [5, 0, 0, 1]), "swabia": (1, [2, 0, 0, 0])}, castles=("swabia", "bavaria")
    )
    illegal(s, "expand franconia swabia 3", "siege weapon")
    assert R.why_illegal(s, parse_action("expand franconia swabia 3 0 0 1")) is None
    s2, _ = run(s, "expand franconia bavaria 1")
    assert s2["owner"][IX["bavaria"]] == 0 and s2["castle"][IX["bavaria"]]


def test_split_expand_into_two_territories_from_one():
    """ "Split Expand ... into up to two adjacent territories ... Both territories must be adjacent to the
    original territory"."""
    s = pos(units={"franconia": (0, [5, 0, 0, 0]), "lorraine": (0, [3, 0, 0, 0])}, card="split1")
    illegal(s, "expand franconia swabia 2", "split expand or manoeuvre")
    s, _ = run(s, "split franconia swabia 2")
    illegal(s, "split lorraine burgundy 1", "from one territory")
    illegal(s, "split franconia swabia 1", "another territory")
    illegal(s, "split franconia bavaria 3", "leave at least 1")
    s, _ = run(s, "split franconia bavaria 2")
    assert units(s, "franconia") == [1, 0, 0, 0] and s["owner"][IX["bavaria"]] == 0
    illegal(s, "split franconia bohemia 1", "already carried out")


def test_sea_lines_count_for_expand():
    """ "Supply lines are any series of territories ... connected to each other by shared borders and/or
    sea-lines"; expand goes to an adjacent territory over a sea-line too (England - Normandy)."""
    s = pos(units={"england": (0, [5, 0, 0, 0])})
    s2, _ = run(s, "expand england normandy 2")
    assert s2["owner"][IX["normandy"]] == 0


# ---------------------------------------------------------------- manoeuvre
def test_manoeuvre_two_territories_through_own():
    """ "Relocate any number of army units from one territory you control to one other territory (up to two
    territories away) ... through territories already under your control"."""
    s = pos(
        units={
            "saxony": (0, [5, 0, 0, 0]),
            "franconia": (0, [1, 0, 0, 0]),
            "swabia": (0, [1, 0, 0, 0]),
            "lombardy": (0, [1, 0, 0, 0]),
        }
    )
    s2, _ = run(s, "manoeuvre saxony swabia 4")
    assert units(s2, "swabia") == [5, 0, 0, 0]
    illegal(s, "manoeuvre saxony lombardy 1", "within two")


def test_manoeuvre_stops_at_disputed_and_never_leaves_one():
    """ "must stop and forfeit any remaining movement if they enter a disputed territory"; "players may not
    manoeuvre army units out of a disputed territory for any reason"."""
    s = pos(
        units={"saxony": (0, [5, 0, 0, 0]), "franconia": (0, [2, 0, 0, 0]), "swabia": (0, [1, 0, 0, 0])},
        att={"franconia": (1, [1, 0, 0, 0])},
    )
    illegal(s, "manoeuvre saxony swabia 1", "within two")
    s2, _ = run(s, "manoeuvre saxony franconia 2")
    assert units(s2, "franconia") == [4, 0, 0, 0]
    illegal(s, "manoeuvre franconia saxony 1", "retreat")


def test_attacker_may_reinforce_its_battle():
    """ "help reinforce disputed territories connected to your supply lines"; the target is "already under your
    control or in dispute"."""
    s = pos(
        units={"saxony": (0, [2, 0, 0, 0]), "franconia": (1, [5, 0, 0, 0]), "lorraine": (1, [3, 0, 0, 0])},
        att={"franconia": (0, [1, 0, 0, 0])},
        current=1,
    )
    s2, _ = run(s, "manoeuvre lorraine franconia 2")
    assert units(s2, "franconia") == [7, 0, 0, 0]
    s3 = dict(s, current=0, actor=0)
    s3, _ = run(s3, "manoeuvre saxony franconia 1")
    assert s3["att"][str(IX["franconia"])]["units"] == [2, 0, 0, 0]


def test_manoeuvre_leaves_one_in_cities_and_castles_but_may_empty_others():
    """ "Players may manoeuvre all their army units out of a non-city territory ... but they must leave behind
    one army unit when leaving city and castle territories"."""
    s = pos(
        units={"saxony": (0, [3, 0, 0, 0]), "franconia": (0, [2, 0, 0, 0]), "bavaria": (0, [2, 0, 0, 0])},
        castles=("bavaria",),
    )
    illegal(s, "manoeuvre saxony franconia 3", "leave at least one")
    illegal(s, "manoeuvre bavaria franconia 2", "leave at least one")
    s2, _ = run(s, "manoeuvre franconia saxony 2")
    assert units(s2, "saxony") == [5, 0, 0, 0]
    assert s2["owner"][IX["franconia"]] == -1  # our reading: emptied, it is unclaimed


def test_berlin_free_manoeuvre_after_expand():
    """Berlin's tile (Advanced Mobility): "After completing an Expand or Split Expand order you may also
    Manoeuvre for free"."""
    s = pos(units={"saxony": (0, [5, 0, 0, 0]), "franconia": (0, [2, 0, 0, 0])})
    s, _ = run(s, "expand saxony bohemia 2")
    s, ev = run(s, "manoeuvre franconia saxony 1")
    assert ev[-1].data["free"]
    illegal(s, "manoeuvre saxony franconia 1", "already carried out")
    s2 = pos(units={"franconia": (0, [5, 0, 0, 0]), "bavaria": (0, [2, 0, 0, 0])})
    s2, _ = run(s2, "expand franconia swabia 2")
    illegal(s2, "manoeuvre bavaria franconia 1", "already carried out")


# ---------------------------------------------------------------- tax
KINGDOM = {
    "saxony": (0, [3, 0, 0, 0]),
    "friesland": (0, [1, 0, 0, 0]),
    "franconia": (0, [2, 0, 0, 0]),
    "swabia": (0, [2, 0, 0, 0]),
    "lorraine": (1, [2, 0, 0, 0]),
}


def test_tax_whole_supply_line():
    """ "collect the Tax Value of that city and all other cities and non-city territories you control that are
    connected"; "one additional coin for each non-city territory"."""
    s = pos(units=KINGDOM, card="taxspend1", coins=[0, 0, 0])
    s2, _ = run(s, "tax saxony")
    assert s2["coins"][0] == 4 + 1 + 1 + 2


def test_tax_example_kingdom_split_by_disputed_territory():
    """ "Tax is not collected from any disputed territories in your supply line. Furthermore, disputed
    territories have the power to break apart your kingdom into multiple, smaller supply lines"."""
    s = pos(units=KINGDOM, card="taxspend1", coins=[0, 0, 0], att={"franconia": (1, [1, 0, 0, 0])})
    s2, _ = run(s, "tax saxony")
    assert s2["coins"][0] == 4 + 1  # Berlin and Friesland; Franconia is disputed, Zurich cut off
    s3, _ = run(s, "tax swabia")
    assert s3["coins"][0] == 2


def test_tax_needs_a_city_and_the_card():
    """ "Select a city territory you control"; a card offers only its own two orders."""
    s = pos(units=KINGDOM, card="fortify1")
    illegal(s, "tax saxony", "expand or manoeuvre")
    s = pos(units=KINGDOM, card="taxspend1")
    illegal(s, "tax franconia", "not a city")
    illegal(s, "tax lorraine", "not a city territory you control")


def test_tax_tiles_london_paris_madrid():
    """City Bonus Tiles: Welsh Archers (+2 archers in London), Officer in Training (+1 cavalry +1 footman in
    Paris), Rally the Troops (+4 footmen in Madrid) whenever their tax is collected."""
    s = pos(
        units={
            "england": (0, [1, 0, 0, 0]),
            "france": (0, [1, 0, 0, 0]),
            "normandy": (0, [1, 0, 0, 0]),
            "leon_castile": (1, [1, 0, 0, 0]),
        },
        card="taxspend1",
        coins=[0, 0, 0],
    )
    s2, _ = run(s, "tax france")
    assert s2["coins"][0] == 3 + 1 + 3
    assert units(s2, "england") == [1, 2, 0, 0] and units(s2, "france") == [2, 0, 1, 0]
    s3 = dict(s, current=1, actor=1)
    s3, _ = run(s3, "tax leon_castile")
    assert units(s3, "leon_castile") == [5, 0, 0, 0]


# ---------------------------------------------------------------- spend
def test_recruit_costs_and_places():
    """ "Footman 1 Coin, Archer 2, Cavalry 3, Siege Weapon 10"; "may only be placed in city territories and/or
    castle territories that you control"; "cannot be placed in disputed territories"."""
    s = pos(
        units={
            "saxony": (0, [3, 0, 0, 0]),
            "franconia": (0, [2, 0, 0, 0]),
            "bavaria": (0, [1, 0, 0, 0]),
            "swabia": (0, [1, 0, 0, 0]),
        },
        castles=("bavaria",),
        card="taxspend1",
        coins=[30, 0, 0],
        att={"swabia": (1, [1, 0, 0, 0])},
    )
    s2, _ = run(s, "recruit saxony 1 1 1 1", "recruit bavaria 2")
    assert units(s2, "saxony") == [4, 1, 1, 1] and units(s2, "bavaria") == [3, 0, 0, 0]
    assert s2["coins"][0] == 30 - 16 - 2
    illegal(s, "recruit franconia 1", "city and castle")
    illegal(s, "recruit swabia 1", "city and castle")
    illegal(s, "recruit saxony 0 0 0 4", "costs 40")


def test_recruit_within_box_limits():
    """ "You may never purchase more army units than you have physically available in your army reserve"
    (35 footmen, 12 archers, 12 cavalry, 4 siege weapons)."""
    s = pos(
        units={"saxony": (0, [3, 11, 0, 0]), "franconia": (0, [30, 0, 0, 0])},
        card="taxspend1",
        coins=[99, 0, 0],
    )
    illegal(s, "recruit saxony 0 2", "only 1")
    illegal(s, "recruit saxony 3", "only 2")
    assert R.why_illegal(s, parse_action("recruit saxony 2 1")) is None


def test_kiev_recruits_in_supply_linked_territories():
    """Kiev's tile (Advanced Recruitment): "recruit into any non-city, non-disputed territory you control that
    is connected to Kiev by a supply line"."""
    s = pos(
        units={"rusland": (0, [3, 0, 0, 0]), "galicia": (0, [1, 0, 0, 0]), "bulgaria": (0, [1, 0, 0, 0])},
        card="taxspend1",
    )
    s2, _ = run(s, "recruit bulgaria 2")
    assert units(s2, "bulgaria") == [3, 0, 0, 0]


def test_constantinople_siege_escort():
    """Constantinople's tile (Siege Escort): "Each time you recruit and place a Siege Weapon, place 4 Footmen
    with it for free"."""
    s = pos(units={"turkey": (0, [3, 0, 0, 0])}, card="taxspend1", coins=[20, 0, 0])
    s2, _ = run(s, "recruit turkey 0 0 0 2")
    assert units(s2, "turkey") == [11, 0, 0, 2] and s2["coins"][0] == 0


def test_castles():
    """ "Castle 12 Coins"; "You cannot build a castle in a territory that is in dispute. You may not build more
    than one castle in any one territory. Once all castles have been purchased ... no more"."""
    s = pos(
        units={"saxony": (1, [3, 0, 0, 0]), "franconia": (0, [2, 0, 0, 0]), "bavaria": (0, [2, 0, 0, 0])},
        att={"bavaria": (1, [1, 0, 0, 0])},
        castles=("saxony",),
        card="taxspend1",
        coins=[30, 0, 0],
    )
    s2, _ = run(s, "castle franconia")
    assert s2["castle"][IX["franconia"]] and s2["coins"][0] == 18
    illegal(s2, "castle franconia", "already has a castle")
    illegal(s, "castle bavaria", "dispute")
    full = dict(s, castle=[True] * 8 + [False] * (len(s["castle"]) - 8))
    full["castle"][IX["franconia"]] = False
    assert sum(full["castle"]) == 8
    illegal(full, "castle franconia", "all eight")


def test_berlin_castles_cost_nine():
    """Berlin's tile: "castles cost you 3 coins less (12 -> 9)"."""
    s = pos(
        units={"saxony": (0, [3, 0, 0, 0]), "franconia": (0, [2, 0, 0, 0])}, card="taxspend1", coins=[9, 0, 0]
    )
    s2, _ = run(s, "castle franconia")
    assert s2["coins"][0] == 0


def test_crown_card_once_per_round():
    """ "Each player is limited to one crown card purchase per round"; "Crown Card 10 Coins"; "will instantly
    move your War Banner forward one space"."""
    s = pos(units={"saxony": (0, [3, 0, 0, 0])}, card="taxspend1", coins=[25, 0, 0])
    s2, _ = run(s, "crown")
    assert s2["crowns"][0] == 2 and s2["coins"][0] == 15 and s2["crown_cards"][0] == 1
    illegal(s2, "crown", "one crown card per round")
    gone = dict(s, crown_cards=[4, 3, 0], crown_cards_gone=1)
    illegal(gone, "crown", "no crown cards are left")


def test_spend_is_one_order_per_card():
    """ "After a card is revealed, a player chooses one of the two orders available to play"."""
    s = pos(units={"saxony": (0, [3, 0, 0, 0])}, card="taxspend1", coins=[25, 0, 0])
    s2, _ = run(s, "recruit saxony 1")
    illegal(s2, "tax saxony", "already carried out")
    s3, _ = run(s, "tax saxony")
    illegal(s3, "recruit saxony 1", "already carried out")


# ---------------------------------------------------------------- bonus actions
def test_fortify_city_three_castle_four_defender_only():
    """ "Add three Footmen to a city territory you control or four Footmen to a castle territory you control.
    This action may be used in a disputed city or castle territory only if you are the defending player"."""
    s = pos(
        units={
            "saxony": (0, [3, 0, 0, 0]),
            "bavaria": (0, [1, 0, 0, 0]),
            "swabia": (1, [2, 0, 0, 0]),
            "franconia": (0, [1, 0, 0, 0]),
        },
        castles=("bavaria",),
        att={"swabia": (0, [1, 0, 0, 0])},
    )
    s2, _ = run(s, "fortify saxony")
    assert units(s2, "saxony") == [6, 0, 0, 0]
    s3, _ = run(s, "fortify bavaria")
    assert units(s3, "bavaria") == [5, 0, 0, 0]
    illegal(s2, "fortify bavaria", "already used")
    illegal(s, "fortify swabia", "only the defender")
    illegal(s, "fortify franconia", "neither a city nor a castle")


def test_bonus_before_or_after_the_order():
    """ "Bonus actions may be used before or after you carry out the order you've selected for that turn"."""
    s = pos(units={"saxony": (0, [5, 0, 0, 0])})
    a, _ = run(s, "fortify saxony", "expand saxony bohemia 2")
    b, _ = run(s, "expand saxony bohemia 2", "fortify saxony")
    assert a["units"] == b["units"]


def test_siege_assault():
    """ "rolling two dice for each Siege Weapon present. For each die value of 3 or greater, the opponent removes
    one army unit of his or her choice. (No defence dice are rolled)"."""
    s = pos(
        units={"saxony": (0, [3, 0, 0, 2]), "bohemia": (1, [3, 1, 0, 0])},
        card="siege",
        rng=scripted_stream(1, 6, 3, 2, 1),
    )
    s2, ev = run(s, "siege saxony bohemia")
    assert [e for e in ev if e.kind == "roll"][0].data["hits"] == 2
    assert s2["phase"] == "losses" and s2["actor"] == 1
    assert R.legal_actions(s2)[0].kind == "auto"
    s3, _ = run(s2, "lose 1 1")
    assert units(s3, "bohemia") == [2, 0, 0, 0] and s3["phase"] == "turn" and s3["actor"] == 0
    assert units(s3, "saxony") == [3, 0, 0, 2]


def test_siege_assault_restrictions():
    """ "Siege Assaults are limited to adjacent land territories and may not be used across sea-lines. You also
    may not use Siege Assaults from disputed territories or into disputed territories"."""
    s = pos(
        units={
            "england": (0, [3, 0, 0, 1]),
            "normandy": (1, [2, 0, 0, 0]),
            "scotland": (1, [2, 0, 0, 0]),
            "wales": (2, [2, 0, 0, 0]),
        },
        card="siege",
        att={"wales": (0, [1, 0, 0, 0])},
    )
    illegal(s, "siege england normandy", "sea-lines")
    illegal(s, "siege england wales", "disputed")
    assert R.why_illegal(s, parse_action("siege england scotland")) is None
    s2 = pos(units={"england": (0, [3, 0, 0, 0]), "scotland": (1, [2, 0, 0, 0])}, card="siege")
    illegal(s2, "siege england scotland", "no siege weapon")
    s3 = pos(units={"england": (0, [3, 0, 0, 1]), "scotland": (1, [2, 0, 0, 0])}, card="fortify1")
    illegal(s3, "siege england scotland", "no siege assault")


def test_siege_assault_that_empties_a_city_returns_its_crown():
    """Our reading: a territory emptied by a Siege Assault is unclaimed and "any crowns present return to the
    reserve"."""
    s = pos(
        units={"saxony": (0, [3, 0, 0, 1]), "swabia": (1, [1, 0, 0, 0]), "franconia": (1, [1, 0, 0, 0])},
        card="siege",
        rng=scripted_stream(1, 6, 5),
    )
    s2, _ = run(s, "siege saxony franconia")
    assert s2["owner"][IX["franconia"]] == -1


def test_king_me_takes_the_marker_on_reveal():
    """ "King Me: When this action is revealed, you immediately take control of the First Player Marker"."""
    s = pos(
        units={"saxony": (0, [3, 0, 0, 0]), "turkey": (1, [3, 0, 0, 0])}, first=0, current=0, card="taxspend1"
    )
    s = dict(s, chosen=[["taxspend1", "split1"], ["kingme", "split2"], ["split1", "taxspend2"]])
    s2, ev = run(s, "end")
    assert s2["current"] == 1 and s2["first"] == 1
    assert any(e.kind == "king_me" for e in ev)
