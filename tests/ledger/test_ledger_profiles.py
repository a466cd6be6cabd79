"""Managing people's profiles: `riskterm ledger rename`, `merge` and `forget`; games and ratings follow, and
every bad name is one sentence with exit code 2."""

from __future__ import annotations

import json

import pytest
from ledger_helpers import entry

from riskterm.cli import main
from riskterm.ledger.ratings import Ratings
from riskterm.ledger.store import Ledger


@pytest.fixture
def games() -> None:
    Ledger().add_games(
        [
            entry(
                "g1",
                [("Ann", None, 1), ("Bob", "easy", 2), ("Cid", None, 3)],
                ended_at="2026-12-01T10:00:00Z",
            ),
            entry("g2", [("ann2", None, 1), ("Bob", "easy", 2)], ended_at="2026-12-02T10:00:00Z"),
            entry("g3", [("Cid", None, 1), ("Ann", None, 2)], ended_at="2026-12-03T10:00:00Z"),
        ]
    )


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["ledger", *args])
    out, err = capsys.readouterr()
    return code, out, err


def people() -> dict[str, int]:
    return {st.who[1]: st.games for st in Ratings(Ledger().games()).standings() if st.who[0] == "person"}


def test_rename_moves_games_and_ratings(capsys: pytest.CaptureFixture[str], games: None) -> None:
    before = {st.who[1]: st.rating for st in Ratings(Ledger().games()).standings()}
    code, out, err = run(capsys, "rename", "ann", "Anne")
    assert (code, err) == (0, "") and out == "Ann is now called Anne; their 2 games follow.\n"
    after = {st.who[1]: st.rating for st in Ratings(Ledger().games()).standings()}
    assert after["Anne"] == before["Ann"] and "Ann" not in after
    code, out, _ = run(capsys, "rename", "anne", "ANNE")  # a new spelling of the same name
    assert code == 0 and "ANNE" in people()


def test_merge_joins_games_and_works_ratings_out_again(
    capsys: pytest.CaptureFixture[str], games: None
) -> None:
    code, out, err = run(capsys, "merge", "ann2", "Ann")
    assert (code, err) == (0, "") and out == "ann2 is merged into Ann, who now has 3 games in the ledger.\n"
    assert people() == {"Ann": 3, "Cid": 2}
    code, out, _ = run(capsys, "player", "Ann", "--json")
    assert json.loads(out)["standing"]["wins"] == 2
    # one game played by both: the merged person sat twice, rated like a level in two seats
    Ledger().add_game(entry("g4", [("Dee", None, 1), ("Cid", None, 2)], ended_at="2026-12-04T10:00:00Z"))
    assert run(capsys, "merge", "Dee", "Cid")[0] == 0 and people() == {"Ann": 3, "Cid": 3}


def test_merge_of_two_spellings_of_one_name_takes_the_second(
    capsys: pytest.CaptureFixture[str], games: None
) -> None:
    code, out, _ = run(capsys, "merge", "ann", "ANN")
    assert code == 0 and "were one player already" in out and "ANN" in people()


def test_forget_keeps_the_games_under_a_forgotten_name(
    capsys: pytest.CaptureFixture[str], games: None
) -> None:
    cid = {st.who: st.rating for st in Ratings(Ledger().games()).standings()}[("person", "Cid")]
    code, out, err = run(capsys, "forget", "ann", "--yes")
    assert (code, err) == (
        0,
        "",
    ) and out == "Ann is forgotten: their 2 games stay in the ledger as (forgotten 1)'s.\n"
    assert run(capsys, "forget", "Cid", "-y")[0] == 0
    games_now = Ledger().games()
    assert {s.name for g in games_now for s in g.seats if not s.level} == {
        "(forgotten 1)",
        "(forgotten 2)",
        "ann2",
    }
    assert Ratings(games_now).standings()  # everyone still rated; nobody else's rating moved
    assert {st.who: st.rating for st in Ratings(games_now).standings()}[("person", "(forgotten 2)")] == cid
    assert {p.name for p in Ledger().profiles()} == {"ann2", "easy"}  # forgotten names are offered no more
    assert "Ann" not in run(capsys, "recent")[1]


def test_forget_asks_first(
    capsys: pytest.CaptureFixture[str], games: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt: "n")
    code, out, _ = run(capsys, "forget", "Ann")
    assert code == 1 and out == "Nothing was forgotten.\n" and "Ann" in people()
    monkeypatch.setattr("builtins.input", lambda prompt: "y")
    assert run(capsys, "forget", "Ann")[0] == 0 and "Ann" not in people()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("rename", "Zed", "Zoe"), "The ledger has no player called 'Zed' ('riskterm ledger' lists them)."),
        (
            ("rename", "easy", "Zoe"),
            "'easy' is a computer level's profile; only people's profiles can be renamed, "
            "merged or forgotten.",
        ),
        (
            ("merge", "Computer (easy)", "Ann"),
            "'Computer (easy)' is a computer level's profile; only people's "
            "profiles can be renamed, merged or forgotten.",
        ),
        (("merge", "Ann", "Ann"), "'Ann' cannot be merged into itself."),
        (("merge", "Ann", "Zed"), "The ledger has no player called 'Zed' ('riskterm ledger' lists them)."),
        (
            ("rename", "Ann", "cid"),
            "There is already a player called 'Cid'; 'riskterm ledger merge Ann Cid' makes them one.",
        ),
        (("rename", "Ann", "hard"), "'hard' is a computer level's name; a person needs another."),
        (
            ("rename", "Ann", "(forgotten 3)"),
            "Names beginning '(forgotten' are kept for forgotten players; choose another.",
        ),
        (("rename", "Ann", "  "), "Every player needs a name of their own."),
        (("rename", "Ann", "Ann"), "'Ann' is already called that."),
        (("forget", "Zed", "--yes"), "The ledger has no player called 'Zed' ('riskterm ledger' lists them)."),
        (("forget", "Ann"), "riskterm asks before forgetting Ann; add --yes to forget them without asking."),
    ],
)
def test_bad_names_are_one_sentence(
    capsys: pytest.CaptureFixture[str], games: None, args: tuple[str, ...], said: str
) -> None:
    before = Ledger().games()
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, "") and err == f"riskterm: {said}\n"
    assert Ledger().games() == before
