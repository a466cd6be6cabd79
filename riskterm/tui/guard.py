"""The app's last guard: an error inside the app (a handler, a worker, a screen) ends the app with the crash log
written, the game saved where it can be, one sentence on the terminal and a non-zero exit status, in place of
Textual's traceback with local variables and exit status 0.

    return run_guarded(SomeApp(...))     # in a command's run(): 0, or 1 after a crash (the sentence printed)
"""

from __future__ import annotations

import sys

from textual import events
from textual.app import App


class CrashGuard(App[None]):
    crash_note = ""  # the sentence for the terminal, once the app has crashed

    def save_at_crash(self) -> str:
        """Save what can be saved; a sentence that says where, or why not ('' when there is nothing)."""
        return ""

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not (self.is_running and self.screen_stack):
            return  # keys typed while the app closes (its widgets going, or gone) are meant for nothing
        await super().on_event(event)

    def after_run(self) -> int:
        """What is left to do once the app has closed normally; the exit status."""
        return 0

    def _handle_exception(self, error: Exception) -> None:  # Textual's one way in for an unhandled error
        if not self.crash_note:
            from riskterm.crash import crash_sentence, write_crash_log

            note = crash_sentence(error, write_crash_log(error))
            self.crash_note = note + self.save_at_crash()
        super()._handle_exception(error)
        self._exit_renderables.clear()  # the sentence replaces Textual's traceback (which shows local variables)


def run_guarded(app: CrashGuard) -> int:
    """Run the app; after a crash print its sentence and answer 1 (the exit status), else its after_run()."""
    app.run()
    if app.crash_note:
        print(app.crash_note, file=sys.stderr)
        return 1
    return app.after_run()
