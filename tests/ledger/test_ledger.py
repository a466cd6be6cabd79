"""The ledger: finishing orders, the database (round trip, damage, a busy or newer file, two processes at once),
ratings over many games built directly, the hook in autosave, and profiles."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ledger_helpers import capped_game, entry, simulated

from riskterm.engine.actions import parse_action
from riskterm.ledger.entry import entry_from_session, finishing_places
from riskterm.ledger.ratings import OVERALL, Ratings
from riskterm.ledger.store import Ledger, LedgerError, ledger_path
from riskterm.rules import VARIANTS, PlayerSetup, available_variants, find_variant
from riskterm.session import Session, Step


def _with_knockouts(outs: list[tuple[int, int]], winner: int | None) -> Session:
    """A four-seat classic session whose steps knock players out in the given order ((seat, turn) each), then
    end with `winner` (None: a draw)."""
    s = Session.new(
        "classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid", "Dee")], 3, {"quick_start": True}
    )
    a = parse_action("end")
    state = s.state
    for seat, turn in outs:
        after = dict(state)
        after["players"] = [dict(p, out=True) if i == seat else p for i, p in enumerate(state["players"])]
        after["turn"] = turn
        s.steps.append(Step(a, [], state, after, True))
        state = after
    end = dict(state, winner=winner, draw=winner is None, phase="over")
    s.steps.append(Step(a, [], state, end, True))
    s.state = end
    return s


def test_finishing_order_is_the_winner_then_the_last_out_first() -> None:
    s = _with_knockouts([(2, 5), (0, 9)], winner=1)
    assert finishing_places(s) == [3, 1, 4, 2]  # Bob won; Dee lasted to the end; Ann out after Cid
    e = entry_from_session(s)
    assert [(x.name, x.place, x.out_turn) for x in e.seats] == [
        ("Ann", 3, 9),
        ("Bob", 1, None),
        ("Cid", 4, 5),
        ("Dee", 2, None),
    ]


def test_a_draw_at_the_cap_ties_the_survivors() -> None:
    s = _with_knockouts([(3, 4)], winner=None)
    assert finishing_places(s) == [1, 1, 1, 4]
    assert entry_from_session(s).draw


def test_a_real_capped_game_is_a_draw_among_all() -> None:
    e = entry_from_session(capped_game())
    assert e.draw and [x.place for x in e.seats] == [1, 1, 1]
    assert [x.who for x in e.seats] == [("person", "Ann"), ("computer", "easy"), ("computer", "hard")]
    assert e.seats[0].colour == "red"


def test_every_rulebook_says_who_is_out() -> None:
    """The finishing order reads each player's `out` in the state: every rulebook keeps it."""
    for v in available_variants():
        rules = find_variant(v, None, 3)
        s, _ = rules.new_game([PlayerSetup(n) for n in ("A", "B", "C")], 1, {})
        assert all(p["out"] is False for p in s["players"]), v
    assert set(available_variants()) <= set(VARIANTS)


def test_games_round_trip_through_the_database() -> None:
    games = simulated(200)
    led = Ledger()
    t = time.perf_counter()
    assert all(led.add_games(games))
    assert led.games() == sorted(games, key=lambda g: (g.ended_at, g.game_id))
    assert led.add_game(games[5]) is False  # by its game id, once
    assert time.perf_counter() - t < 2.0
    assert ledger_path().is_file()
    if sys.platform != "win32":
        assert ledger_path().stat().st_mode & 0o777 == 0o600  # the user's alone, as saves are
    kinds = {(p.kind, p.name) for p in led.profiles()}
    assert kinds == {
        ("person", "Ann"),
        ("person", "Bob"),
        ("computer", "easy"),
        ("computer", "normal"),
        ("computer", "hard"),
    }


def test_ratings_over_many_games_order_the_levels() -> None:
    """Over 600 games the computer levels come apart in their order of strength, and the people fall where
    their strength puts them, in every rulebook's own ratings too."""
    games = simulated(600)
    r = Ratings(games)
    shown = {st.who: st.rating.shown for st in r.standings(OVERALL)}
    assert (
        shown[("computer", "hard")]
        > shown[("person", "Ann")]
        > shown[("computer", "normal")]
        > shown[("person", "Bob")]
        > shown[("computer", "easy")]
    )
    assert r.against_levels(("person", "Ann")) == "Ann is rated between normal and hard."
    assert r.against_levels(("person", "Bob")) == "Bob is rated between easy and normal."
    for v in ("classic", "europe", "risiko", "modern"):
        per = {st.who: st.rating.shown for st in r.standings(v)}
        assert per[("computer", "hard")] > per[("computer", "easy")]
        assert sum(st.games for st in r.standings(v)) < sum(st.games for st in r.standings(OVERALL))


def test_a_strong_and_a_weak_level_come_apart_over_100_games() -> None:
    games = simulated(100, seed=5, who=[("Cid", "easy"), ("Eve", "hard")])
    r = Ratings(games)
    hard, easy = (
        next(st.rating for st in r.standings() if st.who == ("computer", lv)) for lv in ("hard", "easy")
    )
    assert hard.mu - 2 * hard.sigma > easy.mu + 2 * easy.sigma
    assert r.change(games[-1].game_id, ("computer", "hard")) is not None


def test_a_level_in_two_seats_is_one_profile() -> None:
    g = entry("twice", [("Ann", None, 1), ("Bob", "easy", 2), ("Cid", "easy", 3)])
    r = Ratings([g])
    assert {st.who for st in r.standings()} == {("person", "Ann"), ("computer", "easy")}
    same = entry("same", [("Bob", "easy", 1), ("Cid", "easy", 2)])
    assert Ratings([same]).change("same", ("computer", "easy")) is None  # nobody else: no rating moves


def test_a_damaged_ledger_is_kept_aside_and_the_game_still_recorded(data_home: Path) -> None:
    path = ledger_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"this is not a database, it was a disk error" * 100)
    led = Ledger()
    assert led.add_game(entry("g1", [("Ann", None, 1), ("Bob", "easy", 2)]))
    assert len(led.notes) == 1 and "damaged" in led.notes[0] and "kept as" in led.notes[0]
    kept = list(path.parent.glob("ledger.sqlite.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not a database")
    assert [g.game_id for g in Ledger().games()] == ["g1"]


def test_a_malformed_ledger_is_found_when_opened() -> None:
    led = Ledger()
    led.add_games(simulated(300))
    raw = bytearray(ledger_path().read_bytes())
    for i in range(4096 + 200, len(raw), 4096):  # scribble over the middle of every page but the first
        raw[i : i + 64] = b"\xff" * 64
    ledger_path().write_bytes(bytes(raw))
    again = Ledger()
    assert again.games() == []  # a new ledger, the damaged one set aside
    assert again.notes and "damaged" in again.notes[0]


def test_a_busy_ledger_is_one_sentence_and_nothing_is_moved() -> None:
    Ledger().add_game(entry("g1", [("Ann", None, 1), ("Bob", "easy", 2)]))
    holder = sqlite3.connect(ledger_path(), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(LedgerError, match=r"busy \(another riskterm is writing it\)"):
            Ledger(timeout=0.05).add_game(entry("g2", [("Ann", None, 1), ("Bob", "easy", 2)]))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert [g.game_id for g in Ledger().games()] == ["g1"]
    assert not list(ledger_path().parent.glob("*.damaged-*"))


def test_a_ledger_from_a_newer_riskterm_is_left_alone() -> None:
    Ledger().add_game(entry("g1", [("Ann", None, 1), ("Bob", "easy", 2)]))
    with sqlite3.connect(ledger_path()) as c:
        c.execute("PRAGMA user_version = 99")
    before = ledger_path().read_bytes()
    with pytest.raises(LedgerError, match="newer riskterm"):
        Ledger().games()
    assert ledger_path().read_bytes() == before


WRITER = """
import sys
from riskterm.ledger.entry import GameEntry, SeatEntry
from riskterm.ledger.store import Ledger
who = sys.argv[1]
for n in range(12):
    seats = (SeatEntry(0, who, "", None, 1), SeatEntry(1, "Cid", "", "easy", 2))
    Ledger().add_game(GameEntry(f"{who}{n:03d}", "classic", "Classic", "", "classic", "classic", {}, n, 0, 20, 90,
                                f"2026-12-01T10:{n:02d}:00Z", seats=seats))
"""


def test_two_processes_writing_at_once_lose_nothing() -> None:
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, who], stderr=subprocess.PIPE)
        for who in ("Ann", "Bob")
    ]
    for p in procs:
        _, err = p.communicate(timeout=60)
        assert p.returncode == 0, err.decode()
    games = Ledger().games()
    assert len(games) == 24 and len({g.game_id for g in games}) == 24
    assert {p.name for p in Ledger().profiles()} == {"Ann", "Bob", "easy"}


def test_the_save_that_finds_the_game_over_records_it_once() -> None:
    from riskterm.ledger.recorder import RECORDER
    from riskterm.record.autosave import autosave

    session = capped_game()
    path = autosave(session)
    assert RECORDER.wait(session.game_id, timeout=10) is None
    autosave(session)  # saved again (a resumed game): still one game
    games = Ledger().games()
    assert [g.game_id for g in games] == [session.game_id]
    assert games[0].save_path == str(path) and games[0].source == "local" and games[0].turns == 2


def test_a_ledger_that_cannot_be_written_never_stops_the_game(data_home: Path) -> None:
    from riskterm.ledger.recorder import RECORDER
    from riskterm.record.autosave import autosave

    data_home.mkdir(parents=True)
    ledger_path().mkdir()  # a folder where the file should be
    session = capped_game(seed=8)
    autosave(session)
    why = RECORDER.wait(session.game_id, timeout=10)
    assert why is not None and why.startswith("riskterm cannot open the ledger") and "\n" not in why


def test_profiles_remember_the_colour_last_chosen() -> None:
    led = Ledger()
    led.remember([("Ann", "red"), ("Bob", "blue")])
    led.remember([("ann", "green")])
    profiles = {p.name.lower(): p for p in led.profiles()}
    assert (
        profiles["ann"].colour == "green"
        and profiles["ann"].name == "ann"
        and profiles["bob"].colour == "blue"
    )
    led.add_game(entry("old", [("Ann", None, 1), ("Bob", "easy", 2)], ended_at="2020-01-01T00:00:00Z"))
    assert {p.name.lower(): p for p in led.profiles()}["ann"].colour == "green"  # an old game changes nothing


def test_the_host_records_its_game(tmp_path: Path) -> None:
    from riskterm.ledger.recorder import RECORDER
    from riskterm.net.host import GameHost

    session = capped_game(seed=9)
    GameHost(session, save_to=tmp_path / "hosted.json").autosave()
    assert RECORDER.wait(session.game_id, timeout=10) is None
    (game,) = Ledger().games()
    assert game.game_id == session.game_id and game.source == "host"
    assert game.save_path == str(tmp_path / "hosted.json")


@pytest.mark.slow
def test_real_games_pull_a_strong_and_a_weak_level_apart() -> None:
    """100 real games of classic, hard against two easy players: hard's rating comes well clear of easy's."""
    from riskterm.ai.simulate import run_games

    entries = []

    def keep(session: Session) -> None:
        n = len(entries)
        entries.append(entry_from_session(session, ended_at=f"2026-11-{1 + n // 24:02d}T{n % 24:02d}:00:00Z"))

    run_games("classic", ["hard", "easy", "easy"], 100, seed=500, after_game=keep)
    r = Ratings(entries)
    hard, easy = (
        next(st.rating for st in r.standings() if st.who == ("computer", lv)) for lv in ("hard", "easy")
    )
    assert hard.mu - 2 * hard.sigma > easy.mu + 2 * easy.sigma
