"""Outside styles for Modern units Risk, each choosing among the legal actions by its own simple rule: a turtle
that buys Hovercraft and masses them on the continent it holds most of, a greedy attacker that buys attackers
and attacks wherever it outhits the defender with everything, and a spammer that buys one unit type only
(Helicopters) and strikes wherever its dice outhit the defence by half. They read a unit's worth from the rules screen's table (the balanced house values, which new games
play with); losses are always the default (the cheapest first)."""

from __future__ import annotations

import re

from riskterm.ai.core.board_info import BoardInfo
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from styles.legal import LegalStyle

LETTERS = "HTRVC"  # Humber, Tank, Rocket Launcher, Hovercraft, Helicopter: the order of a territory's units
ATTACK = (2, 2, 5, 3, 4)
DEFENCE = (1, 5, 2, 4, 3)
MIX = re.compile(r"(\d+)([A-Z])")


def mix(text: str) -> list[int]:
    """'2H1T' as counts in the units' order."""
    out = [0] * len(LETTERS)
    for n, letter in MIX.findall(text):
        out[LETTERS.index(letter)] += int(n)
    return out


def power(units: list[int], values: tuple[int, ...]) -> float:
    """Hits a round of combat scores on average."""
    return sum(n * v for n, v in zip(units, values, strict=False)) / 6.0


class ModernStyle(LegalStyle):
    """The shared round: buy the style's unit, place it where the style says, attack by the style's odds, move
    idle units to the front, take empty land next to it, end."""

    quiet = ("lose", "continue")
    unit = "humber"  # what it buys
    inside, outside = (
        1.0,
        1.0,
    )  # the least ratio of its attack's hits to the defence's, inside and outside home
    sends_all = True  # an attack with every unit that may go (else the smallest that reaches the ratio)

    units: tuple[str, ...] = ()  # several unit types bought in turn, one at a time (instead of `unit`)

    def _buy(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        if self.units:
            bought = view["bought"][p]
            ones = [a for a in self.of(actions, "buy") if a.args[0] in self.units and int(a.args[1]) == 1]
            order = {u: i for i, u in enumerate(self.units)}
            return min(
                ones,
                key=lambda a: (bought[self.KINDS.index(str(a.args[0]))], order[str(a.args[0])]),
                default=None,
            )
        buys = [a for a in self.of(actions, "buy") if a.args[0] == self.unit]
        return max(buys, key=lambda a: int(a.args[1])) if buys else None

    KINDS = ("humber", "tank", "rocket", "hovercraft", "helicopter")  # the units' ids, in LETTERS' order

    def _setup(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        return self._place(rules, info, view, p, actions)

    def _place(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        where = {self.terr(info, a, 0) for a in actions}
        spot = self.spot(info, view, p, where)
        return max((a for a in actions if self.terr(info, a, 0) == spot), key=lambda a: int(a.args[2]))

    def _attack(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        owner, units = view["owner"], view["units"]
        home = self.home(info, owner, p)
        scored = []
        armies = view["armies"]
        for a in self.of(actions, "attack"):
            t = self.terr(info, a, 0)
            sent = [0] * len(LETTERS)
            empties = False  # (a territory left empty is no longer held)
            for fid, text in zip(a.args[1::2], a.args[2::2], strict=True):
                part = mix(str(text))
                sent = [x + y for x, y in zip(sent, part, strict=True)]
                empties = empties or sum(part) >= armies[info.index[str(fid)]]
            need = self.inside if t in home else self.outside
            ratio = self.ratio(sent, units[t])
            if ratio >= need and not empties:
                size = sum(sent)
                scored.append(
                    (
                        1.0
                        + (1.0 if t in home else 0.0)
                        + (0.001 * size if self.sends_all else -0.001 * size),
                        a,
                    )
                )
        attack = self.best(scored)
        if attack is not None:
            return attack
        return self.move(info, view, p, self.of(actions, "move"))

    def ratio(self, sent: list[int], held: list[int]) -> float:
        return power(sent, ATTACK) / max(0.2, power(held, DEFENCE))

    def move(self, info: BoardInfo, view: State, p: int, moves: list[Action]) -> Action | None:
        """Into empty land next to it (one unit), else the most units from a territory with no enemy next to it
        to one with an enemy next to it."""
        owner = view["owner"]
        scored = []
        for a in moves:
            f, t = self.terr(info, a, 0), self.terr(info, a, 1)
            n = sum(mix(str(a.args[2])))
            if owner[t] == -1:
                scored.append((3.0 - 0.01 * n, a))
            elif all(owner[u] in (p, -1) for u in info.adj[f]) and any(
                owner[u] not in (p, -1) for u in info.adj[t]
            ):
                scored.append((1.0 + 0.001 * n, a))
        return self.best(scored)

    def _decide(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        battle = view["battle"]
        sent = [0] * len(LETTERS)
        for _, text in battle["sources"]:
            for i, n in enumerate(mix(str(text)) if isinstance(text, str) else text):
                sent[i] += n
        keep_on = self.ratio(sent, view["units"][battle["target"]]) >= self.keep_on
        return self.of(actions, "continue" if keep_on else "retreat")[0]

    keep_on = 0.0  # it continues a fight while its hits to the defence's are at least this

    def _occupy(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        return next((a for a in actions if a.args == ("all",)), None)


class ModernTurtle(ModernStyle):
    """Buys Hovercraft (the best defence that also holds across sea-lines), masses them on the borders of the
    continent it holds most of, attacks inside it at two to one and outside at three to one (by hits a
    round), retreats when the odds turn, moves in by the default."""

    level = "turtle"
    unit = "hovercraft"
    inside, outside = 2.0, 3.0
    sends_all = False
    keep_on = 1.0

    def _occupy(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        return next((a for a in actions if not a.args), None)


class ModernGreedy(ModernStyle):
    """Buys attackers (Rocket Launchers and Helicopters in turn), places them one at a time where a border
    stack is furthest from outnumbering its weakest enemy neighbour (so it can attack from everywhere),
    attacks wherever its hits a round outnumber the defence's, with everything but one unit at home, never
    retreats, moves everything in."""

    level = "greedy"
    units = ("rocket", "helicopter")

    def _place(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        spot = self.spot(info, view, p, {self.terr(info, a, 0) for a in actions})
        return min((a for a in actions if self.terr(info, a, 0) == spot), key=lambda a: int(a.args[2]))

    def spot(self, info: BoardInfo, view: State, p: int, where: set[int]) -> int:
        owner, armies = view["owner"], view["armies"]

        def edge(t: int) -> int:
            return min((armies[t] - armies[u] for u in info.adj[t] if owner[u] not in (p, -1)), default=10**6)

        return min(where, key=lambda t: (edge(t), t))


class ModernSpammer(ModernStyle):
    """Buys Helicopters only, places them as the greedy attacker does, attacks with all of them (but one at
    home) wherever its hits a round beat the defence's by half, retreats when they no longer match the
    defence's, moves all in."""

    level = "spammer"
    unit = "helicopter"
    inside, outside = 1.5, 1.5
    keep_on = 1.0
    _place = ModernGreedy._place
    spot = ModernGreedy.spot
