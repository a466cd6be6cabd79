"""Side panels as Rich renderables made from the rulebook's hooks (players, step, odds, private)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from riskterm.engine.actions import Action
from riskterm.engine.events import Event
from riskterm.engine.fog import OFF, UNKNOWN, level_of
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.effects import MapMark
from riskterm.rules.presenter import stats_in_fog
from riskterm.tui.colours import rgb
from riskterm.tui.picker import Picker

STANDARD = ("name", "neutral", "out", "territories", "armies", "cards", "regions", "income")


# keys that repeat another figure under a second name, never shown as extras
ALIASES = ("seat", "cards_in_hand", "supply")


def _extra(key: str, value: Any, compact: bool) -> str | None:
    """One rulebook figure as a short phrase ('coins 12', 'first player', 'tiles: Paris, Rome'), None to skip."""
    label = key.replace("_", " ")
    if value is None or value is False or value in ("", "0", 0, []):
        return None
    if value is True:
        return label
    if isinstance(value, (list, tuple)):
        if compact or len(value) > 4:
            return f"{label} {len(value)}"
        return f"{label}: {', '.join(map(str, value))}"
    return f"{label} {value}"


def player_extras(stats: list[dict[str, Any]], compact: bool = False) -> list[list[str]]:
    """Per seat, the rulebook's own figures beyond the common columns, as short phrases."""
    out = []
    for st in stats:
        regions = set(st.get("regions") or ())
        row = []
        for k, v in st.items():
            if k in STANDARD or k in ALIASES:
                continue
            if isinstance(v, list) and v and regions and set(v) <= regions:
                continue  # the regions line already says it
            phrase = _extra(k, v, compact)
            if phrase:
                row.append(phrase)
        out.append(row)
    return out


def players_table(
    rules: Rules, view: State, colours: list[str], marks: list[str], compact: bool, narrow: bool | None = None
) -> RenderableType:
    """The players, one line each when `compact` (a short screen: the prompt stays in view), with the
    rulebook's figures below otherwise; the cards and income columns unless `narrow` (they take no line:
    a wide but short screen keeps them; None: as compact)."""
    narrow = compact if narrow is None else narrow
    stats = stats_in_fog(view, rules.presenter().player_stats(view))
    t = Table(box=None, padding=(0, 1, 0, 0), expand=True, show_edge=False)
    t.add_column("", width=2)
    t.add_column("Player", ratio=1, no_wrap=True)
    t.add_column("Ter", justify="right")
    t.add_column("Arm", justify="right")
    cards = any("cards" in st for st in stats)
    income = any("income" in st for st in stats)
    if not narrow:
        if cards:
            t.add_column("Crd", justify="right")
        if income:
            t.add_column("+", justify="right")
    current = view.get("current")
    chips = []
    for i, st in enumerate(stats):
        bg, fg = rgb(colours[i] if i < len(colours) else "white")
        chip = Text(f" {marks[i] if i < len(marks) else '?'}", style=f"bold {fg} on {bg}")
        chips.append(chip)
        name = Text(
            ("> " if i == current else "  ") + str(st.get("name", "?")), style="bold" if i == current else ""
        )
        if st.get("out"):
            name.stylize("strike dim")
        if view["players"][i].get("ai"):
            name.append(" ⚙", style="dim")
        row: list[Any] = [chip, name, str(st.get("territories", "")), str(st.get("armies", ""))]
        if not narrow:
            row += [str(st.get("cards", ""))] if cards else []
            row += [str(st.get("income", "") or "")] if income else []
        t.add_row(*row)
    regions = [(str(st.get("name")), list(st["regions"])) for st in stats if st.get("regions")]
    if compact:  # one line a player, so that the prompt below stays on a small screen
        return t
    for who, regs in regions:
        t.add_row("", Text(f"  {who}: {', '.join(regs)}", style="dim"), *[""] * (len(t.columns) - 2))
    extras = player_extras(stats, compact)
    if not any(extras):
        return t
    lines = []
    for i, row in enumerate(extras):
        if row:
            line = Text(no_wrap=True, overflow="ellipsis")  # one line a player, however long its figures
            line.append_text(chips[i])  # the chip's colour on the chip only
            line.append("  " + " · ".join(row), style="dim" if stats[i].get("out") else "")
            lines.append(line)
    return Group(t, Text("\n", no_wrap=True, overflow="ellipsis").join(lines))


def arg_text(rules: Rules, value: Any, state: State | None = None) -> str:
    """An action argument as the rulebook names it (territory names, cards, players, unit mixes)."""
    if state is not None:
        try:
            return rules.presenter().arg_label(state, value)
        except Exception:  # noqa: BLE001 - a label is never worth a crash
            pass
    if isinstance(value, str) and value in rules.board.index:
        return rules.board.tname(value)
    return str(value)


def table_text(rules: Rules, view: State) -> Text | None:
    """The rulebook's public table status (RisiKo!'s track and cards in play, modern's round and battle)."""
    lines = rules.presenter().table_lines(view)
    return Text("\n".join(lines)) if lines else None


def step_text(
    rules: Rules, picker: Picker, cursor: int | None, typed: str = "", state: State | None = None
) -> Text:
    """What is being chosen: 'Attack: Alaska → [Kamchatka]  dice 3 (1-3)'."""
    out = Text()
    if picker.kind is None:
        return out
    spec = picker.specs.get(picker.kind)
    out.append((spec.label if spec else picker.kind) + ": ", style="bold")
    joiner = spec.joiner if spec else " → "
    shown = picker.shown()  # in the order asked (a source chosen first comes first)
    out.append(joiner.join(arg_text(rules, a, state) for a in shown))
    step = picker.step_kind()
    if shown and step:
        out.append(joiner)
    if step == "territory":
        name = rules.board.tname(cursor) if cursor is not None else "?"
        out.append(f"[{name}]", style="bold reverse")
        n = len(picker.candidates())
        out.append(
            f"\n{n} choice{'s' if n != 1 else ''}: Tab cycles, Enter picks"
            + (f", '{typed}'" if typed else ""),
            style="dim",
        )
    elif step == "int":
        lo, hi = picker.int_range()
        out.append(f"[{picker.int_value}]", style="bold reverse")
        meaning = number_meaning(rules, picker, state)
        if meaning:
            out.append("\n" + meaning, style="italic")
        out.append(f"\n{lo} to {hi}: +/- or digits, Enter", style="dim")
    elif step is not None:
        out.append("\nEnter opens the list", style="dim")
    return out


def number_meaning(rules: Rules, picker: Picker, state: State | None) -> str:
    """What the number being chosen stands for, where it is not plain (a blitz stop)."""
    if state is None or picker.kind is None:
        return ""
    try:
        return rules.presenter().number_meaning(
            state, Action(picker.kind, tuple(picker.args)), picker.int_value
        )
    except Exception:  # noqa: BLE001 - a help line is never worth a crash
        return ""


def odds_text(rules: Rules, view: State, picker: Picker, cursor: int | None) -> Text | None:
    """Before an attack: the rulebook's chance of taking the territory (rules.presenter().attack_odds; None hides it)."""
    if picker.kind is None:
        return None
    args = list(picker.args)
    step = picker.step_kind()
    if step == "territory" and cursor is not None:
        args.append(rules.board.tid(cursor))
    elif step == "int":
        args.append(picker.int_value)
    prefix = Action(picker.kind, tuple(args))
    try:
        show = rules.presenter()
        odds = show.attack_odds(view, prefix)
        drawn = show.balanced_odds(view, prefix) if odds is not None else None
    except Exception:  # noqa: BLE001 - odds are a help, never a crash
        return None
    if odds is None:
        return None
    terrs = [a for a in args if isinstance(a, str) and a in rules.board.index]
    what = f"to take {rules.board.tname(terrs[-1])}" if len(terrs) >= 2 else "to win this attack"
    win, al, dl = odds
    t = Text()
    t.append("Odds ", style="bold")
    if drawn is not None:  # the game draws this blitz whole: its chance first, the rolled-out one beside it
        t.append(f"{drawn[0]:.1%}", style="bold green" if drawn[0] >= 0.5 else "bold red")
        t.append(" balanced", style="")
        t.append(f" · true {win:.1%}", style="dim")
        t.append(f" {what}\n", style="")
        t.append(
            f"leaves ~{drawn[1]:.1f} of yours, ~{drawn[2]:.1f} of theirs (true ~{al:.1f}, ~{dl:.1f})",
            style="dim",
        )
        return t
    t.append(f"{win:6.1%}", style="bold green" if win >= 0.5 else "bold red")
    t.append(f" {what}\n", style="")
    t.append(f"leaves ~{al:.1f} of yours, ~{dl:.1f} of theirs", style="dim")
    return t


def _total(s: State) -> int:
    return sum(s.get("armies", [])) + int(s.get("reserve", 0) or 0)


def action_value(rules: Rules, state: State, action: Action) -> tuple[int, str]:
    """Armies a choice is worth (reserve + armies on the board afterwards) and the log line it makes."""
    # Try the action on the acting seat's own view: it has no random stream and no one else's secrets, so a
    # preview can never show the real dice or a hidden card before the player commits.
    seat = rules.actor(state)
    view = rules.view(state, seat)
    try:
        t = rules.apply(view, action)
    except Exception:  # noqa: BLE001 - a rulebook that cannot try the action just gets no value
        return 0, ""
    after, events = t
    if t.barrier:
        return _total(after) - _total(view), ""

    names = rules.names(state)
    text = " ".join(rules.presenter().describe(e, names, seat) for e in events)
    return _total(after) - _total(view), text


def card_name(rules: Rules, card: Any, state: State | None = None) -> str:
    """A card (or any choice) as the rulebook names it in lists ('Cavalry Peru')."""
    if state is not None:
        try:
            return rules.presenter().card_name(state, card)
        except Exception:  # noqa: BLE001 - a label is never worth a crash
            pass
    return arg_text(rules, card, state)


def region_legend(rules: Rules) -> Text:
    """The regions view's key: each region's colour, name and bonus."""
    from riskterm.tui.board import REGION_COLOURS

    out = Text()
    for r, reg in enumerate(rules.board.regions):
        if r:
            out.append("\n")
        out.append("  ", style=f"on {REGION_COLOURS[r % len(REGION_COLOURS)]}")
        bonus = f" +{reg.bonus}" if getattr(reg, "bonus", 0) else ""
        kind = f" ({reg.kind})" if reg.kind not in ("continent", "region") else ""
        out.append(f" {reg.name}{kind}{bonus}")
    return out


def territory_text(
    rules: Rules, view: State, t: int, colours: list[str], marks: list[str], compact: bool = False
) -> Text:
    """The highlighted territory: name, owner, armies (and the rulebook's own lines, modern's unit mix), region
    and bonus, neighbours by land and by sea."""
    b = rules.board
    terr = b.territories[t]
    owner = rules.presenter().owner_of(view, t)
    out = Text(no_wrap=False, overflow="fold")
    out.append(terr.name, style="bold")
    out.append("  ")
    if 0 <= owner < len(colours):
        bg, fg = rgb(colours[owner])
        out.append(f" {marks[owner]} ", style=f"bold {fg} on {bg}")
        out.append(f" {rules.names(view)[owner]}")
    elif owner == UNKNOWN:
        out.append(" ░ in the fog ", style="bold #9fb0c0 on #1e2a36")
    else:
        out.append("unclaimed", style="dim")
    label = rules.presenter().label_of(view, t)
    badge = rules.presenter().badge_of(view, t)
    out.append(f"  armies {label or 0}" + (f" {badge}" if badge else ""))
    reg = b.regions[b.region_of[t]]
    bonus = f" +{reg.bonus}" if reg.bonus else ""
    out.append(f"\n{reg.name}{bonus}", style="")
    if compact:
        return out
    extra = [ln for ln in rules.presenter().territory_lines(view, t) if not ln.startswith(terr.name)]
    for ln in extra:
        out.append("\n" + ln)
    land = ", ".join(b.tname(n) for n in terr.neighbours)
    out.append("\nland: ", style="dim")
    out.append(land or "none")
    if terr.sea_neighbours:
        out.append("\nsea: ", style="dim")
        out.append(", ".join(b.tname(n) for n in terr.sea_neighbours))
    return out


def last_battle_text(rules: Rules, events: list[Event], names: list[str], seat: int | None) -> Text | None:
    """The newest battle's dice as the log says them, for the odds box (None before any battle)."""
    for e in reversed(events[-60:]):
        if e.kind in rules.presenter().battle_events and e.seen_by(seat):
            return Text(
                "Last: " + rules.presenter().describe(e, names, seat), style="dim", overflow="ellipsis"
            )
    return None


# The marks of every map (the rulebook adds its own: its presenter's map_marks), for the legend.
LEGAL_SAMPLE = "Name"  # stands for a territory of the board being played
FOG_MARK = MapMark("░ ?", "hatched: out of sight (fog of war); brighter beside your land")
COMMON_MARKS = (
    MapMark("B 3", "owner's letter and armies"),
    MapMark("▌▀", "a dark gap: a border"),
    MapMark("  ", "grey: unclaimed land"),
    MapMark(LEGAL_SAMPLE, "underlined, bright letters: a legal choice now"),
)


def marks_legend(rules: Rules, view: State | None = None) -> Table:
    """The map's marks for this rulebook (in this game, given its view), one a line: the sample in a column of
    its own, so a long meaning wraps beside it and never runs into it. A legal choice is shown on a territory
    of this board (its shortest name)."""
    out = Table.grid(padding=(0, 1))
    out.add_column(justify="right", no_wrap=True)
    out.add_column()
    marks = rules.presenter().map_marks if view is None else rules.presenter().marks_of(view)
    if view is not None and level_of(view) != OFF:
        marks = (*marks, FOG_MARK)
    sample = min((t.name for t in rules.board.territories), key=len)[:6]
    for mark, what in ((m.mark, m.meaning) for m in COMMON_MARKS + marks):
        style = (
            "on #3a4654"
            if what.startswith("grey")
            else "bold underline"
            if "underlined" in what
            else "bold #9fb0c0 on #1e2a36"
            if mark == FOG_MARK.mark
            else "bold"
        )
        out.add_row(Text(sample if mark == LEGAL_SAMPLE else mark, style=style), Text(what))
    return out


LEGEND_HEIGHT = 50  # terminals this tall show the map's legend without a key press (R shows it on any size)
FULL_TERRITORY_HEIGHT = 34  # below this the territory panel keeps to two lines (no neighbours)
FULL_PLAYERS_HEIGHT = 45  # below this the players panel keeps to one line a player (the prompt stays in view)


def map_legend(rules: Rules, regions: bool, view: State | None = None) -> RenderableType:
    """The legend panel: the map's marks, and with the regions colouring each region's colour and bonus."""
    marks = marks_legend(rules, view)
    return Group(marks, region_legend(rules)) if regions else marks
