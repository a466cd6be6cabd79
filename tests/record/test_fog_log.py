"""Fog of war in the log, the hand-off recaps and the statistics (the issue, 'FOG' below): 'a line that
names a territory the reader cannot see says less or nothing; eliminations and card trades stay public.
Charts and statistics of other players hidden until the game ends; the end lifts the fog and the replay
shows everything.' Each seat reads Session.events_for(seat); each check here works out the seat's sight from
the full states (engine.fog.sight_of), independently of the views the log is fogged by."""

from __future__ import annotations

from functools import cache

import pytest

from riskterm.ai.simulate import play_game
from riskterm.engine.fog import UNKNOWN, level_of, sight_of
from riskterm.record.log import game_log, since_last_turn_lines
from riskterm.record.stats import game_stats, only_seat
from riskterm.rules.fog_events import UNSEEN, named
from riskterm.session import Session

OPEN = {"claim", "declare"}  # classic's claiming is played in the open


@cache
def finished(variant: str, level: str, seed: int = 1) -> Session:
    return play_game(variant, ["normal", "easy", "normal"], seed, {"fog": level}, record=True)


def cut(s: Session, n: int) -> Session:
    """The game as it stood after its first n steps (still going, so still fogged)."""
    n = min(n, len(s.steps) - 1)
    return Session(s.rules, s.players, s.seed, s.options, s.steps[n - 1].after, s.start_events, s.steps[:n])


def leaks(s: Session) -> list[str]:
    """Every event a seat reads, and every owner or count its view shows, beyond that seat's sight."""
    rules, out = s.rules, []
    adj, index = rules.board.adj, rules.board.index
    seats = range(len(s.state["players"]))
    for seat in seats:
        read = s.events_for(seat)[len(s.start_events) :]
        k = 0
        for st in s.steps:
            mine, k = read[k : k + len(st.events)], k + len(st.events)
            if st.before["phase"] in OPEN:
                continue
            sees = sight_of(st.before, adj, seat) | sight_of(st.after, adj, seat)
            for e in mine:
                if not e.seen_by(seat) or e.data.get("player") == seat or e.kind == UNSEEN:
                    continue
                spec = rules.EVENTS[e.kind]
                places = [index[x] for key in spec.places for x in named(e.data.get(key)) if x in index]
                if places and not sees.sees_any(places, counts=not spec.owners_only):
                    out.append(f"seat {seat} reads {e.kind} {e.data}")
                if any(key in e.data for key in spec.veiled):
                    out.append(f"seat {seat} reads the veiled part of {e.kind}")
            v = rules.view(st.after, seat)
            see = sight_of(st.after, adj, seat)
            for t, (o, a) in enumerate(zip(v["owner"], v["armies"], strict=True)):
                if (o != UNKNOWN and not see.owners[t]) or (a != UNKNOWN and not see.counts[t]):
                    out.append(f"seat {seat}'s view shows territory {t}")
    return out


@pytest.mark.parametrize(
    ("variant", "level"), [("classic", "normal"), pytest.param("modern", "light", marks=pytest.mark.slow)]
)
def test_the_first_steps_of_a_fogged_game_tell_no_seat_beyond_its_sight(variant, level):
    """FOG: each seat's view and events hold nothing of territories beyond its sight (a game's first 120
    steps; the whole games: the slow test below)."""
    s = cut(finished(variant, level), 120)
    assert level_of(s.state) == level
    assert leaks(s) == []
    hidden = [e for e in s.events_for(0) if not e.seen_by(0)]
    assert hidden, "the fog hides something from seat 0"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "level"),
    [
        ("classic", "light"),
        ("classic", "normal"),
        ("classic", "dense"),
        ("modern", "light"),
        ("modern", "normal"),
    ],
)
def test_whole_fogged_games_tell_no_seat_beyond_its_sight(variant, level):
    """FOG 'Done when': a test walks whole fogged games of each rulebook with fog and checks each seat's view,
    events and log lines hold nothing of territories beyond its sight."""
    whole = finished(variant, level, 2)
    s = cut(whole, len(whole.steps) - 1)
    assert leaks(s) == []
    for seat in range(3):
        game_log(s, seat)  # every line it reads can be written


def test_trades_and_eliminations_stay_public_and_reinforcements_are_veiled():
    """FOG: 'eliminations and card trades stay public'; a trade's +2 territory and the armies a turn brings
    are read by their player alone."""
    s = cut(finished("classic", "normal"), 10_000)
    kinds = {"trade", "eliminate"}
    raw = s.all_events()
    for seat in range(3):
        mine = s.events_for(seat)
        for e, f in zip(raw, mine, strict=True):
            if e.kind in kinds:
                assert f.seen_by(seat)
            if e.kind == "turn" and e.data.get("player") != seat and "reserve" in e.data:
                assert "reserve" not in f.data and f.seen_by(seat)
            if e.kind == "trade" and e.data.get("player") != seat:
                assert "bonus" not in f.data
    assert any(e.kind == "trade" for e in raw)


def test_the_hand_off_recap_is_fogged():
    """FOG: the hand-off summaries say nothing of territories beyond the reader's sight: the recap is the
    fogged log since the seat's last turn (a run of rolls by one attacker from and to the same territories in
    one line, made of the fogged log's lines of it)."""
    s = cut(finished("classic", "normal"), 150)
    for seat in range(3):
        lines = since_last_turn_lines(s, seat)
        fogged = {e.text for e in game_log(s, seat)}
        runs = {line for line in lines if " rolls; " in line}
        assert set(lines) - runs <= fogged
        assert all(any(f.startswith(run.split(":")[0] + ":") for f in fogged) for run in runs)


def test_the_end_lifts_the_fog():
    """FOG: 'the end lifts the fog': a finished game's log is the whole log for everyone."""
    s = finished("classic", "normal")
    assert s.state["winner"] is not None
    assert s.events_for(0) == s.all_events() == s.events_for(None)


def test_statistics_show_only_the_seats_own_figures():
    """FOG: 'charts and statistics of other players hidden until the game ends'."""
    st = game_stats(cut(finished("classic", "normal"), 80))
    mine = only_seat(st, 1)
    assert mine.names == [st.names[1]] and mine.totals == [st.totals[1]]
    assert all(len(row["players"]) == 1 for row in mine.turns)
    assert only_seat(st, None).names == []


def test_fighting_out_of_sight_is_told_once_without_a_place():
    """FOG: 'a line that names a territory the reader cannot see says less ("Cid attacks somewhere") or
    nothing': a run of fighting out of the reader's sight is one line naming the player and no territory."""
    s = cut(finished("classic", "normal"), 10_000)
    territories = [t.name for t in s.rules.board.territories]
    told = 0
    for seat in range(3):
        read = [e for e in s.events_for(seat) if e.seen_by(seat)]
        for before, e in zip([None, *read], read, strict=False):
            if e.kind != UNSEEN:
                continue
            told += 1
            assert not (before is not None and before.kind == UNSEEN and before.data == e.data)
            line = s.rules.presenter().describe(e, s.rules.names(s.state), seat)
            assert "out of your sight" in line and not any(name in line for name in territories)
    assert told
