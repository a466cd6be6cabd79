"""A save's and a board's shape and types are checked before any code uses them (huge
numbers, options of the wrong type, `extra` that is not a mapping), and a save's summary must agree with its
replay. Each refusal is one sentence and exit 2, never "something went wrong" (exit 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from edges_helpers import edited

from riskterm.cli import main
from riskterm.errors import MapError, SaveError
from riskterm.paths import map_path
from riskterm.record import load_game


def refused(path: Path, capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(["check-save", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "went wrong" not in err, err
    for w in words:
        assert w in err, err
    return err


def test_a_save_with_a_5000_digit_integer(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = good.read_bytes().replace(b'"seed": 5', b'"seed": ' + b"7" * 5000, 1)
    assert raw != good.read_bytes()
    good.write_bytes(raw)
    refused(good, capsys, "5000 digits")


@pytest.mark.parametrize("text", [b"NaN", b"Infinity", b"-Infinity"])
def test_a_save_with_nan(good: Path, capsys: pytest.CaptureFixture[str], text: bytes) -> None:
    good.write_bytes(good.read_bytes().replace(b'"seed": 5', b'"seed": ' + text, 1))
    refused(good, capsys, "not a number a save may hold")


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d["options"].__setitem__("turn_cap", "x"), ["turn cap must be a whole number"]),
        (lambda d: d["options"].__setitem__("turn_cap", -5), ["turn cap"]),
        (lambda d: d["options"].__setitem__("quick_start", "yes"), ["quick start"]),
        (
            lambda d: d["options"].__setitem__("fortify", "anywhere"),
            ["not a choice for the house rule fortify"],
        ),
        (lambda d: d["options"].__setitem__("odd", [1, 2]), ["not a plain value"]),
        (lambda d: d["players"][2].__setitem__("ai", "godlike"), ["no computer level 'godlike'"]),
        (lambda d: d["players"][0].__setitem__("name", "\x1b]0;OWNED\x07\x1b[2J"), ["control character"]),
        (lambda d: d["players"][1].__setitem__("name", "ann"), ["two players are called"]),
        (lambda d: d.__setitem__("seed", -1), ["seed must be"]),
        (lambda d: d.__setitem__("seed", True), ["'seed' field"]),
        (lambda d: d.__setitem__("board_sha256", "xyz"), ["fingerprint"]),
        (lambda d: d["summary"].__setitem__("turn", "3"), ["summary's 'turn'"]),
        (lambda d: d.__setitem__("players", []), ["0 players"]),
    ],
    ids=[
        "turn_cap-x",
        "turn_cap-neg",
        "quick-str",
        "house-choice",
        "odd-list",
        "ai-godlike",
        "escape-name",
        "same-name",
        "seed-neg",
        "seed-bool",
        "sha",
        "summary-type",
        "no-players",
    ],
)
def test_forged_setups_are_refused(good: Path, capsys: pytest.CaptureFixture[str], change, words) -> None:
    good.write_bytes(edited(good.read_bytes(), change))
    err = refused(good, capsys, *words)
    assert "\x1b" not in err and "\x07" not in err


def test_summary_that_disagrees_with_the_replay(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The header `resume --list` shows must be the game the file replays."""
    good.write_bytes(edited(good.read_bytes(), lambda d: d["summary"].__setitem__("over", True)))
    refused(good, capsys, "does not agree with itself", "over", "unfinished")
    good.write_bytes(edited(good.read_bytes(), lambda d: d["summary"].update(over=False, moves=3)))
    refused(good, capsys, "moves")


def test_a_finished_game_whose_summary_says_unfinished(tmp_path: Path) -> None:
    from riskterm.record import write_save
    from riskterm.rules import PlayerSetup
    from riskterm.session import Session

    s = Session.new(
        "classic",
        [PlayerSetup("Ann"), PlayerSetup("Bob"), PlayerSetup("Cid")],
        1,
        {"quick_start": True, "turn_cap": 1},
    )
    while not s.rules.is_over(s.state):  # the turn cap ends it as a draw within a few actions
        acts = s.rules.legal_actions(s.state)
        s.apply(next((a for a in acts if a.kind == "end"), acts[-1]))
    path = write_save(s, tmp_path / "over.json")
    load_game(path)
    path.write_bytes(edited(path.read_bytes(), lambda d: d["summary"].__setitem__("over", False)))
    with pytest.raises(SaveError, match="its summary says over = False, but the game it replays is finished"):
        load_game(path)


# --- boards ----------------------------------------------------------------------------------------------
def board_doc() -> dict:
    return yaml.safe_load(map_path("classic").read_text(encoding="utf-8"))


@pytest.mark.parametrize("extra", [5, [1, 2], "text"])
def test_board_extra_must_be_a_mapping(tmp_path: Path, capsys: pytest.CaptureFixture[str], extra) -> None:
    doc = board_doc()
    doc["extra"] = extra
    p = tmp_path / "b.yaml"
    p.write_text(yaml.safe_dump(doc))
    assert main(["validate-map", str(p)]) == 2
    err = capsys.readouterr().err
    assert "extra: must be a mapping" in err and "went wrong" not in err


@pytest.mark.parametrize("where", ["bonus", "label", "text"])
def test_board_with_huge_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    text = map_path("classic").read_text(encoding="utf-8")
    if where == "text":  # beyond Python's int conversion limit: the YAML parser itself fails
        text = text.replace("bonus: 5", "bonus: " + "9" * 5000, 1)
    else:
        doc = board_doc()
        if where == "bonus":
            doc["regions"][0]["bonus"] = 10**400
        else:
            doc["territories"][0]["label"] = [10**30, 1]
        text = yaml.safe_dump(doc)
    p = tmp_path / "b.yaml"
    p.write_text(text)
    assert main(["validate-map", str(p)]) == 2
    err = capsys.readouterr().err
    assert "far too large" in err and "went wrong" not in err


def test_board_shape_problems_are_map_errors(tmp_path: Path) -> None:
    from riskterm.board import load_board_file

    for bad in ("notes: [1]\n", "? [1, 2]\n: x\n", "a: &a [1, 2]\nb: [*a, *a, *a]\nformat: .nan\n"):
        p = tmp_path / "b.yaml"
        p.write_text(bad)
        with pytest.raises(MapError):
            load_board_file(p)
