"""A new modern-units game (rulebook "Setup" and "Buying and placing new units"): territories dealt at random,
one Humber on each, the starting credits, and the options the game is played with."""

from __future__ import annotations

from typing import Any

from riskterm.board import Board
from riskterm.engine.fog import LIGHT, NORMAL, OFF
from riskterm.engine.rng import Rng, seed_state
from riskterm.errors import IllegalActionError
from riskterm.rules.base import PlayerSetup, Rules, Transition
from riskterm.rules.modern.events import event
from riskterm.rules.modern.units import NU, TABLES

START_CREDITS = {3: 42, 4: 35, 5: 32}
# The rulebook deals 14, 10 or 8 territories each (3, 4, 5 players) and its goal is 28: on the world's 42
# territories that is as many each as all get alike, and two thirds of them. Read so on any board.


def deal_each(territories: int, players: int) -> int:
    return territories // players


def goal_for(territories: int) -> int:
    return -(-2 * territories // 3)


def board_problem(board: Board, players: int | None) -> str | None:
    if players is not None and len(board) < players:
        return (
            f"The board '{board.name}' has {len(board)} territories, too few for {players} players "
            f"(one each at least)."
        )
    return None


# House options that older games did not have: a game whose options leave one out plays as those games did
# (the save-compatible value); the value new games get is the option's default in ModernRules.house_options.
COMPATIBLE = {"units": "original", "defence_roll": "own_value", "lone_survivor": "moves_in"}
# Fog of war (engine/fog.py), kept in the options only away from "off". Not "dense": a territory next to
# yours may be empty (move in) or held (attack), and a seat that cannot see which could not tell its moves.
FOG = (OFF, LIGHT, NORMAL)


def game_options(rules: Rules, options: dict[str, Any]) -> dict[str, Any]:
    """The options stored in the state. Keys older games did not have are stored only when given, so that the
    states of older saves stay exactly as they were saved."""
    house = {**options, **(options.get("house") or {})}
    out: dict[str, Any] = {
        "defender_chooses": bool(house.get("defender_chooses", True)),
        "turn_cap": int(options.get("turn_cap") or rules.turn_cap),
        "goal": int(options.get("goal") or goal_for(len(rules.board))),
    }
    choices = {key: values for key, _, values, _ in rules.house_options}
    for key in COMPATIBLE:
        value = house.get(key)
        if value is None:
            continue
        if value not in choices[key]:
            raise IllegalActionError(
                f"'{value}' is not a choice for {key}: {', '.join(map(str, choices[key]))}"
            )
        out[key] = value
    fog = house.get("fog", OFF)
    if fog not in FOG:
        raise IllegalActionError(f"'{fog}' is not a choice for fog: {', '.join(FOG)}")
    if fog != OFF:
        out["fog"] = fog
    if out.get("units", "original") not in TABLES:
        raise IllegalActionError(f"There is no unit table called '{out['units']}'.")
    return out


def new_game(rules: Rules, players: list[PlayerSetup], seed: int, options: dict[str, Any]) -> Transition:
    n = len(players)
    nt = len(rules.board.territories)
    opts = game_options(rules, options)
    rng = Rng(seed_state(seed))
    terrs = list(range(nt))
    rng.shuffle(terrs)
    owner, units = [-1] * nt, [[0] * NU for _ in range(nt)]
    each = deal_each(nt, n)
    for k, t in enumerate(terrs[: each * n]):
        owner[t] = k % n
        units[t][0] = 1  # one Humber (the first unit in the file) on each dealt territory
    s: dict[str, Any] = {
        # "seed" stays for saves written before views dropped it; no view ever shows it
        "variant": rules.name,
        "board": rules.board.id,
        "seed": seed,
        "rng": rng.state,
        "players": [{"name": p.name, "colour": p.colour, "ai": p.ai, "out": False} for p in players],
        "owner": owner,
        "armies": [sum(u) for u in units],
        "units": units,
        "credits": [START_CREDITS[n]] * n,
        "income": [START_CREDITS[n]] * n,
        "bought": [[0] * NU for _ in range(n)],
        "spent": [[0] * NU for _ in range(nt)],
        "round": 1,
        "order": list(range(n)),
        "pos": 0,
        "first": 0,
        "phase": "buy",
        "actor": 0,
        "current": 0,
        "turn": 0,
        "battle": None,
        "winner": None,
        "draw": False,
        "options": opts,
    }
    events = [event("dealt", turn=0, player=0, each=each, credits=START_CREDITS[n])]
    return Transition(s, events, True)
