"""The game screen's side panels: drawn only when what they show changes, hidden by None, and a sized panel's
padding starts again after a resize (the territory panel's compact text at 80x24 is not padded to the full
text's height at 140x45)."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.app import App, ComposeResult

from riskterm.tui.sidepanel import Panel, Shown, SizedPanel


class Panels(App[None]):
    def compose(self) -> ComposeResult:
        yield Panel(id="plain")
        yield SizedPanel(id="sized")


def test_a_panel_is_drawn_once_per_key_and_hidden_by_none() -> None:
    async def run() -> None:
        app = Panels()
        async with app.run_test(size=(40, 20)):
            panel = app.query_one("#plain", Panel)
            assert not panel.display  # nothing to show yet
            made: list[str] = []

            def make(word: str) -> Shown:
                def draw() -> Text:
                    made.append(word)
                    return Text(word)

                return Shown(1, draw)

            panel.shows = make("one")
            panel.shows = make("again")  # the same key: not drawn again
            assert made == ["one"] and panel.display
            panel.shows = None
            assert not panel.display

    asyncio.run(run())


def test_a_sized_panel_pads_to_its_most_lines_until_the_size_changes() -> None:
    async def run() -> None:
        app = Panels()
        async with app.run_test(size=(40, 20)):
            panel = app.query_one("#sized", SizedPanel)
            panel.show_text("tall", Text("1\n2\n3"))
            panel.show_text("short", Text("1"))
            assert panel.most == 3 and str(panel.render()).count("\n") == 2  # padded: no new layout
            panel.show_text("tall", Text("1\n2\n3"))
            panel.forget_size()  # a resize: the next text starts the height again (the tall one is not redrawn)
            panel.show_text("short", Text("1"))
            assert panel.most == 1 and str(panel.render()).count("\n") == 0
            panel.forget_size()
            panel.show_text("short", Text("1"))  # even the same text is drawn again
            assert panel.most == 1 and panel.display
            panel.forget_size()
            panel.show_text(None, None)  # and a panel with nothing to show after a resize hides
            assert not panel.display

    asyncio.run(run())
