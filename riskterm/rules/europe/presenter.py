"""What the app, the host and the log show of a Risk: Europe game (rules/presenter.py): log lines, prompts,
the rules screen, panels, the map's crowns and castles, the King's Orders chooser and the spend screen."""

from __future__ import annotations

from typing import Any

from riskterm.engine.events import Event
from riskterm.engine.state import State
from riskterm.rules.effects import MapMark, OrderChoice, Spend
from riskterm.rules.europe.data import CARD
from riskterm.rules.europe.lessons import COURSE
from riskterm.rules.europe.panels import (
    badge_of,
    label_of,
    order_cards,
    order_choice,
    player_stats,
    private_lines,
    spend,
)
from riskterm.rules.europe.state import as_europe
from riskterm.rules.europe.text import RULES_TEXT, describe_event, prompt
from riskterm.rules.presenter import ActionSpec, Presenter

_U = ("int", "int", "int", "int")


class EuropePresenter(Presenter):
    lessons = COURSE
    map_marks = (
        MapMark("♔", "a city (its crowns)"),
        MapMark("♜", "a castle"),
        MapMark("*", "an empty city"),
        MapMark("#", "an empty castle"),
        MapMark("·", "an empty territory"),
        MapMark("5!", "disputed: armies of two players"),
    )
    battle_events = frozenset({"hits", "battle_end"})
    # a seat out of time finishes its card, keeps its dice, takes the default losses, bids nothing and fights
    # the next battle listed (the kingdom and the King's Orders: the computer's choice)
    timeout_kinds = ("end", "keep", "auto", "bid", "battle")
    rules_text = RULES_TEXT
    end_events = frozenset({"win", "draw_game"})
    action_specs = (
        ActionSpec(
            "bid", "enter", "Bid", ("int",), "secret bid of coins for the First Player Marker", default="low"
        ),
        ActionSpec(
            "kingdom",
            "enter",
            "Place kingdom",
            ("territory", "territory", "int"),
            "Gold Crown City, adjacent non-city territory, footmen there (0-9; the rest in the city)",
        ),
        ActionSpec(
            "orders", "enter", "Choose cards", ("card", "card"), "two King's Orders cards, top card first"
        ),
        ActionSpec(
            "expand",
            "x",
            "Expand",
            ("territory", "territory", *_U),
            "from, into, footmen, archers, cavalry, siege weapons",
        ),
        ActionSpec(
            "split",
            "p",
            "Split Expand",
            ("territory", "territory", *_U),
            "one part of a Split Expand: from, into, units (twice, same origin)",
        ),
        ActionSpec(
            "manoeuvre",
            "m",
            "Manoeuvre",
            ("territory", "territory", *_U),
            "from, to (up to two territories away through your own), units",
        ),
        ActionSpec("tax", "t", "Tax", ("territory",), "collect the tax of a city's supply line"),
        ActionSpec("recruit", "r", "Recruit", ("territory", *_U), "buy units in a city or castle territory"),
        ActionSpec("castle", "c", "Build castle", ("territory",), "build a castle (12 coins)"),
        ActionSpec("crown", "k", "Buy crown card", (), "buy a crown card (10 coins, one per round)"),
        ActionSpec(
            "fortify", "f", "Fortify", ("territory",), "bonus: 3 footmen in a city, 4 in a castle territory"
        ),
        ActionSpec(
            "siege",
            "g",
            "Siege Assault",
            ("territory", "territory"),
            "bonus: siege weapons bombard over land",
        ),
        ActionSpec("end", "e", "End turn", (), "finish this card"),
        ActionSpec(
            "battle", "enter", "Fight battle", ("territory",), "First Player: the next battle to fight"
        ),
        ActionSpec("reroll", "r", "Re-roll", (), "castle defence: re-roll your dice of this rank"),
        ActionSpec("keep", "enter", "Keep dice", (), "keep this rank's dice"),
        ActionSpec("auto", "enter", "Default losses", (), "remove the cheapest units first"),
        ActionSpec("lose", "l", "Choose losses", _U, "footmen, archers, cavalry, siege weapons to remove"),
    )

    def label_of(self, s: State, t: int) -> str:
        return label_of(self.rules, as_europe(s), t)

    def badge_of(self, s: State, t: int) -> str:
        return badge_of(self.rules, as_europe(s), t)

    def player_stats(self, s: State) -> list[dict[str, Any]]:
        return player_stats(self.rules, as_europe(s))

    def private_lines(self, s: State, seat: int) -> list[str]:
        return private_lines(as_europe(s), seat)

    def prompt(self, s: State) -> str:
        return prompt(self.rules, as_europe(s))

    def arg_label(self, s: State, value: Any) -> str:
        """A King's Orders card by its face ('Fortify + Expand or Manoeuvre'), a territory by its name."""
        if isinstance(value, str) and value in CARD:
            return CARD[value].label
        return super().arg_label(s, value)

    def describe(self, e: Event, names: list[str], seat: int | None = None) -> str:
        return describe_event(self.rules, e, names, seat)

    # --- for the app's King's Orders chooser and recruit/spend screen (no Textual) ----------------
    def order_cards(self, s: State, seat: int) -> list[dict[str, Any]]:
        """The King's Orders cards in `seat`'s hand, for the chooser, each once: {'id' (the action's argument),
        'name' (its face: 'Fortify + Expand or Manoeuvre'), 'orders' (the two order names), 'bonus' (the bonus
        action's name or None), 'text' (what it does, from the rulebook), 'parts' ([(bonus or order name, what
        it does)], bonus first)}. The chosen pair is laid down with 'orders <top> <bottom>': the top card is
        played in Turn 1, the bottom card in Turn 2. Another seat's hand is hidden in a view: an empty list."""
        return order_cards(as_europe(s), seat)

    def order_choice(self, s: State, seat: int | None) -> OrderChoice:
        """The King's Orders chooser: `seat`'s cards (order_cards), laid down with 'orders <top> <bottom>'."""
        return order_choice(as_europe(s), seat)

    def spend(self, s: State) -> Spend | None:
        """While the acting player may Spend (its card offers Spend and no other order was carried out, or it is
        spending already), else None: the actions 'recruit <territory> <footmen> <archers> <cavalry> <siege
        weapons>', 'castle <territory>' and 'crown', with the coins left."""
        return spend(self.rules, as_europe(s))
