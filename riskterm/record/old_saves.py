"""Saves written before rulebooks filled in their own house-rule defaults (save format 1).

Then a house option left out of a game's options meant the rulebook's old behaviour (classic's two-player game
played on to all 42 territories, ...); now new_game fills in today's default. A format-1 save gets the old
values (Rules.old_defaults) written into its options, and into its snapshot's options, where a game keeps its
options (every rulebook's state has them under 'options', as it stores what it was started with): it then
replays as it was played, and saved again it says so itself. A default changed later is written into the saves
of the formats before the change the same way (Rules.old_defaults is keyed by the format that changed it)."""

from __future__ import annotations

from typing import Any

from riskterm.rules.base import Rules


def with_old_defaults(doc: dict[str, Any], rules: Rules) -> dict[str, Any]:
    """The checked document `doc` as this riskterm replays it: a format-1 save with the old meaning of every
    house option it leaves out written in (a new dict; `doc` is not changed)."""
    missing = {k: v for k, v in defaults_before(rules, doc["format"]).items() if k not in doc["options"]}
    if not missing:
        return doc
    out = {**doc, "options": {**missing, **doc["options"]}}
    snapshot = doc.get("snapshot")
    if isinstance(snapshot, dict) and isinstance(snapshot.get("options"), dict):
        out["snapshot"] = {**snapshot, "options": {**missing, **snapshot["options"]}}
    return out


def defaults_before(rules: Rules, fmt: int) -> dict[str, Any]:
    """What a save of format `fmt` meant by each house option it leaves out, where that is not today's
    default."""
    out: dict[str, Any] = {}
    for since, old in sorted(rules.old_defaults.items(), reverse=True):  # the oldest meaning wins
        if fmt < since:
            out.update(old)
    return out
