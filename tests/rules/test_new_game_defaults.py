"""A game started with no options plays today's rules: Rules.new_game fills in every house rule the options
leave out with its default (Rules.house_options), so `Session.new(...)`, a test or a script starting a game
gets what the new-game screen and `riskterm play` start; saves from before keep theirs (record/old_saves.py)."""

from __future__ import annotations

import pytest

from riskterm.rules import available_variants, find_variant
from riskterm.session import Session


@pytest.mark.parametrize("variant", available_variants())
def test_no_options_is_every_house_rule_at_its_default(variant: str) -> None:
    """The same state and events as a game started with every house rule written at its default."""
    rules = find_variant(variant)
    players = ["A", "B", "C"]
    defaults = {key: default for key, _, _, default in rules.house_options}
    bare = rules.new_game(players, 7)
    written = rules.new_game(players, 7, defaults)
    assert bare.state == written.state and bare.events == written.events


@pytest.mark.parametrize("variant", available_variants())
def test_an_option_given_is_kept(variant: str) -> None:
    """Filling in defaults never overrides what the caller chose (the last choice of each house rule)."""
    rules = find_variant(variant)
    for key, _, choices, _ in rules.house_options:
        chosen = rules.new_game(["A", "B", "C"], 7, {key: choices[-1]})
        bare = rules.new_game(["A", "B", "C"], 7)
        if key in bare.state["options"]:
            assert chosen.state["options"][key] == choices[-1]


def test_a_two_player_session_without_options_plays_todays_classic() -> None:
    """classic-risk-notes.txt's two-player game as we read it (the rules screen): the players place the
    neutral's armies and the game ends when the other player is eliminated."""
    s = Session.new("classic", ["A", "B"], 3, {}).state
    assert s["options"]["two_player_end"] == "opponent" and s["options"]["neutral_armies"] == "players"
