"""Typed event data: a rulebook declares the TypedDict of each event kind's data (EventKind.data), and every
event its games make has that shape. Every rulebook declares every kind (classic's modes too); the check runs
over seeded games played by easy computer players: to the end for each classic mode and RisiKo!, to a
three-turn cap (europe: three rounds) for each rulebook, so that the draw is made too; the conformance test
also checks its short games of every house option."""

from __future__ import annotations

from typing import Any

import pytest
from support import shape_problems

from riskterm.ai.simulate import play_game
from riskterm.rules import available_variants, variant_class

GAMES: list[tuple[dict[str, Any], int]] = [
    ({}, 3),
    ({"neutral_armies": "random", "blitz": "balanced"}, 2),
    ({"luck": 50, "cards": "fixed"}, 3),
    ({"mode": "missions", "target_out": "play_for_24", "third_continent": "declared"}, 4),
    ({"mode": "capitals"}, 4),
    ({"mode": "assassin"}, 4),
]


@pytest.mark.parametrize("variant", available_variants())
def test_every_rulebook_declares_the_data_of_every_kind(variant: str) -> None:
    assert [k for k, spec in variant_class(variant).EVENTS.items() if spec.data is None] == []


@pytest.mark.parametrize(
    "variant, options, players",
    [("classic", o, n) for o, n in GAMES]
    + [
        ("risiko", {}, 3),
        *((variant, {"turn_cap": 3}, 3) for variant in ("classic", "europe", "risiko", "modern")),
    ],
    ids=lambda x: str(x) if isinstance(x, dict) else None,
)
def test_every_event_of_a_game_has_its_kinds_data(
    variant: str, options: dict[str, Any], players: int
) -> None:
    """Each event's data matches its kind's TypedDict: no key undeclared, none missing, each of its type."""
    session = play_game(variant, ["easy"] * players, 1, options)
    table = session.rules.EVENTS
    events = [*session.start_events, *(e for st in session.steps for e in st.events)]
    problems = {e.kind: shape_problems(e.data, table[e.kind].data, e.kind) for e in events}
    assert {k: p for k, p in problems.items() if p} == {}


def test_declared_data_types_are_typed_dicts() -> None:
    from typing import is_typeddict

    for variant in available_variants():
        for spec in variant_class(variant).EVENTS.values():
            assert spec.data is None or is_typeddict(spec.data)
