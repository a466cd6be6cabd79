"""`riskterm new-map`: a seeded random board. The same seed and sizes give the same board; it is connected,
its regions add up, every territory has pixels in the picture and its label inside them; it loads and
validate-map passes it; bad options are refused with one sentence (exit 2) and nothing is written."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from riskterm.board.generate import Generated, board_document, bonus_for, generate
from riskterm.board.names import NameMaker, slug
from riskterm.cli import main


@cache
def small(seed: int = 3) -> Generated:
    return generate(seed, 10, 3)  # about a tenth of a second


def test_the_same_seed_gives_the_same_board_and_another_seed_another() -> None:
    """The same board in this run and in every other (the file's hash is pinned: a change to the generator
    that changes it changes every board made from a seed, so it must be deliberate); another seed another."""
    import hashlib

    from riskterm.board.writer import board_yaml

    a, b = board_document(small()), board_document(generate(3, 10, 3))
    assert a == b
    pinned = "aebcef2730e6226dd148605a981501681542835f12fa0c6129e7bbe2fbf58048"  # (with its author line)
    assert hashlib.sha256(board_yaml(a).encode()).hexdigest() == pinned
    assert board_document(generate(4, 6, 2))["territories"] != a["territories"]


def test_a_generated_board_is_whole_connected_and_every_territory_is_drawn() -> None:
    gen = small()
    ids = [t["id"] for t in gen.territories]
    assert len(ids) == 10 == len(set(ids)) and len(gen.regions) == 3
    assert sorted(t for r in gen.regions for t in r["territories"]) == sorted(ids)  # type: ignore[attr-defined]
    assert all(len(r["territories"]) >= 2 and r["bonus"] >= 1 for r in gen.regions)  # type: ignore[arg-type,operator]
    adj = {t["id"]: set(t["neighbours"]) | set(t.get("sea_neighbours", [])) for t in gen.territories}  # type: ignore[call-overload]
    assert all(a in adj[b] for a in adj for b in adj[a])  # both ways
    seen, todo = set(), [ids[0]]
    while todo:
        t = todo.pop()
        if t not in seen:
            seen.add(t)
            todo.extend(adj[t])
    assert seen == set(ids)
    r = gen.raster
    pixels = [0] * len(ids)
    for row in r.rows:
        assert len(row) == r.width
        for v in row:
            if v >= 0:
                pixels[v] += 1
    assert min(pixels) > 0 and len(r.rows) == r.height
    assert all(r.rows[y][x] == t for t, (x, y) in enumerate(r.labels))  # a label lies in its own territory


def test_bonuses_follow_size_and_borders_as_the_classic_world_does() -> None:
    """The classic world's continents (size, territories on a border) give 5, 2, 5, 4, 7, 2 by this reading
    against the printed 5, 2, 5, 3, 7, 2; a bigger or more open region is worth more."""
    world = [(9, 3), (4, 2), (7, 4), (6, 3), (12, 5), (4, 1)]
    assert [bonus_for(s, b) for s, b in world] == [5, 2, 5, 4, 7, 2]
    assert bonus_for(2, 1) >= 1


def test_made_up_names_are_unique_short_and_make_ids() -> None:
    import random

    maker = NameMaker(random.Random(1))
    names = [maker.territory(coastal=i % 2 == 0) for i in range(200)]
    assert len(set(names)) == 200 and all(3 <= len(n) <= 14 for n in names)
    assert slug("Old Varn-Hills") == "old_varn_hills"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--territories", "3"], "6 to 250 territories"),
        (["--regions", "1"], "2 to 20 regions"),
        (["--territories", "8", "--regions", "5"], "too few for 5 regions"),
        (["--seed", "x"], "invalid int value"),
        (["--seed", str(2**70)], "seed must be"),
    ],
)
def test_bad_options_are_refused_in_one_sentence_and_nothing_is_written(
    argv: list[str], says: str, tmp_path: Path, monkeypatch, capsys
) -> None:
    monkeypatch.setenv("RISKTERM_DATA_DIR", str(tmp_path / "data"))
    out = tmp_path / "b.yaml"
    try:
        code = main(["new-map", *argv, "-o", str(out)])
    except SystemExit as e:  # argparse's own refusal
        code = e.code
    assert code == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err
    assert not out.exists() and not (tmp_path / "data").exists()


def test_an_output_that_cannot_be_a_board_file_is_refused(tmp_path: Path, capsys) -> None:
    assert main(["new-map", "--seed", "1", "-o", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
    assert main(["new-map", "--seed", "1", "-o", str(tmp_path / "no" / "b.yaml")]) == 2
    assert "There is no folder" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_the_board_file_is_valid_and_goes_into_the_boards_folder_by_default(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """Written without -o, the board lands in the data folder's boards, where --map finds it by name; what is
    written is a valid board (validate-map's checks) that draws from its picture."""
    from riskterm.board.find import open_board
    from riskterm.commands.validate_map import run as validate_run

    monkeypatch.setenv("RISKTERM_DATA_DIR", str(tmp_path))
    assert main(["new-map", "--seed", "3", "--territories", "10", "--regions", "3"]) == 0
    written = list((tmp_path / "boards").iterdir())
    assert len(written) == 1 and "riskterm --map " + written[0].stem in capsys.readouterr().out
    board = open_board(written[0].stem)
    assert len(board) == 10 and board.picture is not None and board.name == small().name
    assert validate_run(type("Args", (), {"files": [str(written[0])]})()) == 0


def test_classic_scales_the_starting_armies_to_the_board() -> None:
    """Our reading (rules screen): on a board of other than 42 territories the starting armies are the
    rulebook's (classic-risk.txt, 'Initial Army Placement': 35 each for three players) times its territories
    over 42: 8 each on 10 territories."""
    from riskterm.board.loader import board_from_text
    from riskterm.board.writer import board_yaml
    from riskterm.rules import PlayerSetup
    from riskterm.session import Session

    board = board_from_text(board_yaml(board_document(small())), "generated")
    s = Session.new(
        "classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 1, {"quick_start": True}, board
    )
    assert [
        sum(a for a, o in zip(s.state["armies"], s.state["owner"], strict=True) if o == p) for p in range(3)
    ] == [8, 8, 8]


def test_a_game_on_a_generated_board_saves_loads_and_replays(tmp_path: Path) -> None:
    """The save holds the generated board (its picture too), so loading and replaying give the same game."""
    import json
    import random

    from riskterm.board.loader import board_from_text
    from riskterm.board.writer import board_yaml
    from riskterm.record import load_game, write_save
    from riskterm.record.timeline import Timeline
    from riskterm.rules import PlayerSetup
    from riskterm.session import Session

    board = board_from_text(board_yaml(board_document(small())), "generated")
    session = Session.new(
        "classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 5, {"quick_start": True}, board
    )
    rnd = random.Random(5)
    for _ in range(30):
        session.apply(rnd.choice(session.rules.legal_actions(session.state)))
    loaded = load_game(write_save(session, tmp_path / "g.json"))
    assert loaded.rules.board.digest == board.digest and loaded.rules.board.picture is not None
    assert loaded.state == json.loads(json.dumps(session.state))
    assert Timeline(loaded).end == len(session.steps)


@pytest.mark.parametrize("size", [(16, 6), (60, 20)])
def test_every_territory_gets_cells_on_the_map_at_any_size(size: tuple[int, int]) -> None:
    """Drawn from its picture on a small grid of character cells or a larger one, every territory shows."""
    from riskterm.board.loader import board_from_text
    from riskterm.board.writer import board_yaml
    from riskterm.tui.picture_map import draw_picture

    board = board_from_text(board_yaml(board_document(small())), "generated")
    cells, _chars = draw_picture(board, *size)
    assert {v for row in cells for v in row if v >= 0} == set(range(len(board)))
