"""The save file: versioned JSON holding everything needed to replay a game exactly (rulebook, board and its
sha256, players, seed, options, every action in text notation) plus a snapshot of the final state that loading
compares after replaying, and a checksum over the whole content that reveals any edit.

    {"format": 2, "riskterm": "0.1.0", "game_id": "...", "variant": "classic", "board": "classic",
     "board_sha256": "...", "players": [{"name": "Ann", "colour": "red", "ai": null}, ...], "seed": 7,
     "options": {...}, "actions": ["claim alaska", ...], "summary": {"turn": 12, "over": false, ...},
     "snapshot": {...state...}, "checksum": "sha256 of the canonical JSON of everything else"}

A game a person plays also holds "salt" and "commitment" (engine/commitment.py: the fingerprint of its seed
and salt every player was shown before the first roll), and once it is over "rolls", every battle event of
the game, which `riskterm verify` checks against a replay from the seed (record/dice_record.py). A hosted
game whose seed everyone made (engine/joint_seed.py) holds "joint_seed": {"host_seed": the host's own seed,
the one the commitment is of, "contributions": [{"seat", "commit", "share" (null: absent)}, ...]}; its
"seed" is the one they made.

A game on a board riskterm does not ship (a --map file) also holds the board file's text, "board_text", so
the save replays wherever that file has gone and however it changes; a shipped board is found by its id.
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any

from riskterm import __version__
from riskterm.board.find import is_shipped
from riskterm.engine.state import State
from riskterm.session import Session

# 2: options complete (a house option left out means its default; see old_saves.py);
# 3: RisiKo's defender is asked only when the choice matters unless the options say "always"
FORMAT_VERSION = 3
MAGIC = "riskterm-save"


def canonical(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def checksum(doc: dict[str, Any]) -> str:
    return hashlib.sha256(canonical({k: v for k, v in doc.items() if k != "checksum"})).hexdigest()


def plain(state: State) -> State:
    """The state as JSON reads it back (tuples become lists, keys strings), for snapshots and comparing."""
    out: State = json.loads(json.dumps(state, ensure_ascii=False))
    return out


def summary(session: Session) -> dict[str, Any]:
    rules, s = session.rules, session.state
    winner = rules.winner(s)
    return {
        "turn": s.get("turn", 0),
        "phase": s.get("phase", ""),
        "current": s.get("current"),
        "actor": rules.actor(s),
        "over": rules.is_over(s),
        "winner": winner,
        "draw": bool(s.get("draw")),
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "moves": len(session.steps),
    }


def build_document(session: Session, actions: list[str] | None = None) -> dict[str, Any]:
    rules = session.rules
    doc: dict[str, Any] = {
        "magic": MAGIC,
        "format": FORMAT_VERSION,
        "riskterm": __version__,
        "game_id": session.game_id,
        "variant": rules.name,
        "board": rules.board.id,
        "board_sha256": rules.board.digest,
        "players": [{"name": p.name, "colour": p.colour, "ai": p.ai} for p in session.players],
        "seed": session.seed,
        "options": plain(session.options),
        "actions": actions if actions is not None else [str(st.action) for st in session.steps],
        "summary": summary(session),
        "snapshot": plain(session.state),
    }
    if session.salt:  # the commitment shown before the first roll; the salt stays in the host's file
        doc["salt"] = session.salt
        doc["commitment"] = session.commitment
        if session.host_seed is not None:  # the seed everyone made: the host's secret and each seat's share
            doc["joint_seed"] = {
                "host_seed": session.host_seed,
                "contributions": [c.to_json() for c in session.contributions],
            }
        if rules.is_over(session.state):  # the finished game reveals every roll for `riskterm verify`
            from riskterm.record.rolls import roll_record

            doc["rolls"] = roll_record(session)
    if not is_shipped(rules.board):
        doc["board_text"] = rules.board.source
    doc["checksum"] = checksum(doc)
    return doc


def encode(doc: dict[str, Any], action_lines: list[str] | None = None) -> bytes:
    """The file's bytes: the header fields first, one action per line, the snapshot on one line.
    `action_lines` may give the actions already rendered (json.dumps of each), as the autosave cache keeps them."""
    # the board's text after the actions: listing saves reads the header from the file's first 16 KiB
    head = {
        k: v for k, v in doc.items() if k not in ("actions", "rolls", "board_text", "snapshot", "checksum")
    }
    lines = ["{"]
    for k, v in head.items():
        lines.append(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},")
    acts = doc["actions"]
    if acts:
        rendered = (
            action_lines if action_lines is not None else [json.dumps(a, ensure_ascii=False) for a in acts]
        )
        lines.append(' "actions": [')
        lines.append("  " + ",\n  ".join(rendered))
        lines.append(" ],")
    else:
        lines.append(' "actions": [],')
    if "rolls" in doc:
        lines.append(' "rolls": [')
        lines.append("  " + ",\n  ".join(json.dumps(r, ensure_ascii=False) for r in doc["rolls"]))
        lines.append(" ],")
    if "board_text" in doc:
        lines.append(f' "board_text": {json.dumps(doc["board_text"], ensure_ascii=False)},')
    lines.append(f' "snapshot": {json.dumps(doc["snapshot"], ensure_ascii=False, sort_keys=True)},')
    lines.append(f' "checksum": {json.dumps(doc["checksum"])}')
    lines.append("}\n")
    return "\n".join(lines).encode("utf-8")
