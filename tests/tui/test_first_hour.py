"""What a new player tripped on in their first hour, held where a fast test can hold it."""

from __future__ import annotations

import io

from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.tui.controller import GameController
from riskterm.tui.hotseat import HotSeat


def at_attack(variant: str = "classic") -> tuple[Session, GameController]:
    """A two-human game played with the first legal action up to the first attack phase."""
    s = Session.new(variant, [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 5, {"quick_start": True})
    for _ in range(200):
        if any(a.kind == "attack" for a in s.rules.legal_actions(s.state)):
            break
        s.apply(s.rules.legal_actions(s.state)[0])
    hs = HotSeat(s)
    hs.take(s.rules.actor(s.state))
    ctl = GameController(hs)
    ctl.refresh()
    return s, ctl


def test_end_turn_in_the_attack_phase_asks_before_skipping_the_fortify() -> None:
    """Classic: 'After attacking, you may fortify'; `e` while attacking would skip it, so the first press
    says so and only the second ends the turn."""
    s, ctl = at_attack()
    seat = s.state["current"]
    ctl.key("e")
    assert s.state["current"] == seat and "without fortifying" in ctl.status
    ctl.key("e")
    assert s.state["current"] != seat


def test_undo_clears_the_sentence_about_the_step_taken_back() -> None:
    s, ctl = at_attack()
    ctl.key("s")  # stop attacking: on to the fortify
    ctl.status = "Move armies between two of your territories that touch."  # an error shown before undo
    assert ctl.undo() and ctl.status == ""


def test_the_legend_keeps_samples_apart_from_their_words_and_names_a_territory_of_this_board() -> None:
    from rich.console import Console

    from riskterm.rules import find_variant
    from riskterm.tui.panels import marks_legend

    def shown(variant: str, width: int) -> str:
        console = Console(width=width, record=True, file=io.StringIO())
        console.print(marks_legend(find_variant(variant)))
        return console.export_text()

    narrow = shown("classic", 26).splitlines()
    assert narrow[0].split() == ["B", "3", "owner's", "letter", "and"] and narrow[1].split() == ["armies"]
    assert narrow[1].startswith("     ") and any(line.startswith("Peru underlined") for line in narrow)
    assert "Peru" not in shown("europe", 40)  # a board without Peru shows one of its own territories


def test_the_rulebooks_are_listed_without_importing_them(monkeypatch) -> None:
    """The new-game screen lists every rulebook; importing all four took a tenth of a second of its start."""
    import importlib

    from riskterm import rules

    def no_import(name: str, *args, **kwargs):
        raise AssertionError(f"imported {name}")

    monkeypatch.setattr(importlib, "import_module", no_import)
    assert rules.available_variants() == list(rules.VARIANTS)

