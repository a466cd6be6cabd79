"""What a host keeps for `riskterm host --resume` (the join code and seat tokens, apart from the save, readable
by its owner only) and the --on-turn command (no shell reads a player's name)."""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys

import pytest

from riskterm.commands.host import make_host
from riskterm.errors import RiskError
from riskterm.net.host import GameHost
from riskterm.net.keep import read_kept
from riskterm.net.onturn import TurnCommand
from riskterm.net.policy import HostPolicy
from riskterm.record.autosave import write_save
from riskterm.rules import PlayerSetup
from riskterm.session import Session


def resume_args(**given) -> argparse.Namespace:
    base = dict(resume="x", turn_time=None, grace=None, missed_turns=None, fill_absent=None)
    return argparse.Namespace(**{**base, **given})


def test_the_code_and_tokens_are_kept_apart_from_the_save_for_the_owner_only(tmp_path) -> None:
    session = Session.new("classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 8)
    kept = tmp_path / "hosted" / f"{session.game_id}.json"
    host = GameHost(session, policy=HostPolicy(turn_time=90, fill_level="normal"), kept=kept)
    tokens = {}
    for name in ("Ann", "Bob", "Cid"):
        got = host.join(name, None, False, lambda f: None)
        assert not isinstance(got, str)
        tokens[got[0].seat] = got[1]
    host.chat(host.conns[1], "/away")
    save = write_save(session, tmp_path / "game.json")
    text = save.read_text()
    assert host.code not in text and not any(t in text for t in tokens.values())  # the save can be shared
    if os.name == "posix":
        assert (
            stat.S_IMODE(kept.stat().st_mode) == 0o600 and stat.S_IMODE(kept.parent.stat().st_mode) == 0o700
        )
    again = make_host(resume_args(turn_time="24h"), session, None, kept)
    assert again.code == host.code and again.tokens == host.tokens and again.away == {1: "away"}
    assert again.policy == HostPolicy(turn_time=86400, fill_level="normal")  # kept, and what was given now
    assert again.notices == host.notices
    if os.name == "posix":
        kept.chmod(0o644)
        with pytest.raises(RiskError, match="others may read it"):
            read_kept(kept, session.game_id, 3)
        kept.chmod(0o600)
    data = json.loads(kept.read_text())
    kept.write_text(json.dumps({**data, "tokens": {"short": 0}}))
    kept.chmod(0o600)
    with pytest.raises(RiskError, match="not the join code and seat tokens of this game"):
        read_kept(kept, session.game_id, 3)
    with pytest.raises(RiskError, match="keeps no join code"):
        read_kept(tmp_path / "missing.json", session.game_id, 3)


def test_bad_host_settings_are_one_sentence() -> None:
    session = Session.new("classic", [PlayerSetup(n) for n in ("Ann", "Bob")], 1)
    for given, said in (
        ({"turn_time": "soon"}, "is not a time"),
        ({"fill_absent": "genius"}, "not a computer level"),
        ({"missed_turns": -1}, "missed turns"),
    ):
        with pytest.raises(RiskError, match=said):
            make_host(resume_args(resume=None, **given), session, None, None)


@pytest.mark.skipif(os.name != "posix", reason="a POSIX command to run")
def test_the_turn_command_gets_the_name_as_an_argument_never_through_a_shell(tmp_path) -> None:
    name = "x'; touch pwned; $(touch pwned2) `id`"
    cmd = TurnCommand(
        f'{sys.executable} -c \'import os,sys; open(sys.argv[1],"w").write(os.environ["RISKTERM_PLAYER"])\''
        f" {tmp_path}/turn-{{seat}}-{{player}}.txt",
        "g1",
    )
    assert cmd.argv_for(1, name, 30.0)[-1] == f"{tmp_path}/turn-2-{name}.txt"
    assert (
        cmd.argv_for(0, "{seat}", None)[-1] == f"{tmp_path}/turn-1-{{seat}}.txt"
    )  # a value is not read again
    cmd(1, name, 30.0)
    proc = cmd.running[0][0]
    assert proc.wait(20) == 0
    assert (tmp_path / f"turn-2-{name}.txt").read_text() == name
    assert not (tmp_path / "pwned").exists() and not list(tmp_path.glob("pwned*"))
    with pytest.raises(RiskError, match="no command"):
        TurnCommand("no-such-notifier-here {player}", "g1")
