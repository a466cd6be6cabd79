"""`riskterm ledger`: standings, a player's games and head-to-head, recent games, --json, and `ledger add`
taking each finished save once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ledger_helpers import capped_game, entry

from riskterm.cli import main
from riskterm.ledger.store import Ledger
from riskterm.record.autosave import write_save
from riskterm.rules import PlayerSetup
from riskterm.session import Session


@pytest.fixture
def three_games() -> None:
    Ledger().add_games(
        [
            entry(
                "g1",
                [("Ann", None, 1), ("Bob", "easy", 2), ("Cid", "hard", 3)],
                ended_at="2026-12-01T10:00:00Z",
            ),
            entry(
                "g2",
                [("Ann", None, 2), ("Bob", "easy", 3), ("Cid", "hard", 1)],
                ended_at="2026-12-02T10:00:00Z",
                variant="europe",
            ),
            entry(
                "g3",
                [("Ann", None, 1), ("Dee", None, 1), ("Cid", "hard", 3)],
                ended_at="2026-12-03T10:00:00Z",
                draw=True,
            ),
        ]
    )


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["ledger", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_standings(capsys: pytest.CaptureFixture[str], three_games: None) -> None:
    code, out, err = run(capsys)
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0].startswith("Standings, all rulebooks: 3 games")
    assert lines[2].split()[:2] == ["1", "Ann"]
    assert any("Computer (hard)" in line for line in lines) and any(
        "Computer (easy)" in line for line in lines
    )
    assert "Ann is rated above hard." in out
    code, out, _ = run(capsys, "--variant", "europe", "--json")
    doc = json.loads(out)
    assert doc["scope"] == "europe" and doc["games"] == 1
    assert [r["label"] for r in doc["standings"]] == ["Computer (hard)", "Ann", "Computer (easy)"]
    assert doc["standings"][0]["wins"] == 1 and doc["standings"][1]["rating"] < doc["standings"][0]["rating"]


def test_a_players_games_and_head_to_head(capsys: pytest.CaptureFixture[str], three_games: None) -> None:
    code, out, _ = run(capsys, "player", "ann")
    assert code == 0
    assert (
        out.startswith("Ann, all rulebooks: rating ")
        and "after 3 games, 1 won, 1 drawn." in out.splitlines()[0]
    )
    games = out.split("Games, most recent first:")[1].split("Head-to-head")[0].strip().splitlines()[1:]
    assert [g.split()[2] for g in games] == ["classic", "europe", "classic"]
    assert games[0].split()[3] == "draw" and games[1].split()[3] == "2/3"
    words = " ".join(out.split())
    assert (
        "Computer (hard) 3: 2 ahead, 1 behind, 0 level" in words
        and "Dee 1: 0 ahead, 0 behind, 1 level" in words
    )
    code, out, _ = run(capsys, "player", "hard", "--json")
    doc = json.loads(out)
    assert doc["label"] == "Computer (hard)" and len(doc["games"]) == 3 and doc["standing"]["wins"] == 1


def test_recent_games(capsys: pytest.CaptureFixture[str], three_games: None) -> None:
    code, out, _ = run(capsys, "recent", "-n", "2")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    assert lines[1].endswith("draw: 1 Ann, 1 Dee, 3 Cid (hard)")
    assert lines[2].endswith("1 Cid (hard), 2 Ann, 3 Bob (easy)") and "europe" in lines[2]
    doc = json.loads(run(capsys, "recent", "--json")[1])
    assert [g["game_id"] for g in doc["games"]] == ["g3", "g2", "g1"]
    seat = doc["games"][2]["seats"][0]
    assert seat["label"] == "Ann" and seat["rating_after"] > seat["rating_before"]


def test_an_empty_ledger_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0 and out.startswith("The ledger has no finished games yet")
    code, _, err = run(capsys, "player", "Zed")
    assert (
        code == 2
        and err.strip() == "riskterm: The ledger has no player called 'Zed'. The ledger has no games yet."
    )
    code, _, err = run(capsys, "--variant", "chess")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_add_takes_each_finished_save_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    finished = capped_game()
    write_save(finished, tmp_path / "done.json")
    going = Session.new("classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 3, {"quick_start": True})
    write_save(going, tmp_path / "going.json")
    code, out, err = run(capsys, "add", str(tmp_path / "done.json"))
    assert code == 0 and not err and out.splitlines()[-1] == "1 game added."
    code, out, _ = run(capsys, "add", str(tmp_path))
    assert code == 0
    assert (
        f"{tmp_path / 'done.json'}: already in the ledger" in out
        and f"{tmp_path / 'going.json'}: not finished" in out
    )
    assert out.splitlines()[-1] == "0 games added, 1 already in the ledger."
    (tmp_path / "broken.json").write_text('{"magic": "riskterm-save", "format": 2,')
    code, out, err = run(capsys, "add", str(tmp_path), "--json")
    assert code == 2 and json.loads(out)["added"] == 0
    assert err.strip().splitlines() == [
        f"riskterm: {tmp_path / 'broken.json'} is truncated: it stops in the middle (line 1)."
    ]
    games = Ledger().games()
    assert [g.game_id for g in games] == [finished.game_id] and games[0].source == "import"


def test_add_needs_save_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "add", str(tmp_path))
    assert code == 2 and err.startswith("riskterm: No save files in ")
