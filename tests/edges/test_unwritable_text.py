"""A save holding text riskterm cannot write back (a lone surrogate, which UTF-8 cannot encode; NUL and other
control characters; a huge text; a key given twice) is refused by every command that reads saves with one
sentence and exit 2, never "something went wrong": the check is made once, when the JSON is parsed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import textual.app

from riskterm.cli import main
from riskterm.errors import SaveError
from riskterm.record import load_game
from riskterm.record.autosave import list_saves, saves_dir
from riskterm.record.saveformat import checksum

Change = Callable[[dict[str, Any]], None]


def _set(*where: Any, value: Any) -> Change:
    def change(doc: dict[str, Any]) -> None:
        parent = doc
        for k in where[:-1]:
            parent = parent[k]
        parent[where[-1]] = value

    return change


CASES: dict[str, tuple[Change, str]] = {
    "surrogate-name": (
        _set("players", 0, "name", value="Ann\ud800"),
        "lone surrogate (U+D800) in its 'players'",
    ),
    "low-surrogate-option": (_set("options", "quick_start", value="\udfff"), "lone surrogate (U+DFFF)"),
    "surrogate-key": (_set("options", "\ud83d", value=1), "lone surrogate (U+D83D)"),
    "surrogate-action": (_set("actions", 0, value="claim \udc00"), "in its 'actions' field"),
    "surrogate-snapshot": (_set("snapshot", "phase", value="\ud800"), "in its 'snapshot' field"),
    "surrogate-version": (_set("riskterm", value="\udbff"), "lone surrogate"),
    "nul-name": (_set("players", 1, "name", value="B\x00b"), "control character (U+0000)"),
    "escape-variant": (_set("variant", value="classic\x1b[2J"), "control character (U+001B)"),
    "del-saved-at": (_set("summary", "saved_at", value="\x7f"), "control character (U+007F)"),
    "bidi-colour": (_set("players", 0, "colour", value="\u202ered"), "unprintable character (U+202E)"),
    "huge-text": (_set("options", "note", value="x" * 100_000), "a text of 100000 characters"),
    "huge-key": (_set("snapshot", "y" * 5000, value=0), "a text of 5000 characters"),
}


def forged(raw: bytes, change: Change) -> bytes:
    """The save edited as a forger would: the checksum recomputed where the text can be encoded at all."""
    doc = json.loads(raw)
    change(doc)
    try:
        doc["checksum"] = checksum(doc)
    except UnicodeEncodeError:
        pass
    return json.dumps(doc).encode()  # ASCII: a lone surrogate is written as its \\u escape


def refused_by(argv: list[str], capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "went wrong" not in err and "Traceback" not in err, err
    assert "\x1b" not in err and "\x00" not in err, err
    for w in words:
        assert w in err, err
    return err


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("command", ["check-save", "stats", "resume", "replay"])
def test_unwritable_text_is_refused(
    good: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, case: str, command: str
) -> None:
    monkeypatch.setattr(textual.app.App, "run", lambda self, *a, **k: None)
    change, words = CASES[case]
    raw = forged(good.read_bytes(), change)
    good.write_bytes(raw)
    refused_by([command, str(good)], capsys, "is damaged", words)
    assert good.read_bytes() == raw


def test_check_save_json_stays_ascii_json(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good.write_bytes(forged(good.read_bytes(), CASES["surrogate-name"][0]))
    assert main(["check-save", "--json", str(good)]) == 2
    out = capsys.readouterr().out
    assert json.loads(out)["ok"] is False


def test_a_key_given_twice_is_refused(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = good.read_bytes()
    twice = raw.replace(b'"seed": 5,', b'"seed": 5,\n "seed": 6,', 1)
    assert twice != raw
    good.write_bytes(twice)
    refused_by(["check-save", str(good)], capsys, "the key 'seed' twice")
    with pytest.raises(SaveError, match="twice"):
        load_game(good)


def test_listing_skips_such_saves(good: Path) -> None:
    """`resume --list` and the new-game screen read headers only: a save with a lone surrogate in a name is
    left out of the list instead of breaking it."""
    folder = saves_dir()
    folder.mkdir(parents=True)
    (folder / "fine.json").write_bytes(good.read_bytes())
    (folder / "bad.json").write_bytes(forged(good.read_bytes(), CASES["surrogate-name"][0]))
    assert [g.path.name for g in list_saves()] == ["fine.json"]
    assert main(["resume", "--list"]) == 0


@pytest.mark.parametrize("number", [b"1e999", b"-1e999", b"1e400"])
def test_a_number_that_reads_as_infinity_is_refused(
    good: Path, capsys: pytest.CaptureFixture[str], number: bytes
) -> None:
    """JSON has no infinity, but 1e999 reads as one in Python: refused, not passed on to int()."""
    raw = good.read_bytes()
    doc = json.loads(raw)
    doc["summary"]["moves"] = "@"
    good.write_bytes(json.dumps(doc).replace('"@"', number.decode()).encode())
    refused_by(["check-save", str(good)], capsys, "far larger than any save has")
    assert list_saves(good.parent) == []


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.__setitem__("name", "A\x00B"), "name: holds the control character U+0000"),
        (lambda d: d.__setitem__("notes", "fine\nlines\x1b[2J"), "notes: holds the control character U+001B"),
        (lambda d: d["territories"][1].__setitem__("name", "Mill\x07"), "holds the control character U+0007"),
        (
            lambda d: d["territories"][0].__setitem__("\u202ecard", "x"),
            "a key holds the control character U+202E",
        ),
        (lambda d: d["regions"][0].__setitem__("name", "Row\n1"), "holds the control character U+000A"),
    ],
    ids=["nul-name", "escape-notes", "bell-territory", "bidi-key", "newline-region"],
)
def test_board_text_a_board_never_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Change, words: str
) -> None:
    """A board file's texts are shown on the map, in lists and in messages: control characters are refused
    (line breaks and tabs only in the art and the notes)."""
    from support.boards import grid_board, write_board

    doc = grid_board(cols=3, rows=1)
    change(doc)
    path = write_board(tmp_path / "board.yaml", doc)
    assert main(["validate-map", str(path)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "\x1b" not in err and "\x00" not in err, err
