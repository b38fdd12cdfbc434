"""The dynamic items registered at start-up: every button and menu whose custom id the bot reads back."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord_app.panels.decision import (
    ChoiceButton,
    ChoiceSelect,
    OpenPanelButton,
    PageButton,
    PictureButton,
    PlaceSelect,
    RefreshButton,
    UndoButton,
)
from bot.discord_app.panels.lobby import LobbyButton
from bot.discord_app.panels.pictures import BoardButton, MyBoardButton

DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ChoiceButton, ChoiceSelect, PlaceSelect, PageButton, RefreshButton, PictureButton, UndoButton, OpenPanelButton,
    LobbyButton, BoardButton, MyBoardButton,
)
