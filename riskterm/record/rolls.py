"""The record of every roll a game showed, [move, kind, data] per battle event, which a finished game's save
holds for `riskterm verify` (record/dice_record.py)."""

from __future__ import annotations

import json
from typing import Any

from riskterm.engine.events import Event
from riskterm.rules.base import Rules
from riskterm.session import Session

Roll = list[Any]  # [move (0: before the first), event kind, event data]


def roll_record(session: Session) -> list[Roll]:
    """Every battle event of the game (the rulebook presenter's battle_events) as [move, kind, data], JSON-plain."""
    rules: Rules = session.rules
    moves: list[list[Event]] = [session.start_events, *(st.events for st in session.steps)]
    out: list[Roll] = []
    for move, events in enumerate(moves):
        out.extend([move, e.kind, e.data] for e in events if e.kind in rules.presenter_class.battle_events)
    plain: list[Roll] = json.loads(json.dumps(out, ensure_ascii=False))
    return plain
