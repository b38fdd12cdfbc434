"""Whose language a message is in: the one place the Discord layer chooses it.

- A private answer (a panel, an ephemeral reply, a refusal, a DM) reads in the player's own choice
  (`/settings me language:`), else in their Discord client's language (`interaction.locale`).
- A public post (a turn post, a lobby, a tournament post) reads in the server's language
  (`/settings language:`), else the server's own `preferred_locale`.

`begin(bot, interaction)` sets the private language for the rest of the interaction's task (the catalogue's
context variable, so service refusals deep down translate without being told); `public(bot, guild_id)` is a
`with` block for a post to a channel.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord

from bot.discord_app.host import Host
from i18n import current_locale, resolve, using

log = logging.getLogger(__name__)


#: Where `begin` keeps the clicker's preferences row on the interaction (`Interaction.extras`), so the other
#: readers of the same interaction (the closed-DMs notice) do not read it again: one read per interaction.
PREFS_KEY = "yk:prefs"


async def private_locale(bot: Host, interaction: discord.Interaction) -> str:
    """The language of a private answer to `interaction` (the client's when the choice cannot be read: a
    language is never a reason for a request to fail)."""
    try:
        prefs = await bot.records.prefs(interaction.user.id)
        extras = getattr(interaction, "extras", None)
        if isinstance(extras, dict):
            extras[PREFS_KEY] = prefs
        chosen = prefs.language if prefs is not None else None
    except Exception:
        log.warning("could not read the language of %s; using their client's", interaction.user.id, exc_info=True)
        chosen = None
    return resolve(chosen or str(getattr(interaction, "locale", "") or ""))


async def server_locale(bot: Host, guild_id: int | None) -> str:
    """The language of a public post in a server (English in a direct message; the server's own
    `preferred_locale` when the choice cannot be read)."""
    if not guild_id:
        return resolve(None)
    try:
        chosen = await bot.records.server_language(guild_id)
    except Exception:
        log.warning("could not read the language of server %s", guild_id, exc_info=True)
        chosen = None
    if chosen:
        return resolve(chosen)
    guild = bot.get_guild(guild_id)
    return resolve(str(guild.preferred_locale) if guild is not None and guild.preferred_locale else None)


async def begin(bot: Any, interaction: discord.Interaction) -> str:
    """Set the private language for the rest of this interaction's task; the locale chosen."""
    locale = await private_locale(bot, interaction)
    current_locale.set(locale)  # lives as long as this interaction's task, like the request's caller
    return locale


@contextlib.asynccontextmanager
async def public(bot: Host, guild_id: int | None) -> AsyncIterator[str]:
    """Read every message of the block in the server's language (a post to its channels)."""
    with using(await server_locale(bot, guild_id)) as locale:
        yield locale
