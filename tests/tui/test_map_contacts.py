"""What the map shows of the borders: two territories' cells touch on screen only if they are neighbours, and
every land border either touches or has its line across the water (docs/map-format.md, "The picture"). Over
the shipped boards, boards imported from Domination maps the tests draw (one with thick outlines) and
generated boards, at the map sizes of 120x40, 140x45 and 200x60 terminals."""

from __future__ import annotations

import pytest
import yaml
from support.domination_maps import THICK_MAP, thick_boxes, tiny_map, world_map

from riskterm.board.community import import_map
from riskterm.board.find import shipped_ids
from riskterm.board.generate import board_document, generate
from riskterm.board.loader import board_from_text, load_board
from riskterm.board.model import Board
from riskterm.board.writer import board_yaml
from riskterm.tui.layout import MapLayout, art_size, lay_out
from riskterm.tui.picture_map import _nearest

SIZES = ((78, 39), (98, 44), (158, 59))  # the map's cells at 120x40, 140x45 and 200x60


def contacts(plan: MapLayout) -> set[tuple[int, int]]:
    out = set()
    for y in range(plan.height):
        for x in range(plan.width):
            a = plan.cell[y][x]
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if a >= 0 and nx < plan.width and ny < plan.height and plan.cell[ny][nx] not in (-1, a):
                    b = plan.cell[ny][nx]
                    out.add((min(a, b), max(a, b)))
    return out


def lined(plan: MapLayout, a: int, b: int) -> bool:
    """A mark is drawn on the water between the two territories' nearest cells."""
    cells = [
        [(x, y) for y in range(plan.height) for x in range(plan.width) if plan.cell[y][x] == t]
        for t in (a, b)
    ]
    _, (x0, y0), (x1, y1) = _nearest(cells[0], cells[1], 0)
    steps = max(abs(x1 - x0), abs(y1 - y0))
    return any(
        plan.art[y][x] != " "
        for i in range(1, steps)
        for x, y in [(round(x0 + (x1 - x0) * i / steps), round(y0 + (y1 - y0) * i / steps))]
    )


def check(board: Board, sizes=SIZES) -> list[str]:
    aw, ah = art_size(board)
    faults = []
    for w, h in sizes:
        plan = lay_out(board, w / aw, h / ah)
        touch = contacts(plan)
        name = board.territories
        faults += [
            f"{w}x{h}: {name[a].name} touches {name[b].name}" for a, b in touch if b not in board.adj[a]
        ]
        faults += [
            f"{w}x{h}: {name[a].name} - {name[b].name} hidden"
            for a in range(len(board))
            for b in board.land_adj[a]
            if a < b and (a, b) not in touch and not lined(plan, a, b)
        ]
    return faults


def _imported(path) -> Board:
    return board_from_text(yaml.safe_dump(import_map(path).doc, sort_keys=False), "imported.yaml")


@pytest.mark.parametrize("board_id", shipped_ids())
def test_a_shipped_board_shows_its_borders_as_they_are(board_id):
    assert check(load_board(board_id), [(98, 44)]) == []


def test_a_generated_board_shows_its_borders_as_they_are():
    assert (
        check(
            board_from_text(board_yaml(board_document(generate(1, 12, 3))), "generated"), [(46, 21), (98, 44)]
        )
        == []
    )


def test_a_board_of_thick_outlines_shows_its_land_borders(tmp_path):
    """Outlines 5 pixels wide, scaled down: the four countries still touch on screen, small or large."""
    board = _imported(tiny_map(tmp_path, THICK_MAP, None, image=thick_boxes(5), size=(60, 42)))
    assert check(board, ((20, 8), (46, 21), (98, 44))) == []


def few_hidden(board: Board, faults: list[str]) -> bool:
    """No false contact, and at each size at most one land border in twenty neither touching nor lined: where two
    small neighbours meet at a point, a name's box can still come between them."""
    land = sum(len(a) for a in board.land_adj) // 2
    per_size = max(sum(f.startswith(f"{w}x{h}:") for f in faults) for w, h in SIZES)
    return not [f for f in faults if "touches" in f] and per_size * 20 <= land


@pytest.mark.slow
@pytest.mark.parametrize("board_id", shipped_ids())
def test_every_shipped_board_at_every_size(board_id):
    assert check(load_board(board_id)) == []


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "count"), [(1, 42), (2, 42), (3, 100), (4, 60), (7, 250)])
def test_generated_boards_at_every_size(seed, count):
    board = board_from_text(board_yaml(board_document(generate(seed, count, 6))), "generated")
    faults = check(board)
    assert few_hidden(board, faults), faults


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_imported_boards_at_every_size(tmp_path, seed):
    """42 countries on 300x190 pixels (the picture's own size on screen at 140x45): at 140x45 seed 1 shows
    every border."""
    board = _imported(world_map(tmp_path, countries=42, continents=6, seed=seed, size=(300, 190)))
    faults = check(board)
    assert few_hidden(board, faults), faults
    if seed == 1:
        assert [f for f in faults if f.startswith("98x44")] == []


@pytest.mark.slow
def test_a_board_drawn_from_its_points_at_every_size(tmp_path):
    """A Domination map whose image is gone: the countries drawn around their points show their borders too."""
    path = world_map(tmp_path, countries=42, continents=6, seed=2, size=(300, 190))
    (tmp_path / "world_map.gif").unlink()
    board = _imported(path)
    faults = check(board)
    assert few_hidden(board, faults), faults
