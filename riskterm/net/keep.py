"""What a host keeps of an online game beside its save, so `riskterm host --resume SAVE` brings the same
game back on the same join code and seat tokens: the code, the tokens, the host's settings, the seats the
computer plays and the table's notices.

The code and tokens are kept apart from the save, in <data folder>/hosted/<game id>.json, a file only its
owner may read (0600, in a folder 0700); one another user could read is refused. (The save is its owner's
alone too while the game runs: it holds the dice to come and every hand.)"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from riskterm.errors import RiskError

NOTICES_KEPT = 50
MAX_BYTES = 1 << 20


def kept_path(game_id: str) -> Path:
    from riskterm.paths import data_dir

    return data_dir() / "hosted" / f"{game_id}.json"


def write_kept(path: Path, data: dict[str, Any]) -> None:
    """Write the kept file (owner only); OSError when it cannot be written."""
    from riskterm.record.atomic import PRIVATE_FILE, atomic_write, private_folder

    private_folder(path.parent)
    atomic_write(
        path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"), sync=False, mode=PRIVATE_FILE
    )


def read_kept(path: Path, game_id: str, seats: int) -> dict[str, Any]:
    """The kept file of the game `game_id` with `seats` seats, checked; RiskError (one sentence) otherwise."""
    from riskterm.net.protocol import CODE_ALPHABET, CODE_LENGTH
    from riskterm.safe_io import ReadRefused, read_capped

    try:
        st = os.stat(path)
        if os.name == "posix" and st.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise RiskError(
                f"{path} holds the game's join code and seat tokens but others may read it; "
                f"make it yours alone (chmod 600) and resume again."
            )
        data = json.loads(read_capped(path, MAX_BYTES))
    except FileNotFoundError:
        raise RiskError(
            f"This machine keeps no join code for that game ({path} is missing): host it with "
            "'riskterm host SAVE' for a new code and new seats."
        ) from None
    except (OSError, ReadRefused, ValueError) as e:
        raise RiskError(f"{path} (the game's join code and seat tokens) cannot be read: {e}") from None
    code, tokens = data.get("code") if isinstance(data, dict) else None, (data or {}).get("tokens")
    if not (
        isinstance(data, dict)
        and data.get("game") == game_id
        and isinstance(code, str)
        and len(code) == CODE_LENGTH
        and all(c in CODE_ALPHABET for c in code)
        and isinstance(tokens, dict)
        and all(
            isinstance(t, str) and 16 <= len(t) <= 64 and isinstance(s, int) and 0 <= s < seats
            for t, s in tokens.items()
        )
    ):
        raise RiskError(f"{path} is not the join code and seat tokens of this game.")
    return data


def seat_map(raw: Any, seats: int) -> dict[int, Any]:
    """A {seat: value} map as JSON keeps it (keys are text), keeping only real seats."""
    if not isinstance(raw, dict):
        return {}
    return {int(k): v for k, v in raw.items() if isinstance(k, str) and k.isdigit() and int(k) < seats}
