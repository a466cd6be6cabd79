"""A real browser: Debian's chromium and chromium-driver through selenium, two tabs on one game
through `riskterm serve`, checked through the host's state (the terminal is drawn on a canvas); screenshots
kept in the test's temporary folder (printed). Slow, and skipped where no browser is installed."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
webdriver = pytest.importorskip(
    "selenium.webdriver", reason="selenium is not installed (pip install selenium)"
)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not (CHROMIUM and DRIVER):
    pytest.skip("no browser: apt-get install chromium chromium-driver", allow_module_level=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def until(cond, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def browser():
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    opts = Options()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,900"):
        opts.add_argument(a)
    return webdriver.Chrome(service=Service(DRIVER), options=opts)


def type_into_terminal(driver, text: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(text).perform()


def test_two_browser_tabs_play_one_game(tmp_path: Path) -> None:
    from riskterm.commands.host import Serving
    from riskterm.net.host import GameHost
    from riskterm.rules import PlayerSetup
    from riskterm.session import Session

    session = Session.new(
        "classic", [PlayerSetup("Ann"), PlayerSetup("Bob"), PlayerSetup("Cid", ai="easy")], 12
    )
    host = GameHost(session, save_to=tmp_path / "game.json")
    serving = Serving(host, "127.0.0.1", 0)
    port = serving.start()
    web = free_port()
    env = {
        **os.environ,
        "RISKTERM_DATA_DIR": str(tmp_path / "data"),
        "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
    }
    serve = subprocess.Popen(
        [sys.executable, "-m", "riskterm", "serve", f"{host.code}@127.0.0.1:{port}", "--port", str(web)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    drivers = []
    try:
        until(lambda: _answers(web), 30, "the web page")
        for name in ("Ann", "Bob"):
            d = browser()
            drivers.append(d)
            d.get(f"http://127.0.0.1:{web}/?code={host.code}")  # the link serve prints: the code filled in
            until(
                lambda d=d: d.execute_script(
                    "return !!document.querySelector('#terminal canvas, #terminal .xterm')"
                ),
                30,
                "the terminal",
            )
            start = d.find_elements("id", "start")
            if start and start[0].is_displayed():
                start[0].click()
            time.sleep(4)  # the tab's riskterm starts and draws its join screen
            d.find_element("css selector", "#terminal").click()
            type_into_terminal(d, name + "\n")
            until(lambda name=name: any(c.name == name for c in list(host.conns)), 40, f"{name}'s seat")
        until(lambda: host.started, 20, "the game to start")
        until(lambda: host.rules.actor(host.session.state) in (0, 1), 30, "a person's turn")
        v = host.version
        first = host.rules.actor(host.session.state)
        time.sleep(2)  # the screen draws the board
        type_into_terminal(drivers[first], "\n")  # Enter claims the highlighted territory
        until(lambda: host.version > v, 30, "the tab's action at the host")
        for i, d in enumerate(drivers):
            d.save_screenshot(str(tmp_path / f"tab{i}.png"))
        print(f"screenshots in {tmp_path}")
    finally:
        for d in drivers:
            d.quit()
        serve.terminate()
        serve.wait(10)
        serving.stop()


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), 1):
            return True
    except OSError:
        return False
