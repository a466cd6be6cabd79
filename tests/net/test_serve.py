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
        server = make_server(join_command("127.0.0.1:8765"), "127.0.0.1", 8000)
        async with TestClient(TestServer(await server._make_app())) as client:
            tunnel = await (await client.get("/", headers={"Host": "localhost:9999"})).text()
            proxied = await (await client.get("/", headers={"Host": "inner:1", "X-Forwarded-Host": "games.example",
                                                            "X-Forwarded-Proto": "https"})).text()
        return tunnel, proxied

    tunnel, proxied = asyncio.run(asyncio.wait_for(go(), 20))
    assert "ws://localhost:9999/ws" in tunnel and "http://localhost:9999/static/" in tunnel
    assert "8000" not in tunnel
    assert "wss://games.example/ws" in proxied and "https://games.example/static/" in proxied


def test_each_tab_runs_the_join_screen() -> None:
    assert join_command("AB23CD@10.0.0.2:8765").endswith("-m riskterm join --ask AB23CD@10.0.0.2:8765")


@pytest.mark.skipif(__import__("shutil").which("openssl") is None, reason="the openssl command is not installed")
def test_the_page_over_tls_opens_its_socket_with_wss(tmp_path) -> None:
    import aiohttp
    from aiohttp import web
    from net_helpers import make_certificate

    from riskterm.net.tls import client_context, server_context

    cert, key = make_certificate(tmp_path)

    async def go():
        server = make_server(join_command("wss://127.0.0.1:8765", cert), "127.0.0.1", 0, server_context(cert, key))
        runner = web.AppRunner(await server._make_app())
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=server_context(cert, key))  # as serve() runs it
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
