"""Yokohama on Discord: the generic panels and posts, its renderer, a picture only when it tells something new."""

from __future__ import annotations

from bot.discord_app.game_ui import GameUI
from i18n import N_
from rendering.yokohama.renderer import RENDERER

UI = GameUI("yokohama", renderer=RENDERER, between_pictures=N_("Show my picture"))
