"""Does a state match its rulebook's TypedDict? Every required key there, no key the shape does not name,
and every value of the declared type, all the way down (lists, dicts, unions, nested TypedDicts)."""

from __future__ import annotations

import types
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict


def mismatches(value: Any, tp: Any, where: str = "state") -> list[str]:
    """Every place `value` differs from the type `tp`, one line each (empty: it matches)."""
    if tp is Any:
        return []
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{where} is {type(value).__name__}, not a dict"]
        # (read NotRequired from the annotations: under `from __future__ import annotations` the class's own
        # __required_keys__ count every key as required)
        extras = get_type_hints(tp, include_extras=True)
        optional = {k for k, h in extras.items() if get_origin(h) is NotRequired} | set(tp.__optional_keys__)
        required = set(extras) - optional
        hints = get_type_hints(tp)
        out = [f"{where} has no key '{k}'" for k in sorted(required - value.keys())]
        out += [f"{where} has a key '{k}' its shape does not name" for k in sorted(value.keys() - required - optional)]
        for k in sorted(value.keys() & hints.keys()):
            out += mismatches(value[k], hints[k], f"{where}[{k!r}]")
        return out
    origin, args = get_origin(tp), get_args(tp)
    if origin in (Union, types.UnionType):
        return [] if any(not mismatches(value, a, where) for a in args) else [f"{where} = {value!r} is none of {tp}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where} is {type(value).__name__}, not a list"]
        return [m for i, v in enumerate(value) for m in mismatches(v, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where} is {type(value).__name__}, not a dict"]
        return [m for k, v in value.items() for m in mismatches(k, args[0], f"{where} key") + mismatches(v, args[1], f"{where}[{k!r}]")]
    if tp is type(None) or tp is None:
        return [] if value is None else [f"{where} = {value!r} is not None"]
    if tp is int:
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{where} = {value!r} is not an int"]
    if tp is float:
        return [] if isinstance(value, (int, float)) and not isinstance(value, bool) else [f"{where} = {value!r} is not a number"]
    if isinstance(tp, type):
        return [] if isinstance(value, tp) else [f"{where} = {value!r} is not a {tp.__name__}"]
    raise TypeError(f"shapes.mismatches cannot check {tp!r} ({where})")
