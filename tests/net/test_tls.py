"""TLS for online play: a host with a certificate the test makes itself (openssl; skipped where the command
is missing), joined over wss://; plain and untrusted connections refused with one sentence; `riskterm host`
over TLS from the command line, stopped by Ctrl+C, its last line saying where the game is saved; the warning
when a host or the join page listens beyond this machine without TLS."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from net_helpers import Seat, make_certificate, play, start_host

from riskterm.net.client import Client
from riskterm.net.tls import client_context, only_this_machine, server_context

NAMES = ["Ann", "Bob"]


@pytest.fixture(scope="module")
def certificate(tmp_path_factory) -> tuple[str, str]:
    if shutil.which("openssl") is None:
        pytest.skip("the openssl command is not installed")
    return make_certificate(tmp_path_factory.mktemp("tls"))


def test_a_game_over_tls_and_the_connections_it_refuses(certificate) -> None:
    cert, key = certificate

    async def go():
        server, port = await start_host("classic", NAMES, 3, tls=server_context(cert, key))
        code = server.host.code
        seats = [await Seat(port, code, n, tls=client_context(cert)).start() for n in NAMES]
        assert await play(server, seats, 10, random.Random(2)) == 10
        refusals = []
        for tls in (None, client_context()):  # plain websocket; TLS without trusting the self-signed cert
            c = Client("127.0.0.1", port, code, "Eve", watch=True, keep_tokens=False, tls=tls)
            with pytest.raises(OSError) as e:
                await c.connect()
            refusals.append(str(e.value))
        for s in seats:
            await s.stop()
        await server.stop()
        return refusals

    plain, untrusted = asyncio.run(asyncio.wait_for(go(), 60))
    assert "closed the connection" in plain and "if it uses TLS, join with wss://" in plain
    assert "certificate this machine does not trust" in untrusted and "--tls-ca" in untrusted


def test_riskterm_host_over_tls_stops_on_ctrl_c_and_says_where_the_game_is(certificate, tmp_path) -> None:
    cert, key = certificate
    env = {**os.environ, "RISKTERM_DATA_DIR": str(tmp_path), "PYTHONPATH": str(Path(__file__).parents[2])}
    host = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "riskterm",
            "host",
            "--headless",
            "--names",
            "Ann,Bob",
            "--seed",
            "4",
            "--port",
            "0",
            "--tls-cert",
            cert,
            "--tls-key",
            key,
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert host.stdout is not None
        lines = [host.stdout.readline()]
        while lines[-1] and not lines[-1].startswith("Saved after every move"):
            lines.append(host.stdout.readline())
        join = next(line for line in lines if "riskterm join" in line).split()[-1]
        assert "@wss://127.0.0.1:" in join
        assert any("TLS certificate SHA-256:" in line for line in lines)
        assert any(f"--tls-ca and a copy of {cert}" in line for line in lines)

        async def ann():
            from riskterm.net.protocol import parse_address

            a = parse_address(join)
            seat = await Seat(a.port, a.code, "Ann", tls=client_context(cert)).start()
            assert seat.client.seat == 0
            await seat.stop()

        asyncio.run(asyncio.wait_for(ann(), 30))
        t0 = time.monotonic()
        host.send_signal(signal.SIGINT)
        out, err = host.communicate(timeout=20)
        assert time.monotonic() - t0 < 10
    finally:
        if host.poll() is None:
            host.kill()
    assert host.returncode == 0, err
    last = out.strip().splitlines()[-1]
    assert last.startswith("The game is saved in ") and str(tmp_path) in last, out
    assert "Warning" not in err and "something went wrong" not in err


def test_listening_beyond_this_machine_without_tls_warns(tmp_path) -> None:
    assert only_this_machine("127.0.0.1") and only_this_machine("::1") and only_this_machine("localhost")
    assert (
        not only_this_machine("0.0.0.0")
        and not only_this_machine("192.168.1.5")
        and not only_this_machine("::")
    )
    env = {**os.environ, "RISKTERM_DATA_DIR": str(tmp_path), "PYTHONPATH": str(Path(__file__).parents[2])}
    host = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "riskterm",
            "host",
            "--headless",
            "--names",
            "Ann,Bob",
            "--seed",
            "4",
            "--port",
            "0",
            "--listen",
            "0.0.0.0",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert host.stdout is not None
        for _ in range(4):
            host.stdout.readline()
        host.send_signal(signal.SIGINT)
        out, err = host.communicate(timeout=20)
    finally:
        if host.poll() is None:
            host.kill()
    assert "Warning: listening on 0.0.0.0 without TLS" in err
    assert out.strip().splitlines()[-1].startswith("The game is saved in ")


def test_connections_stuck_before_or_in_the_handshake_count_and_are_closed(certificate) -> None:
    """With TLS the door lets a connection in before its handshake: the caps and the deadline hold for those
    that never start one or never finish it."""
    from net_helpers import RawClient, until

    from riskterm.net.limits import Limits

    cert, key = certificate

    async def go():
        lim = Limits(upgrade_seconds=0.4, per_address=5, total=10)
        server, port = await start_host("classic", NAMES, 3, tls=server_context(cert, key), limits=lim)
        stuck = [await RawClient(port).open() for _ in range(7)]
        stuck[0].send(b"\x16\x03\x01\x00\x05hello")  # the start of a TLS record, never finished
        t0 = time.monotonic()
        closed = await asyncio.gather(*(c.closed_by_host(3.0) for c in stuck))
        assert all(closed) and time.monotonic() - t0 < 2.0
        await until(lambda: not server.door.open, what="the door to forget them")
        assert any(
            "had not joined, to let one from" in line for line in server.log.lines
        )  # the cap made room
        ann = await Seat(port, server.host.code, "Ann", tls=client_context(cert)).start()
        assert ann.client.seat == 0
        await ann.stop()
        await server.stop()

    asyncio.run(asyncio.wait_for(go(), 30))


@pytest.mark.parametrize(
    "argv, sentence",
    [
        (
            ["host", "--names", "A,B", "--tls-cert", "NONE", "--tls-key", "NONE"],
            "Cannot read the TLS certificate",
        ),
        (["host", "--names", "A,B", "--tls-cert", "TEXT"], "TLS needs both --tls-cert and --tls-key."),
        (["host", "--names", "A,B", "--tls-cert", "TEXT", "--tls-key", "TEXT"], "are not a PEM certificate"),
        (["join", "AB23CD@http://x:1"], "is not HOST:PORT, ws://HOST:PORT or wss://HOST:PORT."),
        (["join", "AB23CD@x:1", "--tls-ca", "TEXT"], "--tls-ca is for a host with TLS"),
        (["join", "AB23CD@wss://x:1", "--tls-ca", "TEXT"], "is not a PEM certificate."),
        (["serve", "wss://x:1", "--tls-ca", "NONE"], "Cannot read the certificate"),
    ],
)
def test_bad_tls_files_and_addresses_are_one_sentence(argv, sentence, tmp_path, capsys, monkeypatch) -> None:
    from riskterm.cli import main

    monkeypatch.setenv("RISKTERM_DATA_DIR", str(tmp_path))
    (tmp_path / "text.pem").write_text("not a certificate\n")
    files = {"NONE": str(tmp_path / "none.pem"), "TEXT": str(tmp_path / "text.pem")}
    assert main([files.get(a, a) for a in argv]) == 2
    err = capsys.readouterr().err
    assert sentence in err and err.count("\n") == 1, err
