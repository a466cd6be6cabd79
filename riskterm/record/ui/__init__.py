"""Textual screens of the game record (replay, statistics charts). Imported only when one is shown."""
