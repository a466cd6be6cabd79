"""riskterm: Risk in the terminal. The engine (riskterm.engine, riskterm.rules, riskterm.board) needs only the
standard library and PyYAML; only riskterm.tui imports Textual."""

__version__ = "0.1.0"
