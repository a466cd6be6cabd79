"""riskterm new-map [--seed N] [--territories 42] [--regions 6] [-o OUT.yaml [--force]]: a random board (the same seed
and sizes give the same board), written to OUT or into the boards folder of the user's data folder, where
`riskterm --map NAME` and the new-game screen find it. Bad options: one sentence, exit 2, nothing written."""

from __future__ import annotations

import argparse
from pathlib import Path

from riskterm.errors import RiskError
from riskterm.setup_options import printable

MAX_SEED = 2**63


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=None, help="the board's seed (default: a random one, printed)")
    p.add_argument(
        "--territories", type=int, default=42, help="territories on the board (6 to 250; default 42)"
    )
    p.add_argument("--regions", type=int, default=6, help="regions on the board (2 to 20; default 6)")
    p.add_argument(
        "-o",
        "--output",
        default=None,
        metavar="OUT.yaml",
        help="the board file to write (default: the boards folder of riskterm's data folder)",
    )
    p.add_argument("--force", action="store_true", help="replace the file -o names when it is there already")


def run(args: argparse.Namespace) -> int:
    from riskterm.board.generate import board_document, check_sizes, generate
    from riskterm.board.names import slug
    from riskterm.board.writer import board_yaml

    check_sizes(args.territories, args.regions)  # GenerateError: one sentence, before anything is made
    seed = args.seed
    if seed is None:
        import secrets

        seed = secrets.randbelow(1_000_000)
    elif not -MAX_SEED < seed < MAX_SEED:
        raise RiskError(f"The seed must be a whole number between -{MAX_SEED} and {MAX_SEED}.")
    if args.output is not None:
        target = Path(args.output)
        _check_target(target, args.force)
        gen = generate(seed, args.territories, args.regions)
        text = board_yaml(board_document(gen, slug(target.stem) or None))
    else:
        from riskterm.paths import boards_dir

        gen = generate(seed, args.territories, args.regions)
        text = board_yaml(board_document(gen))
        target = boards_dir() / f"{gen.board_id}.yaml"
        try:
            if target.exists() and target.read_text(encoding="utf-8") != text:
                raise RiskError(
                    f"{printable(str(target))} already holds another board; give the new one a "
                    f"file of its own with -o."
                )
        except (OSError, UnicodeDecodeError) as e:
            raise RiskError(
                f"{printable(str(target))} is in the way of the new board ({e}); give it a file of "
                f"its own with -o."
            ) from None
    _write(target, text)
    board_id = slug(target.stem) if args.output is not None else gen.board_id
    sizes = ", ".join(f"{r['name']} {len(r['territories'])}" for r in gen.regions)  # type: ignore[arg-type]
    play = f"riskterm --map {board_id}" if args.output is None else f"riskterm --map {printable(str(target))}"
    print(
        f"Wrote the board {gen.name} (seed {seed}: {len(gen.territories)} territories in {len(gen.regions)} "
        f"regions: {sizes}) to {printable(str(target))}.\nPlay it with: {play}"
    )
    return 0


def _check_target(target: Path, force: bool) -> None:
    from riskterm.commands.output_file import output_problem

    problem = output_problem(target, force)
    if problem:
        raise RiskError(problem)


def _write(target: Path, text: str) -> None:
    from riskterm.record.atomic import atomic_write

    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, text.encode("utf-8"))
    except OSError as e:
        raise RiskError(f"riskterm cannot write {printable(str(target))} ({e.strerror or e}).") from None
