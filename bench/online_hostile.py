"""A real `riskterm host --headless` (its own process) against slow, silent and hostile clients on 127.0.0.1:
the honest players' move latency (p95) alone, under a flood, and with silent and slow readers and half-open
requests; the host's open files and memory (from /proc) in each phase; join-code guesses per second with
parallel sockets from many addresses, and the chance over a day; the shutdown time with clients that never
read, and the host's last line. Every loop is bounded.

    PYTHONPATH=. python bench/online_hostile.py [--moves 150] [--silent 20] [--slow 10] [--half-open 100]

Bad clients come from other loopback addresses (127.0.0.2 and up), as from other machines: the host caps
connections per address."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "net"))
from net_helpers import RawClient, Seat, until, ws_frame  # noqa: E402

from riskterm.net.limits import Limits  # noqa: E402
from riskterm.net.protocol import CODE_ALPHABET, CODE_LENGTH, parse_address  # noqa: E402
from riskterm.rules import find_variant  # noqa: E402

NAMES = ["Ann", "Bob", "Cid"]


class Host:
    """`riskterm host --headless` in a process of its own; its printed lines collected by a thread."""

    def __init__(self, data: Path) -> None:
        env = {
            **os.environ,
            "RISKTERM_DATA_DIR": str(data),
            "PYTHONPATH": str(Path(__file__).resolve().parents[1]),
        }
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "riskterm",
                "host",
                "--headless",
                "--names",
                ",".join(NAMES),
                "--seed",
                "4",
                "--port",
                "0",
            ],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        assert self.proc.stdout is not None
        while not any("riskterm join" in line for line in self.lines):
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit(
                    "the host did not start: " + (self.proc.stderr.read() if self.proc.stderr else "")
                )
            self.lines.append(line.rstrip())
        self.addr = parse_address(next(line for line in self.lines if "riskterm join" in line).split()[-1])
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip())

    def files(self) -> int:
        return len(os.listdir(f"/proc/{self.proc.pid}/fd"))

    def rss_mib(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0


class Watch:
    """The host's open files and memory, sampled while a phase runs."""

    def __init__(self, host: Host) -> None:
        self.host, self.files, self.rss = host, [host.files()], [host.rss_mib()]
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(0.1)
            self.files.append(self.host.files())
            self.rss.append(self.host.rss_mib())

    def stop(self) -> str:
        self.task.cancel()
        return f"open files max {max(self.files)}, memory max {max(self.rss):.0f} MiB"


async def moves(seats: list[Seat], n: int, rng: random.Random) -> list[float]:
    """n honest moves, one per 30 ms at most (a quick player): the actor's screen sends a random legal action
    from its own view; the latency is until every screen has the new state. A refusal stops the bench."""
    rules = find_variant("classic")
    by_seat = {s.client.seat: s for s in seats}
    lat = []
    for _ in range(n):
        await asyncio.sleep(0.03)
        v = max(s.version() for s in seats)
        await until(lambda v=v: all(s.version() == v for s in seats), what=f"everyone at {v}")
        actor = seats[0].state["actor"]
        if actor is None:
            break
        me = by_seat[actor]
        t0, seen = time.perf_counter(), len(me.msgs)
        await me.client.act(str(rng.choice(rules.legal_actions(me.state["view"]))), v)
        await until(
            lambda v=v, me=me, seen=seen: (
                all(s.version() > v for s in seats) or any(m["type"] == "refused" for m in me.msgs[seen:])
            ),
            what="the move everywhere",
        )
        refused = [m["text"] for m in me.msgs[seen:] if m["type"] == "refused"]
        if refused:
            raise SystemExit(f"an honest move was refused: {refused[0]}")
        lat.append(time.perf_counter() - t0)
    return lat


def p95(lat: list[float]) -> str:
    q = statistics.quantiles(lat, n=20)[-1] if len(lat) > 1 else lat[0]
    return (
        f"{len(lat)} moves: median {statistics.median(lat) * 1000:.1f} ms, p95 {q * 1000:.1f} ms, "
        f"max {max(lat) * 1000:.1f} ms"
    )


async def flooder(port: int, code: str, local: str, stop: asyncio.Event, read: bool, big: bool) -> int:
    """A spectator sending chat lines (or 60 KiB messages) as fast as its socket takes them."""
    c = await RawClient(port, local=local).open()
    sent = 0
    try:
        await c.upgrade()
        c.text(
            json.dumps({"v": 1, "type": "hello", "code": code, "name": "Flood", "watch": True, "token": ""})
        )
        if not read:
            c.stop_reading()
        else:
            asyncio.create_task(c.closed_by_host(600))  # reads and throws away
        frame = (
            ws_frame(("x" * 60000).encode())
            if big
            else ws_frame(b'{"v":1,"type":"chat","text":"' + b"y" * 290 + b'"}')
        )
        while not stop.is_set():
            c.send(frame * 20)
            sent += 20
            assert c.writer is not None
            await asyncio.wait_for(c.writer.drain(), 5)
    except (TimeoutError, ConnectionError, asyncio.IncompleteReadError):
        pass
    finally:
        c.close()
    return sent


async def slow_reader(port: int, code: str, local: str, stop: asyncio.Event) -> None:
    c = await RawClient(port, local=local, rcvbuf=4096).open()
    try:
        await c.hello(code, "Slow")  # no seat free: it is refused, or watches when asked to
        while not stop.is_set():
            await c.receive()
            await asyncio.sleep(0.2)
    except (TimeoutError, ConnectionError, asyncio.IncompleteReadError, ValueError):
        pass
    finally:
        c.close()


async def silent(port: int, code: str, local: str) -> RawClient:
    c = await RawClient(port, local=local, rcvbuf=2048).open()
    await c.upgrade()
    c.text(json.dumps({"v": 1, "type": "hello", "code": code, "name": "Mute", "watch": True, "token": ""}))
    c.stop_reading()
    return c


async def guesses(port: int, code: str, seconds: float, sockets: int) -> tuple[int, int]:
    """Wrong codes from `sockets` parallel sockets on as many addresses, each guessing again as soon as it
    is answered: (guesses the host checked, guesses refused unchecked)."""
    wrong = next(c for c in ("ABCDEF", "ABCDEG") if c != code)
    end = time.monotonic() + seconds
    counts = [0, 0]

    async def one(i: int) -> None:
        while time.monotonic() < end:
            c = await RawClient(port, local=f"127.0.1.{i + 1}").open()
            try:
                await c.hello(wrong, "Eve")
                text = (await c.receive())["text"]
                counts[0 if "not this game's" in text else 1] += 1
            except (TimeoutError, ConnectionError, asyncio.IncompleteReadError):
                pass
            finally:
                c.close()

    await asyncio.gather(*(one(i) for i in range(sockets)))
    return counts[0], counts[1]


async def unlimited_rate(seconds: float, sockets: int) -> float:
    """Guesses per second the same sockets make against a host without the guess limit (in this process)."""
    from net_helpers import start_host

    lim = Limits(guesses_free_per_address=1e12, guesses_free_in_all=1e12)
    server, port = await start_host("classic", NAMES, 4, limits=lim)
    checked, _ = await guesses(port, server.host.code, seconds, sockets)
    await server.stop()
    return checked / seconds


async def bench(a: argparse.Namespace, data: Path) -> None:
    host = Host(data)
    port, code = host.addr.port, host.addr.code
    rng = random.Random(1)
    print(f"host pid {host.proc.pid}: {host.files()} open files, {host.rss_mib():.0f} MiB at start")
    seats = [await Seat(port, code, n).start() for n in NAMES]

    w = Watch(host)
    print("alone:", p95(await moves(seats, a.moves, rng)), "|", w.stop())

    stop = asyncio.Event()
    w = Watch(host)
    floods = [
        asyncio.create_task(flooder(port, code, "127.0.0.2", stop, read=True, big=False)),
        asyncio.create_task(flooder(port, code, "127.0.0.3", stop, read=False, big=False)),
        asyncio.create_task(flooder(port, code, "127.0.0.4", stop, read=True, big=True)),
    ]
    lat = await moves(seats, a.moves, rng)
    stop.set()
    sent = await asyncio.gather(*floods)
    print(f"under a flood ({sum(sent)} frames sent by 3 flooders):", p95(lat), "|", w.stop())

    stop = asyncio.Event()
    w = Watch(host)
    mutes = [await silent(port, code, f"127.0.2.{i + 1}") for i in range(a.silent)]
    slows = [asyncio.create_task(slow_reader(port, code, f"127.0.3.{i + 1}", stop)) for i in range(a.slow)]
    half = []
    for i in range(a.half_open):
        c = await RawClient(port, local=f"127.0.4.{i % 250 + 1}").open()
        c.send(b"GET /ws HTTP/1.1\r\nHost: x\r\n")
        half.append(c)
    lat = await moves(seats, a.moves, rng)
    stop.set()
    await asyncio.gather(*slows)
    print(
        f"with {a.silent} silent, {a.slow} slow and {a.half_open} half-open clients:", p95(lat), "|", w.stop()
    )
    await asyncio.sleep(Limits().upgrade_seconds + 1)
    print(f"  {Limits().upgrade_seconds + 1:g} s later (half-open ones closed): {host.files()} open files")
    for c in half:
        c.close()

    checked, refused = await guesses(port, code, a.guess_seconds, a.sockets)
    lim = Limits()
    print(
        f"join-code guesses, {a.sockets} parallel sockets from {a.sockets} addresses for {a.guess_seconds:g} s: "
        f"{checked} checked ({checked / a.guess_seconds:.2f}/s, the {lim.guesses_free_in_all:g} free ones), "
        f"{refused} refused unchecked; after that one per {lim.guess_every_in_all:g} s: at most "
        f"{lim.wrong_guesses_per_day():.0f} a day of {len(CODE_ALPHABET) ** CODE_LENGTH:,} codes, "
        f"chance {lim.guess_chance_per_day():.2e} a day"
    )
    back = await Seat(port, code, "Ann", token=seats[0].client.token).start()
    print(f"  a seat's token still gets its player in while guessing is blocked: seat {back.client.seat}")
    await back.stop()

    t0 = time.perf_counter()
    host.proc.send_signal(signal.SIGINT)
    host.proc.wait(30)
    took = time.perf_counter() - t0
    await asyncio.sleep(0.2)
    print(
        f"shutdown with {a.silent} silent clients connected: {took:.2f} s, exit {host.proc.returncode}; "
        f"last line: {host.lines[-1]!r}"
    )
    kinds = {
        "dropped (not reading)": "Dropped",
        "closed by the heartbeat (no pong)": "PONG",
        "closed without a websocket in time": "no websocket within",
        "refused at the cap": "Refused a conn",
        "flooding": "too many messages",
        "wrong codes": "wrong join code",
    }
    print(
        "host log:",
        ", ".join(f"{k} {sum(v in line for line in host.lines)}" for k, v in kinds.items()),
        "(lines, each holding back repeats within 10 s)",
    )
    for c in mutes:
        c.close()
    for s in seats:
        await s.stop()
    rate = await unlimited_rate(3.0, a.sockets)
    print(
        f"without the guess limit the same sockets check {rate:.0f} guesses/s: "
        f"{rate * 86400 / len(CODE_ALPHABET) ** CODE_LENGTH:.1%} of all codes a day"
    )


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--moves", type=int, default=150)
    p.add_argument("--silent", type=int, default=20)
    p.add_argument("--slow", type=int, default=10)
    p.add_argument("--half-open", type=int, default=100)
    p.add_argument("--sockets", type=int, default=50)
    p.add_argument("--guess-seconds", type=float, default=10.0)
    a = p.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        asyncio.run(bench(a, Path(d)))


if __name__ == "__main__":
    main()
