"""What riskterm writes that a stranger on the same machine must not read: an unfinished game's save holds the
seed and the random stream (every die to come, the deck's order) and every hand; the host's kept join code and
seat tokens, a player's tokens, the host's log and the crash log are the user's alone too. Files 0600, riskterm's
own folders 0700 (an existing one that others could read is made so)."""

from __future__ import annotations

import os
import stat

import pytest

from riskterm.paths import data_dir
from riskterm.rules import PlayerSetup
from riskterm.session import Session

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_saves_and_their_folder_are_the_users_alone() -> None:
    from riskterm.record.autosave import autosave, flush_autosaves, saves_dir, write_save

    session = Session.new("classic", [PlayerSetup("Ann"), PlayerSetup("Bob")], 3)
    saves_dir().mkdir(parents=True, mode=0o755)
    os.chmod(saves_dir(), 0o755)  # as an older riskterm (or the umask) left it
    path = write_save(session, saves_dir() / "g.json", sync=False)
    assert mode(path) == 0o600 and mode(saves_dir()) == 0o700
    background = autosave(session, background=True)
    flush_autosaves()
    assert mode(background) == 0o600


def test_the_hosts_files_and_the_crash_log_are_the_users_alone(tmp_path) -> None:
    from riskterm.commands.host import host_log
    from riskterm.crash import write_crash_log
    from riskterm.net.client import keep_token, tokens_file
    from riskterm.net.keep import kept_path, write_kept

    write, _ = host_log(headless=False)
    write("12:00:00 Refused 10.0.0.9: a wrong join code.")
    write_kept(kept_path("g1"), {"code": "ABCDEF"})
    keep_token("h:1/ABCDEF/ann", "x" * 24)
    path = write_crash_log(RuntimeError("boom"))
    assert [mode(p) for p in (data_dir() / "host.log", kept_path("g1"), tokens_file(), path)] == [0o600] * 4
    assert mode(kept_path("g1").parent) == 0o700
