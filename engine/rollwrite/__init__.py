"""Yokohama Roll & Write: the rules engine (rulebook: yokohama-roll-and-write.md).

`GAME` here is the engine as every front end sees it (`engine.core.AnyGame`: stored JSON states in and
out, like `get_game("rollwrite")`); inside the engine, `engine.rollwrite.game.GAME` is the same object
typed with its own state, action and view types.
"""

from engine.core import AnyGame
from engine.rollwrite.game import GAME as _GAME
from engine.rollwrite.game import RollWriteGame

GAME: AnyGame = _GAME

__all__ = ["GAME", "RollWriteGame"]
