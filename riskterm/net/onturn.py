"""`riskterm host --on-turn 'COMMAND'`: a command the host runs each time a person's seat is to act, for
players who leave the game in the background (`notify-send riskterm "{player} is to play"`).

No shell ever reads a player's name: the command line is split once, when the host starts (shlex, as a
shell would split it, but no shell runs), and the values go in as whole arguments ({player}, {seat},
{left}, {game} inside an argument are replaced by the value) and in the environment (RISKTERM_PLAYER,
RISKTERM_SEAT, RISKTERM_TIME_LEFT, RISKTERM_GAME). A name such as `$(rm -rf ~)` or `"; reboot` is only text.
Whoever wants a shell runs one and reads the environment: `sh -c 'notify-send "$RISKTERM_PLAYER"'`."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import time
from collections.abc import Callable

from riskterm.errors import RiskError

FIELDS = re.compile(r"\{(player|seat|left|game)\}")
RUN_SECONDS = 60.0  # a command still running after this is stopped (a hung notifier must not pile up)


class TurnCommand:
    def __init__(self, text: str, game_id: str, log: Callable[[str], None] | None = None) -> None:
        try:
            self.argv = shlex.split(text)
        except ValueError as e:
            raise RiskError(f"--on-turn '{text}' cannot be read as a command ({e}).") from None
        if not self.argv:
            raise RiskError("--on-turn needs a command to run.")
        if shutil.which(self.argv[0]) is None:
            raise RiskError(f"--on-turn: there is no command '{self.argv[0]}' on this machine.")
        self.game_id = game_id
        self.log = log or (lambda line: None)
        self.running: list[tuple[subprocess.Popen[bytes], float]] = []

    def values(self, seat: int, name: str, left: float | None) -> dict[str, str]:
        return {
            "player": name,
            "seat": str(seat + 1),
            "left": "" if left is None else str(int(left)),
            "game": self.game_id,
        }

    def argv_for(self, seat: int, name: str, left: float | None) -> list[str]:
        """The command's arguments with the values put in (one pass: a value is never read again)."""
        v = self.values(seat, name, left)
        return [FIELDS.sub(lambda m: v[m.group(1)], a) for a in self.argv]

    def __call__(self, seat: int, name: str, left: float | None) -> None:
        self.reap()
        env = dict(os.environ)
        env.update(
            {f"RISKTERM_{k.upper()}": v for k, v in self.values(seat, name, left).items() if k != "left"}
        )
        env["RISKTERM_TIME_LEFT"] = self.values(seat, name, left)["left"]
        try:
            proc = subprocess.Popen(
                self.argv_for(seat, name, left),
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        except OSError as e:
            self.log(f"--on-turn could not run {self.argv[0]}: {e.strerror or e}.")
            return
        self.running.append((proc, time.monotonic()))

    def reap(self) -> None:
        """Collect the commands that ended; stop those that ran too long."""
        now, still = time.monotonic(), []
        for proc, at in self.running:
            if proc.poll() is None:
                if now - at > RUN_SECONDS:
                    try:  # its whole process group: it may have started children of its own
                        os.killpg(proc.pid, signal.SIGKILL)
                    except (OSError, AttributeError):
                        proc.kill()
                    self.log(f"--on-turn: {self.argv[0]} ran over {RUN_SECONDS:g} seconds and was stopped.")
                    proc.wait()
                else:
                    still.append((proc, at))
            elif proc.returncode:
                self.log(f"--on-turn: {self.argv[0]} ended with exit code {proc.returncode}.")
        self.running = still
