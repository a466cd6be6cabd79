"""Does a game state match its rulebook's TypedDict? A runtime check of the declared shape (keys, required
and optional, and the types of their values, nested TypedDicts included), so a state key added or changed
without its declaration fails a test."""

from __future__ import annotations

import types
from typing import Any, NotRequired, Required, Union, get_args, get_origin, get_type_hints, is_typeddict


def required(hint: Any, total: bool) -> bool:
    """Must a TypedDict have this key? (Read from the hints: with postponed annotations, as in every module
    here, Python 3.11's __required_keys__ cannot see NotRequired.)"""
    origin = get_origin(hint)
    return origin is Required or (total and origin is not NotRequired)


def shape_problems(value: Any, tp: Any, where: str = "state") -> list[str]:
    """Every place where `value` does not match the type `tp` (an empty list: it matches)."""
    origin, args = get_origin(tp), get_args(tp)
    if tp is Any:
        return []
    if origin in (NotRequired, Required):
        return shape_problems(value, args[0], where)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return []
        tries = [shape_problems(value, a, where) for a in args if a is not type(None)]
        return [] if any(not t for t in tries) else min(tries, key=len)
    if tp is None or tp is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not a {tp.__name__}"]
        hints = get_type_hints(tp, include_extras=True)
        out = [f"{where}: key {k!r} is not declared in {tp.__name__}" for k in value if k not in hints]
        out += [
            f"{where}: key {k!r} of {tp.__name__} is missing"
            for k, h in hints.items()
            if k not in value and required(h, tp.__total__)
        ]
        for k, v in value.items():
            if k in hints:
                out += shape_problems(v, hints[k], f"{where}[{k!r}]")
        return out
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__} is not a list"]
        return (
            [p for i, v in enumerate(value) for p in shape_problems(v, args[0], f"{where}[{i}]")]
            if args
            else []
        )
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not a dict"]
        return [
            p
            for k, v in value.items()
            for p in shape_problems(k, args[0], where) + shape_problems(v, args[1], f"{where}[{k!r}]")
        ]
    if origin is tuple:
        return [] if isinstance(value, (list, tuple)) else [f"{where}: {type(value).__name__} is not a tuple"]
    if tp is float:
        return (
            []
            if isinstance(value, (int, float)) and not isinstance(value, bool)
            else [f"{where}: {value!r} is not a float"]
        )
    if tp is int:
        return (
            []
            if isinstance(value, int) and not isinstance(value, bool)
            else [f"{where}: {value!r} is not an int"]
        )
    if isinstance(tp, type):
        return [] if isinstance(value, tp) else [f"{where}: {value!r} is not a {tp.__name__}"]
    raise TypeError(f"{where}: cannot check the type {tp!r}")


def check_shapes_along_a_game(
    rules: Any, s: Any, tp: Any, rnd: Any, every: int, steps: int = 1500
) -> set[str]:
    """Play random legal actions from `s`, checking the state against `tp` at each phase's first state, every
    `every` steps and at the end; the phases seen."""
    assert shape_problems(s, tp) == []
    seen = {s["phase"]}
    for step in range(steps):
        if rules.is_over(s):
            break
        s, _ = rules.apply(s, rnd.choice(rules.legal_actions(s)))
        if s["phase"] not in seen or step % every == 0:  # each phase's first state, and a sample
            assert shape_problems(s, tp) == [], s["phase"]
        seen.add(s["phase"])
    assert shape_problems(s, tp) == []
    return seen
