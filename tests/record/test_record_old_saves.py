"""Saves written before this round's changes still replay ("the old saves in tests/ still load").

tests/record/data/*-45ff55a-*.json were written by seeded computer-only games with the code at commit 45ff55a
(before the RisiKo! rules review), one rulebook each, two finished RisiKo! games (one with
`defender: when_needed`) and one RisiKo! game saved in the middle of an attack. The loader replays every action
and compares the whole state with the saved snapshot."""

from __future__ import annotations

from pathlib import Path

import pytest

from riskterm.engine.actions import parse_action
from riskterm.record.load import load_game, read_document
from riskterm.record.old_saves import defaults_before, with_old_defaults
from riskterm.rules import PlayerSetup, find_variant
from riskterm.rules.risiko.state import reviewed

DATA = Path(__file__).parent / "data"
OLD = sorted(DATA.glob("*-45ff55a-*.json"))


def test_there_is_an_old_save_of_every_rulebook() -> None:
    assert {p.name.split("-")[0] for p in OLD} == {"classic", "europe", "risiko", "modern"}


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.stem)
def test_old_save_replays_to_its_snapshot(path: Path) -> None:
    """A save of format 1 replays with the old meaning of every house rule its options leave out
    (Rules.old_defaults), written into its options, to its snapshot."""
    session = load_game(path)
    doc = read_document(path)
    assert doc["format"] == 1 and len(session.steps) == len(doc["actions"]) > 100
    assert session.options == {**defaults_before(session.rules, 1), **doc["options"]}


def risiko_moves(path: Path) -> dict[str, int]:
    """What the RisiKo! rules review changed, counted in an old save: rolls without the defender's answer,
    Hidden Armies revealed in the main phase, garrisons taken from the territory attacked from."""
    doc = read_document(path)
    rules = find_variant("risiko")
    options = with_old_defaults(doc, rules)["options"]  # as the loader replays it: the original readings
    s, _ = rules.new_game([PlayerSetup(p["name"]) for p in doc["players"]], doc["seed"], dict(options))
    out = {"unanswered rolls": 0, "main-phase reveals": 0, "two sources": 0}
    for text in doc["actions"]:
        a = parse_action(text)
        out["unanswered rolls"] += a.kind == "roll" and bool(s["attack"].get("asked"))
        out["main-phase reveals"] += a.kind == "reveal" and s["phase"] == "main"
        out["two sources"] += a.kind == "garrison" and len(s["redistribute"]["sources"]) == 2
        s = rules.apply(s, a).state
    return out


def test_old_risiko_saves_hold_what_the_rules_review_changed() -> None:
    """RisiKo! Più: 'Before rolling the dice, the attacker first and the defender afterwards declare how many
    armies they intend to use' is now read as before every battle, and Hidden Armies appear only in an attack;
    games saved before (no `readings` option) keep the original readings, so these saves replay."""
    seen = risiko_moves(DATA / "risiko-45ff55a-seed3.json")
    assert all(seen.values()), seen
    assert risiko_moves(DATA / "risiko-45ff55a-seed13-when-needed.json")["unanswered rolls"] > 0


def test_old_risiko_save_saved_mid_attack_plays_on_by_the_original_readings() -> None:
    session = load_game(DATA / "risiko-45ff55a-seed3-mid-attack.json")
    s = session.state
    assert s["phase"] == "battle" and s["attack"]["battles"] >= 2 and s["attack"]["asked"]
    assert s["options"]["readings"] == "original" and not reviewed(s)
    session.apply(parse_action("roll 1"))  # the defender answered once for the whole attack
    assert session.state["phase"] != "defend"


def test_new_games_write_the_reviewed_readings() -> None:
    """`riskterm play`, the new-game screen and simulate write every house option, so a new game states it."""
    from riskterm.ai.simulate import house_defaults

    rules = find_variant("risiko")
    s, _ = rules.new_game([PlayerSetup(n) for n in "ABC"], 1, house_defaults(rules))
    assert s["options"]["readings"] == "reviewed" and reviewed(s)


def test_risiko_saves_before_the_defender_default_changed_keep_asking() -> None:
    """RisiKo! Più: 'the attacker first and the defender afterwards declare how many armies they intend to
    use'. New games ask the defender only when the choice matters (option `defender: when_needed`); a save
    written before that was the default (format 2) and leaving the option out meant 'always', and replays so."""
    rules = find_variant("risiko")
    assert rules.new_game(["A", "B", "C"], 1)[0]["options"]["defender"] == "when_needed"
    doc = {"format": 2, "options": {"readings": "reviewed"}}
    assert with_old_defaults(doc, rules)["options"] == {"readings": "reviewed", "defender": "always"}
    assert with_old_defaults({**doc, "format": 3}, rules)["options"] == {"readings": "reviewed"}
    assert with_old_defaults({"format": 2, "options": {"defender": "when_needed"}}, rules)["options"] == {
        "defender": "when_needed"
    }
