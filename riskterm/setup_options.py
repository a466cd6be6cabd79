"""The one check of a game's set-up (players' names, computer levels, colours, seed, options), used the same
way by `riskterm play`, the new-game screen and loading a save, and house rules as `play --house` writes them.
Textual-free and light to import (no rules, no board): every refusal is a RiskError with one sentence.

Which rulebook options exist comes from the rulebook class (`house_options`, `turn_cap_unit`), passed in."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeGuard

from riskterm.errors import RiskError

LEVELS = ("easy", "normal", "hard")  # the computer levels (riskterm.ai.LEVELS; a test keeps them equal)
MAX_NAME = 24
# the colour names a player may choose (riskterm.tui.colours.PALETTE; a test keeps them equal); grey and gray
# are one colour
COLOURS = (
    "red",
    "blue",
    "green",
    "yellow",
    "magenta",
    "cyan",
    "orange",
    "pink",
    "brown",
    "white",
    "grey",
    "gray",
    "black",
)
SAME_COLOUR = {"gray": "grey"}
MAX_COLOUR = 20
TURN_CAP_MAX = 100_000
SEED_MAX = 2**63 - 1
# options every rulebook may hold besides its house rules: key -> (check, what it must be)
_INT_OPTIONS = {"turn_cap": (1, TURN_CAP_MAX), "round_cap": (1, TURN_CAP_MAX), "goal": (1, 10_000)}
# The house option that chooses among a rulebook's games (its modes), when it offers several: `--mode NAME`
# is `--house mode=NAME`, and the new-game screen shows it as one of the house rows.
MODE = "mode"


class RulebookClass(Protocol):
    title: str
    house_options: tuple[tuple[str, str, tuple[Any, ...], Any], ...]
    min_players: int
    max_players: int
    turn_cap_unit: str  # what the turn cap counts: 'player-turns' or 'rounds' (every seat's turn once)


class SeatSetup(Protocol):
    # read-only (properties), so that the frozen PlayerSetup fits
    @property
    def name(self) -> str: ...
    @property
    def colour(self) -> str: ...
    @property
    def ai(self) -> str | None: ...


def is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def unsafe_char(text: str) -> str | None:
    """The first character that must not be in a name: control and format characters (terminal escapes,
    bidirectional overrides), line and paragraph separators, unassigned or private code points."""
    for ch in text:
        if unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in ("Zl", "Zp"):
            return ch
    return None


def check_name(name: object) -> str:
    if not isinstance(name, str):
        raise RiskError("Every player's name must be text.")
    n = name.strip()
    if not n:
        raise RiskError("Every player needs a name of their own.")
    bad = unsafe_char(n)
    if bad is not None:
        raise RiskError(
            f"The name '{printable(n)}' holds a control character ({_codepoint(bad)}); "
            f"use letters, digits, spaces and punctuation only."
        )
    if len(n) > MAX_NAME:
        raise RiskError(f"The name '{n[:MAX_NAME]}...' is longer than {MAX_NAME} characters.")
    return n


def check_names(names: Iterable[object]) -> list[str]:
    out = [check_name(n) for n in names]
    seen: set[str] = set()
    for n in out:
        if n.lower() in seen:
            raise RiskError(f"Two players are called '{n}'; every player needs a name of their own.")
        seen.add(n.lower())
    return out


def check_level(level: object) -> str:
    if not isinstance(level, str) or level.strip().lower() not in LEVELS:
        shown = printable(level) if isinstance(level, str) else repr(level)
        raise RiskError(f"There is no computer level '{shown}'; choose one of {', '.join(LEVELS)}.")
    return level.strip().lower()


def check_colour(colour: object) -> str:
    if colour is None:
        return ""
    if not isinstance(colour, str) or len(colour) > MAX_COLOUR or unsafe_char(colour) is not None:
        raise RiskError(f"The colour '{printable(str(colour))[:MAX_COLOUR]}' is not a colour name.")
    return colour.strip().lower()


def secret_seed() -> int:
    """A seed nobody at the table can guess: drawn from the operating system over the whole range (a seed from
    a small range can be found by trying them all against the first public deal, and then the deck and every
    future roll follow)."""
    import secrets

    return secrets.randbelow(SEED_MAX + 1)


def check_seed(seed: object) -> int:
    if not is_int(seed) or not 0 <= seed <= SEED_MAX:
        raise RiskError(f"The seed must be a whole number from 0 to {SEED_MAX}.")
    return int(seed)


def check_seeds(first: object, games: int) -> int:
    """The first seed of `games` consecutive games (seed, seed+1, ...): every one a save can hold."""
    last = SEED_MAX - max(games, 1) + 1
    if not is_int(first) or not 0 <= first <= last:
        runs = f" for {games} games (game i uses seed+i)" if games > 1 else ""
        raise RiskError(
            f"The seed must be a whole number from 0 to {last}{runs}; a save holds seeds up to {SEED_MAX}."
        )
    return int(first)


def split_names(text: str) -> list[str]:
    """`--names Ann,Bob,Cid`: every item a name (an empty one, as in 'Ann,,Cid', is refused, not dropped)."""
    items = [x.strip() for x in text.split(",")]
    for i, item in enumerate(items, start=1):
        if not item:
            raise RiskError(
                f"Name {i} of {len(items)} in '{printable(text)}' is empty; give every player a "
                f"name, separated by commas."
            )
    return check_names(items)


def split_colours(text: str, players: int) -> list[str]:
    """`--colours red,blue,green`: one known colour per player, no two the same."""
    items = [x.strip().lower() for x in text.split(",")]
    if len(items) != players:
        raise RiskError(
            f"--colours gives {len(items)} colour{'s' if len(items) != 1 else ''} for {players} "
            f"players; give one per player, e.g. {','.join(COLOURS[:players])}."
        )
    seen: dict[str, str] = {}
    for c in items:
        if c not in COLOURS:
            raise RiskError(
                f"There is no colour '{printable(c)[:MAX_COLOUR]}'; choose from {', '.join(COLOURS)}."
            )
        same = SAME_COLOUR.get(c, c)
        if same in seen:
            raise RiskError(
                f"Two players have the colour {seen[same]}"
                + (f" ({c})" if c != seen[same] else "")
                + "; give every player a colour of their own."
            )
        seen[same] = c
    return items


def check_turn_cap(cap: object, unit: str = "player-turns") -> int:
    if not is_int(cap) or not 1 <= cap <= TURN_CAP_MAX:
        raise RiskError(f"The turn cap must be a whole number of {unit} from 1 to {TURN_CAP_MAX}.")
    return int(cap)


def choice_text(value: object) -> str:
    """A house rule's value as the screen and the command line write it: true/false, when_needed -> when needed."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def choices_text(choices: Sequence[Any]) -> str:
    """A house rule's choices for a sentence: 'fixed, none', or 'a whole number from 0 to 100' for a range."""
    if len(choices) > 10 and all(is_int(c) for c in choices):
        return f"a whole number from {min(choices)} to {max(choices)}"
    return ", ".join(choice_text(c) for c in choices)


def parse_house(cls: RulebookClass, items: list[str]) -> dict[str, Any]:
    """`--house key=value` items for a rulebook's house_options (values as written, or yes/no/true/false)."""
    out = {}
    opts = house_choices(cls)
    for item in items:
        key, _, text = item.partition("=")
        key, text = key.strip(), text.strip().lower()
        if key not in opts:
            known = ", ".join(opts) or "none"
            raise RiskError(f"{cls.title} has no house rule '{printable(key)}' (it has: {known}).")
        for c in opts[key]:
            words = {str(c).lower(), choice_text(c).lower()}
            if isinstance(c, bool):
                words |= {"true", "1", "on"} if c else {"false", "0", "off"}
            if text in words:
                out[key] = c
                break
        else:
            raise RiskError(f"'{printable(text)}' is not a choice for {key}: {choices_text(opts[key])}.")
    return out


def modes(cls: RulebookClass) -> tuple[Any, ...]:
    """The modes of play a rulebook offers (its `mode` house option's choices, the default first); () for a
    rulebook with one game only."""
    return house_choices(cls).get(MODE, ())


def parse_mode(cls: RulebookClass, text: str) -> dict[str, Any]:
    """`--mode NAME` as the options it sets ({'mode': NAME}); refused with one sentence for a rulebook without
    modes or a mode it does not offer."""
    if not modes(cls):
        raise RiskError(f"{cls.title} has one mode of play only; leave out --mode.")
    return parse_house(cls, [f"{MODE}={text}"])


def parse_ai(text: str, names: list[str], default_level: str) -> dict[int, str]:
    """`--ai` items ('Cid', '2', '2:hard', 'Bob:easy') -> {seat: level}; an unknown seat or level is refused."""
    out: dict[int, str] = {}
    for item in filter(None, (x.strip() for x in text.split(","))):
        who, _, level = item.partition(":")
        who = who.strip()
        if who.isdigit():
            seat = int(who) - 1
            if not 0 <= seat < len(names):
                raise RiskError(f"--ai names seat {who}, but the seats are 1 to {len(names)}.")
        else:
            found = [i for i, n in enumerate(names) if n.lower() == who.lower()]
            if not found:
                raise RiskError(
                    f"--ai names '{printable(who)}', who is not a player "
                    f"(the players are {', '.join(names)})."
                )
            seat = found[0]
        out[seat] = check_level(level) if level.strip() else check_level(default_level)
    return out


def check_players(cls: RulebookClass, players: Sequence[SeatSetup]) -> None:
    if not cls.min_players <= len(players) <= cls.max_players:
        raise RiskError(
            f"{cls.title} is played by {cls.min_players} to {cls.max_players} players, not {len(players)}."
        )
    check_names(p.name for p in players)
    for p in players:
        check_colour(p.colour)
        if p.ai is not None:
            check_level(p.ai)


def house_rules_in_play(cls: RulebookClass, options: Mapping[str, Any]) -> str:
    """The house rules a game plays away from their defaults, as the new-game screen names them ('Mode:
    missions, Card values: fixed'); '' for a game at the defaults."""
    return ", ".join(
        f"{label}: {options[key]}"
        for key, label, _, default in cls.house_options
        if key in options and options[key] != default
    )


def house_choices(cls: RulebookClass) -> dict[str, tuple[Any, ...]]:
    return {key: choices for key, _, choices, _ in cls.house_options}


def check_options(cls: RulebookClass, options: Mapping[str, Any]) -> None:
    """The options dict a game starts with: types and ranges of the keys riskterm knows, house rules among
    their choices; any other key must hold a plain value (rulebooks ignore keys they do not read)."""
    if not isinstance(options, Mapping):
        raise RiskError("The game's options are not a table of option names and values.")
    house = house_choices(cls)
    for key, value in options.items():
        if not isinstance(key, str):
            raise RiskError("An option name is not text.")
        if key == "quick_start":
            if not isinstance(value, bool):
                raise RiskError("The quick start option must be yes or no (true or false).")
        elif key in ("turn_cap", "round_cap"):
            check_turn_cap(value, cls.turn_cap_unit)
        elif key in _INT_OPTIONS:
            lo, hi = _INT_OPTIONS[key]
            if not is_int(value) or not lo <= value <= hi:
                raise RiskError(f"The '{key}' option must be a whole number from {lo} to {hi}.")
        elif key in house:
            if value not in house[key] or type(value) is not type(house[key][0]):
                raise RiskError(
                    f"{printable(repr(value))} is not a choice for the house rule {key}: "
                    f"{choices_text(house[key])}."
                )
        elif key == "house":
            check_options(cls, value)
        elif not (
            value is None or isinstance(value, bool | str) or (is_int(value) and abs(value) <= SEED_MAX)
        ):
            raise RiskError(f"The '{printable(key)}' option holds something that is not a plain value.")


def check_setup(
    cls: RulebookClass, players: Sequence[SeatSetup], seed: object, options: Mapping[str, Any]
) -> None:
    """Everything a new game is made from, checked before any rulebook code sees it."""
    check_players(cls, players)
    check_seed(seed)
    check_options(cls, options)


def printable(text: str) -> str:
    """Text from a file or a command line made safe to print: control characters shown as \\x.. escapes."""
    if unsafe_char(text) is None:
        return text
    return "".join(ch.encode("unicode_escape").decode("ascii") if unsafe_char(ch) else ch for ch in text)


def _codepoint(ch: str) -> str:
    return f"U+{ord(ch):04X}"
