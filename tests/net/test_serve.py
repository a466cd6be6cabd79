"""`riskterm serve`: the page's URLs follow the address the browser used (ssh -L, proxies), and each tab runs
the join screen of `riskterm join --ask`."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="textual-serve is not installed")

from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from riskterm.commands.serve import join_command, make_server  # noqa: E402


def test_page_urls_follow_the_browsers_address() -> None:
    async def go():
        server = make_server("127.0.0.1:8765", "127.0.0.1", 8000)
        async with TestClient(TestServer(await server._make_app())) as client:
            tunnel = await (await client.get("/", headers={"Host": "localhost:9999"})).text()
            proxied = await (
                await client.get(
                    "/",
                    headers={
                        "Host": "inner:1",
                        "X-Forwarded-Host": "games.example",
                        "X-Forwarded-Proto": "https",
                    },
                )
            ).text()
        return tunnel, proxied

    tunnel, proxied = asyncio.run(asyncio.wait_for(go(), 20))
    assert "ws://localhost:9999/ws" in tunnel and "http://localhost:9999/static/" in tunnel
    assert "8000" not in tunnel
    assert "wss://games.example/ws" in proxied and "https://games.example/static/" in proxied


def test_each_tab_runs_the_join_screen() -> None:
    assert join_command("AB23CD@10.0.0.2:8765").endswith("-m riskterm join --ask AB23CD@10.0.0.2:8765")
    assert join_command("@h:1").startswith("exec ")  # one process a tab, not a shell and riskterm


@pytest.mark.skipif(
    __import__("shutil").which("openssl") is None, reason="the openssl command is not installed"
)
def test_the_page_over_tls_opens_its_socket_with_wss(tmp_path) -> None:
    import aiohttp
    from aiohttp import web
    from net_helpers import make_certificate

    from riskterm.net.tls import client_context, server_context

    cert, key = make_certificate(tmp_path)

    async def go():
        server = make_server("wss://127.0.0.1:8765", "127.0.0.1", 0, server_context(cert, key), cert)
        runner = web.AppRunner(await server._make_app())
        await runner.setup()
        site = web.TCPSite(
            runner, "127.0.0.1", 0, ssl_context=server_context(cert, key)
        )  # as serve() runs it
        await site.start()
        port = runner.addresses[0][1]
        async with aiohttp.ClientSession() as s:
            async with s.get(f"https://127.0.0.1:{port}/", ssl=client_context(cert)) as r:
                page = await r.text()
        await runner.cleanup()
        return page, port

    page, port = asyncio.run(asyncio.wait_for(go(), 20))
    assert f"wss://127.0.0.1:{port}/ws" in page and f"https://127.0.0.1:{port}/static/" in page
    command = join_command("AB23CD@wss://h:1", "c.pem")  # each tab trusts the game host's certificate
    assert command.endswith(f"join --ask --tls-ca {Path('c.pem').resolve()} AB23CD@wss://h:1")


async def page_and_socket(origin: str | None, page: str = "/", host: str = "127.0.0.1:8000", **make) -> tuple:
    """The page's websocket URL and the status a socket from `origin` gets (a refused one starts no process)."""
    server = make_server("AB23CD@127.0.0.1:8765", "127.0.0.1", 8000, **make)
    async with TestClient(TestServer(await server._make_app())) as client:
        got = await client.get(page, headers={"Host": host})
        text, cookie = await got.text(), got.cookies.get("riskterm-browser")
        headers = {
            "Host": host,
            "Upgrade": "websocket",
            "Connection": "Upgrade",
            "Sec-WebSocket-Version": "13",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
            **({"Origin": origin} if origin else {}),
        }
        status = (await client.get("/ws", headers=headers)).status if origin else None
    url = text.split('data-session-websocket-url="')[1].split('"')[0]
    return url, status, cookie


def test_a_page_on_another_site_cannot_open_a_tab() -> None:
    """A socket claiming Origin http://evil.example was given the join screen and took a seat; refused now,
    and so is a site that renamed itself to reach a page served on loopback (DNS rebinding)."""
    _, foreign, _ = asyncio.run(page_and_socket("http://evil.example"))
    _, rebound, _ = asyncio.run(page_and_socket("http://evil.example:8000", host="evil.example:8000"))
    assert foreign == 403 and rebound == 403


def test_the_code_is_filled_in_only_for_a_page_opened_with_it() -> None:
    plain, _, cookie = asyncio.run(page_and_socket(None))
    given, _, _ = asyncio.run(page_and_socket(None, "/?code=ab23-cd"))
    odd, _, _ = asyncio.run(page_and_socket(None, "/?code=;rm -rf"))
    assert plain.endswith("/ws") and odd.endswith("/ws") and given.endswith("/ws/AB23CD")
    assert cookie is not None and len(cookie.value) >= 20 and cookie["httponly"]


def test_tabs_are_capped_and_each_browser_keeps_its_own_seats() -> None:
    from aiohttp.test_utils import make_mocked_request

    from riskterm.commands.tabs import Tabs, check_origins

    tabs = Tabs("0.0.0.0", check_origins(["https://games.example"]), total=3, per_address=2)

    def request(remote: str, origin: str = "https://games.example"):
        r = make_mocked_request("GET", "/ws", headers={"Host": "inner:8000", "Origin": origin})
        return r.clone(remote=remote)

    assert tabs.refusal(request("10.0.0.9")) is None  # an origin given with --allow-origin
    rebound = make_mocked_request(
        "GET", "/ws", headers={"Host": "evil.example:8000", "Origin": "http://evil.example:8000"}
    )
    assert (
        tabs.refusal(rebound)[0] == 403
    )  # with --allow-origin, the page's own origin only by a loopback name
    assert (
        Tabs("0.0.0.0").refusal(rebound) is None
    )  # (without it, a LAN page takes any name: the docs say so)
    with tabs.open(request("10.0.0.9")), tabs.open(request("10.0.0.9")):
        assert tabs.refusal(request("10.0.0.9"))[0] == 429 and tabs.refusal(request("10.0.0.8")) is None
        with tabs.open(request("10.0.0.8")):
            assert "3 tabs are open" in tabs.refusal(request("10.0.0.7"))[1]
    assert not tabs.open_by
    assert tabs.seats_file("a" * 24) != tabs.seats_file("b" * 24) and tabs.seats_file(None) == ""
    assert tabs.seats_file("../../etc/passwd") == ""
