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


def test_a_set_s_row_says_where_its_two_extra_armies_go() -> None:
    """'If any of the 3 cards you trade in shows a territory you occupy, you receive 2 extra armies': with one
    such card the rules place them without asking, and the list's row said nothing of it while the line
    under the list said '+2 on Brazil'. The row says it now, as it does where the player chooses."""
    s = Session.new("classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 5, {"quick_start": True})
    st, b = dict(s.state), s.rules.board
    p = st["current"]
    mine = next(b.tid(t) for t, o in enumerate(st["owner"]) if o == p)
    theirs = next(b.tid(t) for t, o in enumerate(st["owner"]) if o != p)
    st["hands"] = [[mine, "wild1", theirs] if i == p else h for i, h in enumerate(st["hands"])]
    s.state = st
    hs = HotSeat(s)
    hs.take(p)
    ctl = GameController(hs)
    ctl.refresh()
    ctl.picker.set_kind("trade")
    rows = [label for label, _, _ in ctl.open_choice().options]
    assert rows and all(label.endswith(f"2 extra on {b.tname(mine)}") for label in rows), rows
    assert (
        s.rules.presenter().private_lines(s.state, p)[-1].startswith("1 set you can trade;")
    )  # not 'set(s)'


def test_a_blitz_is_one_line_in_the_hand_off_recap() -> None:
    """A blitz wrote a recap line per roll (13 lines for one blitz); the recap says it in one."""
    from riskterm.record.log import recap_lines

    s, _ = at_attack()
    names, seat = s.rules.names(s.state), s.state["current"]
    for a in s.rules.legal_actions(s.state):
        if a.kind != "blitz":
            continue
        events = s.rules.apply(s.state, a)[1]
        battles = [e for e in events if e.kind == "battle"]
        if len(battles) > 1:
            break
    else:
        raise AssertionError("no blitz of two rolls or more")
    lines = recap_lines(s.rules, events, names, (seat + 1) % 3)
    rolls = [line for line in lines if f"{len(battles)} rolls" in line]
    assert len(rolls) == 1 and len(lines) == len(events) - len(battles) + 1, lines


def test_the_log_s_kind_filter_lists_the_kinds_with_their_counts() -> None:
    """The kind filter stepped one kind a key (about 20 presses to reach the trades); it lists them now."""
    from riskterm.tui.logview import EVERY_KIND, kind_choices

    s, _ = at_attack()
    rows = kind_choices(s, None)
    assert rows[0][1] == EVERY_KIND and len(rows) == len({e.kind for e in s.all_events()}) + 1
    placed = sum(e.kind == "place" for e in s.all_events())
    assert (f"place ({placed})", "place", "") in rows


def test_modern_counts_its_credits_in_the_right_number() -> None:
    """'(1 credits left)' in the log: a count and its noun agree, as elsewhere."""
    from riskterm.engine.events import Event
    from riskterm.rules import find_variant

    show = find_variant("modern").presenter()
    names = ["Ann", "Bob", "Cid"]
    assert show.describe(Event("done_buying", {"player": 0, "bought": "2H", "credits": 1}), names).endswith(
        "(1 credit left)."
    )
    assert show.describe(
        Event("buy", {"player": 0, "count": 1, "unit": "humber", "cost": 1}), names
    ).endswith("for 1 credit.")


def test_modern_asks_for_an_attack_s_source_first_as_classic_does() -> None:
    """Modern asked for the target, then the source (classic asks the source first). The picker asks the
    source first for a kind whose spec says so; the action keeps its own order (target, source, units)."""
    s, ctl = at_attack("modern")
    b, me = s.rules.board, s.state["current"]
    ctl.cursor = None  # (on a territory, the key takes it as the first choice, as in classic)
    ctl.key("a")
    p = ctl.picker
    sources = p.candidates()
    assert sources and all(s.state["owner"][b.index[t]] == me for t in sources)
    assert p.choose(sources[0]) and p.args == [] and p.shown() == [sources[0]]
    target = p.candidates()[0]
    assert s.state["owner"][b.index[target]] != me
    assert p.choose(target) and p.args == [target, sources[0]] and p.shown() == [sources[0], target]
    assert p.back() and p.shown() == [sources[0]] and p.back() and not p.started
