"""Boards are listed by their display names (the new-game screen's board list, the Continue list and
`riskterm resume --list`), with the id where two boards share a name; the name is read from the top of the
file, so listing does not load and check every board."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.boards import write_board

from riskterm.board.find import board_files, board_name, board_title, board_titles
from riskterm.record.autosave import SavedGame


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    d = tmp_path / "data"
    monkeypatch.setenv("RISKTERM_DATA_DIR", str(d))
    write_board(d / "boards" / "lakes.yaml")
    write_board(d / "boards" / "lakes_2.yaml", board_id="lakes_2")  # the same name, "The Lakes"
    write_board(d / "boards" / "fens.yaml", board_id="fens", name='Fens: "North" & South')
    (d / "boards" / "nameless.yaml").write_text("id: [", encoding="utf-8")
    return d


def test_boards_are_listed_by_name_with_the_id_where_names_are_shared() -> None:
    files = board_files()
    titles = dict(zip((f.name for f in files), board_titles(files), strict=True))
    assert titles == {
        "classic": "Classic world map",
        "europe": "Risk: Europe (Hasbro 2015)",
        "risiko": "RisiKo! Più (Europe, 6 Empires)",
        "fens": 'Fens: "North" & South',
        "lakes": "The Lakes (lakes)",
        "lakes_2": "The Lakes (lakes_2)",
        "nameless": "nameless",
    }
    assert board_title("fens") == 'Fens: "North" & South' and board_title("gone") == "gone"


def test_a_resume_label_names_the_board_by_its_name(tmp_path: Path) -> None:
    game = SavedGame(tmp_path / "g.json", "g", "classic", ("Ann", "Bob"), 3, 20, "", False, board="fens")
    assert game.label().startswith('classic on Fens: "North" & South: Ann, Bob')


def test_the_name_is_read_again_when_the_file_changes(data_home: Path) -> None:
    path = data_home / "boards" / "fens.yaml"
    assert board_name(path) == 'Fens: "North" & South'
    write_board(path, board_id="fens", name="Fenland, the second edition")
    assert board_name(path) == "Fenland, the second edition"
