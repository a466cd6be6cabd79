"""`riskterm ledger`: the standings (ratings per rulebook and over all), `ledger player NAME` (a player's games
and head-to-head), `ledger recent` (the latest games), `ledger add SAVES...` (finished games from save files or
folders of them, each once, by its game id); `--json` prints one JSON object instead of text. `ledger rename OLD
NEW`, `ledger merge FROM INTO` and `ledger forget NAME` manage people's profiles (store.py says how)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from riskterm.errors import RiskError


def _shared(p: argparse.ArgumentParser, top: bool) -> None:
    # the sub-commands take --json and --variant too; SUPPRESS keeps what was given before the sub-command
    default: Any = (lambda v: v) if top else (lambda v: argparse.SUPPRESS)
    p.add_argument("--json", action="store_true", default=default(False), help="print one JSON object")
    p.add_argument(
        "--variant",
        default=default(None),
        metavar="V",
        help="one rulebook's ratings and games (default: all rulebooks together)",
    )


def add_arguments(p: argparse.ArgumentParser) -> None:
    from riskterm.commands.parsing import Parser

    _shared(p, True)
    sub = p.add_subparsers(dest="what", metavar="WHAT", parser_class=Parser)
    pl = sub.add_parser(
        "player",
        help="a player's games and head-to-head",
        description="A player's rating, games and head-to-head against everyone they played.",
    )
    pl.add_argument("name", help="a person's name, or a computer level (easy, normal, hard)")
    _shared(pl, False)
    rc = sub.add_parser("recent", help="the latest games", description="The latest games, most recent first.")
    rc.add_argument("-n", "--games", type=int, default=10, help="how many (default 10)")
    _shared(rc, False)
    ad = sub.add_parser(
        "add",
        help="add finished games from save files",
        description="Add the finished games "
        "of save files (or of every save in a folder) to the ledger, each once, by its game id.",
    )
    ad.add_argument("saves", nargs="+", metavar="SAVE", help="a save file, or a folder of them")
    _shared(ad, False)
    rn = sub.add_parser(
        "rename",
        help="give a person a new name",
        description="Give a person a new name (or spell it anew); their games and ratings follow.",
    )
    rn.add_argument("old", help="the name in the ledger (any case)")
    rn.add_argument("new", help="the new name")
    mg = sub.add_parser(
        "merge",
        help="make two names one person",
        description="Make two names one person: "
        "FROM's games become INTO's and the ratings are worked out again from the games.",
    )
    mg.add_argument("source", metavar="FROM", help="the name that goes")
    mg.add_argument("into", metavar="INTO", help="the name that stays")
    fg = sub.add_parser(
        "forget",
        help="forget a person's name",
        description="Forget a person's name: their "
        "games stay (everyone else's ratings are unchanged), played by '(forgotten 1)' or the "
        "next free number; the name is offered no more.",
    )
    fg.add_argument("name", help="the name in the ledger (any case)")
    fg.add_argument("-y", "--yes", action="store_true", help="do not ask first")


def _scope(variant: str | None) -> str:
    if variant is None:
        return ""
    from riskterm.rules import VARIANTS

    if variant not in VARIANTS:
        raise RiskError(f"There is no rulebook '{variant}'; choose one of {', '.join(VARIANTS)}.")
    return variant


def run(args: argparse.Namespace) -> int:
    from riskterm.ledger.store import Ledger

    ledger = Ledger()
    scope = _scope(args.variant)
    if args.what == "add":
        return add(ledger, args.saves, args.json)
    if args.what in ("rename", "merge", "forget"):
        return manage(ledger, args)
    from riskterm.ledger.ratings import Ratings

    games = ledger.games()
    ratings = Ratings(games)
    _notes(ledger)
    if args.what == "player":
        from riskterm.ledger.report import find_who, player

        return _print_player(player(games, ratings, find_who(games, args.name), scope), args.json)
    if args.what == "recent":
        from riskterm.ledger.report import recent

        if args.games < 0:
            raise RiskError("--games must be 0 or more.")
        return _print_recent(recent(games, ratings, scope, args.games), args.json)
    from riskterm.ledger.report import in_scope, standings

    return _print_standings(standings(ratings, scope), len(in_scope(games, scope)), scope, args.json)


def manage(ledger: Any, args: argparse.Namespace) -> int:
    """rename, merge, forget: one sentence saying what changed (a bad name: RiskError, exit code 2)."""
    if args.what == "rename":
        said = ledger.rename(args.old, args.new)
    elif args.what == "merge":
        said = ledger.merge(args.source, args.into)
    else:
        if not args.yes and not _confirm_forget(ledger, args.name):
            _out("Nothing was forgotten.")
            return 1
        said = ledger.forget(args.name)
    _notes(ledger)
    _out(said)
    return 0


def _confirm_forget(ledger: Any, name: str) -> bool:
    import sys

    spelt, games = ledger.games_of(name)  # an unknown name is refused before asking
    if not sys.stdin.isatty():
        raise RiskError(f"riskterm asks before forgetting {spelt}; add --yes to forget them without asking.")
    try:
        answer = input(
            f"Forget {spelt}? Their {games} game{'s' if games != 1 else ''} stay in the ledger under "
            f"'(forgotten)'. Type y to forget: "
        )
    except (EOFError, KeyboardInterrupt):
        print()
        return False
    return answer.strip().lower() in ("y", "yes")


def _notes(ledger: Any) -> None:
    import sys

    for note in ledger.notes:
        print(f"riskterm: {note}", file=sys.stderr)


def _out(text: str) -> None:
    from riskterm.setup_options import printable

    print("\n".join(printable(line) for line in text.split("\n")))


EMPTY = (
    "The ledger has no finished games yet: games are recorded as they end, and 'riskterm ledger add "
    "FOLDER' adds the finished games saved there."
)


def _print_standings(rows: list[dict[str, Any]], games: int, scope: str, as_json: bool) -> int:
    from riskterm.ledger.report import scope_title

    if as_json:
        print(json.dumps({"scope": scope or "all", "games": games, "standings": rows}))
        return 0
    if not rows:
        _out(EMPTY if not scope else f"The ledger has no finished {scope} games yet.")
        return 0
    lines = [
        f"Standings, {scope_title(scope)}: {games} game{'s' if games != 1 else ''} "
        f"(rating: OpenSkill's mu - 3 sigma; it rises with wins and with games played).",
        f"{'#':>3}  {'player':20} {'rating':>7} {'games':>6} {'wins':>5} {'draws':>6}  last played",
    ]
    for r in rows:
        lines.append(
            f"{r['rank']:>3}  {r['label'][:20]:20} {r['rating']:>7.1f} {r['games']:>6} {r['wins']:>5} "
            f"{r['draws']:>6}  {r['last_played'][:10]}"
        )
    said = [r["between"] for r in rows if r["between"]]
    if said:
        lines.append("")
        lines.extend(said)
    _out("\n".join(lines))
    return 0


def _print_recent(lines_: list[dict[str, Any]], as_json: bool) -> int:
    from riskterm.ledger.report import day, result_text, rulebook_text

    if as_json:
        print(json.dumps({"games": lines_}))
        return 0
    if not lines_:
        _out(EMPTY)
        return 0
    out = [f"{'ended (UTC)':16}  {'rulebook':9} {'turns':>5}  finishing order"]
    for g in lines_:
        rulebook = rulebook_text(g["variant"], g["mode"])
        out.append(f"{day(g['ended_at']):16}  {rulebook[:9]:9} {g['turns']:>5}  {result_text(g)}")
    _out("\n".join(out))
    return 0


def _print_player(p: dict[str, Any], as_json: bool) -> int:
    from riskterm.ledger.report import change_text, day, rulebook_text

    if as_json:
        print(json.dumps(p))
        return 0
    st = p["standing"]
    scope = "all rulebooks" if p["scope"] == "all" else p["scope"]
    if st is None:
        _out(f"{p['label']} has no games in {scope}.")
        return 0
    out = [
        f"{p['label']}, {scope}: rating {st['rating']:.1f} (mu {st['mu']:.1f}, sigma {st['sigma']:.1f}) after "
        f"{st['games']} game{'s' if st['games'] != 1 else ''}, {st['wins']} won, {st['draws']} drawn."
    ]
    if p["between"]:
        out.append(p["between"])
    out += [
        "",
        "Games, most recent first:",
        f"  {'ended (UTC)':16}  {'rulebook':9} {'finish':>6} {'rating':>7} {'change':>6}  with",
    ]
    for g in p["games"]:
        me = g["seats"][g["me"]]
        others = ", ".join(s["label"] for s in g["seats"] if s is not me)
        place = "draw" if g["draw"] and g["finish"] == 1 else f"{g['finish']}/{g['of']}"
        rating = f"{me['rating_after']:.1f}" if "rating_after" in me else ""
        out.append(
            f"  {day(g['ended_at']):16}  {rulebook_text(g['variant'], g['mode'])[:9]:9} {place:>6} {rating:>7} {change_text(me):>6}  "
            f"{others}"
        )
    if p["head_to_head"]:
        out += ["", "Head-to-head (games together: finished ahead, behind, level):"]
        for h in p["head_to_head"]:
            out.append(
                f"  {h['label'][:20]:20} {h['games']:>4}: {h['ahead']} ahead, {h['behind']} behind, "
                f"{h['level']} level"
            )
    _out("\n".join(out))
    return 0


def add(ledger: Any, names: list[str], as_json: bool) -> int:
    """Add the finished games of save files (a folder: every save in it), each once, by its game id."""
    import sys

    from riskterm.ledger.entry import entry_from_session
    from riskterm.record.autosave import SUFFIX, read_header
    from riskterm.record.load import read_document, session_from_document
    from riskterm.setup_options import printable

    files: list[Path] = []
    for name in names:
        p = Path(name)
        if p.is_dir():
            files.extend(sorted(f for f in p.iterdir() if f.suffix == SUFFIX and not f.name.startswith(".")))
        else:
            files.append(p)
    results: list[dict[str, Any]] = []
    entries = []
    bad = 0
    known: set[str] = set()
    for f in files:
        head = read_header(f) if f.is_file() else None
        if head is not None and (head.game_id in known or ledger.has_game(head.game_id)):
            results.append({"path": str(f), "game_id": head.game_id, "result": "already in the ledger"})
            continue
        if head is not None and not head.over:
            results.append({"path": str(f), "game_id": head.game_id, "result": "not finished"})
            continue
        try:
            doc = read_document(f)
            session = session_from_document(doc, str(f))
        except RiskError as e:
            bad += 1
            results.append({"path": str(f), "game_id": None, "result": "refused", "why": str(e)})
            continue
        if not session.rules.is_over(session.state):
            results.append({"path": str(f), "game_id": session.game_id, "result": "not finished"})
            continue
        if session.game_id in known or ledger.has_game(session.game_id):
            results.append({"path": str(f), "game_id": session.game_id, "result": "already in the ledger"})
            continue
        known.add(session.game_id)
        ended = str((doc.get("summary") or {}).get("saved_at") or "") or None
        entries.append(
            entry_from_session(session, save_path=str(f.resolve()), source="import", ended_at=ended)
        )
        results.append({"path": str(f), "game_id": session.game_id, "result": "added"})
    if entries:
        ledger.add_games(entries)
    _notes(ledger)
    added = sum(r["result"] == "added" for r in results)
    if as_json:
        print(json.dumps({"added": added, "files": results}))
    else:
        for r in results:
            if r["result"] != "refused":
                _out(f"{r['path']}: {r['result']}")
        same = sum(r["result"] == "already in the ledger" for r in results)
        _out(
            f"{added} game{'s' if added != 1 else ''} added"
            + (f", {same} already in the ledger" if same else "")
            + "."
        )
    for r in results:
        if r["result"] == "refused":
            print(f"riskterm: {printable(r['why'])}", file=sys.stderr)
    if not files:
        raise RiskError(f"No save files in {', '.join(printable(n) for n in names)}.")
    return 2 if bad else 0
