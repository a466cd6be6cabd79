"""Typed event data: a rulebook declares the TypedDict of each event kind's data (EventKind.data), and every
event its games make has that shape. classic declares every kind (its modes' too); the check runs over short
seeded games of each of its modes, played to the end by easy computer players."""

from __future__ import annotations

from typing import Any

import pytest
from support import shape_problems

from riskterm.ai.simulate import play_game
from riskterm.rules import available_variants, variant_class
from riskterm.rules.classic import ClassicRules

GAMES: list[tuple[dict[str, Any], int]] = [
    ({}, 3), ({"neutral_armies": "random", "blitz": "balanced"}, 2), ({"luck": 50, "cards": "fixed"}, 3),
    ({"mode": "missions", "target_out": "play_for_24", "third_continent": "declared"}, 4),
    ({"mode": "capitals"}, 4), ({"mode": "assassin"}, 4),
]


def test_classic_declares_the_data_of_every_kind() -> None:
    assert [k for k, spec in ClassicRules.EVENTS.items() if spec.data is None] == []


@pytest.mark.parametrize("options, players", GAMES, ids=lambda x: str(x) if isinstance(x, dict) else None)
def test_every_event_of_a_game_has_its_kinds_data(options: dict[str, Any], players: int) -> None:
    """Each event's data matches its kind's TypedDict: no key undeclared, none missing, each of its type."""
    session = play_game("classic", ["easy"] * players, 1, options)
    table = session.rules.EVENTS
    events = [*session.start_events, *(e for st in session.steps for e in st.events)]
    problems = {e.kind: shape_problems(e.data, table[e.kind].data, e.kind) for e in events}
    assert {k: p for k, p in problems.items() if p} == {}


def test_declared_data_types_are_typed_dicts() -> None:
    """Every rulebook's declared data types are TypedDicts (europe, RisiKo! and modern declare none yet)."""
    from typing import is_typeddict

    for variant in available_variants():
        for spec in variant_class(variant).EVENTS.values():
            assert spec.data is None or is_typeddict(spec.data)
