"""The wire format between a host and its clients: one JSON object per websocket text frame, each with the
protocol version `v` and a `type`. Join codes are read aloud, so they avoid the look-alikes 0/O and 1/I.

Client to host: hello {code, name, token, watch, commit}, act {text, version}, chat {text},
share {contribution}.
Host to client: welcome {seat, token, code, board (a board file's text, when the game is not on the rulebook's
own board), commitment}, lobby {seats, started}, state {version, view, events, log, ...},
refused {text}, chat {name, text}, bye {text}, share {commitment, commits}, dice {commitment, contributions}.

A new hosted game's seed is made by everyone (engine/joint_seed.py): a seat's hello carries `commit`, the
hash of its screen's random contribution; once every seat is in, the host sends `share` (all commitments)
and each screen answers with its contribution; `dice` then says which were counted, so each screen can see
that its own was."""

from __future__ import annotations

import json
import re
import secrets
from typing import Any, NamedTuple

from riskterm.errors import RiskError

PROTOCOL = 1
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0, O, 1 or I
CODE_LENGTH = 6
DEFAULT_PORT = 8765
MAX_FRAME = 8 * 1024 * 1024  # a whole game's events fit; a hostile client cannot make the host read more
MAX_TEXT = 300  # an action's text or a chat line
HOST_CLOSED = "The host closed the game."  # the bye of a host stopping (it may come back with --resume)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """A code as typed: case, spaces and dashes do not matter."""
    return code.upper().replace(" ", "").replace("-", "")


def new_token() -> str:
    return secrets.token_urlsafe(18)


def encode(kind: str, **fields: Any) -> str:
    return json.dumps({"v": PROTOCOL, "type": kind, **fields}, ensure_ascii=False, separators=(",", ":"))


def decode(text: str) -> dict[str, Any]:
    """A message from the other side; ValueError (one sentence) for anything that is not one of ours. Text in
    it is Unicode that can be sent on: JSON's escapes can make a lone surrogate ("\\ud800"), which no
    UTF-8 frame can carry, so one in any field refuses the whole message."""
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError("The message is not JSON.") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ValueError("The message has no type.")
    if "\\u" in text and _has_surrogate(msg):
        raise ValueError("The message holds text that is not Unicode (a lone surrogate).")
    if msg.get("v") != PROTOCOL:
        raise ValueError(f"The other side speaks protocol {msg.get('v')!r}; this riskterm speaks {PROTOCOL}.")
    return msg


_SURROGATE = re.compile("[\ud800-\udfff]")


def _has_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        return _SURROGATE.search(value) is not None
    if isinstance(value, list):
        return any(_has_surrogate(v) for v in value)
    if isinstance(value, dict):
        return any(_has_surrogate(k) or _has_surrogate(v) for k, v in value.items())
    return False


def text_field(value: Any, limit: int = MAX_TEXT) -> str | None:
    """A line of text a client sent (an action, a chat line), as the host takes it: text only, at most `limit`
    characters, spaces collapsed, and with no control, format or bidirectional characters (escape codes,
    a right-to-left override) that would act on other screens; None when it is not text or too long."""
    from riskterm.setup_options import unsafe_char

    if not isinstance(value, str) or len(value) > limit:
        return None
    if unsafe_char(value) is not None:
        value = "".join(" " if unsafe_char(ch) else ch for ch in value)
    return " ".join(value.split())


class Address(NamedTuple):
    code: str
    host: str
    port: int
    secure: bool  # wss:// (TLS)

    def where(self) -> str:
        """HOST:PORT as typed, with wss:// for a TLS host."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss://' if self.secure else ''}{host}:{self.port}"


def parse_address(
    text: str, default_host: str = "127.0.0.1", default_port: int = DEFAULT_PORT, allow_no_code: bool = False
) -> Address:
    """CODE[@[ws://|wss://]HOST[:PORT]] as an Address; RiskError with one sentence when it cannot be read.
    With allow_no_code, '@HOST:PORT' gives an empty code (the join screen asks for it)."""
    code, _, where = text.strip().partition("@")
    scheme, sep, rest = where.partition("://")
    if sep and scheme.lower() not in ("ws", "wss"):
        raise RiskError(f"'{where}' is not HOST:PORT, ws://HOST:PORT or wss://HOST:PORT.")
    secure = bool(sep) and scheme.lower() == "wss"
    where = (rest if sep else where).rstrip("/")
    host, port = default_host, default_port
    if where:
        h, sep, p = where.rpartition(":")
        if sep and p.isdigit() and (not h.count(":") or h.endswith("]")):
            host, port = h or default_host, int(p)
        elif sep and not p.isdigit() and not h.count(":"):
            raise RiskError(f"'{where}' is not HOST:PORT (the port is a number).")
        else:
            host = where
    code = normal_code(code)
    if allow_no_code and not code:
        pass
    elif len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise RiskError(
            f"'{text}' is not a join code: {CODE_LENGTH} letters and digits, as the host printed it."
        )
    if not 0 < port < 65536:
        raise RiskError(f"Port {port} is not between 1 and 65535.")
    return Address(code, host.strip("[]"), port, secure)
