"""The one error handler for slash commands, buttons and menus.

Every failure reaches the user as a short ephemeral sentence; the detail goes to the log.
Service refusals (not your turn, illegal move, the game moved on) are expected and logged
quietly; anything else is a bug and logged with its traceback.
"""

from __future__ import annotations

import logging
from typing import Any, cast

import discord
from discord import app_commands

from bot.service import ServiceError
from bot.service.errors import GameUnreadable, OutOfSpace
from bot.service.records import ReadOnly
from bot.settings import SettingsError
from i18n import N_, _

log = logging.getLogger(__name__)

UNEXPECTED = N_(
    "Something went wrong on our side and it has been logged. Your games are safe: "
    "use /games to see where they stand."
)


def user_message(error: BaseException) -> str:
    """The sentence to show for `error`."""
    original = getattr(error, "original", None) or error
    if isinstance(original, ServiceError | SettingsError):
        return str(original)
    if isinstance(original, ReadOnly):
        return _("The bot cannot save anything right now (its database is read-only), so nothing was changed. "
                 "Please tell the bot's operator.")
    if isinstance(error, app_commands.MissingPermissions):
        return _("Only members with the Manage Server permission can change this.")
    if isinstance(error, app_commands.NoPrivateMessage):
        return _("This command works in a server channel, not in direct messages.")
    if isinstance(error, app_commands.CommandOnCooldown):
        return _("Slow down a little: try again in {seconds} s.").format(seconds=f"{error.retry_after:.0f}")
    if isinstance(error, app_commands.CheckFailure):
        return _("You cannot use this command here.")
    if isinstance(error, app_commands.TransformerError):
        return _("I could not understand {value}.").format(value=repr(error.value))
    return _(UNEXPECTED)


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Log `error` and tell the user, whether or not the interaction was answered already."""
    original = getattr(error, "original", None) or error
    if isinstance(original, OutOfSpace | GameUnreadable | ReadOnly):
        # Not the player's doing: the operator must act (the storage error in the chain names the cause).
        log.error("refused for %s (operator attention needed): %s; cause: %s", interaction.user, original,
                  original.__cause__ or "-")
    elif isinstance(original, ServiceError):
        log.info("refused for %s: %s", interaction.user, original)
    elif isinstance(error, app_commands.CheckFailure):
        log.info("check failed for %s: %s", interaction.user, error)
    else:
        log.error("error in interaction %s by %s", _what(interaction), interaction.user, exc_info=original)
    message = user_message(error)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
    except discord.HTTPException:
        # The token expired (15 minutes) or Discord is down; the log has the detail.
        log.warning("could not deliver an error message to %s", interaction.user)


def _what(interaction: discord.Interaction) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data = cast(dict[str, Any], interaction.data or {})
    return str(data.get("custom_id", interaction.type))
