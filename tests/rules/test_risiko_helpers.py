"""Helpers for the RisiKo! Più tests: positions built by hand, a biased random player (dice chosen by a test come
from tests/support: with_dice)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from riskterm.engine.actions import Action
from riskterm.rules.risiko import RisikoRules
from riskterm.rules.risiko.cards import all_cards, make_deck

EMPIRES = ["british", "french", "german", "russian", "ottoman", "austro_hungarian"]
FORTS = ["london", "paris", "berlin", "moscow", "turkey", "vienna"]


def position(
    rules: RisikoRules,
    owners: dict[str, int] | None = None,
    armies: dict[str, int] | None = None,
    players: int = 3,
    hands: list[list[str]] | None = None,
    track: int = 0,
    **kw: Any,
) -> dict[str, Any]:
    """A state in the main phase of seat 0's turn (play order 0, 1, 2, ...). Seat i's banner is EMPIRES[i],
    its fortress is on FORTS[i]; every territory of seat i's Empire is seat i's; the rest spread over the seats
    by index; every territory has one army unless `armies` says otherwise. `track` Reinforcement cards are on
    the track; the deck holds every card not in a hand or on the track. The defender answers every battle, as
    the rulebook writes it (option `defender: always`)."""
    s, _ = rules.new_game(
        [f"P{i}" for i in range(players)], seed=1, options={"readings": "reviewed", "defender": "always"}
    )
    s = dict(s)
    b = rules.board
    n = len(b.territories)
    owner = [t.index % players for t in b.territories]
    for i in range(players):
        for tid in b.region_by_id[EMPIRES[i]].territories:
            owner[b.index[tid]] = i
    for tid, p in (owners or {}).items():
        owner[b.index[tid]] = p
    arm = [1] * n
    for tid, a in (armies or {}).items():
        arm[b.index[tid]] = a
    hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    tr = [f"reinforcement{12 - k}" for k in range(track)]
    used = set(tr) | {c for h in hands for c in h}
    s.update(
        owner=owner,
        armies=arm,
        order=list(range(players)),
        first=0,
        current=0,
        actor=0,
        phase="main",
        reserve=0,
        turn=10,
        empire=EMPIRES[:players],
        fortress=[b.index[f] for f in FORTS[:players]],
        banners=[[e] for e in EMPIRES[:players]],
        to_place=[0] * players,
        hands=hands,
        track=tr,
        deck=[c for c in make_deck() if c not in used],
        discard=[],
        hidden=[[] for _ in range(players)],
        truces=[],
        attack=None,
        pending=None,
        spy=None,
        redistribute=None,
        attacked=False,
        flagship_used=False,
    )
    s.update(kw)
    return s


def run(rules: RisikoRules, s: dict[str, Any], *actions: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Apply actions in turn; returns the last state and all events."""
    evs: list[dict[str, Any]] = []
    for a in actions:
        s, ev = rules.apply(s, a)
        evs += ev
    return s, evs


def armies(rules: RisikoRules, s: dict[str, Any], tid: str) -> int:
    return s["armies"][rules.board.index[tid]]


def owner(rules: RisikoRules, s: dict[str, Any], tid: str) -> int:
    return s["owner"][rules.board.index[tid]]


PREFER = (
    "fortress",
    "claim",
    "hide",
    "garrison",
    "occupy",
    "discard",
    "defend",
    "allow",
    "block",
    "marshal",
    "reveal",
)


def biased_choice(actions: list[Action], rnd: random.Random) -> Action:
    """Random legal actions biased to progress: attack often, roll the most dice, play cards sometimes."""
    kinds: dict[str, list[Action]] = {}
    for a in actions:
        kinds.setdefault(a.kind, []).append(a)
    for k in PREFER:
        if k in kinds and rnd.random() < 0.9:
            return rnd.choice(kinds[k])
    if "roll" in kinds and rnd.random() < 0.9:
        return max(kinds["roll"], key=lambda a: a.args[0])
    if "place" in kinds:
        return rnd.choice(kinds["place"])
    for k in ("reinforce", "general", "spy", "diplomat", "admiral"):
        if k in kinds and rnd.random() < 0.3:
            return rnd.choice(kinds[k])
    if "attack" in kinds and rnd.random() < 0.8:
        return rnd.choice(kinds["attack"])
    return rnd.choice(actions)


def cards_ok(s: dict[str, Any]) -> bool:
    """Cards conserved: each of the 48 cards exactly once."""
    return Counter(all_cards(s)) == Counter(make_deck())


def test_position_helper_is_sound() -> None:
    rules = RisikoRules()
    s = position(rules, hands=[["spy1"], [], ["general1"]], track=2)
    assert cards_ok(s)
    assert s["owner"][rules.board.index["london"]] == 0
    assert rules.legal_actions(s)
