"""`riskterm learn`: the list of lessons (every rulebook's, those finished before ticked), or with --variant
that rulebook's lesson game at once, in the app, with the tutor's panel beside the board."""

from __future__ import annotations

import argparse

from riskterm.errors import RiskError


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--variant",
        default=None,
        help="start that rulebook's lesson at once: classic teaches the "
        "whole game; europe, risiko and modern what each adds to it (without it: the list of lessons)",
    )


def run(args: argparse.Namespace) -> int:
    from riskterm.rules import VARIANTS, variant_class

    variant = args.variant
    if variant is not None and variant not in VARIANTS:
        raise RiskError(f"There is no rulebook called '{variant}'; choose one of {', '.join(VARIANTS)}.")
    if variant is not None and variant_class(variant).presenter_class.lessons is None:
        raise RiskError(
            f"{variant_class(variant).title} has no lessons yet; 'riskterm learn' lists the "
            f"lessons there are."
        )
    from riskterm.tui.app import RiskApp
    from riskterm.tui.guard import run_guarded

    return run_guarded(RiskApp(lesson=variant, lesson_list=variant is None))
