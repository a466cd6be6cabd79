"""Classic's legal actions, each made once per process: a reinforcement lists one per territory and count,
and actions are frozen (module level: a rules object keeps no caches)."""

from __future__ import annotations

from functools import lru_cache

from riskterm.engine.actions import Action


@lru_cache(maxsize=1 << 16)
def listed_action(kind: str, *args: str | int) -> Action:
    """act(kind, *args), made once."""
    return Action(kind, args)


def counted_actions(kind: str, frm: str, to: str, most: int) -> tuple[Action, ...]:
    """'kind frm [to] n' for n = 1 .. most (to '' for none), made once: the places of one territory, the
    fortifying moves between two (a slice of the run made for the next power of two)."""
    if most <= 0:
        return ()
    return _counted_run(kind, frm, to, 1 << (most - 1).bit_length())[:most]


@lru_cache(maxsize=1 << 13)
def _counted_run(kind: str, frm: str, to: str, size: int) -> tuple[Action, ...]:
    where = (frm, to) if to else (frm,)
    return tuple(listed_action(kind, *where, n) for n in range(1, size + 1))
