"""People's names for seats: engines speak of seats, players read names.

Engine text names a seat with a `{seat:N}` token (`engine.core.seat_token`); the bot puts the
seat's display name there, or a mention where the person should be pinged. Engine texts written
before the tokens ("P1", "Player 1", "seat 1", "seats 1, 2") are mapped the same way, so a
headline reads right whichever way its engine speaks today.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from typing import Any

import discord

from bot.discord_app.host import Host
from bot.service.records import GameRow, is_bot_user
from engine.core import fill_seats
from i18n import _

#: user id -> (display name, when looked up). Names change rarely; an hour-old name is fine.
_CACHE: dict[tuple[int | None, int], tuple[str, float]] = {}
_CACHE_SECONDS = 3600.0

_LEGACY_SEATS = re.compile(r"\b(?:[Ss]eats) (\d{1,2}(?:(?:, | and )\d{1,2})+)\b")
_LEGACY_ONE = re.compile(r"\b(?:P|Player |player |Seat |seat )(\d{1,2})\b")


def remember(user: discord.abc.User, guild_id: int | None) -> None:
    """Keep the name of someone who just interacted (no lookup needed for them later)."""
    _CACHE[(guild_id, user.id)] = (user.display_name, time.monotonic())


async def display_name(bot: Host, guild_id: int | None, user_id: int, *, fetch: bool = True) -> str | None:
    """The user's server nickname (else global name), from the cache, the client's cache, or (unless not
    `fetch`: an autocomplete has no time for it) Discord."""
    hit = _CACHE.get((guild_id, user_id))
    if hit is not None and time.monotonic() - hit[1] < _CACHE_SECONDS:
        return hit[0]
    guild = bot.get_guild(guild_id) if guild_id is not None else None
    user: discord.abc.User | None = guild.get_member(user_id) if guild is not None else None
    if user is None and not fetch:
        user = bot.get_user(user_id)
        return user.display_name if user is not None else None
    if user is None and guild is not None:
        with contextlib.suppress(discord.HTTPException):
            user = await guild.fetch_member(user_id)
    if user is None:
        user = bot.get_user(user_id)
    if user is None:
        with contextlib.suppress(discord.HTTPException):
            user = await bot.fetch_user(user_id)
    if user is None:
        return None
    _CACHE[(guild_id, user_id)] = (user.display_name, time.monotonic())
    return user.display_name


#: What a bot seat is called wherever a name is shown (text and pictures).
BOT_NAME = "Yokohama AI"


async def picture_name(bot: Host, channel: Any, user_id: int | None, seat: int) -> str:
    """A name to print in a picture (pictures cannot hold mentions): server nickname, else user name."""
    if user_id is None:
        return _("Player {n}").format(n=seat + 1)
    if is_bot_user(user_id):
        return bot_name(user_id)
    guild = getattr(channel, "guild", None)
    member = guild.get_member(user_id) if guild is not None else None
    if member is None and guild is not None:
        with contextlib.suppress(discord.HTTPException):
            member = await guild.fetch_member(user_id)
    user = member or bot.get_user(user_id)
    if user is None:
        with contextlib.suppress(discord.HTTPException):
            user = await bot.fetch_user(user_id)
    return user.display_name if user is not None else _("Player {n}").format(n=seat + 1)


def bot_name(user_id: int) -> str:
    """A bot seat's name: the table's first bot is "Yokohama AI", the others are numbered ("Yokohama AI 2").

    It depends on the seat's sentinel id alone, so every message and picture (and the game-free ones:
    history, an admin's notice) names the same bot the same way.
    """
    return BOT_NAME if user_id == -1 else f"{BOT_NAME} {-user_id}"


def who(game: GameRow, user_id: int) -> str:
    """A seated user for the lobby and the end of a game: a person's mention, a bot's name in bold."""
    return f"**{bot_name(user_id)}**" if is_bot_user(user_id) else f"<@{user_id}>"


async def seat_names(bot: Host, game: GameRow) -> list[str]:
    """Display names by seat ("Player N" for a seat whose person cannot be found; bot seats by `bot_name`)."""
    seats = sorted(s.seat for s in game.seats if s.seat is not None)
    count = (seats[-1] + 1) if seats else 0
    return await names_of_users(bot, game.guild_id, [game.user_of(seat) for seat in range(count)])


async def names_of_users(bot: Host, guild_id: int | None, users: list[int | None], *,
                         fetch: bool = True) -> list[str]:
    """Display names for the users of seats 0, 1, … (`GameSummary.seat_users`), as `seat_names` gives them
    (without `fetch`, only names known without asking Discord; the others read "Player N")."""
    names = []
    for seat, user in enumerate(users):
        if user is not None and is_bot_user(user):
            names.append(bot_name(user))
            continue
        name = await display_name(bot, guild_id, user, fetch=fetch) if user is not None else None
        names.append(name or _("Player {n}").format(n=seat + 1))
    return names


def fill(text: str, name_of: Callable[[int], str]) -> str:
    """`text` with every seat (token or legacy wording) replaced by `name_of(seat)` (0-based)."""
    text = fill_seats(text, name_of)

    def many(match: re.Match[str]) -> str:
        numbers = [int(n) for n in re.findall(r"\d+", match.group(1))]
        named = [name_of(n - 1) for n in numbers]
        return ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]

    text = _LEGACY_SEATS.sub(many, text)
    return _LEGACY_ONE.sub(lambda m: name_of(int(m.group(1)) - 1), text)


def by_name(names: list[str]) -> Callable[[int], str]:
    """A `name_of` for `fill`: the display name in bold (a seat past the list keeps its number)."""
    return lambda seat: f"**{names[seat]}**" if 0 <= seat < len(names) else _("Player {n}").format(n=seat + 1)


def plain(names: list[str]) -> Callable[[int], str]:
    """A `name_of` for text that cannot hold markdown (pictures, menu labels)."""
    return lambda seat: names[seat] if 0 <= seat < len(names) else _("Player {n}").format(n=seat + 1)


def summary_line(headline: str, status: str, name_of: Callable[[int], str]) -> str:
    """A game's headline for a list (`/games`, the game autocomplete): seats named, no closing full stop
    (the list puts its own colon after it), or the game's status when the engine has no headline."""
    text = fill(headline, name_of).strip().rstrip(".")
    return text or status
