"""The probes of a stranger against a real `riskterm host --headless` and `riskterm serve` (their own processes)
on 127.0.0.1, each printed with what it got: a code holder joining first under a name no seat has, a seat
taken by name after its player dropped, a lone surrogate in chat, escape codes in chat, wrong codes from other
addresses while a player with the right code joins, a crowd of spectators while a player comes back with his
token, a flood's bytes waiting in the host's kernel, the save's file modes, and on the browser page: a socket
from another site, the code in the page, tabs opened at once and the processes they started.

    PYTHONPATH=. python bench/online_strangers.py [--tree PATH]

--tree runs the riskterm of another checkout (e.g. a worktree of an older commit) in the host and the page, to
compare; the probes themselves speak only the wire protocol. Strangers come from other loopback addresses
(127.0.N.M), as from other machines."""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "net"))
from net_helpers import RawClient, Seat, until  # noqa: E402

from riskterm.net.protocol import parse_address  # noqa: E402

NAMES = ["Ann", "Bob", "Cid"]


class Proc:
    """A riskterm command in a process of its own, its printed lines collected by a thread."""

    def __init__(self, tree: Path, data: Path, *args: str, ready: str) -> None:
        env = {**os.environ, "RISKTERM_DATA_DIR": str(data), "PYTHONPATH": str(tree)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "riskterm", *args],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
            cwd=tree,
        )
        self.lines: list[str] = []
        assert self.proc.stdout is not None
        while not any(ready in line for line in self.lines):
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit(f"riskterm {args[0]} did not start: {self.lines}")
            self.lines.append(line.rstrip())
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip())

    def children(self) -> int:
        """Processes started under this one (its session)."""
        sid = os.getsid(self.proc.pid)
        n = 0
        for pid in os.listdir("/proc"):
            if pid.isdigit() and int(pid) != self.proc.pid:
                try:
                    n += os.getsid(int(pid)) == sid
                except OSError:
                    pass
        return n

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, 9)


def start_host(tree: Path, data: Path) -> tuple[Proc, int, str]:
    host = Proc(
        tree,
        data,
        "host",
        "--headless",
        "--names",
        ",".join(NAMES),
        "--seed",
        "4",
        "--port",
        "0",
        ready="Saved after every move",
    )
    addr = parse_address(next(x for x in host.lines if "riskterm join" in x).split()[-1])
    return host, addr.port, addr.code


async def hello(port: int, local: str, **fields) -> dict:
    c = await RawClient(port, local=local).open()
    try:
        await c.upgrade()
        c.text(json.dumps({"v": 1, "type": "hello", "token": "", "watch": False, **fields}))
        return await c.receive()
    except (TimeoutError, ConnectionError, asyncio.IncompleteReadError) as e:
        return {"type": "cut", "text": type(e).__name__}
    finally:
        c.close()


def said(m: dict) -> str:
    return f"{m['type']}" + (
        f" seat {m['seat']}" if m["type"] == "welcome" else f": {m.get('text', '')[:90]}"
    )


async def probes(tree: Path, data: Path) -> None:
    host, port, code = start_host(tree, data)
    try:
        await probe_all(tree, data, host, port, code)
    finally:
        host.stop()


async def probe_all(tree: Path, data: Path, host: Proc, port: int, code: str) -> None:
    saved = (
        next(x for x in host.lines if "Saved after every move in" in x).split(" in ", 1)[1].split(".json")[0]
    )
    print(f"host pid {host.proc.pid} on port {port}")

    m = await hello(port, "127.0.10.1", code=code, name="Eve")
    print(f"1. before the start, a code holder says hello as 'Eve': {said(m)}")
    ann, cid = await Seat(port, code, "Ann").start(), await Seat(port, code, "Cid").start()
    print(f"   then Ann and Cid, invited: seats {ann.client.seat}, {cid.client.seat}")

    strangers = [f"127.0.{20 + i}.1" for i in range(5)]
    wrong = next(c for c in ("ABCDEF", "ABCDEG") if c != code)
    guesses = [await hello(port, a, code=wrong, name="Eve") for a in strangers for _ in range(6)]
    checked = sum("not this game's" in m.get("text", "") for m in guesses)
    bob = await Seat(port, code, "Bob").start()  # from 127.0.0.1, where nobody guessed
    print(
        f"2. strangers on {len(strangers)} networks guessed {len(guesses)} wrong codes ({checked} looked at, "
        f"the last: {said(guesses[-1])}); then Bob, the right code: {said(next(m for m in bob.msgs if m['type'] in ('welcome', 'bye')))}"
    )
    everyone = [ann, bob, cid]
    await until(
        lambda: all(s.state is not None for s in everyone) or bob.msgs[-1]["type"] == "bye", what="the start"
    )
    for _ in range(2):  # (a host that keeps him out: he waits as told, so the other probes can run)
        if bob.client.seat is not None:
            break
        wait = int(bob.msgs[-1]["text"].split("try again in ")[1].split()[0]) + 1
        print(f"   Bob waits {wait} s as told and tries again")
        await asyncio.sleep(wait)
        bob = await Seat(port, code, "Bob").start()
        everyone = [ann, bob, cid]
    if bob.client.seat is None:
        raise SystemExit("Bob could not join: the other probes need the game started")
    await until(lambda: all(s.state is not None for s in everyone), what="the start")
    token = bob.client.token
    await bob.stop()
    await asyncio.sleep(0.3)
    m = await hello(port, "127.0.40.1", code=code, name="bob")
    print(
        f"3. Bob dropped; a code holder says hello as 'bob': {said(m)}; Bob's token handed out: "
        f"{m.get('token') == token}"
    )
    bob = await Seat(port, code, "Bob", token=token).start()
    print(f"   Bob back with his token: seat {bob.client.seat}")
    everyone = [ann, bob, cid]

    eve = await RawClient(port, local="127.0.50.1").open()
    await eve.upgrade()
    eve.text(json.dumps({"v": 1, "type": "hello", "code": code, "name": "Eve", "watch": True, "token": ""}))
    await eve.receive()
    await ann.client.chat("\x1b]2;OWNED\x07\u202eevil")
    await asyncio.sleep(1.1)
    chat = next((m["text"] for m in cid.msgs if m["type"] == "chat"), None)
    v0 = [s.version() for s in everyone]
    for _ in range(5):
        eve.text('{"v":1,"type":"chat","text":"\\ud800"}')
        await asyncio.sleep(1.1)
    cut = sum(s.client.ws is None or s.client.ws.closed for s in everyone)
    print(
        f"4. a spectator sent 5 chat lines holding a lone surrogate: {cut} of 3 players cut "
        f"(versions {v0} -> {[s.version() for s in everyone]})"
    )
    print(f"5. a chat line with OSC and U+202E reached Cid as {chat!r}")
    eve.close()
    for s in everyone:
        if s.client.ws is None or s.client.ws.closed:
            s.client.token = s.client.token or ""
    everyone = [
        await Seat(port, code, n, token=s.client.token).start()
        if s.client.ws is None or s.client.ws.closed
        else s
        for n, s in zip(NAMES, everyone, strict=True)
    ]

    cid_token = everyone[2].client.token
    await everyone[2].stop()
    await asyncio.sleep(0.3)
    crowd = []
    for i in range(64):
        c = await RawClient(port, local=f"127.1.{i // 8}.{i % 8 + 1}").open()
        try:
            await c.upgrade()
            c.text(
                json.dumps(
                    {"v": 1, "type": "hello", "code": code, "name": f"W{i}", "watch": True, "token": ""}
                )
            )
            crowd.append((c, await c.receive()))
        except (TimeoutError, ConnectionError, asyncio.IncompleteReadError):
            crowd.append((c, {"type": "cut"}))
    watching = sum(m["type"] == "welcome" for _, m in crowd)
    back = await hello(port, "127.0.60.1", code=code, name="Cid", token=cid_token)
    print(
        f"6. Cid dropped; 64 spectators from 64 addresses: {watching} watching; Cid back with his token: "
        f"{said(back)}"
    )
    for c, _ in crowd:
        c.close()
    await asyncio.sleep(0.5)

    flood = await RawClient(port, local="127.0.70.1").open()
    await flood.upgrade()
    flood.text(json.dumps({"v": 1, "type": "hello", "code": code, "name": "F", "watch": True, "token": ""}))
    await flood.receive()
    frame = json.dumps({"v": 1, "type": "act", "text": "x" * 3000, "version": 0})
    t0 = time.monotonic()
    while time.monotonic() - t0 < 2.0:
        for _ in range(50):
            flood.text(frame)
        await asyncio.sleep(0.01)
    local = flood.writer.get_extra_info("sockname")
    out = subprocess.run(
        ["ss", "-Htn", "state", "established", f"( dport = :{local[1]} )"], capture_output=True, text=True
    ).stdout.split()
    print(
        f"7. a flood for 2 s: {int(out[0]) / 1024:.0f} KiB wait unread in the host's kernel (Recv-Q of its "
        f"socket), {flood.writer.transport.get_write_buffer_size() / 1024:.0f} KiB on the flooder's side"
    )
    flood.close()

    path = Path(saved + ".json")
    print(
        f"8. the save {path.name}: file {stat.S_IMODE(path.stat().st_mode):o}, folder "
        f"{stat.S_IMODE(path.parent.stat().st_mode):o}"
    )

    web = free_port()
    page = Proc(
        tree, data, "serve", f"{code}@127.0.0.1:{port}", "--port", str(web), ready="Serving the join page"
    )
    try:
        await probe_page(page, web)
    finally:
        page.stop()
    for s in everyone[:2]:
        await s.stop()


async def probe_page(page: Proc, web: int) -> None:
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", web), 1).close()
            break
        except OSError:
            time.sleep(0.2)
    body = http_get(web, "/")
    given = http_get(web, "/?code=AB23CD")
    url = body.split('data-session-websocket-url="')[1].split('"')[0]
    print(
        f"9. serve's page: its socket {url} without ?code, "
        f"{given.split('data-session-websocket-url=')[1].split(chr(34))[1]} with ?code=AB23CD"
    )
    status = ws_status(web, "http://evil.example")
    print(f"   a socket with Origin http://evil.example: HTTP {status}")
    time.sleep(1.0)
    socks, statuses = [], []
    for _ in range(20):
        s, st = ws_open(web, f"http://127.0.0.1:{web}")
        socks.append(s)
        statuses.append(st)
    time.sleep(3.0)
    print(
        f"   20 tabs opened at once from the page's own origin: {statuses.count(101)} started, "
        f"{statuses.count(429)} refused; {page.children()} processes under the page"
    )
    for s in socks:
        s.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def http_get(port: int, path: str) -> str:
    with socket.create_connection(("127.0.0.1", port), 5) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return data.decode(errors="replace")


def ws_open(port: int, origin: str) -> tuple[socket.socket, int]:
    s = socket.create_connection(("127.0.0.1", port), 5)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        f"GET /ws?width=80&height=24 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        f"Origin: {origin}\r\n\r\n".encode()
    )
    head = s.recv(4096).decode(errors="replace")
    return s, int(head.split()[1]) if head.startswith("HTTP/") else 0


def ws_status(port: int, origin: str) -> int:
    s, status = ws_open(port, origin)
    s.close()
    return status


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument(
        "--tree", default=str(Path(__file__).resolve().parents[1]), help="the riskterm checkout to run"
    )
    a = p.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        asyncio.run(probes(Path(a.tree).resolve(), Path(d)))


if __name__ == "__main__":
    main()
