"""A board document as the text of a board file: YAML in the shipped boards' layout (short lists such as a
territory's neighbours on one line, long ones such as a picture's rows one item a line, the art as a block)."""

from __future__ import annotations

from typing import Any

import yaml

SHORT_LIST = 100  # characters: a list of scalars this short is written on one line


class _Dumper(yaml.SafeDumper):
    pass


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|" if "\n" in value else None)


def _list(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.Node:
    flat = all(isinstance(v, str | int | float) for v in value)
    short = flat and sum(len(str(v)) + 2 for v in value) <= SHORT_LIST
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=short)


_Dumper.add_representer(str, _text)
_Dumper.add_representer(list, _list)


def board_yaml(doc: dict[str, Any]) -> str:
    """The board file's text (keys in the document's order)."""
    text: str = yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=1_000_000)
    return text
