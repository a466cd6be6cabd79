"""Helpers for playing one game by hand from three tmux panes and a headless chromium tab:

    tmux new -d -s p1 -x 140 -y 45 "RISKTERM_DATA_DIR=/tmp/o2/ann python -m riskterm host \\
        --names Ann,Bob,Cid,Dee --seed 7 --quick --turn-cap 8 --port 8770"      # code: on the lobby screen
    tmux new -d -s p2 ... "RISKTERM_DATA_DIR=/tmp/o2/bob python -m riskterm join CODE@127.0.0.1:8770 --name Bob"
    tmux new -d -s p3 ... (Cid)
    RISKTERM_DATA_DIR=/tmp/o2/dee python -m riskterm serve CODE@127.0.0.1:8770 --port 8771 &
    python scripts/online_by_hand.py tab Dee            # a chromium tab on the page; reads keys from a fifo
    python scripts/online_by_hand.py press p1 Enter     # a key on a pane (or `press tab ENTER`): prints the
                                                        # milliseconds until each other pane redraws

`press` appends to /tmp/o2/latency.log; `tab` takes ENTER/ESC/TAB/arrows, plain characters, SHOT (a
screenshot to /tmp/o2/tabN.png) and QUIT from /tmp/o2/tab.fifo. Needs chromium, chromium-driver, selenium.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

DIR = Path("/tmp/o2")
FIFO = DIR / "tab.fifo"
PANES = ["p1", "p2", "p3"]


def capture(pane: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", pane], capture_output=True, text=True).stdout


def press(who: str, keys: list[str], timeout: float = 5.0) -> dict[str, int]:
    watch = [p for p in PANES if p != who]
    before = {p: capture(p) for p in watch}
    t0 = time.monotonic()
    if who == "tab":
        FIFO.write_text(" ".join(keys) + "\n")
    else:
        subprocess.run(["tmux", "send-keys", "-t", who, *keys], check=True)
    seen: dict[str, int] = {}
    while len(seen) < len(watch) and time.monotonic() - t0 < timeout:
        for p in watch:
            if p not in seen and capture(p) != before[p]:
                seen[p] = round((time.monotonic() - t0) * 1000)
        time.sleep(0.005)
    print(who, keys, "ms to the other panes:", seen, flush=True)
    with open(DIR / "latency.log", "a") as f:
        f.write(f"{who} {' '.join(keys)} {seen}\n")
    return seen


def tab(name: str, url: str = "http://127.0.0.1:8771/") -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "net"))
    from selenium.webdriver.common.keys import Keys
    from test_browser import browser, type_into_terminal, until

    keys = {
        "ENTER": Keys.ENTER,
        "ESC": Keys.ESCAPE,
        "TAB": Keys.TAB,
        "UP": Keys.UP,
        "DOWN": Keys.DOWN,
        "LEFT": Keys.LEFT,
        "RIGHT": Keys.RIGHT,
    }
    if not FIFO.exists():
        os.mkfifo(FIFO)
    d = browser()
    d.get(url)
    until(
        lambda: d.execute_script("return !!document.querySelector('#terminal canvas, #terminal .xterm')"),
        60,
        "the terminal",
    )
    start = d.find_elements("id", "start")
    if start and start[0].is_displayed():
        start[0].click()
    time.sleep(5)  # the tab's riskterm starts and draws its join screen
    d.find_element("css selector", "#terminal").click()
    type_into_terminal(d, name + "\n")
    shots = 0
    while True:
        for line in FIFO.read_text().splitlines():
            if line == "QUIT":
                d.quit()
                return
            if line == "SHOT":
                shots += 1
                d.save_screenshot(str(DIR / f"tab{shots}.png"))
                continue
            for tok in line.split():
                type_into_terminal(d, keys.get(tok, tok))
                time.sleep(0.15)


if __name__ == "__main__":
    DIR.mkdir(exist_ok=True)
    if sys.argv[1:2] == ["tab"]:
        tab(sys.argv[2] if len(sys.argv) > 2 else "Dee")
    elif sys.argv[1:2] == ["press"] and len(sys.argv) > 3:
        press(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)
