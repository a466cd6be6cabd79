"""Fog of war, the house option `fog` of classic (every mode) and modern, after Warzone's fog levels as the
issue defines them ('FOG' below):

    off (default); light: owners everywhere, armies only on your territories and their neighbours;
    normal: owners and armies only on your territories and their neighbours; dense: only your own
    territories, neighbours show that they are there. Attacking a territory shows it for the rest of the
    turn. The one source of what a seat may know is view(state, seat)."""

from __future__ import annotations

import pytest
from helpers import position
from test_modern_units import position as modern_position

from riskterm.ai.core.belief import Memory, believed
from riskterm.ai.core.guard import TurnGuard
from riskterm.ai.simulate import play_game
from riskterm.engine.fog import UNKNOWN, level_of, rules_note, sight
from riskterm.errors import IllegalActionError
from riskterm.rules.modern import ModernRules
from riskterm.rules.presenter import stats_in_fog

ALASKA_NEIGHBOURS = {"northwest_territory", "alberta", "kamchatka"}


@pytest.fixture(scope="module")
def modern() -> ModernRules:
    return ModernRules()


def fog_game(classic, level, owners=None, armies=None):
    """Seat 0 holds Alaska alone (5 armies), in the attack step of its turn, in a game fogged at `level`."""
    s = position(classic, owners or {"alaska": 0}, armies or {"alaska": 5})
    s["options"] = {**s["options"], "fog": level}
    s["fog_seen"] = []
    return s


def where(classic, v, key, value):
    return {classic.board.ids[t] for t, x in enumerate(v[key]) if x == value}


def test_default_games_carry_no_fog_key(classic, modern):
    """FOG: 'off (default)': a game at the default is the very state it always was (old saves replay alike)."""
    for rules in (classic, modern):
        s, _ = rules.new_game(["A", "B", "C"], seed=3)
        assert "fog" not in s["options"] and "fog_seen" not in s and level_of(s) == "off"
        assert rules.view(s, 0)["owner"] == s["owner"]


def test_new_game_with_fog_keeps_the_level(classic, modern):
    """FOG: the house option `fog` for classic and modern."""
    s, _ = classic.new_game(["A", "B", "C"], seed=3, options={"fog": "dense"})
    assert s["options"]["fog"] == "dense" and s["fog_seen"] == []
    m, _ = modern.new_game(["A", "B", "C"], seed=3, options={"fog": "normal"})
    assert m["options"]["fog"] == "normal"


def test_light_shows_owners_everywhere_armies_only_near(classic):
    """FOG: 'light: owners everywhere, armies only on your territories and their neighbours'."""
    s = fog_game(classic, "light")
    v = classic.view(s, 0)
    assert UNKNOWN not in v["owner"] and v["owner"] == s["owner"]
    assert {classic.board.ids[t] for t, a in enumerate(v["armies"]) if a != UNKNOWN} == {
        "alaska"
    } | ALASKA_NEIGHBOURS


def test_normal_shows_owners_and_armies_only_near(classic):
    """FOG: 'normal: owners and armies only on your territories and their neighbours'."""
    s = fog_game(classic, "normal")
    v = classic.view(s, 0)
    seen = {"alaska"} | ALASKA_NEIGHBOURS
    assert set(classic.board.ids) - where(classic, v, "owner", UNKNOWN) == seen
    assert set(classic.board.ids) - where(classic, v, "armies", UNKNOWN) == seen
    i = classic.board.index["kamchatka"]
    assert v["owner"][i] == s["owner"][i] and v["armies"][i] == s["armies"][i]


def test_dense_shows_only_your_own(classic):
    """FOG: 'dense: only your own territories, neighbours show that they are there': a neighbour's owner and
    armies are unknown; the sight marks it as near."""
    s = fog_game(classic, "dense")
    v = classic.view(s, 0)
    assert set(classic.board.ids) - where(classic, v, "owner", UNKNOWN) == {"alaska"}
    assert set(classic.board.ids) - where(classic, v, "armies", UNKNOWN) == {"alaska"}
    near = sight(s["owner"], classic.board.adj, 0, "dense").near
    assert {classic.board.ids[t] for t, x in enumerate(near) if x} == ALASKA_NEIGHBOURS


def test_an_attacked_territory_is_seen_for_the_rest_of_the_turn(classic):
    """FOG: 'attacking a territory shows it for the rest of the turn' (dense: not otherwise seen); the next
    turn forgets it."""
    s = fog_game(classic, "dense", armies={"alaska": 9, "kamchatka": 9})
    k = classic.board.index["kamchatka"]
    assert classic.view(s, 0)["armies"][k] == UNKNOWN
    s, _ = classic.apply(s, "attack alaska kamchatka 1")
    assert (
        classic.view(s, 0)["armies"][k] == s["armies"][k] and classic.view(s, 0)["owner"][k] == s["owner"][k]
    )
    assert classic.view(s, 1)["owner"][classic.board.index["alaska"]] == UNKNOWN  # nobody else sees more
    s, _ = classic.apply(s, "end")
    assert s["fog_seen"] == [] and s["current"] != 0


@pytest.mark.parametrize("level", ["light", "normal", "dense"])
def test_legal_actions_of_a_fogged_view_are_the_seats_own(classic, level):
    """FOG: the seat to move may attack a territory whose count it cannot see: the legal actions listed on
    its fogged view are exactly those of the game."""
    s = fog_game(
        classic,
        level,
        owners={"alaska": 0, "peru": 0, "brazil": 0},
        armies={"alaska": 5, "peru": 4, "brazil": 2},
    )
    assert classic.legal_actions(classic.view(s, 0)) == classic.legal_actions(s)
    assert classic.int_range(classic.view(s, 0), "blitz", ("peru", "argentina")) == (1, 3)


def test_claiming_is_played_in_the_open(classic):
    """Our reading: claiming needs to see which territories are free; the fog falls once they are claimed."""
    s, _ = classic.new_game(["A", "B", "C"], seed=3, options={"fog": "normal"})
    assert s["phase"] == "claim"
    assert classic.view(s, s["actor"])["owner"] == s["owner"]


def test_the_end_lifts_the_fog(classic):
    """FOG: 'the end lifts the fog'."""
    s = fog_game(classic, "normal")
    s = {**s, "winner": 0, "phase": "over"}
    assert classic.view(s, 1)["owner"] == s["owner"] and classic.view(s, None)["armies"] == s["armies"]


def test_a_spectator_sees_owners_only_in_light_fog(classic):
    """FOG: a seat None holds nothing, so it sees only what the level shows everyone (light: the owners)."""
    s = fog_game(classic, "light")
    assert classic.view(s, None)["owner"] == s["owner"] and set(classic.view(s, None)["armies"]) == {UNKNOWN}
    s = fog_game(classic, "normal")
    assert set(classic.view(s, None)["owner"]) == {UNKNOWN}


def test_modern_hides_unit_mixes_out_of_sight(modern):
    """FOG 'normal' in modern: the unit mix of a territory out of sight is unknown (None); the seat's own and
    its neighbours' are seen, and the legal actions are the game's."""
    s = modern_position(modern, {"alaska": (0, "3H")})
    s["options"] = {**s["options"], "fog": "normal"}
    v = modern.view(s, 0)
    i, far = modern.board.index["kamchatka"], modern.board.index["argentina"]
    assert v["units"][i] == s["units"][i] and v["units"][far] is None and v["armies"][far] == UNKNOWN
    assert modern.legal_actions(v) == modern.legal_actions(s)


def test_modern_offers_no_dense_fog(modern):
    """Our reading: modern has empty territories (move in) beside held ones (attack); under dense fog a seat
    could not tell its moves from its attacks, so modern offers off, light and normal."""
    with pytest.raises(IllegalActionError, match="fog"):
        modern.new_game(["A", "B", "C"], seed=3, options={"fog": "dense"})


def test_a_belief_fills_every_unknown(classic):
    """Computer players play a fogged game on their own view with estimates for the unseen: no UNKNOWN is
    left, what the seat sees is unchanged, and the belief is an open game (no fog option)."""
    s = fog_game(classic, "normal", armies={"alaska": 5, "kamchatka": 7, "alberta": 3})
    v = classic.view(s, 0)
    b = believed(v, classic.board.adj, 0)
    assert UNKNOWN not in b["owner"] and UNKNOWN not in b["armies"] and "fog" not in b["options"]
    assert all(
        b["owner"][t] == o and b["armies"][t] == v["armies"][t]
        for t, o in enumerate(v["owner"])
        if o != UNKNOWN
    )
    assert 0 not in {b["owner"][t] for t, o in enumerate(v["owner"]) if o == UNKNOWN}


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "level"), [("classic", "dense"), ("modern", "normal")])
def test_computer_players_finish_a_fogged_game_from_their_views(variant, level):
    """Every level plays a whole fogged game on its own view without an illegal action (strict guard)."""
    guard = TurnGuard(max_seconds=None, strict=True)
    s = play_game(variant, ["easy", "normal", "hard"], 2, {"fog": level}, guard=guard, record=False)
    assert s.state["winner"] is not None or s.state["draw"]
    assert guard.fallbacks == 0


def test_the_rules_screen_says_what_the_level_means(classic):
    """FOG: a rules-screen paragraph gives the game's level in the issue's words; none without fog."""
    s = fog_game(classic, "light")
    assert (
        "who holds every territory, but armies only on your own territories and their neighbours"
        in rules_note(s)
    )
    assert rules_note(fog_game(classic, "dense")).startswith("## Fog of war: dense")
    assert rules_note(position(classic, {"alaska": 0})) == ""


def test_the_players_panel_shows_other_seats_card_counts_only(classic):
    """FOG: 'cards held as a count only'; the seat's own figures in full. Under light fog the owners are seen
    everywhere, so territories (and what they pay) are shown, armies not."""
    s = fog_game(classic, "normal")
    s["hands"] = [["alaska"], ["peru", "brazil"], []]
    v = classic.view(s, 0)
    stats = stats_in_fog(v, classic.presenter().player_stats(v))
    assert stats[0]["territories"] == 1 and stats[0]["armies"] == 5
    assert stats[1]["cards"] == 2 and stats[1]["territories"] == "?" and stats[1]["armies"] == "?"
    assert stats[1]["regions"] == [] and stats[1]["income"] == "?"
    light = classic.view(fog_game(classic, "light"), 0)
    row = stats_in_fog(light, classic.presenter().player_stats(light))[1]
    assert row["territories"] == s["owner"].count(1) and row["armies"] == "?"


def test_a_belief_remembers_what_the_seat_saw(classic):
    """'Computer players play from the same fogged view (last seen counts, estimates for the unseen)': a count
    seen earlier stands for the territory while it is out of sight, as long as its owner is believed the
    same; the memory holds only what the seat's views showed."""
    s = fog_game(classic, "normal", armies={"alaska": 5, "kamchatka": 9})
    memory = Memory()
    believed(classic.view(s, 0), classic.board.adj, 0, memory=memory)
    k = classic.board.index["kamchatka"]
    assert memory.armies[k] == 9 and memory.owner[k] == s["owner"][k]
    moved = dict(s, owner=list(s["owner"]))
    moved["owner"][classic.board.index["alaska"]] = s["owner"][k]  # Alaska lost: Kamchatka out of sight
    moved["owner"][classic.board.index["peru"]] = 0
    v = classic.view(moved, 0)
    assert v["armies"][k] == UNKNOWN
    b = believed(v, classic.board.adj, 0, memory=memory)
    assert b["armies"][k] == 9 and b["owner"][k] == s["owner"][k]


def test_the_coach_advises_from_the_fogged_view(classic):
    """'Computer players play from the same fogged view ... the coach too': advice asked of a dense-fogged
    view is a legal action of the game, whatever lies in the fog."""
    from riskterm.ai.coach import coach

    s = fog_game(classic, "dense", armies={"alaska": 9})
    a, why = coach(classic, classic.view(s, 0), 0)
    assert classic.why_illegal(s, a) is None and why


def test_a_modern_battle_out_of_sight_is_not_placed(modern):
    """FOG: a seat that sees neither the attacked territory nor its attackers reads that a battle goes on,
    not where: the table line and the prompt name no territory."""
    s = modern_position(modern, {"alaska": (0, "3H"), "argentina": (1, "2H"), "peru": (2, "4H")})
    s["options"] = {**s["options"], "fog": "normal"}
    s, _ = modern.apply(dict(s, current=2, actor=2), "attack argentina peru 3H")
    v = modern.view(s, 0)
    show = modern.presenter()
    text = " ".join(show.table_lines(v)) + " " + show.prompt(v)
    assert "out of your sight" in text and "Argentina" not in text and "Peru" not in text


def test_another_seats_view_holds_no_reinforcements_nor_a_conquest_out_of_sight(classic):
    """FOG: only the player reads its reinforcements (as its 'turn' line), and a seat that sees neither side
    of a conquest learns nothing of where it was, not even from the prompt."""
    s = fog_game(
        classic, "normal", owners={"alaska": 0, "peru": 1, "argentina": 2}, armies={"peru": 9, "argentina": 1}
    )
    s = {**s, "current": 1, "actor": 1, "reserve": 4, "phase": "reinforce"}
    assert classic.view(s, 1)["reserve"] == 4 and classic.view(s, 0)["reserve"] == UNKNOWN
    assert "4" not in classic.presenter().prompt(classic.view(s, 0))
    s = {**s, "reserve": 0, "phase": "attack"}
    while s["phase"] == "attack":
        s, _ = classic.apply(s, "attack peru argentina 3")
    assert s["phase"] == "occupy"
    seen = classic.presenter().prompt(classic.view(s, 1))
    unseen = classic.presenter().prompt(classic.view(s, 0))
    assert "Argentina" in seen and "Argentina" not in unseen and "Peru" not in unseen
    assert UNKNOWN in (classic.view(s, 0)["pending"]["to"], classic.view(s, 0)["pending"]["from"])
