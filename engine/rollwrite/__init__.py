"""Yokohama Roll & Write: the rules engine (rulebook: yokohama-roll-and-write.md)."""

from engine.rollwrite.game import GAME, RollWriteGame

__all__ = ["GAME", "RollWriteGame"]
