"""The rulebooks, by name. Each lives in its own module and is imported only when asked for."""

from __future__ import annotations

import importlib

from riskterm.errors import UnknownVariantError
from riskterm.rules.base import ActionSpec, PlayerSetup, Rules, Transition

# name -> (module, class, title)
VARIANTS: dict[str, tuple[str, str, str]] = {
    "classic": ("riskterm.rules.classic", "ClassicRules", "World Domination Risk"),
    "europe": ("riskterm.rules.europe", "EuropeRules", "Risk: Europe"),
    "risiko": ("riskterm.rules.risiko", "RisikoRules", "RisiKo! Più"),
    "modern": ("riskterm.rules.modern", "ModernRules", "Modern units Risk"),
}
ALIASES = {"world": "classic", "risk": "classic", "piu": "risiko", "più": "risiko", "castle": "risiko",
           "units": "modern"}


def variant_class(name: str) -> type[Rules]:
    key = ALIASES.get(name.lower(), name.lower())
    if key not in VARIANTS:
        raise UnknownVariantError(f"There is no rulebook called '{name}'; choose one of {', '.join(VARIANTS)}.")
    module, cls, title = VARIANTS[key]
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name == module:
            raise UnknownVariantError(f"The {title} rulebook ('{key}') is not built yet.") from None
        raise
    return getattr(mod, cls)


def find_variant(name: str) -> Rules:
    """A ready rulebook (with its board loaded) by name or alias."""
    return variant_class(name)()


def available_variants() -> list[str]:
    out = []
    for name in VARIANTS:
        try:
            variant_class(name)
            out.append(name)
        except UnknownVariantError:
            pass
    return out


__all__ = ["VARIANTS", "ActionSpec", "PlayerSetup", "Rules", "Transition", "available_variants",
           "find_variant", "variant_class"]
