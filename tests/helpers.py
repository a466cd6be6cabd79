"""Shared test helpers: build classic positions by hand and script the dice they roll (tests/support)."""

from __future__ import annotations

from typing import Any

from support import scripted_stream

from riskterm.rules.classic import ClassicRules


def rng_rolling(*rolls: list[int]) -> list[int]:
    """A random stream whose next rolls are exactly these (each sorted high to low, as Rng.dice gives them):
    the scripted dice of tests/support, so no stream has to be searched for."""
    return scripted_stream(0, *(f for r in rolls for f in r))


def position(
    rules: ClassicRules,
    owners: dict[str, int],
    armies: dict[str, int] | None = None,
    players: int = 3,
    default_owner: int | None = None,
    **kw: Any,
) -> dict[str, Any]:
    """A classic state in the attack phase of seat 0's turn. Territories not named go to `default_owner`
    (by default spread over seats 1.. in order) with one army."""
    s, _ = rules.new_game([f"P{i}" for i in range(players)], seed=1, options={"quick_start": True})
    s = dict(s)
    n = len(rules.board.territories)
    owner = [0] * n
    arm = [1] * n
    for t in rules.board.territories:
        owner[t.index] = default_owner if default_owner is not None else 1 + t.index % (players - 1)
    for tid, p in owners.items():
        owner[rules.board.index[tid]] = p
    for tid, a in (armies or {}).items():
        arm[rules.board.index[tid]] = a
    s.update(
        owner=owner,
        armies=arm,
        current=0,
        actor=0,
        phase="attack",
        reserve=0,
        pending=None,
        resume=None,
        conquered=False,
        card_drawn=False,
        bonus_used=False,
        turn=5,
    )
    s["hands"] = [[] for _ in s["players"]]
    s.update(kw)
    return s
