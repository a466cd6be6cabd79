"""The coach's key on the game screen (issue 16, deliverable 6): the hard player's advice for the person to
act, from that person's own view only, and the advice offered in the lists of the decision, marked, also
where the rulebook lists only representative choices (modern's sets of units: 'send 2 Rocket Launchers'
of 5 is none of all, one type alone, one unit)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riskterm.engine.actions import Action
from riskterm.tui.picker import Picker

if TYPE_CHECKING:
    from riskterm.tui.game import GameScreen

COACH_MARK = "   ◀ coach's pick"


def ask_coach(game: GameScreen) -> None:
    from riskterm.ai.coach import action_words, coach

    seat = game.hs.actor()
    if seat is None or game.hs.computer_to_move() or seat != game.hs.shown_seat():
        game.notify("The coach advises you when it is your move.")
        return
    view = game.rules.view(game.session.state, seat)
    action, reason = coach(game.rules, view, seat)
    game.last_advice = (action, reason)
    game.app.clear_notifications()  # an older advice (of an earlier step) would now mislead
    game.notify(f"{reason}\nDo: {action_words(game.rules, view, action)}", title="Coach", timeout=12)
    if game.ctl.offer(action):  # not among the lists' choices until now
        _reopen_list(game)


def _reopen_list(game: GameScreen) -> None:
    """A list of this decision's choices open while the coach was asked: open it again with the advice."""
    from riskterm.tui.dialogs import ChoiceScreen

    screen = game.app.screen
    if isinstance(screen, ChoiceScreen) and screen.step_list:
        forced = screen.forced
        screen.dismiss(None)
        game.call_after_refresh(lambda: game.show(game.ctl.open_choice(forced=forced)))


def is_advice(advice: Action | None, p: Picker, value: Any, whole: bool) -> bool:
    """Whether a list entry is the coach's advice (the whole action, or its next argument)."""
    if advice is None or advice.kind != p.kind or tuple(advice.args[:len(p.args)]) != tuple(p.args):
        return False
    return value == advice if whole else len(advice.args) > len(p.args) and value == advice.args[len(p.args)]


def coach_first(advice: Action | None, p: Picker, opts: list[tuple[str, Any, str]], whole: bool
                ) -> list[tuple[str, Any, str]]:
    """The coach's advice (when asked for this decision) first in a list, marked as such."""
    marked = [(label + COACH_MARK, v, d) for label, v, d in opts if is_advice(advice, p, v, whole)]
    return marked + [o for o in opts if not is_advice(advice, p, o[1], whole)]
