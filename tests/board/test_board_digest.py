"""The board hash kept in saves covers the board's facts, not its drawing, and saves holding the old whole-file
hash still load."""

from __future__ import annotations

from pathlib import Path

from riskterm.board.loader import FILE_DIGESTS_BEFORE, load_board, load_board_file
from riskterm.paths import map_path


def test_redrawing_the_art_keeps_the_hash_and_changing_a_border_does_not(tmp_path: Path) -> None:
    text = map_path("classic").read_text(encoding="utf-8")
    real = load_board("classic")
    redrawn = tmp_path / "redrawn.yaml"
    redrawn.write_text(text.replace("Art: a schematic", "Art, redrawn: a schematic").replace(
        "--AAAAAAA   NNNNNNNNN", "--AAAAAAA  NNNNNNNNNN"), encoding="utf-8")
    again = load_board_file(redrawn)
    assert again.digest == real.digest and again.file_digests[0] != real.file_digests[0]
    bonus = tmp_path / "bonus.yaml"
    bonus.write_text(text.replace("bonus: 5", "bonus: 6", 1), encoding="utf-8")
    assert load_board_file(bonus).digest != real.digest


def test_saves_with_the_whole_file_hash_are_still_accepted() -> None:
    for board_id, before in FILE_DIGESTS_BEFORE.items():
        assert set(before) <= set(load_board(board_id).file_digests)
