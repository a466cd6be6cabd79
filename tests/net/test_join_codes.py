"""Wrong join codes are counted per guess (per hello), per address first, then in all: many sockets opened at
once get no more guesses than one, other addresses share the budget in all, and while it is spent a fresh
address still has its first guesses looked at, so a player with the right code gets in; a seat's token is no
guess. The bound over a day is the figure the host's limits promise."""

from __future__ import annotations

import asyncio

from net_helpers import RawClient, Seat, start_host

from riskterm.net.limits import Bucket, Guesses, Limits, address_key
from riskterm.net.protocol import CODE_ALPHABET, CODE_LENGTH


def wrong(code: str) -> str:
    return next(c for c in ("ABCDEF", "ABCDEG") if c != code)


async def guess(port: int, code: str, local: str = "127.0.0.1") -> str:
    c = await RawClient(port, local=local).open()
    try:
        await c.hello(code, "Eve")
        return (await c.receive())["text"]
    finally:
        c.close()


def test_parallel_sockets_get_no_more_guesses_than_one() -> None:
    async def go():
        server, port = await start_host(
            "classic", ["Ann", "Bob"], 5, limits=Limits(guesses_free_per_address=3, guesses_free_in_all=5)
        )
        code = server.host.code
        ann = await Seat(port, code, "Ann").start()
        token = ann.client.token
        await ann.stop()
        texts = await asyncio.gather(
            *(guess(port, wrong(code)) for _ in range(12))
        )  # under the cap per address
        checked = [t for t in texts if "not this game's" in t]
        assert len(checked) == 3 and all("from your address" in t for t in texts if t not in checked), texts
        others = [await guess(port, wrong(code), "127.0.0.2") for _ in range(3)]
        assert ["not this game's" in t for t in others] == [True, True, False]  # the budget in all is spent
        assert "from everywhere" in others[2]
        assert "No free seat is called Eve" in await guess(
            port, code, "127.0.0.3"
        )  # a fresh address: looked at
        back = await Seat(port, code, "Ann", token=token).start()  # a seat's token is no guess
        assert back.client.seat == 0
        await back.stop()
        await server.stop()

    asyncio.run(asyncio.wait_for(go(), 60))


def test_strangers_guessing_elsewhere_do_not_keep_out_a_player_with_the_code() -> None:
    """A stranger spends the budget in all from a few addresses; Bob, with the right code and no token, comes
    from an address of his own and is let in at once (the attack kept him out 20 times of 20)."""

    async def go():
        server, port = await start_host(
            "classic", ["Ann", "Bob"], 5, limits=Limits(guesses_free_per_address=3, guesses_free_in_all=4)
        )
        code = server.host.code
        texts = [await guess(port, wrong(code), f"127.0.{n}.1") for n in range(1, 4) for _ in range(3)]
        assert sum("not this game's" in t for t in texts) == 3 + 2 + 2 and "from everywhere" in texts[-1]
        bob = await RawClient(port, local="127.0.9.1").open()
        await bob.hello(code, "Bob")
        welcome = await bob.receive()
        assert welcome["type"] == "welcome" and welcome["seat"] == 1, welcome
        bob.close()
        await server.stop()

    asyncio.run(asyncio.wait_for(go(), 60))


def test_the_budget_refills_slowly_and_bounds_a_day() -> None:
    lim = Limits()
    g = Guesses(lim)
    tried, t = 0, 0.0
    while t < 86400:  # one guesser with every address it likes, trying as fast as the host lets it
        wait, _ = g.wait(f"10.0.{tried % 25}.{tried // 25 % 250}", t)  # (25 networks: 10.0.N.0/24)
        if wait > 0:
            t += wait
            continue
        g.wrong(f"10.0.{tried % 25}.{tried // 25 % 250}", t)
        tried += 1
    assert tried <= lim.wrong_guesses_per_day(networks=25) + 1
    assert lim.guess_chance_per_day() < 1e-6 and lim.guess_chance_per_day(networks=1000) < 1e-5
    assert lim.wrong_guesses_per_day() / len(CODE_ALPHABET) ** CODE_LENGTH == lim.guess_chance_per_day()


def test_buckets_and_addresses() -> None:
    b = Bucket(burst=2, every=10)
    assert b.take(0) and b.take(0) and not b.take(0) and b.wait(0) == 10
    assert not b.take(9.9) and b.take(10.0)
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff") == "2001:db8::/64"
    assert address_key("::ffff:10.0.0.1") == "10.0.0.1" and address_key("10.0.0.1") == "10.0.0.1"
