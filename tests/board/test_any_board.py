"""A game on a board the player chooses: classic and modern play on any board (a small one the tests draw);
the save carries the board, so it resumes, replays and checks wherever the file went; a changed board, a
board for europe or RisiKo, and bad board files are refused with one sentence (exit 2)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from support.boards import board_yaml, grid_board, write_board

from riskterm.ai.simulate import play_game
from riskterm.board import load_board, load_board_file
from riskterm.board.find import board_files, is_shipped, open_board
from riskterm.cli import main
from riskterm.errors import BoardError, MapError, SaveError
from riskterm.paths import map_path
from riskterm.record import load_game, write_save
from riskterm.record.autosave import read_header
from riskterm.record.saveformat import checksum
from riskterm.record.timeline import Timeline
from riskterm.rules import PlayerSetup, find_variant, variant_class
from riskterm.session import Session

LAKES = Path(__file__).parent / "data" / "lakes.yaml"


@pytest.fixture
def board_file(tmp_path: Path) -> Path:
    return write_board(tmp_path / "lakes.yaml")


def players(n: int) -> list[PlayerSetup]:
    return [PlayerSetup(name) for name in ("Ann", "Bob", "Cid", "Dee", "Eve")[:n]]


def test_the_board_in_tests_data_is_the_one_the_helper_draws() -> None:
    """tests/board/data/lakes.yaml (for playing by hand) is grid_board() as written by the helper."""
    assert LAKES.read_text(encoding="utf-8") == board_yaml()


@pytest.mark.parametrize(("variant", "seats"), [("classic", 3), ("classic", 2), ("modern", 3)])
def test_a_game_on_a_small_board_saves_and_comes_back_the_same(
    variant: str, seats: int, board_file: Path, tmp_path: Path, capsys
) -> None:
    """A whole computer game on a 12-territory board: the save holds the board, so check-save, stats and
    loading (resume and replay load the same way) give the same game after the board file is gone."""
    board = open_board(str(board_file))
    session = play_game(variant, ["easy"] * seats, 5, board=board)
    assert session.rules.board.digest == board.digest and session.rules.is_over(session.state)
    assert session.rules.winner(session.state) is not None
    path = write_save(session, tmp_path / "game.json")
    doc = json.loads(path.read_bytes())
    assert doc["board"] == "lakes" and doc["board_sha256"] == board.digest
    assert doc["board_text"] == board_file.read_text(encoding="utf-8")
    board_file.unlink()
    loaded = load_game(path)
    assert loaded.rules.board.id == "lakes" and loaded.rules.board.digest == board.digest
    assert loaded.state == json.loads(json.dumps(session.state))
    assert [str(a) for a in loaded.actions] == [str(a) for a in session.actions]
    assert Timeline(loaded).end == len(session.steps)
    assert main(["check-save", str(path)]) == 0
    assert main(["stats", str(path)]) == 0
    out = capsys.readouterr().out
    assert "ok:" in out and " on the board The Lakes: " in out  # stats names a board not the rulebook's own
    head = read_header(path)  # the listing reads the header only: the board's text comes after the actions
    assert head is not None and head.moves == len(session.steps)
    assert head.label().startswith(f"{variant} on lakes: ")  # the resume list names the board
    assert path.read_bytes().index(b'"board_text"') > path.read_bytes().index(b'"actions"')


@pytest.mark.parametrize("variant", ["classic", "modern"])
def test_an_unfinished_game_resumes_on_its_board(variant: str, board_file: Path, tmp_path: Path) -> None:
    """Session.new on a board, some moves, saved: loading it goes on from the same position, on that board."""
    board = load_board_file(board_file)
    session = Session.new(variant, players(3), 11, {"quick_start": True}, board=board)
    rnd = random.Random(11)
    for _ in range(25):
        session.apply(rnd.choice(session.rules.legal_actions(session.state)))
    assert not session.rules.is_over(session.state)
    path = write_save(session, tmp_path / "half.json")
    loaded = load_game(path)
    assert loaded.state == json.loads(json.dumps(session.state)) and loaded.rules.board.digest == board.digest
    loaded.apply(loaded.rules.legal_actions(loaded.state)[0])


def resave(path: Path, change) -> Path:
    doc = json.loads(path.read_bytes())
    change(doc)
    doc["checksum"] = checksum(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.fixture
def lakes_save(board_file: Path, tmp_path: Path) -> Path:
    session = play_game("classic", ["easy"] * 3, 2, board=load_board_file(board_file))
    return write_save(session, tmp_path / "lakes-game.json")


def test_a_changed_board_is_refused(lakes_save: Path, capsys) -> None:
    """A save whose board no longer matches its fingerprint (a border added) is refused in one sentence."""
    doc = grid_board()
    doc["territories"][0]["neighbours"].append("stone_ford")
    doc["territories"][6]["neighbours"].append("north_fen")
    resave(lakes_save, lambda d: d.__setitem__("board_text", board_yaml(doc)))
    with pytest.raises(SaveError, match="does not match its fingerprint"):
        load_game(lakes_save)
    assert main(["check-save", str(lakes_save)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_broken_or_missing_board_is_refused(lakes_save: Path) -> None:
    """A save holding a board that is no board, or naming a board it neither holds nor riskterm ships."""
    resave(lakes_save, lambda d: d.__setitem__("board_text", "id: [1"))
    with pytest.raises(SaveError, match="holds a board riskterm cannot read"):
        load_game(lakes_save)
    resave(lakes_save, lambda d: d.pop("board_text"))
    with pytest.raises(SaveError, match="neither saved in it nor one riskterm ships"):
        load_game(lakes_save)
    assert main(["replay", str(lakes_save)]) == 2
    assert main(["resume", str(lakes_save)]) == 2
    assert main(["stats", str(lakes_save)]) == 2


def test_a_shipped_board_is_not_copied_into_the_save(tmp_path: Path) -> None:
    """A game on a board riskterm ships (classic on the RisiKo board too) is found again by the board's id."""
    risiko = load_board("risiko")
    assert is_shipped(risiko) and is_shipped(load_board("classic"))
    session = Session.new("classic", players(3), 4, {"quick_start": True}, board=risiko)
    path = write_save(session, tmp_path / "g.json")
    doc = json.loads(path.read_bytes())
    assert "board_text" not in doc and doc["board"] == "risiko"
    assert load_game(path).rules.board.id == "risiko"
    plain = Session.new("classic", players(3), 4, {"quick_start": True})
    assert "board_text" not in json.loads(write_save(plain, tmp_path / "p.json").read_bytes())


@pytest.mark.parametrize("variant", ["europe", "risiko"])
def test_europe_and_risiko_play_only_on_their_own_board(
    variant: str, board_file: Path, tmp_path: Path, capsys
) -> None:
    """Their boards carry facts of their own (cities, empires): another board is refused in one sentence,
    by Session.new, play, simulate and a save holding another board; their own board file is accepted."""
    cls = variant_class(variant)
    assert not cls.any_board
    other = load_board_file(board_file)
    with pytest.raises(BoardError, match="only on its own board"):
        Session.new(variant, players(3), 1, {}, board=other)
    with pytest.raises(BoardError):
        find_variant(variant, load_board("classic"))
    own = load_board_file(map_path(cls.board_id))
    assert find_variant(variant, own).board is own
    assert main(["play", "--variant", variant, "--map", str(board_file), "--names", "Ann,Bob,Cid"]) == 2
    assert main(["simulate", "--variant", variant, "--map", str(board_file), "--players", "3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "only on its own board" in err and "Traceback" not in err
    save = write_save(Session.new(variant, players(3), 1, {"quick_start": True}), tmp_path / "e.json")
    resave(save, lambda d: d.update(board="lakes", board_sha256=other.digest, board_text=other.source))
    with pytest.raises(SaveError, match="only on its own board"):
        load_game(save)


def bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    (tmp_path / "notyaml.yaml").write_text("territories: [a, b\n", encoding="utf-8")
    (tmp_path / "binary.yaml").write_bytes(bytes(range(256)))
    (tmp_path / "list.yaml").write_text("- just\n- a list\n", encoding="utf-8")
    doc = grid_board()
    doc["territories"][1]["neighbours"].append("far_isle")
    write_board(tmp_path / "oneway.yaml", doc)
    write_board(tmp_path / "tiny.yaml", cols=2, rows=1)
    doc = grid_board(cards=True)
    del doc["territories"][3]["card"]
    write_board(tmp_path / "somecards.yaml", doc)
    return {
        "missing": (tmp_path / "nowhere.yaml", "no such board file"),
        "unknown-name": (Path("nowhere"), "no board file or board called 'nowhere'"),
        "folder": (tmp_path, "is a folder"),
        "not-yaml": (tmp_path / "notyaml.yaml", "is not valid YAML"),
        "binary": (tmp_path / "binary.yaml", "is not UTF-8"),
        "not-a-board": (tmp_path / "list.yaml", "does not hold a mapping of board keys"),
        "invalid": (tmp_path / "oneway.yaml", "one-way border"),
        "too-few": (tmp_path / "tiny.yaml", "too few for 3 players"),
        "some-cards": (tmp_path / "somecards.yaml", "card kind none"),
    }


@pytest.mark.parametrize(
    "case",
    [
        "missing",
        "unknown-name",
        "folder",
        "not-yaml",
        "binary",
        "not-a-board",
        "invalid",
        "too-few",
        "some-cards",
    ],
)
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_bad_map_file_is_one_sentence_and_exit_2(case: str, command: str, tmp_path: Path, capsys) -> None:
    path, words = bad_files(tmp_path)[case]
    argv = [command, "--variant", "classic", "--map", str(path)]
    argv += ["--names", "Ann,Bob,Cid"] if command == "play" else ["--players", "3", "--games", "1"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_the_plain_command_line_takes_a_map(board_file: Path) -> None:
    """`riskterm --variant classic --map FILE --names ...` starts the game on that board (the app is not run)."""
    from riskterm.commands.play import build_parser_for_tests, build_session, starts_at_once

    args = build_parser_for_tests().parse_args(
        ["--variant", "modern", "--map", str(board_file), "--names", "Ann,Bob,Cid", "--seed", "3"]
    )
    assert starts_at_once(args)
    session, seed = build_session(args)
    assert seed == 3 and session.rules.board.id == "lakes" and session.rules.name == "modern"


def test_too_few_territories_for_the_seats(tmp_path: Path) -> None:
    """Classic's two-player game needs a territory for the neutral too; modern one for each player."""
    small = load_board_file(write_board(tmp_path / "two.yaml", cols=2, rows=1))
    with pytest.raises(BoardError, match="too few for 2 players"):
        Session.new("classic", players(2), 1, {}, board=small)
    with pytest.raises(BoardError, match="too few for 3 players"):
        Session.new("modern", players(3), 1, {}, board=small)
    three = load_board_file(write_board(tmp_path / "three.yaml", cols=3, rows=1))
    assert Session.new("classic", players(2), 1, {}, board=three).rules.board is three


def test_classic_cards_on_a_board_without_card_kinds(board_file: Path, tmp_path: Path) -> None:
    """Our reading (classic text, readings): with no card kinds on the board they go in turn, infantry,
    cavalry, artillery, in the board's order; a board giving them keeps its own."""
    rules = find_variant("classic", load_board_file(board_file))
    kinds = [rules.card_kind[t.id] for t in rules.board.territories]
    assert kinds[:4] == ["infantry", "cavalry", "artillery", "infantry"]
    assert rules.card_kind["wild1"] == "wild"
    given = find_variant(
        "classic", load_board_file(write_board(tmp_path / "c.yaml", board_id="c", cards=True))
    )
    assert [given.card_kind[t.id] for t in given.board.territories][:3] == [
        "infantry",
        "artillery",
        "cavalry",
    ]
    world = find_variant("classic")
    assert sum(k == "cavalry" for k in world.card_kind.values()) == 14


def test_modern_deals_and_sets_the_goal_by_the_board(board_file: Path) -> None:
    """Rulebook 'Setup': 14, 10 or 8 territories each and a goal of 28 on the world's 42; our reading on
    another board: as many each as all get alike, and two thirds of the territories, rounded up."""
    s = Session.new("modern", players(5), 1, {}, board=load_board_file(board_file)).state
    assert [s["owner"].count(p) for p in range(5)] == [2] * 5 and s["options"]["goal"] == 8
    world = Session.new("modern", players(3), 1, {}).state
    assert [world["owner"].count(p) for p in range(3)] == [14] * 3 and world["options"]["goal"] == 28


def test_boards_in_the_data_folder_are_offered_by_name(data_home: Path) -> None:
    write_board(data_home / "boards" / "lakes.yaml")
    files = board_files()
    assert [f.name for f in files if f.shipped] == ["classic", "europe", "risiko"]
    assert [f.name for f in files if not f.shipped] == ["lakes"]
    assert open_board("lakes").id == "lakes" and open_board("classic").id == "classic"
    with pytest.raises(MapError, match="no board file or board called"):
        open_board("atlantis")


def test_a_hosted_game_on_another_board_sends_it_to_the_joining_screens(board_file: Path) -> None:
    """The host's welcome carries the board file's text when the board is not the rulebook's own, and the
    joining screen's table plays on that board; on the rulebook's own board nothing is sent; a board text
    that is no board is refused in one sentence."""
    from riskterm.net.host import GameHost
    from riskterm.net.protocol import decode
    from riskterm.net.remote import RemoteTable

    def welcome(session: Session) -> dict:
        frames: list[str] = []
        GameHost(session).join("Ann", None, False, frames.append)
        return next(m for m in map(decode, frames) if m["type"] == "welcome")

    board = open_board(str(board_file))
    msg = welcome(Session.new("classic", players(3), 1, {"quick_start": True}, board))
    table = RemoteTable.for_variant(msg["variant"], msg["seat"], lambda text, version: None, msg["board"])
    assert table.rules.board.digest == board.digest and table.rules.board.id == "lakes"
    assert "board" not in welcome(Session.new("classic", players(3), 1, {"quick_start": True}))
    with pytest.raises(MapError, match="the host's board"):
        RemoteTable.for_variant("classic", 0, lambda text, version: None, "id: [")


def test_replay_and_resume_open_the_game_on_its_board(
    board_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`riskterm replay FILE` and `riskterm resume FILE` open the saved game on the board it holds (the replay
    says which)."""
    from riskterm.tui.app import RiskApp
    from riskterm.tui.replay import ReplayApp

    opened: list[str] = []
    monkeypatch.setattr(ReplayApp, "run", lambda self: opened.append(self.board_name))
    monkeypatch.setattr(RiskApp, "run", lambda self: opened.append(self.session.rules.board.id))
    session = Session.new("classic", players(3), 8, {"quick_start": True}, board=load_board_file(board_file))
    session.apply(session.rules.legal_actions(session.state)[0])
    path = write_save(session, tmp_path / "g.json")
    board_file.unlink()
    assert main(["replay", str(path)]) == 0 and main(["resume", str(path)]) == 0
    assert opened == ["The Lakes", "lakes"]  # the replay names the board (it is not the rulebook's own)
