"""The map: unclaimed territories in their own letter, the regions colouring, europe's city and castle marks."""

from __future__ import annotations

from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.tui.board import BADGE, BoardView, Look


def _view(variant: str = "classic") -> tuple[Session, BoardView]:
    s = Session.new(variant, [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 1, {})
    bv = BoardView(s.rules.board)
    bv.set_players(["red", "blue", "green"], ["A", "B", "C"])
    return s, bv


def test_unclaimed_territories_show_their_own_letter_on_alternating_greys():
    s, bv = _view()
    t = s.rules.board.territories[0]
    bv.show([Look(-1, "", "") for _ in s.rules.board.territories])
    y = next(iter(bv.rows_of[t.index]))
    assert t.glyph in bv._row(y).text
    neighbour = next(iter(s.rules.board.land_adj[t.index]))
    assert bv._styles(t.index)[0].bgcolor != bv._styles(neighbour)[0].bgcolor


def test_regions_colouring_follows_the_region_not_the_owner():
    s, bv = _view()
    b = s.rules.board
    a, c = b.index[b.regions[0].territories[0]], b.index[b.regions[1].territories[0]]
    bv.show([Look(0, "1", "") for _ in b.territories])
    owner_style = bv._styles(a)[0].bgcolor
    bv.set_regions(True)
    assert bv._styles(a)[0].bgcolor != owner_style
    assert bv._styles(a)[0].bgcolor != bv._styles(c)[0].bgcolor


def test_europe_cities_are_marked_next_to_the_label():
    s, bv = _view("europe")
    r, st = s.rules, s.state
    city = next(t for t in range(len(r.board.territories)) if r.badge_of(st, t))
    assert "♔" in r.badge_of(st, city)
    looks = [Look(-1, "5", "", r.badge_of(st, t)) for t in range(len(r.board.territories))]
    bv.show(looks)
    x, y = r.board.territories[city].label
    segs = list(bv._row(y))
    assert any(seg.text == "♔" and seg.style == BADGE for seg in segs)
