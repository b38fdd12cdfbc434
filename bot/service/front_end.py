"""What a front end keeps and reads beside the games, through the service.

The Discord layer never touches storage: where a game's posts go (its thread, its lobby message, whether a
table against bots plays privately), a tournament's sign-up message, a server's settings, each player's
notification preferences and time away, seasons, the standings and replays all come through
`FrontEndRecords`. Each method is one call of the storage (or of the service function it names), so a request
costs what it did when the Discord layer made that call itself. The keys under which a game's notes are
stored are named here, once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from bot.service import away, notify, outbox, seasons
from bot.service.replay import Frame, replay_frames
from bot.service.standings import Standings
from bot.storage import GameRow, OutboxItem, PlayerPrefs, Storage
from engine.core import Game

#: The server setting that holds its language for public posts.
LANGUAGE_KEY = "language"


def _thread_key(game_id: int) -> str:
    return f"thread:{game_id}"


def _private_key(game_id: int) -> str:
    return f"private:{game_id}"


def _lobby_key(game_id: int) -> str:
    return f"lobby:{game_id}"


def _signup_key(tournament_id: int) -> str:
    return f"tournament-signup:{tournament_id}"


_THINKING = "thinking:"


def _dm_key(user_id: int, game_id: int) -> str:
    return f"dm:{user_id}:{game_id}"


def _message(where: str | None) -> tuple[int, int] | None:
    if not where:
        return None
    channel_id, message_id = (int(part) for part in where.split(":"))
    return channel_id, message_id


class FrontEndRecords:
    """A front end's own records, kept by the service beside the games."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    # ----- where a game's posts go ----------------------------------------------------------------------
    async def thread_of(self, game_id: int) -> int | None:
        """The game's own thread, if it was given one."""
        text = await self._storage.get_meta(_thread_key(game_id))
        return int(text) if text else None

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        await self._storage.set_meta(_thread_key(game_id), str(thread_id))

    async def thread_of_key(self, key: str) -> int | None:
        """A thread kept under a front end's own key (e.g. a tournament's thread)."""
        text = await self._storage.get_meta(key)
        return int(text) if text and text.isdigit() else None

    async def set_thread_of_key(self, key: str, thread_id: int) -> None:
        await self._storage.set_meta(key, str(thread_id))

    async def note_thinking(self, game_id: int, channel_id: int, message_id: int) -> None:
        """A "… is thinking" line is up for the game (cleared when its turn post replaces it)."""
        await self._storage.set_meta(f"{_THINKING}{game_id}", f"{channel_id}:{message_id}")

    async def clear_thinking(self, game_id: int) -> None:
        await self._storage.delete_meta(f"{_THINKING}{game_id}")

    async def thinking_lines(self) -> list[tuple[int, int, int]]:
        """(game, channel, message) of every "… is thinking" line still up: after a restart, each is stale."""
        out = []
        for key, value in await self._storage.metas(_THINKING):
            where = _message(value)
            if where is not None and key[len(_THINKING):].isdigit():
                out.append((int(key[len(_THINKING):]), *where))
        return out

    async def plays_privately(self, game_id: int) -> bool:
        """Whether a table against bots plays privately (it could not have a thread)."""
        return bool(await self._storage.get_meta(_private_key(game_id)))

    async def set_plays_privately(self, game_id: int) -> None:
        await self._storage.set_meta(_private_key(game_id), "1")

    async def lobby_message(self, game_id: int) -> tuple[int, int] | None:
        """(channel id, message id) of a table's lobby message, if known."""
        return _message(await self._storage.get_meta(_lobby_key(game_id)))

    async def set_lobby_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        await self._storage.set_meta(_lobby_key(game_id), f"{channel_id}:{message_id}")

    async def signup_message(self, tournament_id: int) -> tuple[int, int] | None:
        """(channel id, message id) of a tournament's sign-up message, if known."""
        return _message(await self._storage.get_meta(_signup_key(tournament_id)))

    async def set_signup_message(self, tournament_id: int, channel_id: int, message_id: int) -> None:
        await self._storage.set_meta(_signup_key(tournament_id), f"{channel_id}:{message_id}")

    async def games(self, *, user_id: int | None = None, channel_id: int | None = None,
                    statuses: tuple[str, ...] = ("lobby", "active"), kind: str | None = None,
                    mode: str | None = None) -> list[GameRow]:
        """The games of a player or a channel (unscoped: the caller names its own user or channel)."""
        return await self._storage.list_games(user_id=user_id, channel_id=channel_id, statuses=statuses, kind=kind,
                                              mode=mode)

    # ----- a server's settings ------------------------------------------------------------------------------
    async def setting(self, guild_id: int, key: str) -> str | None:
        return await self._storage.get_setting(guild_id, key)

    async def set_setting(self, guild_id: int, key: str, value: str | None) -> None:
        await self._storage.set_setting(guild_id, key, value)

    async def set_away_cap(self, guild_id: int, days: int | None) -> None:
        await away.set_cap(self._storage, guild_id, days)

    async def set_season_length(self, guild_id: int, length: str | None, now: float) -> None:
        await seasons.set_length(self._storage, guild_id, length, now)

    async def seasons_played(self, guild_id: int, kind: str | None = None) -> list[str]:
        return await self._storage.seasons_played(guild_id, kind)

    async def owe_podiums(self, now: float) -> list[tuple[int, str]]:
        return await seasons.owe_podiums(self._storage, now)

    async def podium_of(self, guild_id: int, season: str, kinds: list[str]) -> seasons.Podium:
        return await seasons.podium_of(self._storage, guild_id, season, kinds)

    async def podium_channel(self, guild_id: int) -> tuple[int | None, str]:
        return await seasons.podium_channel(self._storage, guild_id)

    # ----- posts owed (the outbox) ---------------------------------------------------------------------------
    async def deliver_outbox(self, send: Callable[[OutboxItem], Awaitable[None]], now: Callable[[], float],
                             *, timeout_s: float = outbox.SEND_TIMEOUT_S) -> outbox.Delivery:
        return await outbox.deliver(self._storage, send, now, timeout_s=timeout_s)

    # ----- each player's preferences ---------------------------------------------------------------------
    async def prefs(self, user_id: int) -> PlayerPrefs | None:
        return (await self._storage.player_prefs([user_id])).get(user_id)

    async def set_notify_mode(self, user_id: int, mode: str) -> None:
        await notify.set_mode(self._storage, user_id, mode)

    async def set_language(self, user_id: int, language: str | None) -> None:
        """A player's own language for private answers (None: their Discord client's)."""
        await self._storage.set_language(user_id, language)

    async def language(self, user_id: int) -> str | None:
        """The language a player chose for themselves, if any."""
        prefs = (await self._storage.player_prefs([user_id])).get(user_id)
        return prefs.language if prefs is not None else None

    async def server_language(self, guild_id: int) -> str | None:
        """The language a server chose for its public posts, if any (`/settings language:`)."""
        return await self._storage.get_setting(guild_id, LANGUAGE_KEY)

    async def notify_route(self, users: Sequence[int]) -> notify.Route:
        return await notify.route(self._storage, users)

    async def note_dm(self, user_id: int, game_id: int, when: float) -> None:
        """A DM told `user_id` at `when` that `game_id` waits on them."""
        await self._storage.set_meta(_dm_key(user_id, game_id), repr(float(when)))

    async def told_by_dm(self, user_id: int, game: GameRow) -> bool:
        """Whether a DM already told `user_id` of the game's current wait (the digest leaves it out)."""
        text = await self._storage.get_meta(_dm_key(user_id, game.id))
        try:
            return text is not None and game.waiting_since is not None and float(text) >= game.waiting_since
        except ValueError:
            return False

    async def digests_due(self, now: float) -> list[int]:
        return await notify.digests_due(self._storage, now)

    async def mark_dms_closed(self, user_id: int, when: float) -> bool:
        return await self._storage.mark_dms_closed(user_id, when)

    async def claim_closed_notice(self, user_id: int) -> bool:
        return await self._storage.claim_closed_notice(user_id)

    async def go_away(self, guild_id: int | None, user_id: int, days: int, now: float) -> float:
        return await away.go_away(self._storage, guild_id, user_id, days, now)

    async def away_days_left(self, guild_id: int, user_id: int, now: float) -> int:
        return await away.budget_left(self._storage, guild_id, user_id, now)

    async def come_back(self, guild_id: int | None, user_id: int, now: float) -> bool:
        return await away.come_back(self._storage, guild_id, user_id, now)

    async def away_until(self, guild_id: int | None, user_ids: Sequence[int], now: float) -> dict[int, float]:
        return await away.away_until(self._storage, guild_id, user_ids, now)

    # ----- results --------------------------------------------------------------------------------------------
    def standings(self) -> Standings:
        return Standings(self._storage)

    async def replay_frames(self, game: GameRow) -> tuple[Game, list[Frame]]:
        return await replay_frames(self._storage, game)
