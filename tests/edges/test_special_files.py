"""Every command that reads a file refuses anything that is not a regular file (a FIFO, a device,
also through a symlink) and caps what it reads, with one sentence naming the limit; nothing hangs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from riskterm.cli import main
from riskterm.record.autosave import list_saves
from riskterm.safe_io import ReadRefused, read_capped

pytestmark = pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev files are POSIX")

# every command that reads a file the user names, with what follows the file on its command line
READERS = [["check-save"], ["check-save", "--json"], ["stats"], ["validate-map"], ["resume"], ["replay"]]


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    p = tmp_path / "game.json"
    os.mkfifo(p)
    return p


@pytest.fixture
def zero_link(tmp_path: Path) -> Path:
    p = tmp_path / "zero.json"
    p.symlink_to("/dev/zero")
    return p


@pytest.mark.parametrize("cmd", READERS, ids=" ".join)
def test_fifo_is_refused_at_once(cmd: list[str], fifo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([cmd[0], str(fifo), *cmd[1:]]) == 2
    out, err = capsys.readouterr()
    said = err or out  # check-save --json answers on stdout
    assert "pipe (FIFO)" in said and "Traceback" not in said


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom", "link"])
@pytest.mark.parametrize("cmd", [["check-save"], ["stats"], ["validate-map"], ["resume"]], ids=" ".join)
def test_devices_are_refused(
    cmd: list[str], target: str, zero_link: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(zero_link) if target == "link" else target
    assert main([cmd[0], path, *cmd[1:]]) == 2
    err = capsys.readouterr().err
    assert "a device, not a regular file" in err and err.count("\n") == 1


def test_oversized_files_are_refused_naming_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import riskterm.board.loader as loader

    big = tmp_path / "big.yaml"
    with big.open("wb") as f:
        f.truncate(loader.MAX_BYTES + 1)  # sparse: no disk used
    assert main(["validate-map", str(big)]) == 2
    assert "larger than 1 MiB, the most riskterm reads" in capsys.readouterr().err
    save = tmp_path / "big.json"
    with save.open("wb") as f:
        f.truncate(64 * 1024 * 1024 + 1)
    assert main(["check-save", str(save)]) == 2
    assert "larger than 64 MiB" in capsys.readouterr().err


def test_a_file_growing_past_the_cap_while_read_is_refused(tmp_path: Path) -> None:
    p = tmp_path / "f"
    p.write_bytes(b"x" * 100)
    assert read_capped(p, 100) == b"x" * 100
    with pytest.raises(ReadRefused, match="larger than"):
        read_capped(p, 99)
    assert read_capped(p, 10, head=True) == b"x" * 10


def test_a_fifo_in_the_saves_folder_is_skipped_by_the_listing(data_home: Path, good: Path) -> None:
    saves = data_home / "saves"
    saves.mkdir(parents=True)
    os.mkfifo(saves / "fifo.json")
    (saves / "zero.json").symlink_to("/dev/zero")
    (saves / "good.json").write_bytes(good.read_bytes())
    assert [g.path.name for g in list_saves()] == ["good.json"]


def test_the_process_does_not_hang_on_a_fifo(fifo: Path) -> None:
    """The same, as a separate process with a timeout: a hang fails the test instead of stalling the suite."""
    r = subprocess.run(
        [sys.executable, "-m", "riskterm", "validate-map", str(fifo)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert r.returncode == 2 and "pipe (FIFO)" in r.stderr


def test_a_fifo_as_crash_log_does_not_hang_a_crash(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import riskterm.commands.odds as odds

    data_home.mkdir(parents=True)
    os.mkfifo(data_home / "crash.log")
    monkeypatch.setattr(odds, "run", lambda args: 1 / 0)
    assert main(["odds", "3", "2"]) == 1
    assert "no log could be written" in capsys.readouterr().err


def test_a_symlink_planted_at_the_temporary_name_is_not_followed(tmp_path: Path) -> None:
    from riskterm.record.atomic import atomic_write, temp_name

    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    target = tmp_path / "game.json"
    temp_name(target).symlink_to(victim)
    atomic_write(target, b"{}", sync=False)
    assert victim.read_text() == "keep me" and target.read_bytes() == b"{}" and not target.is_symlink()
