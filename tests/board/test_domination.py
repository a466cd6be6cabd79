"""Importing a Domination-format map (docs/map-format.md, "Importing a Domination map"): the .map sections, the
colour-index image read for the countries' shapes, land borders where countries touch and sea-lines where
they do not, the cards file, every fault of the input one sentence with exit 2 and nothing written, and each
reading stated. The maps are drawn by the tests (tests/support/domination_maps.py)."""

from __future__ import annotations

import random

import pytest
from support.domination_maps import (
    THICK_MAP,
    TINY_MAP,
    board_of,
    mangled,
    refusal,
    thick_boxes,
    tiny_map,
    world_map,
)

from riskterm.board.community import import_map
from riskterm.board.find import open_board
from riskterm.cli import main
from riskterm.tui.layout import lay_out


def test_the_tiny_map_reads_as_its_facts(tmp_path):
    got = import_map(tiny_map(tmp_path))
    b = board_of(got)
    assert got.readings == []
    assert b.id == "islands" and b.name == "Two Islands"
    assert [(r.id, r.bonus, r.territories) for r in b.regions] == [
        ("west", 2, ("northport", "southport")),
        ("east", 1, ("eastcape",)),
    ]
    # Northport and Southport touch in the image; Eastcape lies across the water
    assert b.by_id["northport"].neighbours == ("southport",)
    assert b.by_id["northport"].sea_neighbours == ("eastcape",)
    assert [t.get("card") for t in b.territories] == ["infantry", "cavalry", "artillery"]
    assert b.extra == {"wild_cards": 1}
    assert b.picture is not None and (b.picture.width, b.picture.height) == (40, 30)
    assert b.picture.labels[2] == (34, 15) and b.picture.at(30, 15) == 2 and b.picture.at(24, 15) == -1


def test_names_with_underscores_or_hyphens_read_with_spaces_and_missions_are_kept(tmp_path):
    text = TINY_MAP.replace("West 2", "Far_West 2").replace("Eastcape", "East-Cape")
    cards = (
        "[cards]\nInfantry 1\nCavalry 2\nCannon 3\n[missions]\n0 0 0 1 * 0 Conquer Far West and one more.\n"
    )
    b = board_of(import_map(tiny_map(tmp_path, text, cards)))
    assert b.regions[0].name == "Far West" and b.territories[2].name == "East Cape"
    assert b.extra["missions"] == [
        {
            "destroy": 0,
            "territories": 0,
            "min_armies": 0,
            "continents": ["far_west", "*"],
            "text": "Conquer Far West and one more.",
        }
    ]


def test_files_named_in_another_case_are_found(tmp_path):
    got = import_map(tiny_map(tmp_path, TINY_MAP.replace("islands_map.gif", "Islands_Map.GIF")))
    assert len(got.doc["territories"]) == 3


def test_a_one_way_border_reads_both_ways(tmp_path):
    got = import_map(tiny_map(tmp_path, TINY_MAP.replace("3 1\n", "3\n")))
    assert got.readings == [
        "1 border is listed one way only (Northport to Eastcape); riskterm reads each as a border both ways."
    ]
    assert "northport" in board_of(got).by_id["eastcape"].sea_neighbours


def test_a_palette_image_is_read_by_each_pixel_s_colour_as_domination_reads_it(tmp_path):
    """Domination's world, lotr and teg GIFs hold grey i+1 at palette index i: the country is the colour's
    blue, not the index (read by the index, every country took the next one's shape and the sea a country)."""
    got = import_map(tiny_map(tmp_path, shift=1))
    b = board_of(got)
    assert got.readings == []
    assert b.picture is not None and b.picture.at(10, 8) == 0 and b.picture.at(34, 15) == 2
    assert b.picture.at(24, 15) == -1 and b.picture.at(0, 0) == -1
    assert b.by_id["northport"].neighbours == ("southport",)


def test_an_image_whose_sea_reads_as_a_country_is_pointed_out(tmp_path):
    """A picture with no pixel of sea (or one country over half of it) was misread or is no colour-index
    image: the import says so in one sentence."""
    got = import_map(tiny_map(tmp_path, image={2: (2, 15, 18, 28), 3: (28, 8, 38, 22)}, sea=1))
    assert (
        "The image has no pixel of sea, as if the sea were a country: it may not be a colour-index image "
        "(each pixel's blue the number of its country, 255 the sea)."
    ) in got.readings
    got = import_map(tiny_map(tmp_path, image={1: (0, 0, 40, 24), 2: (2, 24, 18, 28), 3: (28, 24, 38, 30)}))
    assert any(r.startswith("The image gives Northport 80% of its pixels") for r in got.readings)


def test_the_picture_is_cut_to_its_land_and_a_sea_margin(tmp_path):
    """Empty sea beside the land (RiskEurope's legend side: its land fills half the width) is cut away, so the
    land gets the screen; the labels move with the picture."""
    boxes = {1: (62, 12, 78, 25), 2: (62, 25, 78, 38), 3: (88, 18, 98, 32)}
    text = TINY_MAP.replace("1 10 8", "1 70 18").replace("1 10 22", "1 70 32").replace("2 34 15", "2 94 25")
    b = board_of(import_map(tiny_map(tmp_path, text, image=boxes, size=(160, 50))))
    assert b.picture is not None and (b.picture.width, b.picture.height) == (36 + 6, 26 + 6)
    assert b.picture.labels == ((11, 9), (11, 23), (35, 16))
    assert b.picture.at(11, 9) == 0 and b.picture.at(35, 16) == 2 and b.picture.at(0, 0) == -1


@pytest.mark.parametrize("pen", [1, 3, 4, 6])
def test_land_borders_are_read_across_the_map_s_own_outline_width(tmp_path, pen):
    """Four countries drawn with a pen `pen` pixels wide between them are four land borders; the island 10
    pixels off is a sea-line (a fixed 2-pixel outline read uk's 3-pixel and eurasien's 4-pixel borders as
    sea-lines)."""
    got = import_map(tiny_map(tmp_path, THICK_MAP, None, image=thick_boxes(pen), size=(60, 42)))
    bd = board_of(got)
    assert {t.id: t.neighbours for t in bd.territories} == {
        "alpha": ("beta", "gamma"),
        "beta": ("alpha", "delta"),
        "gamma": ("alpha", "delta"),
        "delta": ("beta", "gamma"),
        "isle": (),
    }
    assert bd.by_id["isle"].sea_neighbours == ("delta",)
    assert any("drawn 4 pixels wide" in r for r in got.readings) == (pen == 4)


def test_a_country_missing_from_the_image_is_a_spot_at_its_point(tmp_path):
    got = import_map(tiny_map(tmp_path, image={1: (2, 2, 18, 15), 2: (2, 15, 18, 28)}))
    assert "1 country has no pixel in the image (Eastcape)" in got.readings[0]
    b = board_of(got)
    assert b.picture is not None and b.picture.at(34, 15) == 2
    assert "no pixel" in b.notes


def test_duplicate_names_are_told_apart_by_continent(tmp_path):
    got = import_map(tiny_map(tmp_path, TINY_MAP.replace("Eastcape", "Northport")))
    assert "used twice (Northport)" in got.readings[0]
    assert [t.name for t in board_of(got).territories] == [
        "Northport (West)",
        "Southport",
        "Northport (East)",
    ]


def test_cards_for_some_countries_only_leave_the_kinds_out(tmp_path):
    got = import_map(tiny_map(tmp_path, cards="[cards]\nInfantry 1\n"))
    assert got.readings == [
        "The cards file gives 1 of the 3 countries a card; the kinds are left out and go in turn."
    ]
    assert all(t.get("card") is None for t in board_of(got).territories)


BAD = {
    "unknown continent": (
        lambda t: t.replace("3 Eastcape 2", "3 Eastcape 7"),
        "puts country 3 (Eastcape) in continent 7, but it lists 2 continents",
    ),
    "unknown country": (lambda t: t.replace("2 1\n", "2 1 9\n"), "a border of country 2 with country 9"),
    "out of order": (lambda t: t.replace("2 Southport", "5 Southport"), "numbers its countries out of order"),
    "bad country": (lambda t: t.replace("2 Southport 1 10 22", "2 Southport x"), "is not a country"),
    "bad continent": (lambda t: t.replace("East 1 red", "East red"), "is not a continent"),
    "one country": (lambda t: t.split("2 Southport")[0], "fewer than two countries"),
    "disconnected": (lambda t: t.replace("1 2 3", "1 2").replace("3 1\n", "3\n"), "disconnected"),
}


@pytest.mark.parametrize("name", BAD)
def test_bad_maps_are_one_sentence_exit_2_and_nothing_written(tmp_path, capsys, name):
    change, says = BAD[name]
    err = refusal(tiny_map(tmp_path, change(TINY_MAP)), tmp_path / "out.yaml", capsys)
    assert says in err, err


def test_by_default_the_board_goes_to_the_data_folder_where_map_finds_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RISKTERM_DATA_DIR", str(tmp_path / "data"))
    assert main(["import-map", str(tiny_map(tmp_path))]) == 0
    assert "play it: riskterm --map islands" in capsys.readouterr().out
    assert open_board("islands").by_id["eastcape"].sea_neighbours == ("northport",)
    assert main(["validate-map", str(tmp_path / "data" / "boards" / "islands.yaml")]) == 0


def test_mangled_maps_never_crash(tmp_path, capsys):
    """Bad input never crashes: random cuts, swaps and junk in the .map text, and damaged bytes in its image,
    end in exit 0 or 2."""
    rng = random.Random(5)
    path = tiny_map(tmp_path)
    junk = [
        "[borders]",
        "[countries]",
        "9",
        "-1",
        "x y z",
        "0 0 0 0 0",
        "\x00",
        "é",
        "[files]",
        "map .",
        "1 1",
    ]
    for _ in range(24):
        path.write_text(mangled(rng, TINY_MAP, junk), encoding="utf-8")
        code = main(["import-map", str(path), "-o", str(tmp_path / "o.yaml")])
        assert code in (0, 2), capsys.readouterr().err
    path = tiny_map(tmp_path)
    image = (tmp_path / "islands_map.gif").read_bytes()
    for _ in range(12):  # and a damaged image
        data = bytearray(image)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        (tmp_path / "islands_map.gif").write_bytes(bytes(data[: rng.randint(10, len(data))]))
        code = main(["import-map", str(path), "-o", str(tmp_path / "o.yaml")])
        assert code in (0, 2), capsys.readouterr().err
    capsys.readouterr()


def test_a_generated_world_reads_every_territory_at_the_sizes_of_a_140x45_screen(tmp_path):
    """42 countries: at 140x45 (the map gets 98x44 cells) every territory shows a name of four letters or more
    (or its whole name), at 120x40 (78x39) three, and has a slot for its owner and armies."""
    b = board_of(import_map(world_map(tmp_path, countries=42, continents=6, seed=1, size=(300, 190))))
    assert len(b) == 42 and sum(len(t.sea_neighbours) for t in b.territories) > 0
    base = lay_out(b, 1.0, 1.0)
    for width, height, least in ((98, 44, 4), (78, 39, 3)):
        plan = lay_out(b, width / base.art_width, height / base.art_height)
        assert (plan.width, plan.height) == (width, height)
        armies = {t for row in plan.slots_on for t, role, _, w in row if role == "army" and w >= 3}
        assert armies == set(range(42))
        for t, name in zip(b.territories, plan.names, strict=True):
            assert name == t.name or len(name) >= least, (t.name, name, (width, height))


def test_a_map_file_is_read_as_a_board_without_importing_it_first(tmp_path, capsys):
    """`--map uk.map` and validate-map read a Domination map as the board import-map would write."""
    path = tiny_map(tmp_path)
    assert open_board(str(path)).digest == board_of(import_map(path)).digest
    assert main(["validate-map", str(path)]) == 0
    assert "islands: 3 territories, 2 regions, 1 land border, 1 sea-line" in capsys.readouterr().out
    (tmp_path / "islands_map.gif").unlink()  # drawn from the countries' points then
    assert main(["validate-map", str(path)]) == 0
    assert "islands: 3 territories" in capsys.readouterr().out


def test_the_output_is_a_regular_file_or_a_new_path_and_replaced_only_with_force(tmp_path, capsys):
    """-o onto a device, a pipe or a link is refused (run as root, `-o /dev/full` replaced /dev/full); a file
    that is there is replaced only with --force; each problem one sentence, exit 2."""
    import os

    path = tiny_map(tmp_path)
    out = tmp_path / "o.yaml"
    assert main(["import-map", str(path), "-o", str(out)]) == 0
    first = out.read_text()
    assert main(["import-map", str(path), "-o", str(out)]) == 2
    assert capsys.readouterr().err.endswith("o.yaml already exists; add --force to replace it.\n")
    assert main(["import-map", str(path), "-o", str(out), "--force"]) == 0 and out.read_text() == first
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "link").symlink_to(out)
    for name, says in (("pipe", "is not a regular file"), ("link", "is a link")):
        for argv in (["import-map", str(path)], ["new-map", "--territories", "6", "--regions", "2"]):
            assert main([*argv, "-o", str(tmp_path / name), "--force"]) == 2
            err = capsys.readouterr().err
            assert says in err and err.count("\n") == 1, err
    assert (tmp_path / "link").is_symlink() and not (tmp_path / "pipe").is_file()
    assert main(["new-map", "--territories", "6", "--regions", "2", "-o", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err


def test_a_file_name_too_long_is_one_sentence(tmp_path, capsys):
    """A .map naming a picture of thousands of characters ended in 'something went wrong inside riskterm'; the
    board is drawn from its points, and the note names the file by its ends."""
    path = tiny_map(tmp_path, TINY_MAP.replace("map islands_map.gif", "map " + "x" * 5000 + ".gif"))
    assert main(["import-map", str(path), "-o", str(tmp_path / "o.yaml")]) == 0
    note = capsys.readouterr().out.split("\n")[0]
    assert "cannot be used: cannot be read (File name too long), so it is not a map image;" in note, note
    assert len(note) < 400, note
    assert main(["import-map", str(path), "-o", str(tmp_path / ("y" * 5000))]) == 2
    assert "the name is too long for the file system" in capsys.readouterr().err
