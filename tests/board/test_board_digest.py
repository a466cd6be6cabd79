"""The board hash kept in saves covers the board's facts, not its drawing, and saves holding the old whole-file
hash still load."""

from __future__ import annotations

from pathlib import Path

from riskterm.board.loader import load_board, load_board_file
from riskterm.paths import map_path


def test_redrawing_the_art_keeps_the_hash_and_changing_a_border_does_not(tmp_path: Path) -> None:
    text = map_path("classic").read_text(encoding="utf-8")
    real = load_board("classic")
    redrawn = tmp_path / "redrawn.yaml"
    redrawn.write_text(
        text.replace("Art: a schematic", "Art, redrawn: a schematic").replace(
            "--AAAAAAA   NNNNNNNNN", "--AAAAAAA  NNNNNNNNNN"
        ),
        encoding="utf-8",
    )
    again = load_board_file(redrawn)
    assert again.digest == real.digest and again.file_digests[0] != real.file_digests[0]
    bonus = tmp_path / "bonus.yaml"
    bonus.write_text(text.replace("bonus: 5", "bonus: 6", 1), encoding="utf-8")
    assert load_board_file(bonus).digest != real.digest


# the shipped files' whole-file hashes before the board hash covered only the facts (old saves hold them)
FILE_DIGESTS_BEFORE = {
    "classic": "4bcf54a067a64f7bf58ced83bf8deda0c96ad6b0978263529c5f6b2cbda8c585",
    "europe": "f6b43a41ec5d41f7553b6f86b12ade1641185af3e60cee45b72a0d1f966fe743",
    "risiko": "2334ea4273aba69029764f38de1e6495aa21d915df9803a1478964f0a2962cc4",
}


def test_saves_with_the_whole_file_hash_are_still_accepted() -> None:
    """Each shipped board file lists its earlier versions' hashes (earlier_sha256), which old saves hold."""
    for board_id, before in FILE_DIGESTS_BEFORE.items():
        assert before in load_board(board_id).file_digests
