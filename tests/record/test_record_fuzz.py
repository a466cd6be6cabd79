"""Any damage to a save file (a byte changed, dropped or added, the file cut short) is either refused with a
SaveError sentence or harmless (the same game loads): never a crash, and the file is never touched."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_helpers import drive, new_session

from riskterm.errors import SaveError
from riskterm.record import load_game, write_save
from riskterm.record.saveformat import plain

_GOOD: dict[str, object] = {}


def good_save(folder: Path) -> tuple[Path, bytes, object]:
    if "bytes" not in _GOOD:
        session = new_session("classic", 77)
        drive(session, random.Random(77), 120)
        path = write_save(session, folder / "good.json")
        _GOOD.update(bytes=path.read_bytes(), state=plain(session.state))
    return folder / "bad.json", _GOOD["bytes"], _GOOD["state"]  # type: ignore[return-value]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_damaged_saves_never_crash(tmp_path: Path, data: st.DataObject) -> None:
    path, raw, state = good_save(tmp_path)
    kind = data.draw(st.sampled_from(["flip", "drop", "insert", "cut"]))
    i = data.draw(st.integers(0, len(raw) - 1))
    if kind == "flip":
        bad = raw[:i] + bytes([raw[i] ^ data.draw(st.integers(1, 255))]) + raw[i + 1 :]
    elif kind == "drop":
        bad = raw[:i] + raw[i + 1 :]
    elif kind == "insert":
        bad = raw[:i] + bytes([data.draw(st.integers(0, 255))]) + raw[i:]
    else:
        bad = raw[:i]
    path.write_bytes(bad)
    try:
        session = load_game(path)
    except SaveError as e:
        assert str(e).endswith(".") and "\n" not in str(e)
    else:
        assert plain(session.state) == state  # only layout (whitespace) was touched
    assert path.read_bytes() == bad
