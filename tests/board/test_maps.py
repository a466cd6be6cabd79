"""Every shipped board validates; the validator reports each kind of problem, all at once, naming file and key."""

import copy
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from riskterm.board import load_board, load_board_file
from riskterm.board.validate import validate
from riskterm.errors import MapError
from riskterm.paths import maps_dir

SHIPPED = sorted(p.stem for p in maps_dir().glob("*.yaml"))


@pytest.mark.parametrize("board_id", SHIPPED)
def test_shipped_maps_validate(board_id):
    b = load_board(board_id)
    assert b.id == board_id and len(b.territories) > 0


def test_classic_board_facts():
    b = load_board("classic")
    assert len(b.territories) == 42 and len(b.regions) == 6
    assert (
        sum(len(t.neighbours) for t in b.territories) // 2
        + sum(len(t.sea_neighbours) for t in b.territories) // 2
        == 83
    )
    assert "kamchatka" in b.by_id["alaska"].sea_neighbours
    assert all(t.get("card") in ("infantry", "cavalry", "artillery") for t in b.territories)


def test_expected_shipped_boards():
    assert {"classic", "europe", "risiko"} <= set(SHIPPED)


@pytest.fixture()
def doc():
    return yaml.safe_load((maps_dir() / "classic.yaml").read_text())


def problems(doc):
    return validate(doc, "bad.yaml")


def test_valid_doc_has_no_problems(doc):
    assert problems(doc) == []


def _t(doc, tid):
    return next(t for t in doc["territories"] if t["id"] == tid)


BREAKERS = {
    "unknown id": (
        lambda d: _t(d, "alaska")["neighbours"].append("atlantis"),
        "unknown territory 'atlantis'",
    ),
    "one-way": (lambda d: _t(d, "alaska")["neighbours"].remove("alberta"), "one-way border"),
    "duplicate id": (
        lambda d: d["territories"].append(copy.deepcopy(_t(d, "peru"))),
        "duplicate territory id",
    ),
    "duplicate border": (
        lambda d: _t(d, "peru")["neighbours"].append("brazil"),
        "duplicate border to 'brazil'",
    ),
    "no region": (lambda d: d["regions"][1]["territories"].remove("peru"), "is in no region"),
    "two regions": (lambda d: d["regions"][0]["territories"].append("peru"), "more than one region"),
    "negative bonus": (lambda d: d["regions"][0].update(bonus=-1), "must not be negative"),
    "negative tax": (lambda d: _t(d, "peru").update(tax=-2), "tax: must be a whole number 0 or more"),
    "wrong type": (lambda d: d["regions"][0].update(bonus="five"), "bonus: must be a whole number"),
    "stray glyph": (lambda d: d.update(art=d["art"].replace("  ", " }", 1)), "glyph '}'"),
    "missing from art": (
        lambda d: d.update(art=d["art"].replace(_t(d, "peru")["glyph"], " ")),
        "territories[peru]: is missing from the art",
    ),
    "bad label": (lambda d: _t(d, "peru").update(label=[0, 0]), "territories[peru].label"),
}


@pytest.mark.parametrize("name", BREAKERS)
def test_each_kind_of_broken_map_gives_its_own_problem(doc, name):
    breaker, expected = BREAKERS[name]
    breaker(doc)
    found = problems(doc)
    assert any(expected in p for p in found), found
    assert all(p.startswith("bad.yaml: ") for p in found)


def test_disconnected_board(doc):
    for t in doc["territories"]:
        if t["id"] in ("eastern_australia", "western_australia", "new_guinea", "indonesia"):
            t["neighbours"] = [
                n
                for n in t["neighbours"]
                if n in ("eastern_australia", "western_australia", "new_guinea", "indonesia")
            ]
            t["sea_neighbours"] = [
                n
                for n in t["sea_neighbours"]
                if n in ("eastern_australia", "western_australia", "new_guinea", "indonesia")
            ]
    _t(doc, "siam")["neighbours"].remove("indonesia") if "indonesia" in _t(doc, "siam")["neighbours"] else _t(
        doc, "siam"
    )["sea_neighbours"].remove("indonesia")
    assert any("disconnected" in p for p in problems(doc))


def test_every_problem_at_once(doc):
    for name in ("unknown id", "negative bonus", "stray glyph"):
        BREAKERS[name][0](doc)
    assert len(problems(doc)) >= 3


def test_not_yaml_and_not_a_mapping(tmp_path):
    p = tmp_path / "x.yaml"
    p.write_text("a: [unclosed\n")
    with pytest.raises(MapError, match="not valid YAML"):
        load_board_file(p)
    p.write_text("- just\n- a list\n")
    with pytest.raises(MapError, match="mapping"):
        load_board_file(p)
    with pytest.raises(MapError, match="no such board file"):
        load_board_file(tmp_path / "missing.yaml")


def test_validate_map_command(tmp_path):
    bad = tmp_path / "bad.yaml"
    d = yaml.safe_load((maps_dir() / "classic.yaml").read_text())
    d["regions"][0]["bonus"] = -3
    _t(d, "peru")["neighbours"].append("atlantis")
    bad.write_text(yaml.safe_dump(d))
    ok = subprocess.run(
        [sys.executable, "-m", "riskterm", "validate-map", str(maps_dir() / "classic.yaml")],
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0 and "42 territories" in ok.stdout
    r = subprocess.run(
        [sys.executable, "-m", "riskterm", "validate-map", str(bad)], capture_output=True, text=True
    )
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 2 and str(bad) in r.stderr


def test_maps_found_from_the_package():
    assert (maps_dir() / "classic.yaml").is_file()
    assert Path(maps_dir()).name == "maps"
