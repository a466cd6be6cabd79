"""A Domination map without its colour-index image (none named, the file missing, or no image at all) is drawn
from its countries' points (docs/map-format.md, "A map without a picture"): each country around its point,
neighbours that meet sharing a land border, far ones a sea-line, strangers never touching, and every
territory with room for its name and count on screen. The maps are the tests' own."""

from __future__ import annotations

import pytest
from support.domination_maps import THICK_MAP, board_of, tiny_map

from riskterm.board.community import import_map
from riskterm.board.from_points import picture_from_points
from riskterm.board.picture import SEA
from riskterm.cli import main
from riskterm.tui.layout import lay_out

# THICK_MAP's square of four with the isle moved far off: Delta to Isle is a crossing of the sea
FAR_ISLE = THICK_MAP.replace("5 Isle 1 52 30", "5 Isle 1 90 30").replace("map islands_map.gif\n", "")


def _meets(picture, a: int, b: int) -> bool:
    for y in range(picture.height):
        for x in range(picture.width):
            if picture.at(x, y) == a and b in (
                picture.at(x + 1, y),
                picture.at(x, y + 1),
                picture.at(x - 1, y),
                picture.at(x, y - 1),
            ):
                return True
    return False


def test_a_map_naming_no_image_is_drawn_from_its_points(tmp_path):
    got = import_map(tiny_map(tmp_path, FAR_ISLE, cards=None))
    b = board_of(got)
    assert got.readings == [
        "The map names no colour-index image ('map NAME' in [files]); its territories are "
        "drawn around their points, and two neighbours whose areas meet share a land "
        "border, others a sea-line."
    ]
    assert {t.id: t.neighbours for t in b.territories} == {
        "alpha": ("beta", "gamma"),
        "beta": ("alpha", "delta"),
        "gamma": ("alpha", "delta"),
        "delta": ("beta", "gamma"),
        "isle": (),
    }
    assert b.by_id["isle"].sea_neighbours == ("delta",)
    p = b.picture
    assert p is not None
    for t in b.territories:  # each around its own point, in the points' order and proportions
        assert p.at(*p.labels[t.index]) == t.index
    (ax, ay), (bx, _), (_, gy), (ix, _) = p.labels[0], p.labels[1], p.labels[2], p.labels[4]
    assert ax < bx < ix and ay < gy and bx - ax == gy - ay
    assert not _meets(p, 0, 3) and not _meets(p, 1, 2)  # the square's diagonals are no borders


@pytest.mark.parametrize(
    "fault, says",
    [
        ("missing", "The colour-index image islands_map.gif cannot be used: no such map image"),
        (
            "no image",
            "The colour-index image islands_map.gif cannot be used: is not a GIF or PNG image riskterm "
            "can read (UnidentifiedImageError)",
        ),
    ],
)
def test_a_missing_or_unreadable_image_still_makes_a_board(tmp_path, capsys, fault, says):
    path = tiny_map(tmp_path, THICK_MAP, cards=None)
    if fault == "missing":
        (tmp_path / "islands_map.gif").unlink()
    else:
        (tmp_path / "islands_map.gif").write_bytes(b"GIF89a" + bytes(20))
    out = tmp_path / "out.yaml"
    assert main(["import-map", str(path), "-o", str(out)]) == 0
    printed = capsys.readouterr()
    assert f"note: {says}; its territories are drawn around their points" in printed.out, printed.out
    assert printed.err == ""
    assert main(["validate-map", str(out)]) == 0


def test_strangers_are_parted_and_points_on_one_spot_both_kept():
    """Points in a row with borders only between next ones: no two others meet; a repeated point is moved a
    little, so that both countries are drawn."""
    points = [(0, 0), (10, 0), (20, 0), (30, 0), (30, 0)]
    adj = [{1}, {0, 2}, {1, 3, 4}, {2, 4}, {2, 3}]
    picture, touch = picture_from_points(points, adj)
    assert touch == {(0, 1), (1, 2), (2, 3), (3, 4)}  # 4 lies behind 3 (moved off their spot)
    counts = picture.pixel_counts(5)
    assert all(counts) and len(set(picture.labels)) == 5
    assert not _meets(picture, 0, 2) and not _meets(picture, 1, 3)
    assert picture.at(0, 0) == SEA


def test_a_thinly_spread_map_stays_within_its_size():
    """A map of two clusters far apart is drawn with its points closer, not on a huge picture."""
    points = [(0, 0), (5, 0), (0, 5), (100000, 0), (100005, 0)]
    adj = [{1, 2}, {0, 3}, {0}, {1, 4}, {3}]
    picture, _ = picture_from_points(points, adj)
    assert picture.width <= 700 and all(picture.pixel_counts(5))


def test_every_territory_has_its_name_and_count_on_a_small_screen(tmp_path):
    b = board_of(import_map(tiny_map(tmp_path, FAR_ISLE, cards=None)))
    base = lay_out(b, 1.0, 1.0)
    for width, height in ((40, 20), (98, 44)):
        plan = lay_out(b, width / base.art_width, height / base.art_height)
        armies = {t for row in plan.slots_on for t, role, _, w in row if role == "army" and w >= 3}
        assert armies == set(range(5))
        assert list(plan.names) == [t.name for t in b.territories]
