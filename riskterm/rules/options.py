"""House rules (Rules.house_options) as the new-game screen and `play --house key=value` write them: the
rulebooks own them, so the command line and the app both read them from here."""

from __future__ import annotations

from typing import Any

from riskterm.errors import RiskError


def choice_text(value: object) -> str:
    """A house rule's value as the screen and the command line write it: true/false, when_needed -> when needed."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def parse_house(cls: Any, items: list[str]) -> dict[str, Any]:
    """`--house key=value` items for a rulebook's house_options (values as written, or yes/no/true/false)."""
    from riskterm.setup_options import printable

    out = {}
    opts = {key: choices for key, _, choices, _ in cls.house_options}
    for item in items:
        key, _, text = item.partition("=")
        key, text = key.strip(), text.strip().lower()
        if key not in opts:
            known = ", ".join(opts) or "none"
            raise RiskError(f"{cls.title} has no house rule '{printable(key)}' (it has: {known}).")
        for c in opts[key]:
            words = {str(c).lower(), choice_text(c).lower()}
            if isinstance(c, bool):
                words |= {"true", "1", "on"} if c else {"false", "0", "off"}
            if text in words:
                out[key] = c
                break
        else:
            raise RiskError(f"'{printable(text)}' is not a choice for {key}: "
                            + ", ".join(choice_text(c) for c in opts[key]) + ".")
    return out
