"""Every kind of bad save is refused with one clear sentence (SaveError), and the file is left byte for byte
as it was."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from record_helpers import drive, new_session

from riskterm.cli import main
from riskterm.errors import SaveError
from riskterm.record import load_game, write_save
from riskterm.record.saveformat import checksum


@pytest.fixture
def good(tmp_path: Path) -> Path:
    session = new_session("classic", 21)
    drive(session, random.Random(21), 250)
    return write_save(session, tmp_path / "good.json")


def edit_doc(change: Callable[[dict], None], fix_checksum: bool = True) -> Callable[[bytes], bytes]:
    def f(raw: bytes) -> bytes:
        doc = json.loads(raw)
        change(doc)
        if fix_checksum:
            doc["checksum"] = checksum(doc)
        return json.dumps(doc).encode()

    return f


def set_key(key: str, value: object) -> Callable[[dict], None]:
    return lambda d: d.__setitem__(key, value)


def swap_action(d: dict) -> None:
    d["actions"][40] = d["actions"][40].replace("place", "claim") if "place" in d["actions"][40] else "end"


def drop_last_action(d: dict) -> None:
    d["actions"].pop()


def snapshot_armies(d: dict) -> None:
    d["snapshot"]["armies"][0] += 5


CASES: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "empty": (lambda raw: b"", "empty"),
    "truncated-half": (lambda raw: raw[: len(raw) // 2], "truncated"),
    "truncated-end": (lambda raw: raw[:-3], "truncated"),
    "truncated-start": (lambda raw: raw[:40], "truncated"),
    "binary": (lambda raw: bytes(range(256)) * 4, "damaged"),
    "garbage-in-middle": (lambda raw: raw[:300] + b"#@!" + raw[303:], "damaged"),
    "not-a-save": (lambda raw: b'{"hello": "world"}', "not a riskterm save"),
    "json-list": (lambda raw: b"[1, 2, 3]", "not a riskterm save"),
    "deeply-nested": (lambda raw: b"[" * 100_000 + b"]" * 100_000, "damaged"),
    "utf8-bom-garbage": (lambda raw: b"\xff\xfe" + raw, "damaged"),
    "newer-format": (edit_doc(set_key("format", 99)), "newer riskterm"),
    "tampered-action": (edit_doc(swap_action, fix_checksum=False), "changed since riskterm wrote it"),
    "tampered-snapshot": (edit_doc(snapshot_armies, fix_checksum=False), "changed since riskterm wrote it"),
    "tampered-seed": (edit_doc(set_key("seed", 22), fix_checksum=False), "changed since riskterm wrote it"),
    "forged-action": (edit_doc(swap_action), "does not replay"),
    "forged-drop-action": (edit_doc(drop_last_action), "does not replay"),
    "forged-snapshot": (edit_doc(snapshot_armies), "does not replay to the position"),
    "forged-seed": (edit_doc(set_key("seed", 22)), "does not replay"),
    "board-changed": (edit_doc(set_key("board_sha256", "0" * 64)), "board file has changed"),
    "unknown-rulebook": (edit_doc(set_key("variant", "nonesuch")), "rulebook"),
    "wrong-type": (edit_doc(set_key("actions", "claim alaska")), "damaged"),
    "bad-players": (edit_doc(set_key("players", [{"colour": "red"}])), "damaged"),
    "bad-format-field": (edit_doc(set_key("format", "one")), "damaged"),
    "path-in-game-id": (edit_doc(set_key("game_id", "../../evil")), "game id"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_save_refused_and_untouched(good: Path, case: str) -> None:
    make, phrase = CASES[case]
    bad = good.with_name(f"{case}.json")
    bad.write_bytes(make(good.read_bytes()))
    before = bad.read_bytes()
    mtime = os.stat(bad).st_mtime_ns
    with pytest.raises(SaveError) as err:
        load_game(bad)
    msg = str(err.value)
    assert phrase in msg
    assert "\n" not in msg and msg.endswith(".") and str(bad) in msg
    assert bad.read_bytes() == before and os.stat(bad).st_mtime_ns == mtime
    assert sorted(p.name for p in bad.parent.iterdir()) == sorted({"good.json", bad.name})


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no save file"):
        load_game(tmp_path / "nope.json")
    with pytest.raises(SaveError, match="folder"):
        load_game(tmp_path)


def test_good_save_loads_and_whitespace_does_not_matter(good: Path) -> None:
    load_game(good)
    pretty = good.with_name("pretty.json")
    pretty.write_text(json.dumps(json.loads(good.read_bytes()), indent=4))
    load_game(pretty)


def test_check_save_command(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = good.read_bytes()
    assert main(["check-save", str(good)]) == 0
    assert capsys.readouterr().out.startswith("ok:")
    bad = good.with_name("bad.json")
    bad.write_bytes(before[:-10])
    assert main(["check-save", str(bad)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "truncated" in err and err.count("\n") == 1  # Refusals on stderr
    assert main(["check-save", "--json", str(bad)]) == 2
    assert json.loads(capsys.readouterr().out)["ok"] is False
    assert good.read_bytes() == before


def test_board_file_changed_since_the_save(good: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board file on disk differs from the one the game was played on (its sha256 changed)."""
    from dataclasses import replace

    import riskterm.record.load as load_mod
    from riskterm.rules import find_variant

    real = find_variant("classic")
    monkeypatch.setattr(
        load_mod, "load_board", lambda board_id: replace(real.board, digest="f" * 64, file_digests=())
    )
    before = good.read_bytes()
    with pytest.raises(SaveError, match="board file has changed since"):
        load_game(good)
    assert good.read_bytes() == before
