"""RisiKo! Più hard's own reading of the rulebook: where normal's heuristic (riskterm.ai.risiko.player, the
generic player's shapes) misreads RisiKo, hard scores the action itself. Each switch of
`RisikoPlayer.hard_play` was measured on its own (hard vs three normal, 160 games on two seeds); normal plays
as before.

- "odds": the defender rolls up to 3 dice, both sides 2 at a fortress ('Each battle may be fought, both in
  attack and in defence, with a maximum of three armies'; 'when a fortress is attacked, no more than 2 dice
  may be played'), for every attack, retreat and strike (normal reads classic's two defence dice);
- "admiral": a flagship attack is judged by the armies embarked, not by the port's;
- "cards": the General in every attack and the Marshal in every defence (a card goes only when beaten);
- "hidden": Hidden Armies hidden next to an enemy fortress and revealed to strike it (or once the track
  is worth `hard_reveal`), and in defence when the fight is in doubt;
- "spy": the Spy eliminates a Reinforcement card first;
- "reinforce": Reinforcement cards played first thing in the main phase, before any attack."""

from __future__ import annotations

from typing import Protocol

from riskterm.ai.core.board_info import BoardInfo, win_chance
from riskterm.ai.risiko.evaluate import risiko_win
from riskterm.ai.risiko.garrison import my_fortress
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.risiko.battle import attacker_armies
from riskterm.rules.risiko.cards import kind_of, track_value


class HardKnobs(Protocol):
    """The player's settings hard's reading follows (RisikoPlayer's class attributes)."""

    hard_play: dict[str, bool]
    hard_bar: float
    hard_reveal: int
    strike_weight: float


# the Spy's choice: what costs the spied player most
SPY_DISCARD = {
    "reinforcement": 0.9,
    "admiral": 0.8,
    "marshal": 0.6,
    "general": 0.5,
    "diplomat": 0.4,
    "spy": 0.3,
}
BATTLE_CARD = 0.7  # the General or Marshal: above any roll or defence (0.3 + 0.1 per die)
FIRST = 1.2  # above any attack: played before the first one


def fight_chance(view: State, armies: list[int]) -> float | None:
    """The chance to take the territory under attack by RisiKo's dice (None: no attack in the view)."""
    fight = view.get("attack")
    if not isinstance(fight, dict):
        return None
    t = fight["to"]
    return risiko_win(attacker_armies(view), armies[t], t in (view.get("fortress") or []))


def hard_score(pl: HardKnobs, info: BoardInfo, view: State, p: int, a: Action) -> float | None:
    """Hard's own score of `a` (see the module docstring), None where it scores as normal does."""
    kind, play = a.kind, pl.hard_play
    if play["cards"] and kind in ("general", "marshal"):
        return BATTLE_CARD
    if play["spy"] and kind == "discard":
        return SPY_DISCARD.get(kind_of(a.args[0]), 0.2)
    if play["reinforce"] and kind == "reinforce":
        return FIRST
    if play["hidden"] and kind in ("hide", "reveal"):
        return hidden_score(pl, info, view, p, a)
    if kind in ("attack", "admiral") and (play["odds"] or play["admiral"] and kind == "admiral"):
        return attack_score(pl, info, view, p, a)
    return None


def attack_score(pl: HardKnobs, info: BoardInfo, view: State, p: int, a: Action) -> float | None:
    """An attack by land or sea: its chance above hard's bar, the target's region, a fortress struck (by the
    two-dice odds), less for emptying our own fortress; the flagship by the armies it carries."""
    play = pl.hard_play
    owner: list[int] = view["owner"]
    armies: list[int] = view["armies"]
    terrs = [info.index[x] for x in a.args if isinstance(x, str) and x in info.index]
    if len(terrs) != 2 or owner[terrs[1]] in (p, -1):
        return None
    f, t = terrs
    sea = a.kind == "admiral"
    force = int(a.args[-1]) if sea and play["admiral"] else armies[f] - 1
    forts = view.get("fortress") or []
    fort = t in forts
    if not sea and play["hidden"] and reveal_worth(pl, info, view, p, f, fort):
        force += track_value(info.board, view)
    if play["odds"]:
        chance = risiko_win(force, armies[t], fort)
    else:
        chance = win_chance(force, armies[t] + 1 if fort else armies[t])
    score = (min(chance, 0.97) - pl.hard_bar) * 2.0 + 0.3 * info.region_value[info.region_of[t]]
    if sea:
        score -= 0.002 * force  # of two sure landings, the one that leaves the port its armies
    if fort:
        return score + pl.strike_weight * (chance - 0.4)
    if f == my_fortress(view, p) and not sea:
        return score - 1.0
    return score


def reveal_worth(pl: HardKnobs, info: BoardInfo, view: State, p: int, t: int, fortress: bool) -> bool:
    """Whether our unused Hidden Armies on t are worth using in an attack from t now: on a fortress, or once
    the track gives `hard_reveal` or more ('The longer the Hidden Armies remain hidden, the greater their
    number may be')."""
    hidden = view.get("hidden") or []
    mine = hidden[p] if p < len(hidden) else []
    if not any(h["territory"] == info.ids[t] and not h["used"] for h in mine):
        return False
    value = track_value(info.board, view)
    return value > 0 and (fortress or value >= pl.hard_reveal)


def hidden_score(pl: HardKnobs, info: BoardInfo, view: State, p: int, a: Action) -> float | None:
    """Hiding: a territory of ours next to an enemy fortress (to strike from), else next to our own.
    Revealing: in an attack when reveal_worth; in defence when the attacker's chance is 0.3 or more and the
    armies are worth 6 or the territory borders our fortress."""
    owner: list[int] = view["owner"]
    armies: list[int] = view["armies"]
    forts = view.get("fortress") or []
    t = info.index[str(a.args[0])]
    if a.kind == "hide":
        if owner[t] != p:
            return None
        if any(u in forts and owner[u] not in (p, -1) for u in info.adj[t]):
            return 1.5 + 0.01 * armies[t]
        return 1.0 if my_fortress(view, p) in info.adj[t] else None
    fight = view.get("attack") or {}
    if view.get("phase") == "battle":
        return 0.9 if reveal_worth(pl, info, view, p, t, fight.get("to") in forts) else -1.0
    chance = fight_chance(view, view["armies"]) or 0.0  # defending t
    value = track_value(info.board, view)
    return 0.9 if chance >= 0.3 and (value >= 6 or my_fortress(view, p) in info.adj[t]) else -1.0
