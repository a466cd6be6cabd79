"""Secret Mission Risk (classic's `mode=missions`): the cards, every way a mission is completed, the house
options for the readings where editions differ, and the secrecy of the missions. Passages quoted from the
1993 Parker Brothers rulebook's 'SECRET MISSION RISK' (as ultraboardgames.com and the scanned manual give it)
and the European edition's rules as the Conquer Club FAQ reports them; our readings are on the rules screen."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import position, rng_rolling

from riskterm.engine.actions import act
from riskterm.errors import IllegalActionError
from riskterm.rules.classic import ClassicRules
from riskterm.rules.classic.mission_cards import deck, met
from riskterm.rules.classic.missions import OPTIONS

NA_AUS = {"card": "continents", "regions": ["north_america", "australia"], "third": False}
EIGHTEEN = {"card": "territories", "territories": 18, "armies": 2}
TWENTY_FOUR = {"card": "territories", "territories": 24, "armies": 1}


@pytest.fixture(scope="module")
def rules() -> ClassicRules:
    return ClassicRules()


def mission_game(
    rules: ClassicRules,
    missions: list[dict[str, Any]],
    owners: dict[str, int],
    armies: dict[str, int] | None = None,
    default_owner: int | None = None,
    keys: dict[str, Any] | None = None,
    **options: str,
) -> dict[str, Any]:
    """A three-seat position in seat 0's attack phase (`keys`: other state keys), in a mission game with
    these missions and house options."""
    s = position(rules, owners, armies, default_owner=default_owner, **(keys or {}))
    opts = {key: choices[0] for key, _, choices in OPTIONS} | options
    s["options"] = {**s["options"], "mode": "missions", **opts}
    s["missions"] = missions
    return s


def holding(rules: ClassicRules, regions: list[str], seat: int) -> dict[str, int]:
    return {t: seat for r in regions for t in rules.board.region_by_id[r].territories}


# --- the cards ------------------------------------------------------------------------------------------
def test_the_deck_has_the_1993_cards_and_one_destroy_card_per_colour_in_play(rules: ClassicRules) -> None:
    """'If fewer than 6 players, the General removes the Mission cards that refer to the unused colors'; the
    1993 set: four continent pairs, 24 territories, 18 with two armies; the European edition adds two."""
    cards = deck(rules.board, 3, european=False)
    assert [c["card"] for c in cards].count("destroy") == 3 and len(cards) == 9
    assert {tuple(c["regions"]) for c in cards if c["card"] == "continents"} == {
        ("asia", "south_america"),
        ("asia", "africa"),
        ("north_america", "africa"),
        ("north_america", "australia"),
    }
    assert {(c["territories"], c["armies"]) for c in cards if c["card"] == "territories"} == {
        (24, 1),
        (18, 2),
    }
    european = deck(rules.board, 6, european=True)
    assert len(european) == 14 and sum(1 for c in european if c.get("third")) == 2


def test_each_seat_is_dealt_one_and_its_own_colour_plays_for_24(rules: ClassicRules) -> None:
    """'deals one card face down to each player'; 'If you draw your own colour, then your mission changes to
    [occupy 24 territories]'. Dealt by the state's random stream: the same seed, the same missions."""
    seen_own = False
    for seed in range(40):
        s = rules.new_game(["A", "B", "C", "D"], seed, {"mode": "missions"}).state
        assert len(s["missions"]) == 4
        assert (
            s["missions"]
            == rules.new_game(["A", "B", "C", "D"], seed, {"mode": "missions"}).state["missions"]
        )
        for seat, m in enumerate(s["missions"]):
            assert not (m["card"] == "destroy" and m["target"] == seat)
            if "was" in m:
                assert m["was"] == {"card": "destroy", "target": seat} and m["territories"] == 24
                seen_own = True
    assert seen_own


def test_two_players_are_refused_in_one_sentence(rules: ClassicRules) -> None:
    """'This game is suitable for from 3 to 6 players.'"""
    with pytest.raises(IllegalActionError, match="Secret Mission Risk is played by 3 to 6 players, not 2"):
        rules.new_game(["A", "B"], 1, {"mode": "missions"})


def test_the_dealt_set_up_is_an_option(rules: ClassicRules) -> None:
    """'The General removes the 2 Wild Cards ... and deals out all the cards ... These cards determine which
    territories each of you will occupy'; 'Each player places one army on each of his or her territories',
    then the rest in turn (one at a time, as we read it)."""
    s = rules.new_game(["A", "B", "C"], 3, {"mode": "missions", "mission_setup": "dealt"}).state
    assert s["phase"] == "setup" and -1 not in s["owner"] and s["to_place"] == [35 - 14] * 3
    assert rules.new_game(["A", "B", "C"], 3, {"mode": "missions"}).state["phase"] == "claim"


# --- completing a mission: by a conquest, a placement, a move, another's elimination, the last conquest ---
def test_a_conquest_that_completes_two_continents_wins_at_once(rules: ClassicRules) -> None:
    """'Conquer North America and Australia'; 'The player who completes his or her mission first ... wins':
    the conquest ends the game, every army but one moving in."""
    owners = holding(rules, ["north_america", "australia"], 0) | {"indonesia": 1, "siam": 0}
    s = mission_game(
        rules,
        [NA_AUS, TWENTY_FOUR, TWENTY_FOUR],
        owners,
        {"siam": 4},
        keys={"rng": rng_rolling([6, 6, 6], [1])},
    )
    t = rules.apply(s, act("attack", "siam", "indonesia", 3))
    assert t.state["winner"] == 0 and t.events[-1].kind == "win" and t.events[-1].data["mission"] == NA_AUS
    assert t.state["armies"][rules.board.index["indonesia"]] == 3
    assert "North America and Australia" in rules.presenter().describe(t.events[-1], ["A", "B", "C"], 2)


def test_a_placement_completes_eighteen_with_two_armies(rules: ClassicRules) -> None:
    """'Occupy 18 territories with at least two armies in each territory': met by placing reinforcements."""
    mine = rules.board.ids[:18]
    s = mission_game(
        rules,
        [EIGHTEEN, TWENTY_FOUR, TWENTY_FOUR],
        dict.fromkeys(mine, 0),
        {t: 2 for t in mine[1:]},
        keys={"phase": "reinforce", "reserve": 3},
    )
    assert rules.apply(s, act("place", mine[0], 1)).state["winner"] == 0


def test_a_fortifying_move_completes_eighteen_with_two_armies(rules: ClassicRules) -> None:
    """The same card met by the turn's one move: 'whoever completes ... first' whatever step does it."""
    mine = rules.board.ids[:18]
    s = mission_game(
        rules,
        [EIGHTEEN, TWENTY_FOUR, TWENTY_FOUR],
        dict.fromkeys(mine, 0),
        {t: 2 for t in mine[2:]} | {mine[1]: 4},
        keys={"phase": "fortify"},
    )
    assert "alberta" in rules.board.territories[0].neighbours and mine[1] == "northwest_territory"
    assert rules.board.ids[0] == "alaska"
    t = rules.apply(s, act("fortify", "northwest_territory", "alaska", 1))
    assert t.state["winner"] == 0 and t.state["missions"] == s["missions"]


def test_another_players_elimination_of_your_target_wins_by_default(rules: ClassicRules) -> None:
    """The 1993 'Important note': 'if your mission is to destroy all the yellow troops and another player
    actually removes the final yellow armies from the board, that player has helped you complete your
    Secret Mission' - seat 1 wins during seat 0's turn."""
    s = mission_game(
        rules,
        [TWENTY_FOUR, {"card": "destroy", "target": 2}, TWENTY_FOUR],
        {"alaska": 0, "kamchatka": 2},
        {"alaska": 4},
        default_owner=1,
        keys={"rng": rng_rolling([6, 6, 6], [1])},
    )
    t = rules.apply(s, act("attack", "alaska", "kamchatka", 3))
    assert t.state["winner"] == 1 and [e.kind for e in t.events][-2:] == ["eliminate", "win"]


def test_with_the_european_rule_the_target_out_by_another_means_24(rules: ClassicRules) -> None:
    """House rule target_out=play_for_24 (the European rule, as the Conquer Club FAQ reports it): the
    mission becomes 'occupy 24 territories', told to its holder only, and the game goes on."""
    s = mission_game(
        rules,
        [{"card": "destroy", "target": 1}, {"card": "destroy", "target": 2}, TWENTY_FOUR],
        {"alaska": 0, "kamchatka": 2, "peru": 1, "brazil": 1},
        {"alaska": 4},
        default_owner=0,
        keys={"rng": rng_rolling([6, 6, 6], [1])},
        target_out="play_for_24",
    )
    t = rules.apply(s, act("attack", "alaska", "kamchatka", 3))
    assert t.state["winner"] is None and t.state["missions"][1]["territories"] == 24
    changed = next(e for e in t.events if e.kind == "mission_changed")
    assert changed.to == 1 and "mission" not in changed.redacted(0).data
    assert "24" not in rules.presenter().describe(changed, ["A", "B", "C"], 0)


def test_a_changed_mission_is_silent_to_all_but_its_holder(rules: ClassicRules) -> None:
    """The cards stay face down: news that B's mission changed when C went out would tell the table whom B
    was hunting, so only B learns of it (its log line); the other seats and spectators see no line at all,
    and the event never reaches them (engine.events.seen_by, what the log, the app and the host send)."""
    from riskterm.engine.events import seen_by
    from riskterm.record.log import entries

    s = mission_game(
        rules,
        [{"card": "destroy", "target": 1}, {"card": "destroy", "target": 2}, TWENTY_FOUR],
        {"alaska": 0, "kamchatka": 2, "peru": 1, "brazil": 1},
        {"alaska": 4},
        default_owner=0,
        keys={"rng": rng_rolling([6, 6, 6], [1])},
        target_out="play_for_24",
    )
    events = rules.apply(s, act("attack", "alaska", "kamchatka", 3)).events
    names = ["A", "B", "C"]
    for seat in (None, 0, 2):
        assert "mission_changed" not in [e.kind for e in seen_by(events, seat)]
        assert not [
            e
            for e in entries(rules, events, names, seat)
            if "mission" in e.text or e.kind.startswith("mission")
        ]
    mine = [e.text for e in entries(rules, events, names, 1) if e.kind == "mission_changed"]
    assert mine == ["B's target is out: B now plays for 24 territories."]


def test_destroying_your_own_target_wins(rules: ClassicRules) -> None:
    """'Destroy all [colour] armies': the holder's conquest of the target's last territory."""
    s = mission_game(
        rules,
        [{"card": "destroy", "target": 2}, TWENTY_FOUR, TWENTY_FOUR],
        {"alaska": 0, "kamchatka": 2},
        {"alaska": 4},
        default_owner=1,
        keys={"rng": rng_rolling([6, 6, 6], [1])},
    )
    assert rules.apply(s, act("attack", "alaska", "kamchatka", 3)).state["winner"] == 0


def test_the_games_last_conquest_meets_any_mission(rules: ClassicRules) -> None:
    """Holding every territory ('WINNING' of the world game) meets every card, here Asia and Africa."""
    asia_africa = {"card": "continents", "regions": ["asia", "africa"], "third": False}
    s = mission_game(
        rules,
        [asia_africa, TWENTY_FOUR, TWENTY_FOUR],
        {"alaska": 0, "kamchatka": 2},
        {"alaska": 4},
        default_owner=0,
        keys={"rng": rng_rolling([6, 6, 6], [1])},
    )
    s["players"] = [{**p, "out": i == 1} for i, p in enumerate(s["players"])]
    t = rules.apply(s, act("attack", "alaska", "kamchatka", 3))
    assert t.state["winner"] == 0 and t.events[-1].data["by"] == "mission"


def test_a_third_continent_is_any_other_or_the_one_named(rules: ClassicRules) -> None:
    """'Conquer Europe and South America and a 3rd continent of your choice': by default any other
    continent held with them; with third_continent=declared only the one named when dealt."""
    card = {"card": "continents", "regions": ["europe", "south_america"], "third": True}
    s = mission_game(rules, [card, TWENTY_FOUR, TWENTY_FOUR], holding(rules, ["europe", "south_america"], 0))
    assert not met(rules.board, s, 0, card)
    s = mission_game(
        rules, [card, TWENTY_FOUR, TWENTY_FOUR], holding(rules, ["europe", "south_america", "australia"], 0)
    )
    assert met(rules.board, s, 0, card)
    assert not met(rules.board, s, 0, {**card, "chosen": "africa"})


def test_naming_the_third_continent_is_a_secret_set_up_step(rules: ClassicRules) -> None:
    """third_continent=declared: each holder of a third-continent card names it before claiming begins;
    the other seats read only that a continent was named."""
    opts = {"mode": "missions", "mission_cards": "14_cards", "third_continent": "declared"}
    s, seed = None, 0
    for seed in range(60):
        s = rules.new_game(["A", "B", "C", "D", "E", "F"], seed, opts).state
        if s["phase"] == "declare":
            break
    assert s is not None and s["phase"] == "declare"
    p = s["current"]
    legal = rules.legal_actions(s)
    assert act("declare", s["missions"][p]["regions"][0]) not in legal and len(legal) == 4
    assert rules.why_illegal(s, act("declare", s["missions"][p]["regions"][0]))
    t = rules.apply(s, legal[0])
    assert t.state["missions"][p]["chosen"] == legal[0].args[0]
    named = t.events[0]
    assert "mission" not in named.redacted((p + 1) % 6).data
    while t.state["phase"] == "declare":
        t = rules.apply(t.state, rules.legal_actions(t.state)[0])
    assert t.state["phase"] == "claim" and t.state["current"] == t.state["first"]


# --- secrecy ----------------------------------------------------------------------------------------------
def test_a_view_holds_only_its_own_mission_and_every_one_once_the_game_is_over(rules: ClassicRules) -> None:
    """'Keep your mission secret' ('no one ... may look at them'); 'reveals the Mission card to prove it'.
    Our reading: at the end every card is turned up (the winner's alone left the others wondering), in every
    view and in the game's last log line."""
    s = rules.new_game(["A", "B", "C"], 5, {"mode": "missions"}).state
    for seat in range(3):
        v = rules.view(s, seat)
        assert [m is not None for m in v["missions"]] == [i == seat for i in range(3)]
        assert rules.presenter().private_lines(v, seat)[0].startswith("Mission: ")
    assert rules.view(s, None)["missions"] == [None] * 3
    over = {**s, "winner": 1, "phase": "over"}
    assert rules.view(over, None)["missions"] == s["missions"]
    from riskterm.rules.base import Outcome

    events: list = []
    rules.finish(dict(s), Outcome((1,), "mission"), events)
    line = rules.presenter().describe(events[-1], ["Ann", "Bob", "Cid"], None)
    assert (
        line.startswith("Bob has completed a secret mission and wins!")
        and "The other missions: Ann: " in line
    )
    assert "Cid: " in line and "Bob: " not in line, line


def test_the_deal_is_read_by_its_owner_only_in_the_log(rules: ClassicRules) -> None:
    """Each deal is an event only its seat reads; another seat's log line says a mission was dealt."""
    t = rules.new_game(["Ann", "Bob", "Cid"], 5, {"mode": "missions"})
    deals = [e for e in t.events if e.kind == "mission"]
    assert [e.to for e in deals] == [0, 1, 2]
    for e in deals:
        for seat in (None, 0, 1, 2):
            line = rules.presenter().describe(e.redacted(seat), ["Ann", "Bob", "Cid"], seat)
            assert ("secret mission:" in line) == (seat == e.to), line


def test_online_frames_and_the_spectator_never_carry_another_seats_mission() -> None:
    """Through the host (what a remote screen receives): every frame to seat k, and the spectator's, holds
    no other seat's mission, in the view or in an event; the log lines name none."""
    from riskterm.net.host import GameHost
    from riskterm.rules import PlayerSetup
    from riskterm.session import Session

    names = ["Ann", "Bob", "Cid"]
    session = Session.new(
        "classic", [PlayerSetup(n) for n in names], 9, {"mode": "missions", "quick_start": True}
    )
    host = GameHost(session)
    inbox: dict[int | None, list[dict[str, Any]]] = {}
    for seat in (0, 1, 2, None):
        box = inbox.setdefault(seat, [])
        host.join(
            names[seat] if seat is not None else "Eve",
            None,
            seat is None,
            lambda f, b=box: b.append(json.loads(f)),
        )
    missions = session.state["missions"]
    texts = {
        i: [
            ln
            for ln in ClassicRules().presenter().private_lines(session.state, i)
            if ln.startswith("Mission")
        ]
        for i in range(3)
    }
    for seat, box in inbox.items():
        for msg in box:
            if msg["type"] != "state":
                continue
            assert all(m is None for i, m in enumerate(msg["view"]["missions"]) if i != seat)
            for e in msg["events"]:
                if e["type"] == "mission" and e.get("private") != seat:
                    assert "mission" not in e
            for i in range(3):
                if i != seat and missions[i] != (missions[seat] if seat is not None else None):
                    assert not any(texts[i][0].removeprefix("Mission: ") in ln for ln in msg["log"])


def test_another_board_ranks_its_regions_or_lists_its_own_cards() -> None:
    """Our reading for other boards: continent cards by size rank, 24 and 18 as the same share of the board;
    a board's own list (as `import-map` keeps a Domination cards file's missions) replaces them."""
    from dataclasses import replace

    from riskterm.board import load_board

    board = load_board("classic")
    new = {r.id: f"r{i}" for i, r in enumerate(board.regions)}
    ranked = replace(
        board,
        regions=tuple(replace(r, id=new[r.id]) for r in board.regions),
        territories=tuple(replace(t, region=new[t.region]) for t in board.territories),
    )
    cards = deck(ranked, 3, european=False)
    assert {"card": "continents", "regions": ["r4", "r1"], "third": False} in cards  # Asia and South America
    own = replace(
        board,
        extra={
            "missions": [
                {
                    "destroy": 0,
                    "territories": 0,
                    "min_armies": 0,
                    "continents": ["europe", "asia", "*"],
                    "text": "x",
                },
                {"destroy": 0, "territories": 30, "min_armies": 0, "continents": [], "text": "y"},
                {"destroy": 2, "territories": 0, "min_armies": 0, "continents": [], "text": "z"},
            ]
        },
    )
    assert deck(own, 3, european=False)[:2] == [
        {"card": "continents", "regions": ["europe", "asia"], "third": True},
        {"card": "territories", "territories": 30, "armies": 1},
    ]
