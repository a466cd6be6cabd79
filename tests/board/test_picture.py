"""A board's picture: run-length rows that read back as written, the checks of a bad picture (one problem per
fault, naming its key), a board drawn only from its picture, and its map at any size giving every territory
a cell."""

from __future__ import annotations

import copy

import pytest
import yaml

from riskterm.board.loader import board_from_text
from riskterm.board.model import SEA_CHARS
from riskterm.board.picture import SEA, Picture, decode_row, encode_row, picture_to_doc
from riskterm.board.validate import validate
from riskterm.errors import MapError
from riskterm.tui.layout import lay_out

IDS = ["north", "south", "isle"]


def picture_board_doc() -> dict:
    """Three territories: north over south on the left, a small isle alone in the sea to the right."""
    rows = []
    for y in range(12):
        left = 0 if y < 6 else 1
        rows.append([left] * 14 + [SEA] * 6 + ([2] * 3 if 4 <= y < 8 else [SEA] * 3) + [SEA])
    pic = Picture(24, 12, tuple(tuple(r) for r in rows), ((6, 3), (6, 9), (21, 5)))
    terr = [
        {"id": "north", "name": "North Land", "neighbours": ["south"], "sea_neighbours": ["isle"]},
        {"id": "south", "name": "South Land", "neighbours": ["north"]},
        {"id": "isle", "name": "Isle", "sea_neighbours": ["north"]},
    ]
    return {
        "format": 1,
        "id": "tiny",
        "name": "Tiny",
        "territories": terr,
        "regions": [{"id": "all", "name": "All", "bonus": 2, "territories": IDS}],
        "picture": picture_to_doc(pic, IDS),
    }


def test_rows_read_back_as_written():
    row = (SEA, SEA, 0, 0, 0, 11, SEA)
    assert encode_row(row) == ".*2 0*3 11 ."
    assert decode_row(encode_row(row), 7, 12) == row


@pytest.mark.parametrize(
    "text, says",
    [
        ("0*3 x", "'x' is neither"),
        ("0*3 5", "neither '.'"),
        ("0*2", "cover 2 pixels"),
        ("0*9", "cover 9+"),
        ("0*0 .*4", "is not a run"),
        ("0*-1", "is not a run"),
    ],
)
def test_bad_rows_say_what_is_wrong(text, says):
    with pytest.raises(ValueError, match=says):
        decode_row(text, 4, 3)


def test_a_board_drawn_only_from_its_picture_loads():
    b = board_from_text(yaml.safe_dump(picture_board_doc(), sort_keys=False), "tiny.yaml")
    assert b.picture is not None and b.art == ()
    assert (b.picture.width, b.picture.height) == (24, 12)
    assert b.picture.rows[5][21] == 2 and b.by_id["isle"].label == (21, 5)
    assert b.picture.pixel_counts(3) == [84, 84, 12]
    assert "picture 24x12" in b.summary()


def test_the_picture_is_not_a_fact_of_the_game():
    """Redrawing a board's picture keeps saves of games on it loading (the facts' digest ignores it)."""
    d = picture_board_doc()
    a = board_from_text(yaml.safe_dump(d), "a.yaml")
    d["picture"]["labels"]["isle"] = [20, 4]
    assert board_from_text(yaml.safe_dump(d), "b.yaml").digest == a.digest


BREAKERS = {
    "size": (lambda p: p.update(size=[0, 12]), "picture.size: must be [width, height]"),
    "rows type": (lambda p: p.update(rows="0*24"), "picture.rows: must be a list"),
    "row count": (lambda p: p["rows"].pop(), "holds 11 rows, not the height 12"),
    "bad run": (lambda p: p["rows"].__setitem__(3, "0*20 7*4"), "picture.rows[3]: '7' is neither"),
    "short row": (lambda p: p["rows"].__setitem__(3, "0*20"), "picture.rows[3]: its runs cover 20"),
    "no pixel": (
        lambda p: p.update(rows=[r.replace("2*3", ".*3") for r in p["rows"]]),
        "territories[isle]: has no pixel in the picture",
    ),
    "no label": (lambda p: p["labels"].pop("isle"), "picture.labels[isle]: must be [x, y]"),
    "label outside": (lambda p: p["labels"].update(isle=[30, 1]), "lies outside the 24x12 picture"),
    "stray label": (lambda p: p["labels"].update(atlantis=[1, 1]), "'atlantis' names no territory"),
}


@pytest.mark.parametrize("name", BREAKERS)
def test_a_bad_picture_is_one_sentence_naming_its_key(name):
    d = picture_board_doc()
    change, says = BREAKERS[name]
    change(d["picture"])
    problems = validate(d, "bad.yaml")
    assert any(says in p for p in problems), problems
    with pytest.raises(MapError):
        board_from_text(yaml.safe_dump(d), "bad.yaml")


def test_a_board_needs_art_or_a_picture():
    d = copy.deepcopy(picture_board_doc())
    del d["picture"]
    assert any("art: must be a non-empty block" in p for p in validate(d, "bad.yaml"))


@pytest.mark.parametrize("size", [(20, 8), (60, 20), (150, 50)])
def test_every_territory_gets_a_cell_and_its_name_at_every_size(size):
    b = board_from_text(yaml.safe_dump(picture_board_doc()), "tiny.yaml")
    plan = lay_out(b, 1.0, 1.0)
    plan = lay_out(b, size[0] / plan.art_width, size[1] / plan.art_height)
    seen = {t for row in plan.cell for t in row}
    assert seen >= {0, 1, 2}
    assert all(0 <= x < plan.width and 0 <= y < plan.height for x, y in plan.anchor)
    # the sea-line between north and the isle is drawn across the water
    assert any(ch in SEA_CHARS for row in plan.art for ch in row)


def test_a_sea_line_shorter_round_the_edge_is_a_stub_at_each_edge():
    """Like Alaska and Kamchatka: two territories near the left and right edges, joined by a sea-line."""
    d = picture_board_doc()
    rows = [[SEA] * 3 + [0] * 4 + [SEA] * 10 + [2] * 4 + [SEA] * 3 for _ in range(6)]
    rows += [[SEA] * 3 + [1] * 4 + [SEA] * 17 for _ in range(6)]
    d["picture"] = picture_to_doc(
        Picture(24, 12, tuple(tuple(r) for r in rows), ((4, 3), (4, 9), (19, 3))), IDS
    )
    b = board_from_text(yaml.safe_dump(d), "wrap.yaml")
    plan = lay_out(b, 1.0, 1.0)
    lines = [(y, r) for y, r in enumerate(plan.art) if any(ch in SEA_CHARS for ch in r)]
    assert lines, "no sea-line drawn"
    for y, r in lines:  # dots off both edges, none across the open sea between north and the isle
        cells = plan.cell[y]
        inner = [x for x in range(plan.width) if cells[x] == -1 and 0 in cells[:x] and 2 in cells[x:]]
        assert r[0] in SEA_CHARS and r[-1] in SEA_CHARS and all(r[x] == " " for x in inner), r


def test_at_80x24_every_territory_of_a_42_board_keeps_its_owner_and_count():
    """The map's part of an 80x24 terminal (46x22; 46x20 when the footer grows): each territory of a generated
    42-territory board paints a count slot of three cells or more ('B 3', 'B12'), and a name is left out
    rather than cut to one or two letters."""
    from riskterm.board.generate import board_document, generate
    from riskterm.board.writer import board_yaml

    b = board_from_text(board_yaml(board_document(generate(8, 42, 6))), "generated")  # 2 and 5 had none once
    for size in ((46, 22), (46, 20)):
        plan = lay_out(b, 1.0, 1.0)
        plan = lay_out(b, size[0] / plan.art_width, size[1] / plan.art_height)
        count = dict.fromkeys(range(len(b.territories)), 0)
        for pieces in plan.pieces_on:
            for kind, t, _, width in pieces:
                if kind == "army":
                    count[t] = max(count[t], width)
        assert [b.territories[t].name for t, w in count.items() if w < 3] == [], size
        assert [n for n in plan.names if 0 < len(n) < 3] == [], size


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3])
def test_at_80x24_every_territory_of_an_imported_100_board_keeps_its_count(tmp_path, seed):
    """On a board of a hundred territories (the map scrolls at 80x24) a small territory that keeps a run of
    three cells for its count is not cut below it by a bigger neighbour's name box (these two lost theirs)."""
    from support.domination_maps import world_map

    from riskterm.board.community import import_map
    from riskterm.board.writer import board_yaml

    b = board_from_text(
        board_yaml(import_map(world_map(tmp_path, countries=100, continents=8, seed=seed)).doc), "imported"
    )
    plan = lay_out(b, 1.0, 1.0)
    plan = lay_out(b, 46 / plan.art_width, 22 / plan.art_height)
    count = dict.fromkeys(range(len(b.territories)), 0)
    for pieces in plan.pieces_on:
        for kind, t, _, width in pieces:
            if kind == "army":
                count[t] = max(count[t], width)
    assert [b.territories[t].name for t, w in count.items() if w < 3] == []
