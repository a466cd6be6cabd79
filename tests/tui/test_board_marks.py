"""The map: names and counts inside each territory, borders between territories of one owner, unclaimed land,
the regions colouring, europe's city and castle marks, and the map scaled to the space it has."""

from __future__ import annotations

import pytest

from riskterm.board.loader import load_board
from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.tui.board import BADGE, NOBODY_BG, BoardView, Look
from riskterm.tui.layout import lay_out
from riskterm.tui.short_names import short_name


def _view(variant: str = "classic", size: tuple[int, int] = (98, 42)) -> tuple[Session, BoardView]:
    s = Session.new(variant, [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 1, {})
    bv = BoardView(s.rules.board)
    bv.fit(*size)
    bv.set_players(["red", "blue", "green"], ["A", "B", "C"])
    return s, bv


def _text(bv: BoardView) -> str:
    return "\n".join(bv._row(y).text for y in range(bv.plan.height))


def test_short_names_start_with_the_first_letters():
    assert short_name("Ukraine", 7) == "Ukraine"
    assert short_name("Ukraine", 4) == "Ukra"
    assert short_name("North Africa", 9) == "N. Africa"
    assert short_name("Kingdom of Sicily", 9) == "K. Sicily"
    for name in ("Eastern United States", "Northwest Territory", "Great Britain"):
        for w in range(1, 12):
            got = short_name(name, w)
            assert len(got) <= w and got[0] == name[0]


def test_every_territory_shows_its_name_and_count_and_short_names_in_full():
    s, bv = _view()
    b = s.rules.board
    bv.show([Look(t % 3, str(t), "") for t in range(len(b))])
    shown = _text(bv)
    for name in ("Peru", "Egypt", "Ukraine", "Siam", "Alaska", "Brazil"):
        assert name in shown
    assert all(bv.plan.names), [t.name for t, n in zip(b.territories, bv.plan.names, strict=True) if not n]
    assert "B 4" in shown or "B4" in shown  # the owner's letter with the count


def test_two_territories_of_one_owner_are_kept_apart_by_a_border():
    s, bv = _view()
    b = s.rules.board
    bv.show([Look(0, "1", "") for _ in b.territories])
    plan = bv.plan
    a, c = b.index["ural"], b.index["siberia"]
    y, x = next(
        (y, x)
        for y in range(plan.height)
        for x in range(plan.width - 1)
        if plan.cell[y][x] == a and plan.cell[y][x + 1] == c
    )
    slots = [(x0, x0 + w) for t, _, x0, w in plan.slots_on[y] if t == a]
    assert bv._row(y).text[x] in "▌▘" or any(x0 <= x < x1 for x0, x1 in slots)


def test_unclaimed_territories_are_grey_and_still_named():
    s, bv = _view()
    bv.show([Look(-1, "", "") for _ in s.rules.board.territories])
    t = s.rules.board.by_id["egypt"].index
    assert bv.paint_of(t).fill.bgcolor.name == NOBODY_BG
    assert "Egypt" in _text(bv)


def test_regions_colouring_follows_the_region_not_the_owner():
    s, bv = _view()
    b = s.rules.board
    a, c = b.index[b.regions[0].territories[0]], b.index[b.regions[1].territories[0]]
    bv.show([Look(0, "1", "") for _ in b.territories])
    owner_style = bv.paint_of(a).fill.bgcolor
    bv.set_regions(True)
    assert bv.paint_of(a).fill.bgcolor != owner_style
    assert bv.paint_of(a).fill.bgcolor != bv.paint_of(c).fill.bgcolor


def test_europe_cities_are_marked_next_to_the_count():
    s, bv = _view("europe")
    r, st = s.rules, s.state
    city = next(t for t in range(len(r.board.territories)) if r.presenter().badge_of(st, t))
    assert "♔" in r.presenter().badge_of(st, city)
    looks = [Look(-1, "5", "", r.presenter().badge_of(st, t)) for t in range(len(r.board.territories))]
    bv.show(looks)
    rows = [
        y
        for y in range(bv.plan.height)
        if any(sl[0] == city and sl[1] == "army" for sl in bv.plan.slots_on[y])
    ]
    segs = [seg for y in rows for seg in bv._row(y)]
    assert any(seg.text == "♔" and seg.style == BADGE for seg in segs)


@pytest.mark.parametrize("board_id", ["classic", "europe", "risiko"])
@pytest.mark.parametrize("size", [(46, 21), (78, 37), (98, 42), (156, 56)])
def test_the_map_scales_to_its_space_and_keeps_every_territory(board_id, size):
    b = load_board(board_id)
    aw, ah = max(len(r) for r in b.art), len(b.art)
    plan = lay_out(b, size[0] / aw, size[1] / ah)
    assert (plan.width, plan.height) == size
    seen = {t for row in plan.cell for t in row}
    assert seen >= set(range(len(b)))
    for t in range(len(b)):  # each territory's text sits on its own rows
        x, y = plan.anchor[t]
        assert 0 <= x < plan.width and 0 <= y < plan.height


@pytest.mark.parametrize("board_id", ["classic", "europe", "risiko"])
def test_every_row_is_exactly_as_wide_as_the_map(board_id):
    s, bv = _view("classic" if board_id == "classic" else board_id, (46, 21))
    r = s.rules
    for size in ((46, 21), (98, 42), (156, 56)):
        bv.fit(*size)
        bv.show(
            [Look(t % 4 - 1, str(t), "", r.presenter().badge_of(s.state, t)) for t in range(len(r.board))]
        )
        assert all(bv._row(y).cell_length == bv.plan.width for y in range(bv.plan.height))


@pytest.mark.parametrize(
    ("name", "forms"),
    [
        ("South Africa", ["South Africa", "S. Africa", "S.Africa", "S.Afr", "S.Af"]),
        ("Baker Street", ["Baker Street", "Baker St", "Baker", "Bak"]),
        ("Ross-shire", ["Ross-shire", "Ross", "Ros"]),
        ("Renfrew-shire", ["Renfrew-shire", "Renfrew", "Renf"]),
        ("Lincolnshire", ["Lincolnshire", "Lincoln", "Linc"]),
        ("Kingdom of Sicily", ["Kingdom of Sicily", "K. Sicily", "K.Sic"]),
        ("Western United States", ["Western United States", "W. US", "W.US"]),
        ("Neo Tokyo", ["Neo Tokyo", "Tokyo", "Tok"]),
        ("The Shire", ["The Shire", "Shire", "Shi"]),
        ("Old Forest", ["Old Forest", "Old Fores", "Forest"]),
    ],
)
def test_a_short_name_keeps_the_distinctive_word(name, forms):
    """'Ross-shire' and 'Renfrew-shire' were both 'R.shi', 'Baker Street' 'B. Str' and 'South Africa' 'Sou':
    the generic word goes short or goes first, the distinctive one is cut last."""
    assert [short_name(name, len(f)) for f in forms] == forms


def test_no_two_territories_show_the_same_label(tmp_path):
    """Two names that cut to the same letters ('Renfr') are told apart: the second takes another form of its
    name or shows none."""
    import yaml
    from support.domination_maps import TINY_MAP, tiny_map

    from riskterm.board.community import import_map
    from riskterm.board.loader import board_from_text

    text = TINY_MAP.replace("Northport", "Renfrew-shire").replace("Southport", "Renfrewton")
    got = import_map(tiny_map(tmp_path, text))
    b = board_from_text(yaml.safe_dump(got.doc, sort_keys=False), "imported.yaml")
    assert b.territories[0].name == "Renfrew-shire"
    base = lay_out(b, 1.0, 1.0)
    seen_cut = False
    for w in (12, 14, 16, 20, 26, 34):
        plan = lay_out(b, w / base.art_width, w / 2 / base.art_height)
        shown = [n for n in plan.names if n]
        assert len(shown) == len(set(shown)), (w, plan.names)
        seen_cut |= plan.names[0] not in ("", "Renfrew-shire")
    assert seen_cut


@pytest.mark.parametrize(
    ("variant", "size"), [("classic", (58, 22)), ("europe", (78, 37)), ("risiko", (78, 37))]
)
def test_two_territories_texts_never_run_together(variant, size):
    """'IndiaSiam', 'B 2Onta': where the texts of two territories would meet on a row, the slot that can spare
    a cell gives it up, so a cell stays between them."""
    s, bv = _view(variant, size)
    bv.show([Look(t % 3, str(t % 13), "") for t in range(len(s.rules.board))])
    plan = bv.plan
    for y in range(plan.height):
        text = bv._row(y).text
        owner = {x: t for t, _, x0, w in plan.slots_on[y] for x in range(x0, x0 + w)}
        for x in range(len(text) - 1):
            a, b = owner.get(x), owner.get(x + 1)
            assert not (
                a is not None and b is not None and a != b and text[x].isalnum() and text[x + 1].isalnum()
            ), (y, text)


def test_fog_is_hatched_apart_from_every_owner_and_from_unclaimed_land():
    """Fog of war: land out of sight is drawn hatched in its own colour with '?' for its armies, never in a
    seat's colour or the unclaimed grey; fog beside the seat's land (dense fog: it is there) hatched brighter."""
    from riskterm.engine.fog import UNKNOWN
    from riskterm.tui.board import FOG, FOG_FILL

    s, bv = _view()
    n = len(s.rules.board.territories)
    looks = [Look(UNKNOWN, "?", "", near=t == 1) for t in range(n)]
    looks[0] = Look(0, "5", "")
    bv.show(looks)
    assert FOG_FILL in _text(bv)
    far, near, mine = bv.paint_of(2), bv.paint_of(1), bv.paint_of(0)
    assert far.text.bgcolor.name == FOG[0] and far.text.bgcolor != mine.text.bgcolor
    assert far.text.bgcolor.name != NOBODY_BG and near.fill.color != far.fill.color
