"""`riskterm learn`: the guided lesson game of a rulebook (the default rulebook's unless --variant says
otherwise), in the app, with the tutor's panel beside the board."""

from __future__ import annotations

import argparse

from riskterm.errors import RiskError


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default=None, help="the rulebook to learn: classic teaches the whole game "
                   "(the default); europe, risiko and modern what each adds to it")


def run(args: argparse.Namespace) -> int:
    from riskterm.rules import DEFAULT_VARIANT, VARIANTS, variant_class

    variant = args.variant or DEFAULT_VARIANT
    if variant not in VARIANTS:
        raise RiskError(f"There is no rulebook called '{variant}'; choose one of {', '.join(VARIANTS)}.")
    if variant_class(variant).presenter_class.lessons is None:
        with_lessons = [v for v in VARIANTS if variant_class(v).presenter_class.lessons is not None]
        raise RiskError(f"{variant_class(variant).title} has no lessons yet; try: riskterm learn --variant "
                        f"{with_lessons[0]}.")
    from riskterm.tui.app import RiskApp
    from riskterm.tui.guard import run_guarded

    return run_guarded(RiskApp(lesson=variant))
