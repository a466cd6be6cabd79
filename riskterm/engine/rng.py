"""Seeded randomness carried inside the game state (an int), so a game replays exactly from its seed and its
actions. SplitMix64: one 64-bit draw is decoded into all the dice of a roll (cheap dice)."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

from riskterm.engine.dice import resolve

MASK = (1 << 64) - 1
_PAIR = MASK | (MASK << 128)  # two 64-bit draws side by side (blitz_rolls)

# Every sorted roll of n <= 5 dice by the low base-6 digits of a draw: one draw, one lookup. Built on first
# use for each n (about 10 ms for all of them), so importing the engine stays cheap.
_ROLLS: list[tuple[tuple[int, ...], ...] | None] = [None] * 6
_SIZES = tuple(6**n for n in range(6))


def _rolls(n: int) -> tuple[tuple[int, ...], ...]:
    table = _ROLLS[n]
    if table is None:
        table = _ROLLS[n] = tuple(
            tuple(sorted(((k // 6**i) % 6 + 1 for i in range(n)), reverse=True)) for k in range(6**n)
        )
    return table


def seed_state(seed: int) -> int:
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK


class Rng:
    """A cursor over the state's random stream. Read `state` back into the new game state when done.

    The stream is an int. A test may put scripted dice ahead of it: the list [stream, face, face, ...]
    (tests/support/dice.py makes it). Then die(), dice(n) and faces(n) take their faces from the script, in
    order, until it is used up, and the stream goes on as an int; shuffles and choices (u64) always come from
    the int stream. `state` gives back the list while faces are left."""

    __slots__ = ("_s", "script")

    def __init__(self, state: int | list[int]):
        if isinstance(state, list):
            self._s: int = state[0]
            self.script: list[int] | None = list(state[1:]) or None
        else:
            self._s, self.script = state, None

    @property
    def state(self) -> int | list[int]:
        return [self._s, *self.script] if self.script else self._s

    def _scripted(self, n: int) -> list[int]:
        script = self.script
        assert script is not None
        if len(script) < n:
            raise ValueError(f"The scripted dice ran out: {n} wanted, {len(script)} left {script}.")
        out, self.script = script[:n], script[n:] or None
        return out

    def u64(self) -> int:
        s = self._s = (self._s + 0x9E3779B97F4A7C15) & MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number in [0, n); the modulo bias is below 1e-15 for board-game sizes."""
        return self.u64() % n

    def die(self) -> int:
        if self.script:
            return self._scripted(1)[0]
        return self.u64() % 6 + 1

    def dice(self, n: int) -> list[int]:
        """n six-sided dice (n <= 24) from a single draw, sorted high to low."""
        if self.script:
            return sorted(self._scripted(n), reverse=True)
        z = self.u64()
        if n <= 5:
            return list(_rolls(n)[z % _SIZES[n]])
        out = []
        for _ in range(n):
            z, r = divmod(z, 6)
            out.append(r + 1)
        out.sort(reverse=True)
        return out

    def faces(self, n: int) -> list[int]:
        """n dice in the order drawn (not sorted: each may belong to its own unit), 24 per 64-bit draw; the
        first n of them sorted are what dice(n) gives for n <= 24."""
        if self.script:
            return self._scripted(n)
        out: list[int] = []
        while len(out) < n:
            z = self.u64()
            for _ in range(min(24, n - len(out))):
                z, r = divmod(z, 6)
                out.append(r + 1)
        return out

    def shuffle(self, items: MutableSequence[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.u64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[Any]) -> Any:
        return items[self.u64() % len(items)]


def _draw_pair(state: int, a: int, d: int) -> tuple[int, int, int]:
    """Two draws of the stream (Rng.u64 twice, spelt out: the hot path of every battle): (the state after,
    the attacker's roll as an index into _rolls(a), the defender's into _rolls(d))."""
    s = (state + 0x9E3779B97F4A7C15) & MASK
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    i = (z ^ (z >> 31)) % _SIZES[a]
    s = (s + 0x9E3779B97F4A7C15) & MASK
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return s, i, (z ^ (z >> 31)) % _SIZES[d]


def battle_dice(state: int | list[int], a: int, d: int) -> tuple[int | list[int], list[int], list[int]]:
    """(the stream's state after, attacker's dice, defender's dice) for a <= 5 and d <= 5 dice, exactly as
    `rng = Rng(state); att = rng.dice(a); dfn = rng.dice(d)` gives them."""
    if type(state) is not int:  # scripted dice (a test)
        rng = Rng(state)
        att, dfn = rng.dice(a), rng.dice(d)
        return rng.state, att, dfn
    s, i, j = _draw_pair(state, a, d)
    return s, list((_ROLLS[a] or _rolls(a))[i]), list((_ROLLS[d] or _rolls(d))[j])


# The losses (attacker, defender) of every pair of rolls battle_roll may draw, by the two draws' indexes into
# _rolls(a) and _rolls(d): _losses(a, d)[i * 6**d + j]. Built on first use for each pair of dice counts up
# to 3 (7,776 pairs for 3 against 2, a few ms), so that a roll is two lookups instead of a comparison loop.
_LOSSES: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}


def _losses(a: int, d: int) -> tuple[tuple[int, int], ...]:
    table = _LOSSES.get((a, d))
    if table is None:
        table = _LOSSES[(a, d)] = tuple(resolve(x, y) for x in _rolls(a) for y in _rolls(d))
    return table


def battle_roll(
    state: int | list[int], a: int, d: int
) -> tuple[int | list[int], tuple[int, ...], tuple[int, ...], int, int]:
    """One battle roll of a attacking against d defending dice: (the stream's state after, the attacker's
    dice, the defender's dice, both high to low, the attacker's losses, the defender's losses); the dice
    exactly as battle_dice draws them, the losses as dice.resolve counts them (highest against highest, ties
    to the defender)."""
    if type(state) is not int or a > 3 or d > 3:  # scripted dice (a test), or a table too big to keep
        state, att, dfn = battle_dice(state, a, d)
        return (state, tuple(att), tuple(dfn), *resolve(att, dfn))
    s, i, j = _draw_pair(state, a, d)
    al, dl = (_LOSSES.get((a, d)) or _losses(a, d))[i * _SIZES[d] + j]
    return s, (_ROLLS[a] or _rolls(a))[i], (_ROLLS[d] or _rolls(d))[j], al, dl


def blitz_rolls(state: int, att: int, dfn: int, most: int, stop: int) -> tuple[int, int, int, int]:
    """Battle rolls on until the defender has no armies left or the attacker is down to `stop`: each roll
    with min(most, att - stop) dice (most <= 3) against min(2, dfn), drawn and counted exactly as battle_roll
    draws and counts them, roll after roll, from an int stream (not scripted dice). Returns (the stream's
    state after, the attacker's armies, the defender's, the attacker's dice in the last roll). One call for
    a whole blitz, which is most of a computer game: no call, tuple or table lookup by key per roll."""
    tables = _BLITZ_LOSSES or _blitz_losses()
    sizes = _SIZES
    while True:
        n = att - stop
        d = most if n > most else n
        e = 2 if dfn >= 2 else dfn
        st = (state + 0x9E3779B97F4A7C15) & MASK
        state = (st + 0x9E3779B97F4A7C15) & MASK
        # the roll's two draws mixed side by side in one int, 128 bits apart (the products of the low one stay
        # below the high one, and each shift's spill-over from the high one is masked off): fewer int operations
        z = st | (state << 128)
        z = ((z ^ (z >> 30)) & _PAIR) * 0xBF58476D1CE4E5B9 & _PAIR
        z = ((z ^ (z >> 27)) & _PAIR) * 0x94D049BB133111EB & _PAIR
        z ^= z >> 31
        al, dl = tables[d][e][((z & MASK) % sizes[d]) * sizes[e] + (z >> 128) % sizes[e]]
        att -= al
        dfn -= dl
        if dfn == 0 or att <= stop:
            return state, att, dfn, d


# _losses(a, d) for a <= 3 attacking and d <= 2 defending dice, as one nested tuple (blitz_rolls)
_BLITZ_LOSSES: list[tuple[tuple[tuple[int, int], ...], ...]] = []


def _blitz_losses() -> list[tuple[tuple[tuple[int, int], ...], ...]]:
    _BLITZ_LOSSES[:] = [
        tuple(_losses(a, d) if a and d else () for d in range(3)) if a else ((), (), ()) for a in range(4)
    ]
    return _BLITZ_LOSSES


__all__ = ["MASK", "Rng", "battle_dice", "battle_roll", "blitz_rolls", "seed_state"]
