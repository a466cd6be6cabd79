from riskterm.board.loader import load_board, load_board_file
from riskterm.board.model import Board, Region, Territory

__all__ = ["Board", "Region", "Territory", "load_board", "load_board_file"]
