"""Every game's Discord description (`GameUI`), registered once by kind (`bot.discord_app.game_ui`).

The modules here are the only part of the Discord layer that imports a particular game's engine or renderer
(`tests/test_import_graph.py`). The client imports this package at start, so every bot it builds knows them.
"""

from __future__ import annotations

from bot.discord_app.game_ui import GameUI, register
from bot.discord_app.games import duel, rollwrite, yokohama

GAMES: tuple[GameUI, ...] = tuple(register(game.UI) for game in (yokohama, duel, rollwrite))
