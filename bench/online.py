"""Online play on 127.0.0.1: frames per turn, latency from an action to the other screens, reconnect time.

    PYTHONPATH=. python bench/online.py [--moves 300] [--variant classic]

Three seats and a spectator connect to a host on port 0; the actor's screen sends a random legal action from
its own view; the latency is from sending it until every other screen has the new state."""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "net"))
from net_helpers import Seat, start_host, until  # noqa: E402


async def bench(variant: str, moves: int) -> None:
    server, port = await start_host(variant, ["Ann", "Bob", "Cid"], 4)
    host = server.host
    seats = [await Seat(port, host.code, n).start() for n in ("Ann", "Bob", "Cid")]
    seats.append(await Seat(port, host.code, "Eve", watch=True).start())
    by_seat = {s.client.seat: s for s in seats}
    rng = random.Random(1)
    lat: list[float] = []
    frames0, bytes0, turn0 = host.sent_frames, host.sent_bytes, host.session.state.get("turn", 0)
    for _ in range(moves):
        v = host.version
        await until(lambda v=v: all(s.version() == v for s in seats))
        actor = host.rules.actor(host.session.state)
        if actor is None:
            break
        me = by_seat[actor]
        t0 = time.perf_counter()
        await me.client.act(str(rng.choice(host.rules.legal_actions(me.state["view"]))), v)
        await until(lambda v=v, me=me: all(s.version() > v for s in seats if s is not me))
        lat.append(time.perf_counter() - t0)
    turns = max(1, host.session.state.get("turn", 0) - turn0)
    frames = host.sent_frames - frames0
    print(
        f"{variant}: {len(lat)} actions, {turns} turns, {frames} frames to 4 screens: "
        f"{frames / turns:.1f} frames per turn, {frames / max(1, len(lat)):.1f} per action, "
        f"{(host.sent_bytes - bytes0) / max(1, frames) / 1024:.1f} KiB per frame"
    )
    q = statistics.quantiles(lat, n=20)
    print(
        f"latency action -> every other screen: median {statistics.median(lat) * 1000:.1f} ms, "
        f"p95 {q[-1] * 1000:.1f} ms, max {max(lat) * 1000:.1f} ms"
    )
    gone = seats[0]
    token = gone.client.token
    await gone.stop()
    await until(lambda: not host.connected(0))
    t0 = time.perf_counter()
    back = await Seat(port, host.code, "Ann", token=token).start()
    await until(lambda: back.version() == host.version)
    print(
        f"reconnect (new socket, hello, seat back, full state): {(time.perf_counter() - t0) * 1000:.1f} ms "
        f"at {host.version} actions"
    )
    for s in [back, *seats[1:]]:
        await s.stop()
    await server.stop()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--moves", type=int, default=300)
    p.add_argument("--variant", default="classic")
    a = p.parse_args()
    asyncio.run(bench(a.variant, a.moves))


if __name__ == "__main__":
    main()
