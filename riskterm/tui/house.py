"""House-rule parsing moved to the rules (riskterm.rules.options); kept here so old imports keep working."""

from riskterm.rules.options import choice_text, parse_house

__all__ = ["choice_text", "parse_house"]
