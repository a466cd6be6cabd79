"""classic's modes as small classes of hooks (rules/classic/mode.py): a mode is its module and one line of
modes.py's registry; the game asks the game's mode at the new game, the end of the set-up, every end check, a
conquest, an elimination and a view, and never looks for a mode's state keys itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest
from helpers import position, rng_rolling

import riskterm.rules.classic as pkg
from riskterm.engine.actions import act
from riskterm.rules.base import Book, Log, Outcome
from riskterm.rules.classic import ClassicRules
from riskterm.rules.classic import modes as registry
from riskterm.rules.classic.mode import Mode
from riskterm.rules.classic.state import ClassicState


@pytest.fixture(scope="module")
def rules() -> ClassicRules:
    return ClassicRules()


def test_every_mode_is_offered_with_its_options_events_and_rules_text(rules: ClassicRules) -> None:
    """The `mode` house option's choices are the registry's, world domination first; each mode's own house
    options, event kinds and rules-screen section come from its class."""
    keys = [m.key for m in registry.REGISTRY]
    mode_option = next(o for o in rules.house_options if o[0] == "mode")
    assert mode_option[2] == tuple(keys) and mode_option[3] == "world" == keys[0]
    offered = {o[0] for o in rules.house_options}
    for mode in registry.REGISTRY:
        assert {key for key, _, _ in mode.house_options} <= offered
        assert set(mode.events) <= set(rules.EVENTS)
        assert mode.rules_text in rules.presenter().rules_text


def test_the_game_asks_the_mode_not_the_state() -> None:
    """Outside a mode's own modules, no classic module looks for a mode's state keys ('"missions" in s'):
    the mode's hooks answer (so a new mode changes no phase module)."""
    modes_own = {"missions.py", "mission_cards.py", "capitals.py", "capital_risk.py", "assassin.py"}
    for path in Path(pkg.__file__).parent.glob("*.py"):
        if path.name not in modes_own:
            text = path.read_text()
            assert '"missions" in' not in text and '"capitals" in' not in text, path.name


class Recorder(Mode):
    """A mode that wins for whoever eliminates a seat and records the hooks it is asked."""

    key = "recorder"
    seen: ClassVar[list[tuple[str, int, int]]] = []

    def conquered(self, rules: Book, s: ClassicState, t: int, q: int, events: Log) -> None:
        self.seen.append(("conquered", t, q))

    def eliminated(self, rules: Book, s: ClassicState, by: int, q: int, events: Log) -> None:
        self.seen.append(("eliminated", by, q))

    def outcome(self, rules: Book, s: ClassicState) -> Outcome | None:
        out = [q for q, pl in enumerate(s["players"]) if pl["out"]]
        return Outcome((s["current"],), "recorder") if out else None

    def win_data(self, s: ClassicState, outcome: Outcome) -> dict[str, Any]:
        return {"note": "revealed"}


def test_a_conquest_and_an_elimination_reach_the_modes_hooks(
    rules: ClassicRules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'Eliminating an opponent': the mode hears of the conquest, then of the elimination, and its end check
    ends the game there (every army but one moved in, the win event with what the mode reveals)."""
    monkeypatch.setitem(registry.BY_KEY, "recorder", Recorder())
    Recorder.seen.clear()
    s = position(
        rules, {"alaska": 0, "kamchatka": 2}, {"alaska": 4}, default_owner=1, rng=rng_rolling([6, 6, 6], [1])
    )
    s["options"] = {**s["options"], "mode": "recorder"}
    t = rules.apply(s, act("attack", "alaska", "kamchatka", 3))
    k = rules.board.index["kamchatka"]
    assert Recorder.seen == [("conquered", k, 2), ("eliminated", 0, 2)]
    assert t.state["winner"] == 0 and t.state["armies"][k] == 3
    assert t.events[-1].kind == "win" and t.events[-1].data["note"] == "revealed"
