"""Yokohama Duel: the two-player game's rules engine (`GAME`, name "duel")."""

from engine.duel.game import GAME, DuelGame

__all__ = ["GAME", "DuelGame"]
