"""The classic computer players in Secret Mission Risk: a mission gives each level its goal (read from its own
view, where no other seat's mission is), the coach speaks in its terms, and mission games end with a winner."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import position

from riskterm.ai import make_player
from riskterm.ai.coach import coach
from riskterm.rules.classic import ClassicRules
from riskterm.rules.classic.missions import OPTIONS

NA_AUS = {"card": "continents", "regions": ["north_america", "australia"], "third": False}
ASIA_AFRICA = {"card": "continents", "regions": ["asia", "africa"], "third": False}


@pytest.fixture(scope="module")
def rules() -> ClassicRules:
    return ClassicRules()


def with_missions(rules: ClassicRules, s: dict[str, Any], missions: list[dict[str, Any]]) -> dict[str, Any]:
    s = dict(s)
    s["options"] = {**s["options"], "mode": "missions", **{k: c[0] for k, _, c in OPTIONS}}
    s["missions"] = missions
    return s


def two_doors(rules: ClassicRules, mission: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 in Alaska with 10 armies, Alberta (North America) and Kamchatka (Asia) next door with 2 each."""
    s = position(
        rules,
        {"alaska": 0, "alberta": 1, "kamchatka": 1, "northwest_territory": 0},
        {"alaska": 10, "alberta": 2, "kamchatka": 2},
    )
    return with_missions(rules, s, [mission, ASIA_AFRICA, NA_AUS])


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_mission_decides_where_to_attack(rules: ClassicRules, level: str) -> None:
    """'a mission gives the player its goal (the regions ...)': with North America on its card the player
    attacks into North America; with Asia on it, into Asia."""
    for mission, target in ((NA_AUS, "alberta"), (ASIA_AFRICA, "kamchatka")):
        s = two_doors(rules, mission)
        a = make_player("classic", level, 1).choose(rules, rules.view(s, 0), 0)
        assert a.kind in ("attack", "blitz") and a.args[:2] == ("alaska", target), (mission, a)


def test_the_player_reads_no_other_seats_mission(rules: ClassicRules) -> None:
    """'it ... never reads another seat's mission': its choice on its own view (others' missions hidden) is
    its choice on the whole state."""
    s = two_doors(rules, NA_AUS)
    for level in ("easy", "normal", "hard"):
        on_view = make_player("classic", level, 3).choose(rules, rules.view(s, 0), 0)
        on_state = make_player("classic", level, 3).choose(rules, s, 0)
        assert on_view == on_state


def test_the_coach_explains_in_mission_terms(rules: ClassicRules) -> None:
    """'the coach explains a move in mission terms ("two more territories of Africa for your mission")'."""
    s = two_doors(rules, NA_AUS)
    a, why = coach(rules, rules.view(s, 0), 0)
    assert a.args[:2] == ("alaska", "alberta") and "North America for your mission" in why


@pytest.mark.slow
def test_twenty_mission_games_end_with_a_winner() -> None:
    """The issue's check, at every level: 20 four-seat mission games, every one won (none at the turn cap)."""
    from riskterm.ai.simulate import run_games

    results = run_games(
        "classic", ["hard", "normal", "easy", "normal"], 20, seed=0, options={"mode": "missions"}
    )
    assert all(r.winner is not None for r in results)


def test_a_whole_mission_game_keeps_missions_out_of_other_logs_and_replays_from_its_save(tmp_path) -> None:
    """'never in ... the log of another seat ... revealed in the log when it wins', and a save of a mission
    game (its options hold the mode) replays to the same game."""
    from riskterm.ai.simulate import play_game
    from riskterm.record.autosave import write_save
    from riskterm.record.load import load_game
    from riskterm.record.log import game_log
    from riskterm.rules.classic.mission_cards import text

    session = play_game("classic", ["normal", "easy", "normal"], 4, {"mode": "missions", "quick_start": True})
    s = session.state
    winner = s["winner"]
    assert winner is not None
    cards = [text(session.rules.board, m, s["players"]) for m in s["missions"]]
    for seat in (None, 0, 1, 2):  # (up to the last line: at the end every mission is turned up)
        lines = [e.text for e in game_log(session, seat)][:-1]
        for q, card in enumerate(cards):
            shown = [ln for ln in lines if card in ln]
            if q == winner:
                assert "wins" in [e.text for e in game_log(session, seat)][-1]
            if (
                q != seat
                and q != winner
                and card not in (cards[seat] if seat is not None else "", cards[winner])
            ):
                assert not shown, (seat, q, shown)
    names = session.rules.names(s)
    for e in session.all_events():  # the replay describes events unredacted, as the spectator (seat None)
        if e.kind.startswith("mission"):
            assert session.rules.presenter().describe(e, names, None) in (
                f"{names[e.to]} is dealt a secret mission.",
                f"{names[e.to]} names a secret third continent.",
                "",
            )  # a changed mission: hidden
    again = load_game(write_save(session, tmp_path / "missions.json"))
    assert again.state == s and again.options["mode"] == "missions"


@pytest.mark.parametrize("held", [1, 3, 4])
def test_hard_spares_a_player_near_its_end_unless_it_is_its_target(rules: ClassicRules, held: int) -> None:
    """'Destroy all [colour] armies (one card per colour)': the cards are public, so taking a player's last
    territory most likely hands the game to whoever holds that colour, and a player down to three territories
    is one turn from it. Hard's world attack stops instead of taking a territory of such a player, unless
    the player is its own target or the last one between it and the world; a player with more territories
    it attacks as before (normal attacks either way)."""
    from riskterm.ai.classic.missions import SPARE, vetted
    from riskterm.ai.core.board_info import board_info
    from riskterm.engine.actions import act

    info = board_info(rules.board)
    blitz = act("blitz", "alaska", "kamchatka", 1)
    # seat 2 on Kamchatka and held - 1 more territories
    owners = {"alaska": 0, "kamchatka": 2} | {t: 2 for t in ("siam", "india", "china")[: held - 1]}
    s = with_missions(
        rules, position(rules, owners, {"alaska": 9}, default_owner=1), [NA_AUS, NA_AUS, NA_AUS]
    )
    assert vetted("normal", info, s, 0, blitz) == blitz
    if held > SPARE:
        assert vetted("hard", info, s, 0, blitz) == blitz
        return
    assert vetted("hard", info, s, 0, blitz) == act("stop")
    own_target = with_missions(rules, s, [{"card": "destroy", "target": 2}, NA_AUS, NA_AUS])
    assert vetted("hard", info, own_target, 0, blitz) == blitz
    last_two = {**s, "players": [{**pl, "out": i == 1} for i, pl in enumerate(s["players"])]}
    assert vetted("hard", info, last_two, 0, blitz) == blitz


NORTH_AMERICA = (
    "alaska",
    "northwest_territory",
    "alberta",
    "western_united_states",
    "central_america",
    "greenland",
    "ontario",
    "quebec",
    "eastern_united_states",
)
AUSTRALIA = ("indonesia", "new_guinea", "western_australia", "eastern_australia")


def one_short(rules: ClassicRules, defenders: int, hand: list[str]) -> dict[str, Any]:
    """Seat 0 placing 3, holding North America and Australia but Alberta (seat 1, `defenders` armies)."""
    owners = {t: 0 for t in NORTH_AMERICA + AUSTRALIA} | {"alberta": 1}
    s = position(rules, owners, {"alberta": defenders, "alaska": 2})
    s.update(phase="reinforce", reserve=3, sets_traded=0, hands=[hand, [], []])
    return with_missions(rules, s, [NA_AUS, ASIA_AFRICA, ASIA_AFRICA])


def test_hard_trades_its_set_at_once_in_a_mission_game(rules: ClassicRules) -> None:
    """'you may trade a set at the start of your turn': hard trades it before placing even when its mission is
    far off (a set kept for the finishing turn won no more games)."""
    far = rules.view(one_short(rules, 30, ["peru", "wild1", "wild2"]), 0)
    assert make_player("classic", "hard", 1).base.choose(rules, far, 0).kind == "trade"


def test_hard_guards_its_territory_on_a_rivals_way_to_its_mission(rules: ClassicRules) -> None:
    """'Conquer North America and Australia': a rival holding all of it but hard's Alberta, with 8 armies
    next door, very likely finishes next turn; hard's reinforcements go on Alberta."""
    from riskterm.ai.classic.mission_rivals import Watch, danger
    from riskterm.ai.classic.missions import block
    from riskterm.ai.core.board_info import board_info
    from riskterm.engine.actions import act

    info = board_info(rules.board)
    owners = {t: 1 for t in NORTH_AMERICA + AUSTRALIA} | {"alberta": 0, "peru": 0}
    s = position(rules, owners, {"northwest_territory": 8, "alberta": 2, "peru": 4}, default_owner=2)
    s.update(phase="reinforce", reserve=6, sets_traded=0)
    view = rules.view(with_missions(rules, s, [ASIA_AFRICA, NA_AUS, ASIA_AFRICA]), 0)
    watch = Watch(seat=0)
    watch.see(info, view, 0)
    watch.logs[1] = [5.0 if c == NA_AUS else 0.0 for c in watch.cards]  # seen conquering there
    assert danger(info, watch, view, 1) > 0.5
    assert block(info, view, 0, "reinforce", watch) == act("place", "alberta", 6)


def test_hard_takes_a_players_last_territory_only_when_that_wins_its_mission(rules: ClassicRules) -> None:
    """'Destroy all [colour] armies': a player's last territory taken hands the game to whoever holds that
    colour, unless the conquest meets the taker's own mission first (the player in turn is looked at first)."""
    from riskterm.ai.classic.missions import completes, goal
    from riskterm.ai.core.board_info import board_info

    info = board_info(rules.board)
    owners = {t: 0 for t in NORTH_AMERICA + AUSTRALIA} | {"alberta": 2}
    s = with_missions(rules, position(rules, owners, default_owner=1), [NA_AUS, ASIA_AFRICA, ASIA_AFRICA])
    g = goal(info, s, 0)
    assert g is not None
    assert completes(info, s, 0, g, rules.board.index["alberta"])
    assert not completes(info, s, 0, g, rules.board.index["kamchatka"])


def test_hard_leaves_a_count_of_territories_to_its_world_attack(rules: ClassicRules) -> None:
    """'Occupy 24 territories': every territory counts alike, so hard's mission has no attack of its own
    (its world attack picks the conquest); normal's mission attack takes a territory next door."""
    from riskterm.ai.classic.missions import attack, goal
    from riskterm.ai.core.board_info import board_info

    info = board_info(rules.board)
    s = two_doors(rules, {"card": "territories", "territories": 24, "armies": 1})
    g = goal(info, s, 0)
    assert g is not None and g.territories == 24
    assert attack("hard", info, s, 0, g, 1) is None
    normal = attack("normal", info, s, 0, g, 1)
    assert normal is not None and normal.args[0] == "alaska"


def test_hard_spreads_its_set_up_armies_in_a_mission_game(rules: ClassicRules) -> None:
    """'each player in turn places one additional army onto any territory he or she already occupies': in
    Secret Mission Risk every player attacks for its mission from the first turn, so hard keeps only half of
    its set-up armies on its attack stack there (as normal does), most of them in world conquest."""
    from riskterm.ai.classic.missions import SETUP_STACK
    from riskterm.ai.classic.plan import HARD

    s, _ = rules.new_game(["A", "B", "C", "D"], seed=3, options={"mode": "missions"})
    world, _ = rules.new_game(["A", "B", "C", "D"], seed=3, options={})
    for game, share in ((s, SETUP_STACK), (world, HARD.setup_stack)):
        player = make_player("classic", "hard", 1).base
        player.choose(rules, rules.view(game, game["current"]), game["current"])
        assert player.weights.setup_stack == share
    assert SETUP_STACK < HARD.setup_stack


def test_hard_attacks_for_its_mission_at_lower_odds_than_normal(rules: ClassicRules) -> None:
    """'Conquer North America and Australia': five armies against Alberta's five take it about half the time;
    hard attacks (its conquests are followed up by its search and finishing plans), normal waits."""
    from riskterm.ai.classic.missions import attack, goal
    from riskterm.ai.core.board_info import board_info

    info = board_info(rules.board)
    s = position(
        rules,
        {"alaska": 0, "alberta": 1, "kamchatka": 1, "northwest_territory": 0},
        {"alaska": 6, "alberta": 5, "kamchatka": 2},
    )
    s = with_missions(rules, s, [NA_AUS, ASIA_AFRICA, NA_AUS])
    g = goal(info, s, 0)
    assert g is not None
    hard = attack("hard", info, s, 0, g, 1)
    assert hard is not None and hard.args[:2] == ("alaska", "alberta")
    assert attack("normal", info, s, 0, g, 1) is None


def test_a_rivals_next_turn_counts_the_next_sets_armies(rules: ClassicRules) -> None:
    """'the more sets that have been turned in, the more armies you will get for each set': with five cards
    after five sets a seat's next turn brings the sixth set's 15 armies (four after none), on top of its
    territories / 3 and its continents' bonuses (Australia's 2: Alberta keeps North America from it)."""
    from riskterm.ai.classic.mission_rivals import income
    from riskterm.ai.core.board_info import board_info

    info = board_info(rules.board)
    s = {**one_short(rules, 3, ["peru", "wild1", "wild2", "brazil", "alberta"]), "sets_traded": 5}
    base = max(3, s["owner"].count(0) // 3) + 2
    assert income(info, s, 0) == base + 15
    assert income(info, {**s, "sets_traded": 0}, 0) == base + 4
    assert income(info, {**s, "hands": [[], [], []]}, 0) == base
