"""Big boards on the screen (docs/boards.md, "Big boards"): a board drawn from its picture shrinks until each
territory has about 11 cells, so that 250 territories fit whole in the map of a 120x40 terminal; every
territory keeps its owner's letter and count, texts of two territories never run together, and a count
beside a border keeps the border's glyph ('B3▌', not 'B 3C 2')."""

from __future__ import annotations

from functools import cache

import pytest

from riskterm.board.generate import board_document, generate
from riskterm.board.loader import board_from_text, load_board
from riskterm.board.model import Board
from riskterm.board.writer import board_yaml
from riskterm.tui.board import BoardView, Look
from riskterm.tui.layout import MIN_CELLS, MapLayout, art_size, lay_out


@cache
def _generated(seed: int, territories: int) -> Board:
    return board_from_text(board_yaml(board_document(generate(seed, territories, 6))), "generated")


def _fitted(board: Board, width: int, height: int) -> MapLayout:
    aw, ah = art_size(board)
    return lay_out(board, width / aw, height / ah)


def _counted(plan: MapLayout) -> set[int]:
    return {t for row in plan.slots_on for t, role, _, w in row if role == "army" and w >= 3}


def _run_together(plan: MapLayout) -> list[tuple[int, int, int]]:
    """(row, territory, territory) for each two texts of different territories with no cell between, but
    for a count of three cells or more on a border before another count: it is drawn 'B3▌' (a count of ten or
    more, 'B12', still meets the next)."""
    out = []
    for y, row in enumerate(plan.slots_on):
        ordered = sorted(row, key=lambda s: s[2])
        out += [
            (y, a[0], b[0])
            for a, b in zip(ordered, ordered[1:], strict=False)
            if a[0] != b[0]
            and a[2] + a[3] == b[2]
            and not (a[1] == b[1] == "army" and a[3] >= 3 and plan.cell[y][a[2] + a[3] - 1] == a[0])
        ]
    return out


def test_a_board_drawn_from_its_picture_fits_whole_down_to_eleven_cells_a_territory():
    b = _generated(1, 42)
    aw, ah = art_size(b)
    width, height = 34, 14  # 476 cells: 11.3 a territory, scales under 0.45 and 0.5
    assert width / aw < 0.45 and height / ah < 0.5
    plan = _fitted(b, width, height)
    assert (plan.width, plan.height) == (width, height)
    assert _counted(plan) == set(range(42))
    smaller = _fitted(b, 24, 10)  # 240 cells: too few, so the map keeps its cells and scrolls
    assert smaller.width * smaller.height >= MIN_CELLS * 42 - smaller.width - smaller.height


def test_hand_made_art_keeps_its_least_scale():
    b = load_board("classic")
    plan = _fitted(b, 30, 12)
    aw, ah = art_size(b)
    assert plan.width >= round(aw * 0.45) and plan.height >= round(ah * 0.5)


def test_texts_of_two_territories_never_run_together_on_a_small_map():
    for board, size in ((load_board("classic"), (78, 39)), (_generated(1, 42), (34, 14))):
        assert _run_together(_fitted(board, *size)) == []


@pytest.mark.parametrize(
    ("label", "edge", "shown"), [("3", "▌", "B3▌"), ("12", "▌", "B12"), ("3", "", "B 3")]
)
def test_a_count_beside_a_border_keeps_the_border(label, edge, shown):
    board = load_board("classic")
    view = BoardView(board)
    view.set_players(["red", "blue"], ["A", "B"])
    view.looks = [Look(1, label, "") for _ in board.territories]
    segs: list = []
    view._slot(segs, "army", 0, edge, 3)
    assert "".join(s.text for s in segs) == shown


@pytest.mark.slow
def test_two_hundred_and_fifty_territories_fit_whole_at_120x40_and_read_at_140x45():
    """`riskterm new-map --seed 7 --territories 250`: whole in the map of 120x40 (78x39 cells) with every
    count shown and a name on a third of the territories; at 140x45 (98x44) a name on two thirds."""
    b = _generated(7, 250)
    for (width, height), named in (((78, 39), 1 / 3), ((98, 44), 2 / 3)):
        plan = _fitted(b, width, height)
        assert (plan.width, plan.height) == (width, height)
        assert _counted(plan) == set(range(250))
        assert sum(1 for n in plan.names if len(n) >= 3) >= named * 250
        assert _run_together(plan) == []
