"""Importing a Conquest-format map (docs/map-format.md, "Importing a Conquest map"): told from a Domination map
by its sections, continents and territories read by name, each territory's shape the white area around its
point in the picture (land borders where they meet across the black line, sea-lines where they do not),
drawn from the points when the picture is missing or its areas cannot be told apart, and every fault one
sentence with exit 2 and nothing written. The map and its picture are drawn by the tests."""

from __future__ import annotations

import random

import pytest
from support.domination_maps import CONQUEST_BOXES, CONQUEST_MAP, board_of, conquest_map, mangled, refusal

from riskterm.board.community import import_map
from riskterm.cli import main


def test_a_conquest_map_reads_as_its_facts_with_its_picture(tmp_path):
    got = import_map(conquest_map(tmp_path))
    b = board_of(got)
    assert got.readings == []
    assert b.id == "lakes" and b.name == "Lakes"
    assert [(r.id, r.name, r.bonus, r.territories) for r in b.regions] == [
        ("north_shore", "North Shore", 3, ("northport", "eastwatch")),
        ("south_shore", "South Shore", 2, ("southport", "deepwater", "farisle")),
    ]
    # the square of four meets across its black lines; Farisle lies across the sea
    assert {t.id: (t.neighbours, t.sea_neighbours) for t in b.territories} == {
        "northport": (("eastwatch", "southport"), ()),
        "eastwatch": (("northport", "deepwater"), ()),
        "southport": (("northport", "deepwater"), ()),
        "deepwater": (("eastwatch", "southport"), ("farisle",)),
        "farisle": ((), ("deepwater",)),
    }
    p = b.picture
    assert p is not None
    for t, (x0, y0, x1, y1) in zip(b.territories, CONQUEST_BOXES, strict=True):  # each its white box
        assert p.at(x0, y0) == p.at(x1 - 1, y1 - 1) == t.index
    assert p.at(20, 10) == -1 and p.at(45, 30) == -1  # the black line and the sea
    assert "Imported from the Conquest map lakes.map" in b.notes and "author: riskterm tests" in b.notes


def test_without_its_picture_a_conquest_map_is_drawn_from_its_points(tmp_path, capsys):
    path = conquest_map(tmp_path, boxes=None)
    out = tmp_path / "out.yaml"
    assert main(["import-map", str(path), "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert (
        "note: The picture lakes.bmp cannot be used: no such map picture; its territories are drawn around "
        "their points"
    ) in printed
    assert "5 territories, 2 regions" in printed


@pytest.mark.parametrize(
    "change, says",
    [
        (
            {"sea": (255, 255, 255), "lines": False},
            "the white area of Northport covers over half of it (is the sea white too?)",
        ),
        ({"boxes": ((2, 2, 40, 20), *CONQUEST_BOXES[2:])}, "Eastwatch and Northport lie in one white area"),
        (
            {"text": CONQUEST_MAP.replace("Farisle,54,30", "Farisle,200,200")},
            "the point of Farisle (200, 200) is not on a white area",
        ),
    ],
)
def test_a_picture_whose_areas_cannot_be_told_apart_gives_way_to_the_points(tmp_path, change, says):
    got = import_map(conquest_map(tmp_path, **change))
    assert any(says in r and "its territories are drawn around their points" in r for r in got.readings), (
        got.readings
    )
    assert len(board_of(got)) == 5


def test_a_border_listed_one_way_reads_both_ways_and_names_match_in_any_case(tmp_path):
    text = CONQUEST_MAP.replace("Farisle,54,30,South Shore,Deepwater", "Farisle,54,30,south shore,DEEPWATER")
    got = import_map(conquest_map(tmp_path, text.replace(",Eastwatch,Farisle\n", ",Eastwatch\n")))
    assert got.readings == [
        "1 border is listed one way only (Farisle to Deepwater); riskterm reads each as a border both ways."
    ]
    assert board_of(got).by_id["deepwater"].sea_neighbours == ("farisle",)


BAD = {
    "not a territory": (
        lambda t: t.replace("Farisle,54,30", "Farisle,54"),
        "line 18: 'Farisle,54,South Shore,Deepwater' is not a territory (Name,x,y,Continent,Neighbour,...)",
    ),
    "unknown continent": (
        lambda t: t.replace("Farisle,54,30,South Shore", "Farisle,54,30,Atlantis"),
        "puts Farisle in the continent 'Atlantis', which [Continents] does not list",
    ),
    "unknown neighbour": (
        lambda t: t.replace(",Farisle\n", ",Fairisle\n"),
        "gives Deepwater the neighbour 'Fairisle', which is no territory in [Territories]",
    ),
    "twice": (
        lambda t: t.replace("Farisle,54,30", "Southport,54,30"),
        "lists the territory Southport a second time",
    ),
    "bad continent": (
        lambda t: t.replace("South Shore=2", "South Shore=two"),
        "'South Shore=two' is not a continent (Name=bonus)",
    ),
    "no territories": (lambda t: t.split("Northport,")[0], "lists no territory in [Territories]"),
}


@pytest.mark.parametrize("name", BAD)
def test_bad_conquest_maps_are_one_sentence_exit_2_and_nothing_written(tmp_path, capsys, name):
    change, says = BAD[name]
    err = refusal(conquest_map(tmp_path, change(CONQUEST_MAP)), tmp_path / "out.yaml", capsys)
    assert says in err and err.startswith("lakes.map"), err


def test_mangled_conquest_maps_never_crash(tmp_path, capsys):
    """Random cuts, swaps and junk in the text, and damaged bytes in the picture, end in exit 0 or 2."""
    rng = random.Random(7)
    path = conquest_map(tmp_path)
    junk = [
        "[Territories]",
        "[Continents]",
        "[Map]",
        "a=b",
        ",,,",
        "x,1,2",
        "=5",
        "\x00",
        "é,1,1,North Shore",
        "image=lakes.map",
        "Northport,1,1,North Shore,Northport",
    ]
    for _ in range(12):
        path.write_text(mangled(rng, CONQUEST_MAP, junk, ","), encoding="utf-8")
        assert main(["import-map", str(path), "-o", str(tmp_path / "o.yaml"), "--force"]) in (0, 2)
    path = conquest_map(tmp_path)
    picture = (tmp_path / "lakes.bmp").read_bytes()
    for _ in range(6):
        data = bytearray(picture)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        (tmp_path / "lakes.bmp").write_bytes(bytes(data[: rng.randint(10, len(data))]))
        assert main(["import-map", str(path), "-o", str(tmp_path / "o.yaml"), "--force"]) in (0, 2)
    capsys.readouterr()


def test_a_conquest_map_file_is_read_as_a_board_without_importing_it_first(tmp_path, capsys):
    path = conquest_map(tmp_path)
    assert main(["validate-map", str(path)]) == 0
    assert "lakes: 5 territories, 2 regions, 4 land borders, 1 sea-line" in capsys.readouterr().out
