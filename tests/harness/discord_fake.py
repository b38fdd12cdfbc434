"""A fake Discord for tests: drive a real ``commands.Bot`` without a network and record what it sends.

Why this shape (see DESIGN.md, "Testing the Discord layer without Discord"):

* The bot is real and unmodified. Only discord.py's two HTTP entry points are replaced: ``HTTPClient.request`` (on
  the bot's own ``http`` object) and ``AsyncWebhookAdapter.request`` (interaction responses, followups and edits go
  through the webhook adapter, not the HTTP client). Everything above them - ``Interaction``, ``InteractionResponse``,
  ``CommandTree`` option parsing, the ``ViewStore`` that routes buttons and ``DynamicItem``\\ s - is discord.py's own
  code running on real payload dicts, as discord.py's own tests do.
* Interactions are dispatched the way the gateway would (``ConnectionState.parse_interaction_create``), so a button
  is routed by ``custom_id`` even when this process never sent it (a restart), and errors reach the tree's or the
  view's ``on_error``.
* The fake answers like Discord does where the difference matters to a bot: it refuses a second response to one
  interaction (40060), a followup before any response (10015), a stale token (10062 / 50027), a DM to a user who
  closed them (50007); the first followup after a "thinking" defer replaces the loading message.
* Every request with a body is checked against Discord's OpenAPI spec (``discord_schema``); a violation is answered
  with a 400 (as Discord would) *and* fails the test when the interaction settles, even if the bot swallowed it.
* Every attachment must carry a description (alt text, at most 1,024 characters): one without fails the test the
  same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import datetime
import io
import json
import logging
import mimetypes
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.harness.discord_schema import DiscordSchema, load_discord_schema

log = logging.getLogger(__name__)

EPHEMERAL = 64
LOADING = 128
DEFAULT_SETTLE_TIMEOUT = 30.0

#: The interaction a request was made on behalf of; copied into every task the dispatch spawns.
_ORIGIN: contextvars.ContextVar[int | None] = contextvars.ContextVar("fake_discord_origin", default=None)

CALLBACK_KINDS = {
    1: "pong",
    4: "response",
    5: "defer",
    6: "defer_update",
    7: "update",
    8: "autocomplete",
    9: "modal",
}

_EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, attach_files=True, read_message_history=True,
    add_reactions=True, use_application_commands=True, send_messages_in_threads=True, use_external_emojis=True,
    create_public_threads=True,
)
_BOT_PERMISSIONS = _EVERYONE_PERMISSIONS | discord.Permissions(manage_messages=True)


class HarnessTimeout(AssertionError):
    """The bot's work for an interaction did not finish within ``settle_timeout`` (a hang, or a wait on input)."""


class CommandHidden(AssertionError):
    """Discord would not even offer this command to this user (``default_permissions`` or contexts)."""


class InvalidInteraction(AssertionError):
    """The test asked for something a Discord client cannot do (click a missing/disabled button, bad option)."""


@dataclass(frozen=True)
class SentFile:
    """A file the bot attached: name as sent, its bytes, and whether Discord would show it as a spoiler."""

    filename: str
    data: bytes
    spoiler: bool
    description: str | None = None


@dataclass
class Sent:
    """One request the bot made to Discord, with what the fake answered.

    ``payload`` is the JSON body (for multipart requests the parsed ``payload_json``), ``files`` the attachments.
    ``kind`` names what the request does for a user:

    ========================  ============================================================================
    ``response``              interaction callback type 4 (a reply)
    ``defer``                 callback type 5 (``response.defer()`` on a command, "thinking...")
    ``defer_update``          callback type 6 (``response.defer()`` on a component)
    ``update``                callback type 7 (``response.edit_message``)
    ``modal``                 callback type 9 (``response.send_modal``)
    ``autocomplete``          callback type 8
    ``followup``              ``interaction.followup.send``
    ``edit_original``         ``interaction.edit_original_response`` (PATCH ``.../messages/@original``)
    ``edit_followup``         edit of a followup (PATCH ``.../messages/{id}``)
    ``delete_original``       ``interaction.delete_original_response``
    ``channel_message``       ``channel.send`` in a guild channel
    ``dm``                    a message in a DM channel (``user.send``)
    ``edit_message``          ``message.edit`` via the bot's HTTP client
    ``delete_message``        ``message.delete`` via the bot's HTTP client
    ``open_dm``               ``user.create_dm()``
    ``sync_commands``         ``tree.sync()`` (global or guild)
    ``fetch``                 any GET (kept in ``FakeDiscord.requests`` only)
    ``other``                 anything else the fake knows how to answer
    ========================  ============================================================================
    """

    method: str
    path: str  # concrete, e.g. /channels/123/messages
    route: str  # discord.py's template, e.g. /channels/{channel_id}/messages
    kind: str
    payload: Any = None
    files: list[SentFile] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)
    origin: int | None = None  # id of the interaction this was sent for (None: background work)
    interaction_id: int | None = None
    token: str | None = None
    channel_id: int | None = None
    message_id: int | None = None  # the message created or changed, if any
    dm_user_id: int | None = None
    status: int = 200
    error_code: int | None = None
    operation_id: str | None = None
    schema_errors: str | None = None
    response: Any = None  # the JSON the fake returned
    message: dict[str, Any] | None = None  # snapshot of the resulting message, as Discord would store it

    # ----- what the user sees --------------------------------------------------------------------------------
    @property
    def failed(self) -> bool:
        """Discord refused the request (expired token, schema violation, closed DMs, ...)."""
        return self.status >= 300

    @property
    def is_callback(self) -> bool:
        return self.route.endswith("/callback")

    @property
    def response_type(self) -> int | None:
        """The interaction callback type (4, 5, 6, 7, 8, 9) for callbacks, else None."""
        if self.is_callback and isinstance(self.payload, dict):
            return self.payload.get("type")
        return None

    @property
    def body(self) -> dict[str, Any]:
        """The message-like part of the payload (``data`` of a callback, the payload itself otherwise)."""
        if not isinstance(self.payload, dict):
            return {}
        if self.is_callback:
            return self.payload.get("data") or {}
        return self.payload

    @property
    def flags(self) -> int:
        flags = self.body.get("flags") or 0
        if self.message is not None:
            flags |= self.message.get("flags") or 0
        return flags

    @property
    def ephemeral(self) -> bool:
        """Only the interacting user sees it: flag 64 on the payload or on the message it created/edited."""
        return bool(self.flags & EPHEMERAL)

    @property
    def content(self) -> str | None:
        return self.body.get("content")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.body.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.body.get("components") or [])

    @property
    def text(self) -> str:
        """Everything a reader sees as text: content, embed titles, descriptions, fields and footers."""
        parts = [self.content or ""]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for fld in embed.get("fields") or []:
                parts += [fld.get("name") or "", fld.get("value") or ""]
            parts.append((embed.get("footer") or {}).get("text") or "")
        for comp in iter_components(self.components):
            if comp.get("type") == 10:  # text display (components v2)
                parts.append(comp.get("content") or "")
        return "\n".join(p for p in parts if p)

    def all_components(self) -> list[dict[str, Any]]:
        """Every component at any depth (rows, containers, sections, accessories), in order."""
        return list(iter_components(self.components))

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if c.get("custom_id")]

    def component(
        self, *, label: str | None = None, custom_id: str | None = None, prefix: str | None = None
    ) -> dict[str, Any]:
        """The one component matching a label (exact), a custom_id (exact) or a custom_id prefix."""
        return find_component(self.components, label=label, custom_id=custom_id, prefix=prefix)

    def button(self, label: str | None = None, *, custom_id: str | None = None, prefix: str | None = None) -> dict:
        found = self.component(label=label, custom_id=custom_id, prefix=prefix)
        if found.get("type") != 2:
            raise InvalidInteraction(f"{found} is not a button")
        return found

    def select(
        self, *, custom_id: str | None = None, prefix: str | None = None, placeholder: str | None = None
    ) -> dict[str, Any]:
        """The first select menu matching all the given filters (the first one at all without filters)."""
        for comp in self.selects():
            cid = str(comp.get("custom_id", ""))
            if custom_id is not None and cid != custom_id:
                continue
            if prefix is not None and not cid.startswith(prefix):
                continue
            if placeholder is not None and comp.get("placeholder") != placeholder:
                continue
            return comp
        raise InvalidInteraction(f"no select matching custom_id={custom_id!r} prefix={prefix!r} in {self.custom_ids()}")

    def __repr__(self) -> str:
        extra = f" status={self.status}/{self.error_code}" if self.failed else ""
        eph = " ephemeral" if self.ephemeral else ""
        return (f"<Sent {self.kind}{eph} {self.method} {self.path}{extra} content={self.content!r} "
                f"files={len(self.files)}>")


def iter_components(components: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Walk a component tree depth-first: action rows, containers, sections and their accessories, labels."""
    for comp in components or []:
        yield comp
        yield from iter_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from iter_components([comp[key]])


def find_component(
    components: Iterable[dict[str, Any]], *, label: str | None = None, custom_id: str | None = None,
    prefix: str | None = None,
) -> dict[str, Any]:
    """Exactly one interactive component by label / custom_id / custom_id prefix, else InvalidInteraction."""
    hits = []
    for comp in iter_components(components):
        if comp.get("type") in (1, 9, 17, 18):  # containers, not targets
            continue
        if custom_id is not None and comp.get("custom_id") != custom_id:
            continue
        if prefix is not None and not str(comp.get("custom_id", "")).startswith(prefix):
            continue
        if label is not None and comp.get("label") != label:
            continue
        if custom_id is None and prefix is None and label is None:
            continue
        hits.append(comp)
    if len(hits) != 1:
        seen = [(c.get("label"), c.get("custom_id")) for c in iter_components(components) if c.get("type") != 1]
        raise InvalidInteraction(
            f"expected one component with label={label!r} custom_id={custom_id!r} prefix={prefix!r}, "
            f"found {len(hits)} among {seen}"
        )
    return hits[0]


@dataclass
class FakeUser:
    """A Discord user the test controls. ``admin`` grants Manage Server; ``permissions`` adds any others."""

    id: int
    name: str
    admin: bool = False
    permissions: discord.Permissions | None = None
    dms_open: bool = True
    bot: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "username": self.name, "discriminator": "0", "global_name": self.name,
            "avatar": None, "bot": self.bot, "public_flags": 0, "flags": 0,
        }


@dataclass
class _InteractionInfo:
    """What Discord remembers about one interaction token."""

    id: int
    token: str
    type: int
    channel_id: int | None
    guild_id: int | None
    user_id: int
    acknowledged: int | None = None  # callback type once answered
    original_message_id: int | None = None
    expired: bool = False


class _FakeResponse:
    """Enough of ``aiohttp.ClientResponse`` for ``discord.HTTPException``."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason
        self.headers: dict[str, str] = {}


#: What a route answers for a path that is not its own (None is a real answer: an empty body).
_UNROUTED: Any = object()


class _Refusal(Exception):
    """Raised by a route handler: answer with this HTTP status and Discord error code."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def to_http_exception(self) -> discord.HTTPException:
        reasons = {400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found"}
        response = _FakeResponse(self.status, reasons.get(self.status, "Error"))
        data = {"code": self.code, "message": self.message}
        if self.status == 403:
            return discord.Forbidden(response, data)  # type: ignore[arg-type]
        if self.status == 404:
            return discord.NotFound(response, data)  # type: ignore[arg-type]
        return discord.HTTPException(response, data)  # type: ignore[arg-type]


# ----- the webhook adapter patch (class level: every Webhook, including interaction followups, uses it) -------
_ACTIVE: list[FakeDiscord] = []
_ORIGINAL_WEBHOOK_REQUEST = AsyncWebhookAdapter.request


async def _patched_webhook_request(self: AsyncWebhookAdapter, route: Route, session: Any = None, **kwargs: Any) -> Any:
    token = route.webhook_token
    for fake in reversed(_ACTIVE):
        if token in fake._interactions:
            return await fake._webhook_request(route, **kwargs)
    if _ACTIVE:
        return await _ACTIVE[-1]._webhook_request(route, **kwargs)
    raise RuntimeError("webhook request with no FakeDiscord active")  # pragma: no cover


def _snowflake_now() -> int:
    return discord.utils.time_snowflake(datetime.datetime.now(datetime.UTC))


def _iso(snowflake: int) -> str:
    return discord.utils.snowflake_time(snowflake).isoformat()


def _read_file(file: discord.File) -> SentFile:
    fp = file.fp
    pos = fp.tell()
    data = fp.read()
    fp.seek(pos)
    return SentFile(filename=file.filename, data=data, spoiler=file.spoiler, description=file.description)


class FakeDiscord:
    """Drive ``bot`` with fake interactions and record every request it makes. See module docstring.

    Use as ``async with FakeDiscord(bot) as fake:`` (or ``await fake.start()`` / ``await fake.close()``).
    ``start`` logs the bot in against the fake (running its ``setup_hook``: cogs, dynamic items, command sync)
    and creates a guild ``fake.guild`` with a text channel ``fake.channel``.
    """

    def __init__(
        self,
        bot: commands.Bot,
        *,
        validate: bool = True,
        schema: DiscordSchema | None = None,
        settle_timeout: float = DEFAULT_SETTLE_TIMEOUT,
        expect_response: bool = True,
        strict: bool = True,
        ready: bool = False,
        application_id: int | None = None,
        guild_id: int | None = None,
        ignore_task: Callable[[asyncio.Task[Any]], bool] | None = None,
    ) -> None:
        self.bot = bot
        self.state = bot._connection
        self.schema = schema if schema is not None else (load_discord_schema() if validate else None)
        self.validate = validate and self.schema is not None
        self.settle_timeout = settle_timeout
        self.expect_response = expect_response
        self.strict = strict
        self.ready = ready
        self.ignore_task = ignore_task
        self.guild_id = guild_id
        self._last_id = 0
        self.application_id = application_id or self._next_id()
        self.bot_user = FakeUser(self._next_id(), "Yokohama Bot", bot=True)
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        #: Users who left a guild (`leave_guild`), by guild id: Discord no longer knows them as its members.
        self.departed: dict[int, set[int]] = {}
        self.requests: list[Sent] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.deleted: set[int] = set()
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.unhandled: list[str] = []
        self.failures: list[str] = []
        self._interactions: dict[str, _InteractionInfo] = {}
        self._dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self._dm_users: dict[int, int] = {}  # DM channel id -> user id
        self._cdn: dict[str, bytes] = {}
        self._admin_roles: dict[int, int] = {}
        self._perm_roles: dict[tuple[int, int], int] = {}
        self.guild: discord.Guild = None  # type: ignore[assignment]  # set in start()
        self.channel: discord.TextChannel = None  # type: ignore[assignment]
        #: The real ``discord.Interaction`` objects the bot handled, by id (``interaction.command_failed``...).
        self.interactions: dict[int, discord.Interaction] = {}
        #: The raw INTERACTION_CREATE payloads dispatched, in order.
        self.payloads: list[dict[str, Any]] = []
        self.last_interaction: discord.Interaction | None = None
        #: What the bot may do in the channel of an interaction (``app_permissions``); a test removes
        #: ``create_public_threads`` to see the bot fall back to the channel.
        self.bot_permissions: discord.Permissions = discord.Permissions(_BOT_PERMISSIONS.value)
        #: Threads the bot opened: thread id -> parent channel id.
        self.threads: dict[int, int] = {}
        self._thread_names: dict[int, str] = {}

    # ----- lifecycle ----------------------------------------------------------------------------------------
    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close(check=exc[0] is None)

    async def start(self, *, login: bool = True, guild_name: str = "Yokohama Test Server") -> FakeDiscord:
        """Patch the HTTP layer, log in (running ``setup_hook``), and create the default guild and channel.

        ``login=False`` skips ``login`` and so the bot's ``setup_hook``: add cogs and dynamic items yourself.
        The default guild gets id ``guild_id`` when given (e.g. the bot's development guild).
        """
        self._install()
        self.state.application_id = self.application_id
        try:
            if login:
                await self.bot.login("fake-token")
            else:
                await self.bot._async_setup_hook()
                self.state.user = discord.ClientUser(state=self.state, data=self.bot_user.payload())  # type: ignore
        except Exception as exc:
            # E.g. tree.sync() refused by the schema check: report the schema errors, not just CommandSyncFailure.
            problems = self.failures + self.unhandled
            await self.close(check=False)
            if problems:
                raise AssertionError("the bot failed to start:\n" + "\n\n".join(problems)) from exc
            raise
        self.guild = self.add_guild(guild_name, id=self.guild_id)
        self.channel = self.add_text_channel("games", guild=self.guild)
        self.bot.add_listener(self._record_interaction, "on_interaction")
        if self.ready:
            self.bot._ready.set()
        self.check()
        return self

    async def close(self, *, close_bot: bool = True, check: bool = True) -> None:
        """Close the bot (so its cogs unload and its session closes) and remove the patches."""
        try:
            if close_bot and not self.bot.is_closed():
                await self.bot.close()
        finally:
            self._uninstall()
        if check:
            self.check()

    async def _record_interaction(self, interaction: discord.Interaction) -> None:
        self.interactions[interaction.id] = interaction
        self.last_interaction = interaction

    def _install(self) -> None:
        self.bot.http.request = self._http_request  # type: ignore[method-assign]
        self.bot.http.get_from_cdn = self._get_from_cdn  # type: ignore[method-assign]
        if not _ACTIVE:
            AsyncWebhookAdapter.request = _patched_webhook_request  # type: ignore[method-assign]
        _ACTIVE.append(self)

    def _uninstall(self) -> None:
        for attr in ("request", "get_from_cdn"):
            with contextlib.suppress(AttributeError):
                delattr(self.bot.http, attr)
        if self in _ACTIVE:
            _ACTIVE.remove(self)
        if not _ACTIVE:
            AsyncWebhookAdapter.request = _ORIGINAL_WEBHOOK_REQUEST  # type: ignore[method-assign]

    def check(self) -> None:
        """Raise AssertionError for schema violations and unimplemented routes seen since the last check."""
        problems = self.failures + [f"FakeDiscord does not implement {what}" for what in self.unhandled]
        self.failures, self.unhandled = [], []
        if problems and self.strict:
            raise AssertionError("\n\n".join(problems))

    # ----- ids -----------------------------------------------------------------------------------------------
    def _next_id(self) -> int:
        """A fresh snowflake: current time (so ``created_at`` and token expiry look right), strictly increasing."""
        self._last_id = max(self._last_id + 1, _snowflake_now())
        return self._last_id

    # ----- the world: guilds, channels, users --------------------------------------------------------------
    def add_guild(self, name: str = "Another Server", *, id: int | None = None) -> discord.Guild:
        """A guild in the bot's cache with an @everyone role, a "Manage Server" role and the bot as a member."""
        gid = id or self._next_id()
        admin_role = self._next_id()
        bot_role = self._next_id()
        self._admin_roles[gid] = admin_role
        roles = [
            self._role_payload(gid, "@everyone", _EVERYONE_PERMISSIONS, position=0),
            self._role_payload(admin_role, "Manage Server", discord.Permissions(manage_guild=True), position=1),
            self._role_payload(bot_role, "Yokohama Bot", _BOT_PERMISSIONS, position=2, managed=True),
        ]
        data = {
            "id": str(gid), "name": name, "owner_id": str(self._next_id()), "roles": roles, "channels": [],
            "members": [self._member_payload(self.bot_user, gid, roles=[str(bot_role)])], "member_count": 1,
            "features": [], "emojis": [], "stickers": [], "icon": None, "preferred_locale": "en-US",
            "premium_tier": 0, "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0, "system_channel_flags": 0,
        }
        return self.state._add_guild_from_data(data)  # type: ignore[arg-type]

    def add_text_channel(self, name: str, *, guild: discord.Guild | None = None, id: int | None = None) -> (
        discord.TextChannel
    ):
        guild = guild or self.guild
        channel = discord.TextChannel(state=self.state, guild=guild, data=self._channel_payload(
            id or self._next_id(), name, guild.id))  # type: ignore[arg-type]
        guild._add_channel(channel)
        return channel

    def user(
        self, name: str, *, id: int | None = None, admin: bool = False, permissions: discord.Permissions | None = None,
        dms_open: bool = True,
    ) -> FakeUser:
        """A user who can run commands and click; ``admin=True`` gives the Manage Server permission."""
        user = FakeUser(id or self._next_id(), name, admin=admin, permissions=permissions, dms_open=dms_open)
        self.users[user.id] = user
        return user

    def leave_guild(self, user: FakeUser, guild: discord.Guild | None = None) -> None:
        """``user`` leaves the guild: a user option naming them resolves to a user without member data, and
        fetching them as a member answers 10007 (Unknown Member), as Discord does for someone who left."""
        self.departed.setdefault((guild or self.guild).id, set()).add(user.id)

    def _role_payload(self, rid: int, name: str, perms: discord.Permissions, *, position: int,
                      managed: bool = False) -> dict[str, Any]:
        return {"id": str(rid), "name": name, "color": 0, "hoist": False, "position": position,
                "permissions": str(perms.value), "managed": managed, "mentionable": False, "flags": 0}

    def _channel_payload(self, cid: int, name: str, gid: int) -> dict[str, Any]:
        return {"id": str(cid), "type": 0, "guild_id": str(gid), "name": name, "position": 0,
                "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
                "last_message_id": None, "rate_limit_per_user": 0, "flags": 0}

    def _roles_of(self, user: FakeUser, guild_id: int) -> list[str]:
        roles = []
        if user.admin and guild_id in self._admin_roles:
            roles.append(str(self._admin_roles[guild_id]))
        if user.permissions is not None:
            key = (guild_id, user.permissions.value)
            if key not in self._perm_roles:
                rid = self._next_id()
                guild = self.state._get_guild(guild_id)
                data = self._role_payload(rid, f"perms {user.permissions.value}", user.permissions, position=3)
                if guild is not None:
                    guild._add_role(discord.Role(guild=guild, state=self.state, data=data))  # type: ignore[arg-type]
                self._perm_roles[key] = rid
            roles.append(str(self._perm_roles[key]))
        return roles

    def permissions_of(self, user: FakeUser, guild_id: int | None = None) -> discord.Permissions:
        """What Discord would compute for ``user`` in a channel of the guild (no channel overwrites here)."""
        if user.bot:
            return _BOT_PERMISSIONS
        perms = discord.Permissions(_EVERYONE_PERMISSIONS.value)
        if user.admin:
            perms |= discord.Permissions(manage_guild=True)
        if user.permissions is not None:
            perms |= user.permissions
        if perms.administrator:
            return discord.Permissions.all()
        return perms

    def _member_payload(self, user: FakeUser, gid: int, *, roles: list[str] | None = None,
                        with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": user.payload(), "roles": roles if roles is not None else self._roles_of(user, gid),
            "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False, "mute": False, "flags": 0, "nick": None,
            "avatar": None, "premium_since": None, "pending": False,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions_of(user, gid).value)
        return data

    def _dm_channel_id(self, user_id: int) -> int:
        if user_id not in self._dm_channels:
            cid = self._next_id()
            self._dm_channels[user_id] = cid
            self._dm_users[cid] = user_id
        return self._dm_channels[user_id]

    def dm_channel_id(self, user: FakeUser | int) -> int:
        """The id of the DM channel between the bot and ``user`` (created on first use, as Discord does)."""
        return self._dm_channel_id(user if isinstance(user, int) else user.id)

    def _dm_channel_payload(self, user: FakeUser) -> dict[str, Any]:
        return {"id": str(self._dm_channel_id(user.id)), "type": 1, "recipients": [user.payload()],
                "last_message_id": None, "flags": 0}

    def _user_of(self, who: FakeUser | discord.abc.Snowflake | int) -> FakeUser:
        uid = who if isinstance(who, int) else who.id
        if uid not in self.users:
            raise InvalidInteraction(f"unknown user {uid}: create it with fake.user(...)")
        return self.users[uid]

    # ----- interactions -------------------------------------------------------------------------------------
    def _interaction_payload(
        self, itype: int, data: dict[str, Any], *, user: FakeUser, guild: discord.Guild | None,
        channel_id: int | None, message: dict[str, Any] | None = None, locale: str = "en-US",
    ) -> dict[str, Any]:
        iid = self._next_id()
        token = f"fake-token-{iid}"
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(self.application_id), "type": itype, "token": token,
            "version": 1, "locale": locale, "attachment_size_limit": 10 * 1024 * 1024, "entitlements": [],
            "app_permissions": str(self.bot_permissions.value), "data": data,
        }
        if guild is not None:
            channel = guild.get_channel(channel_id) if channel_id else None
            payload.update({
                "guild_id": str(guild.id), "guild_locale": "en-US", "context": 0,
                "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
                "member": self._member_payload(user, guild.id, with_permissions=True),
                "authorizing_integration_owners": {"0": str(guild.id)},
            })
            if channel is not None:
                payload["channel_id"] = str(channel.id)
                payload["channel"] = self._channel_payload(channel.id, channel.name, guild.id)
        else:
            dm = self._dm_channel_payload(user)
            payload.update({"user": user.payload(), "context": 1, "channel_id": dm["id"], "channel": dm,
                            "authorizing_integration_owners": {"1": str(user.id)}})
            channel_id = int(dm["id"])
        if message is not None:
            payload["message"] = message
        self._interactions[token] = _InteractionInfo(
            id=iid, token=token, type=itype, channel_id=channel_id, guild_id=guild.id if guild else None,
            user_id=user.id,
        )
        return payload

    def expire(self, token: str) -> None:
        """From now on Discord rejects this interaction token (callback 10062, webhook 50027), as after 15 min."""
        if token not in self._interactions:
            raise InvalidInteraction(f"unknown interaction token {token!r}")
        self._interactions[token].expired = True

    async def dispatch(self, payload: dict[str, Any], *, settle: bool = True,
                       expect_response: bool | None = None) -> list[Sent]:
        """Feed one INTERACTION_CREATE payload to the bot, wait for it to settle, return what it sent for it."""
        iid = int(payload["id"])
        self.payloads.append(payload)
        before = set(asyncio.all_tasks())
        reset = _ORIGIN.set(iid)
        try:
            self.state.parse_interaction_create(payload)  # type: ignore[arg-type]
        finally:
            _ORIGIN.reset(reset)
        if not settle:
            return [s for s in self.sent if s.origin == iid]
        await self._settle(before)
        sent = [s for s in self.sent if s.origin == iid]
        info = self._interactions[payload["token"]]
        want = self.expect_response if expect_response is None else expect_response
        what = f"{payload['type']} {payload['data'].get('name') or ''}{payload['data'].get('custom_id') or ''}"
        if want and not any(s.is_callback and s.token == info.token for s in sent):
            self.failures.append(
                f"the bot never answered interaction {what}: Discord would show 'This interaction failed' "
                f"(sent: {sent})"
            )
        loading = self.messages.get(info.original_message_id or 0)
        if want and not info.expired and loading is not None and loading.get("flags", 0) & LOADING:
            self.failures.append(
                f"the bot deferred interaction {what} with thinking=True and never followed up: "
                f"the user is left with 'is thinking...' (sent: {sent})"
            )
        self.check()
        return sent

    def _is_ignorable(self, task: asyncio.Task[Any]) -> bool:
        """Tasks that legitimately outlive an interaction: view timeouts and ``delete_after`` sleeps."""
        name = getattr(task.get_coro(), "__qualname__", "")
        if name.endswith("__timeout_task_impl") or name.endswith(".inner_call"):
            return True
        return bool(self.ignore_task and self.ignore_task(task))

    async def _settle(self, before: set[asyncio.Task[Any]]) -> None:
        """Wait until every task spawned since ``before`` (and their children) finished; re-raise their crashes."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settle_timeout
        current = asyncio.current_task()
        seen: set[asyncio.Task[Any]] = set()
        quiet_rounds = 0
        while quiet_rounds < 3:  # a few empty passes let done-callbacks schedule follow-up tasks
            await asyncio.sleep(0)
            new = [t for t in asyncio.all_tasks() if t not in before and t is not current]
            seen.update(new)
            pending = [t for t in new if not t.done() and not self._is_ignorable(t)]
            if not pending:
                quiet_rounds += 1
                continue
            quiet_rounds = 0
            remaining = deadline - loop.time()
            if remaining <= 0:
                names = ", ".join(f"{t.get_name()} ({getattr(t.get_coro(), '__qualname__', '?')})" for t in pending)
                raise HarnessTimeout(
                    f"the bot was still busy after {self.settle_timeout}s: {names}. If it waits for user input "
                    "(view.wait()), pass settle=False and call fake.settle() later."
                )
            await asyncio.wait(pending, timeout=remaining, return_when=asyncio.ALL_COMPLETED)
        for task in seen:
            if task.done() and not task.cancelled() and task.exception() is not None and not self._is_ignorable(task):
                self.failures.append(f"task {task.get_name()} crashed: {task.exception()!r}")

    async def settle(self) -> None:
        """Wait for all bot work started so far (after ``settle=False``); raises like ``command``."""
        await self._settle(set())
        self.check()

    # ----- slash commands ----------------------------------------------------------------------------------
    def _find_command(self, name: str, guild: discord.Guild | None) -> tuple[Any, Any, bool]:
        """(root command or group, leaf command, whether the root is a guild command)."""
        parts = name.strip().lstrip("/").split()
        tree = self.bot.tree
        root = None
        guild_scoped = False
        if guild is not None:
            root = tree.get_command(parts[0], guild=discord.Object(guild.id))
            guild_scoped = root is not None
        if root is None:
            root = tree.get_command(parts[0])
        if root is None:
            raise InvalidInteraction(f"no slash command /{parts[0]} (known: {[c.name for c in tree.get_commands()]})")
        leaf = root
        for part in parts[1:]:
            if not isinstance(leaf, app_commands.Group):
                raise InvalidInteraction(f"/{name}: {leaf.name} has no subcommands")
            nxt = leaf.get_command(part)
            if nxt is None:
                raise InvalidInteraction(f"/{name}: no subcommand {part!r} in {[c.name for c in leaf.commands]}")
            leaf = nxt
        if isinstance(leaf, app_commands.Group):
            raise InvalidInteraction(f"/{name} is a group; name a subcommand: {[c.name for c in leaf.commands]}")
        return root, leaf, guild_scoped

    def _check_visible(self, root: Any, user: FakeUser, guild: discord.Guild | None) -> None:
        spec = root.to_dict(self.bot.tree)
        contexts = spec.get("contexts")
        if guild is None and contexts is not None and 1 not in contexts and 2 not in contexts:
            raise CommandHidden(f"/{root.name} is not available in direct messages")
        if guild is not None and contexts is not None and 0 not in contexts:
            raise CommandHidden(f"/{root.name} is not available in servers")
        needed = spec.get("default_member_permissions")
        if guild is not None and needed is not None:
            have = self.permissions_of(user, guild.id)
            want = discord.Permissions(int(needed))
            if not have.administrator and not want.is_subset(have):
                missing = [name for name, on in want if on and not getattr(have, name)]
                raise CommandHidden(f"Discord hides /{root.name} from {user.name}: it needs {missing}")

    def _option_value(self, param: Any, value: Any, resolved: dict[str, dict[str, Any]],
                      guild: discord.Guild | None) -> Any:
        """Convert a test value into what Discord sends for this option type, filling ``resolved``."""
        t = param.type
        if isinstance(value, app_commands.Choice):
            value = value.value
        kind = discord.AppCommandOptionType
        if t in (kind.user, kind.mentionable) and isinstance(value, FakeUser | discord.abc.User | int) and (
            not isinstance(value, int) or value in self.users
        ):
            user = self._user_of(value)  # type: ignore[arg-type]
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            if guild is not None and user.id not in self.departed.get(guild.id, set()):
                member = self._member_payload(user, guild.id, with_permissions=True)
                member.pop("user")
                resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        if t in (kind.role, kind.mentionable):
            role = value if isinstance(value, discord.Role) else (guild and guild.get_role(int(value)))
            if role is None:
                raise InvalidInteraction(f"option {param.display_name}: unknown role {value!r}")
            resolved.setdefault("roles", {})[str(role.id)] = self._role_payload(
                role.id, role.name, role.permissions, position=role.position)
            return str(role.id)
        if t is kind.channel:
            channel = value if isinstance(value, discord.abc.GuildChannel) else (
                guild and guild.get_channel(int(value)))
            if channel is None:
                raise InvalidInteraction(f"option {param.display_name}: unknown channel {value!r}")
            data = self._channel_payload(channel.id, channel.name, channel.guild.id)
            data["permissions"] = str(_EVERYONE_PERMISSIONS.value)
            resolved.setdefault("channels", {})[str(channel.id)] = data
            return str(channel.id)
        if t is kind.attachment:
            filename, data_bytes = value
            aid = self._next_id()
            attachment = self._attachment_payload(aid, 0, filename, data_bytes)
            resolved.setdefault("attachments", {})[str(aid)] = attachment
            return str(aid)
        if t is kind.boolean:
            return bool(value)
        if t is kind.integer:
            return int(value)
        if t is kind.number:
            return float(value)
        return str(value)

    def _check_option(self, param: Any, value: Any) -> None:
        """Refuse what the Discord client would not let a user send."""
        if param.choices and value not in [c.value for c in param.choices]:
            raise InvalidInteraction(f"option {param.display_name}: {value!r} is not one of the choices "
                                     f"{[c.value for c in param.choices]}")
        if isinstance(value, int | float) and not isinstance(value, bool):
            if param.min_value is not None and value < param.min_value:
                raise InvalidInteraction(f"option {param.display_name}: {value} < min {param.min_value}")
            if param.max_value is not None and value > param.max_value:
                raise InvalidInteraction(f"option {param.display_name}: {value} > max {param.max_value}")
        if isinstance(value, str):
            if param.min_value is not None and len(value) < param.min_value:
                raise InvalidInteraction(f"option {param.display_name}: shorter than {param.min_value}")
            if param.max_value is not None and len(value) > param.max_value:
                raise InvalidInteraction(f"option {param.display_name}: longer than {param.max_value}")

    def _command_data(self, name: str, root: Any, leaf: Any, options: dict[str, Any], guild: discord.Guild | None,
                      guild_scoped: bool, focused: str | None = None) -> dict[str, Any]:
        resolved: dict[str, dict[str, Any]] = {}
        leaf_options: list[dict[str, Any]] = []
        by_name = {}
        for param in leaf.parameters:
            by_name[param.display_name] = param
            by_name[param.name] = param
        unknown = set(options) - set(by_name)
        if unknown:
            raise InvalidInteraction(f"/{name} has no option(s) {sorted(unknown)}; it has "
                                     f"{[p.display_name for p in leaf.parameters]}")
        given = {by_name[k].display_name: v for k, v in options.items()}
        for param in leaf.parameters:
            if param.display_name not in given:
                if param.required and param.display_name != focused:
                    raise InvalidInteraction(f"/{name}: the required option {param.display_name!r} is missing")
                continue
            if param.display_name == focused:  # what the user has typed so far, always as text
                leaf_options.append({"name": param.display_name, "type": param.type.value,
                                     "value": str(given[param.display_name]), "focused": True})
                continue
            value = self._option_value(param, given[param.display_name], resolved, guild)
            self._check_option(param, value)
            leaf_options.append({"name": param.display_name, "type": param.type.value, "value": value})
        # Wrap into subcommand (type 1) / subcommand group (type 2) options, innermost first.
        chain = []
        node = leaf
        while node is not root:
            chain.append(node)
            node = node.parent
        nested: list[dict[str, Any]] = leaf_options
        for i, node in enumerate(chain):
            nested = [{"name": node.name, "type": 1 if i == 0 else 2, "options": nested}]
        data: dict[str, Any] = {"id": str(self._command_id(root.name, guild.id if guild_scoped and guild else None)),
                                "name": root.name, "type": 1, "options": nested}
        if resolved:
            data["resolved"] = resolved
        if guild_scoped and guild is not None:
            data["guild_id"] = str(guild.id)
        return data

    def _command_id(self, name: str, guild_id: int | None) -> int:
        for cmd in self.commands.get(guild_id, []):
            if cmd["name"] == name:
                return int(cmd["id"])
        return self._next_id()

    def _where(self, user: FakeUser, guild: discord.Guild | None, channel: Any, dm: bool) -> tuple[
        discord.Guild | None, int | None
    ]:
        if dm:
            return None, None
        if channel is not None:
            cid = channel if isinstance(channel, int) else channel.id
            if cid in self._dm_users:
                return None, None
            found = self.bot.get_channel(cid)
            if found is None or not hasattr(found, "guild"):
                raise InvalidInteraction(f"unknown channel {cid}")
            return found.guild, cid  # type: ignore[union-attr]
        guild = guild or self.guild
        return guild, (self.channel.id if guild is self.guild else next(iter(guild.text_channels)).id)

    async def command(
        self, name: str, *, user: FakeUser, options: dict[str, Any] | None = None, guild: discord.Guild | None = None,
        channel: discord.abc.Snowflake | int | None = None, dm: bool = False, locale: str = "en-US",
        expired: bool = False, settle: bool = True, expect_response: bool | None = None,
        check_visibility: bool = True,
    ) -> list[Sent]:
        """Run ``/name`` (``"group sub"`` for subcommands) as ``user``; return the requests it caused.

        ``options`` maps option names to values: str/int/float/bool, a ``FakeUser`` for user options, a
        ``discord.Role``/channel (or id) for role/channel options, ``(filename, bytes)`` for attachments.
        ``check_visibility`` refuses (CommandHidden) what Discord would not offer the user (default_permissions).
        ``expired=True`` makes the token stale from the start (the bot answered too late).
        """
        guild, channel_id = self._where(user, guild, channel, dm)
        root, leaf, guild_scoped = self._find_command(name, guild)
        if check_visibility:
            self._check_visible(root, user, guild)
        data = self._command_data(name, root, leaf, dict(options or {}), guild, guild_scoped)
        payload = self._interaction_payload(2, data, user=user, guild=guild, channel_id=channel_id, locale=locale)
        if expired:
            self.expire(payload["token"])
        return await self.dispatch(payload, settle=settle, expect_response=expect_response)

    async def autocomplete(
        self, name: str, *, user: FakeUser, focused: str, options: dict[str, Any] | None = None,
        guild: discord.Guild | None = None, channel: discord.abc.Snowflake | int | None = None, dm: bool = False,
    ) -> list[dict[str, Any]]:
        """Ask for autocomplete choices of option ``focused`` (its current text in ``options``); return them."""
        guild, channel_id = self._where(user, guild, channel, dm)
        root, leaf, guild_scoped = self._find_command(name, guild)
        opts = dict(options or {})
        opts.setdefault(focused, "")
        data = self._command_data(name, root, leaf, opts, guild, guild_scoped, focused=focused)
        payload = self._interaction_payload(4, data, user=user, guild=guild, channel_id=channel_id)
        sent = await self.dispatch(payload)
        answers = [s for s in sent if s.kind == "autocomplete"]
        return list(answers[-1].body.get("choices", [])) if answers else []

    # ----- components --------------------------------------------------------------------------------------
    def message(self, ref: Sent | dict[str, Any] | int) -> dict[str, Any]:
        """The current state (after edits) of a message, by ``Sent`` record, message payload or id."""
        if isinstance(ref, Sent):
            if ref.message_id is None:
                raise InvalidInteraction(f"{ref!r} created no message")
            mid = ref.message_id
        elif isinstance(ref, dict):
            mid = int(ref["id"])
            if mid not in self.messages:
                return ref
        else:
            mid = int(ref)
        if mid in self.deleted:
            raise InvalidInteraction(f"message {mid} was deleted")
        if mid not in self.messages:
            raise InvalidInteraction(f"unknown message {mid}")
        return self.messages[mid]

    def message_view(self, ref: Sent | dict[str, Any] | int) -> Sent:
        """The current state of a message wrapped as a ``Sent`` (for ``.buttons()``, ``.text``...)."""
        msg = self.message(ref)
        return Sent(method="GET", path="", route="", kind="fetch", payload=msg, message_id=int(msg["id"]),
                    channel_id=int(msg["channel_id"]), message=msg)

    def fake_message(self, components: list[dict[str, Any]], *, channel: Any = None, content: str = "",
                     flags: int = 0) -> dict[str, Any]:
        """A bot message this process never sent (e.g. before a restart) carrying ``components``."""
        cid = (channel if isinstance(channel, int) else channel.id) if channel is not None else self.channel.id
        mid = self._next_id()
        guild_id = self._guild_of_channel(cid)
        msg = self._new_message(mid, cid, guild_id, {"content": content, "components": components, "flags": flags},
                                [], webhook=False)
        self.messages[mid] = msg
        return msg

    def _clicked(
        self, custom_id: str | None, *, user: FakeUser, message: Sent | dict[str, Any] | int | None,
        label: str | None, prefix: str | None, values: Sequence[str] | None, ephemeral: bool,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The message and the component a click lands on (see `click`)."""
        if message is None:
            if custom_id is None:
                raise InvalidInteraction("click() needs a custom_id when no message is given")
            comp_type = 3 if values is not None else 2
            comp: dict[str, Any] = {"type": comp_type, "custom_id": custom_id}
            if comp_type == 2:
                comp.update(style=1, label="button")
            else:
                comp.update(options=[{"label": v, "value": v} for v in values or []], min_values=1,
                            max_values=max(1, len(values or [])))
            msg = self.fake_message([{"type": 1, "components": [comp]}], flags=EPHEMERAL if ephemeral else 0)
            if ephemeral:
                msg["_fake_viewer"] = user.id
        else:
            msg = self.message(message)
            if int(msg["id"]) not in self.messages:  # a payload from elsewhere: Discord knows it, so do we
                self.messages[int(msg["id"])] = msg = json.loads(json.dumps(msg))
            comp = find_component(msg.get("components") or [], label=label, custom_id=custom_id, prefix=prefix)
        if comp.get("disabled"):
            raise InvalidInteraction(f"component {comp.get('label') or comp.get('custom_id')!r} is disabled")
        if comp.get("type") == 2 and (comp.get("style") == 5 or "url" in comp):
            raise InvalidInteraction("link buttons open a URL; they send no interaction")
        return msg, comp

    async def click(
        self, custom_id: str | None = None, *, user: FakeUser, message: Sent | dict[str, Any] | int | None = None,
        label: str | None = None, prefix: str | None = None, values: Sequence[str] | None = None,
        expired: bool = False, settle: bool = True, expect_response: bool | None = None, locale: str = "en-US",
        ephemeral: bool = False,
    ) -> list[Sent]:
        """Click a button (or choose ``values`` in a select) in ``message``, found by custom_id, label or prefix.

        Without ``message``, a bot message carrying just that button is invented (a panel from before a restart;
        ``ephemeral=True`` makes it an ephemeral panel shown to ``user``).
        Clicking a disabled or absent component, or choosing values a select does not offer, raises
        InvalidInteraction: a Discord client cannot do that.
        """
        msg, comp = self._clicked(custom_id, user=user, message=message, label=label, prefix=prefix, values=values,
                                  ephemeral=ephemeral)
        data = _click_data(comp, values)
        cid = int(msg["channel_id"])
        guild = self.state._get_guild(self._guild_of_channel(cid))
        if guild is None and cid in self._dm_users and self._dm_users[cid] != user.id:
            raise InvalidInteraction("that DM belongs to another user")
        if msg.get("flags", 0) & EPHEMERAL and msg.get("_fake_viewer") not in (None, user.id):
            raise InvalidInteraction("only the user who received an ephemeral message can click it")
        payload = self._interaction_payload(3, data, user=user, guild=guild, channel_id=cid,
                                            message=_public(msg), locale=locale)
        self._interactions[payload["token"]].original_message_id = int(msg["id"])
        if expired:
            self.expire(payload["token"])
        return await self.dispatch(payload, settle=settle, expect_response=expect_response)

    async def submit_modal(
        self, modal: Sent | dict[str, Any], *, user: FakeUser, values: dict[str, str | list[str]],
        expired: bool = False, settle: bool = True, expect_response: bool | None = None,
    ) -> list[Sent]:
        """Fill in and submit the modal the bot opened (a ``Sent`` of kind "modal"); ``values`` by custom_id or label.

        The origin interaction's channel and message (if the modal came from a button) carry over, as in Discord.
        """
        if isinstance(modal, Sent):
            if modal.kind != "modal":
                raise InvalidInteraction(f"{modal!r} is not a modal")
            spec, origin_token = modal.body, modal.token
        else:
            spec, origin_token = modal, None
        remaining = dict(values)
        submitted: list[dict[str, Any]] = []
        for top in spec.get("components", []):
            if top.get("type") == 1:
                inner = [a for c in top.get("components", [])
                         if (a := _modal_answer(c, c.get("label"), remaining)) is not None]
                submitted.append({"type": 1, "components": inner})
            elif top.get("type") == 18:
                inner_answer = _modal_answer(top["component"], top.get("label"), remaining)
                if inner_answer is not None:
                    submitted.append({"type": 18, "component": inner_answer})
        if remaining:
            raise InvalidInteraction(f"the modal has no field(s) {sorted(remaining)}")
        data = {"custom_id": spec["custom_id"], "components": submitted}
        info = self._interactions.get(origin_token) if origin_token else None
        guild = self.state._get_guild(info.guild_id) if info and info.guild_id else None
        channel_id = info.channel_id if info else self.channel.id
        if info is None:
            guild = self.guild
        message = None
        if info is not None and info.type == 3 and info.original_message_id in self.messages:
            message = _public(self.messages[info.original_message_id])
        payload = self._interaction_payload(5, data, user=user, guild=guild, channel_id=channel_id, message=message)
        if message is not None:
            self._interactions[payload["token"]].original_message_id = int(message["id"])
        if expired:
            self.expire(payload["token"])
        return await self.dispatch(payload, settle=settle, expect_response=expect_response)

    async def wait_for(self, predicate: Callable[[Sent], bool], *, timeout: float | None = None) -> Sent:
        """The first recorded request matching ``predicate``, waiting (while the bot works) until it appears.

        For tests that run with ``settle=False`` and must act between two steps of the bot (expire a token
        after the defer, click while a command still runs).
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (self.settle_timeout if timeout is None else timeout)
        while True:
            for rec in self.requests:
                if predicate(rec):
                    return rec
            if loop.time() > deadline:
                raise HarnessTimeout(f"no request matched within the timeout; seen: {self.requests}")
            await asyncio.sleep(0.001)

    # ----- commands sync ------------------------------------------------------------------------------------
    async def sync_commands(self, *, guild: discord.abc.Snowflake | None = None) -> Sent:
        """Run ``tree.sync()`` against the fake (validating the definitions); return the PUT it made."""
        count = len(self.requests)
        await self.bot.tree.sync(guild=guild)
        self.check()
        puts = [s for s in self.requests[count:] if s.kind == "sync_commands"]
        return puts[-1]

    # ----- queries ------------------------------------------------------------------------------------------
    @property
    def sent(self) -> list[Sent]:
        """Every non-GET request so far, in order (``requests`` also has the GETs)."""
        return [s for s in self.requests if s.method != "GET"]

    def dms(self, user: FakeUser | int) -> list[Sent]:
        """The DMs the bot sent to ``user`` (including refused ones: check ``.failed``)."""
        uid = user if isinstance(user, int) else user.id
        return [s for s in self.sent if s.kind == "dm" and s.dm_user_id == uid]

    def channel_messages(self, channel: discord.abc.Snowflake | int | None = None) -> list[Sent]:
        """Messages the bot posted with ``channel.send`` in a guild channel (default: ``fake.channel``)."""
        cid = self.channel.id if channel is None else channel if isinstance(channel, int) else channel.id
        return [s for s in self.sent if s.kind == "channel_message" and s.channel_id == cid]

    # ----- HTTP: the bot's HTTPClient -----------------------------------------------------------------------
    async def _http_request(self, route: Route, *, files: Sequence[discord.File] | None = None,
                            form: Iterable[dict[str, Any]] | None = None, **kwargs: Any) -> Any:
        payload = kwargs.get("json")
        if form is not None:
            form = list(form)
            payload = _payload_json(form)
        sent_files = [_read_file(f) for f in files or []]
        return await self._handle(route, payload, sent_files, dict(kwargs.get("params") or {}))

    async def _webhook_request(self, route: Route, *, payload: dict[str, Any] | None = None,
                               multipart: list[dict[str, Any]] | None = None,
                               files: Sequence[discord.File] | None = None, params: dict[str, Any] | None = None,
                               **_: Any) -> Any:
        if multipart:
            payload = _payload_json(multipart)
        sent_files = [_read_file(f) for f in files or []]
        return await self._handle(route, payload, sent_files, dict(params or {}))

    async def _get_from_cdn(self, url: str) -> bytes:
        if url not in self._cdn:
            raise _Refusal(404, 0, "404: Not Found").to_http_exception()
        return self._cdn[url]

    async def _handle(self, route: Route, payload: Any, files: list[SentFile], params: dict[str, Any]) -> Any:
        path = route.url[len(Route.BASE):] if route.url.startswith(Route.BASE) else route.url
        record = Sent(method=route.method, path=path, route=route.path, kind="other", payload=payload, files=files,
                      params=params, origin=_ORIGIN.get())
        self.requests.append(record)
        await asyncio.sleep(0)  # a real request yields to the loop; so does this one
        try:
            if self.validate and self.schema is not None and payload is not None and route.method != "GET":
                try:
                    record.operation_id = self.schema.validate_request(route.method, path, payload)
                except AssertionError as exc:
                    record.schema_errors = str(exc)
                    self.failures.append(str(exc))
                    self._classify(record)
                    raise _Refusal(400, 50035, "Invalid Form Body") from None
            for file in files:  # alt text: a screen reader says what a picture shows (Discord's description)
                if not file.description or len(file.description) > 1024:
                    fault = "a description over 1,024 characters" if file.description else "no description"
                    self.failures.append(f"attachment {file.filename} sent by {route.method} {path} has {fault}")
            result = self._route(record)
            record.response = result
            return result
        except _Refusal as refusal:
            record.status, record.error_code = refusal.status, refusal.code
            raise refusal.to_http_exception() from None

    def _classify(self, record: Sent) -> None:
        """Set ``kind`` and the ids of a record without acting on it (used for refused requests)."""
        with contextlib.suppress(_Refusal, KeyError, ValueError):
            self._route(record, dry=True)

    def _route(self, rec: Sent, *, dry: bool = False) -> Any:
        if rec.method == "GET":
            rec.kind = "fetch"
        for route in (self._route_interactions, self._route_users, self._route_channels):
            answer = route(rec, rec.method, rec.path, dry)
            if answer is not _UNROUTED:
                return answer
        if re.fullmatch(r"/channels/(\d+)/typing", rec.path) or "/reactions/" in rec.path:
            return None
        self.unhandled.append(f"{rec.method} {rec.path}")
        raise _Refusal(400, 0, f"FakeDiscord does not implement {rec.method} {rec.path}")

    def _route_interactions(self, rec: Sent, m: str, p: str, dry: bool) -> Any:
        """Interaction callbacks, their webhooks and the application's commands."""
        if (match := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", p)) and m == "POST":
            return self._callback(rec, int(match[1]), match[2], dry)
        if match := re.fullmatch(r"/webhooks/(\d+)/([^/]+)(/messages/(@original|\d+))?", p):
            return self._webhook(rec, match[2], match[4], dry)
        if p == "/oauth2/applications/@me" and m == "GET":
            return self._application_payload()
        if match := re.fullmatch(r"/applications/(\d+)(?:/guilds/(\d+))?/commands", p):
            gid = int(match[2]) if match[2] else None
            if m == "PUT":
                rec.kind = "sync_commands"
                if dry:
                    return None
                self.commands[gid] = [self._command_payload(c, gid) for c in rec.payload or []]
            return self.commands.get(gid, [])
        return _UNROUTED

    def _route_users(self, rec: Sent, m: str, p: str, dry: bool) -> Any:
        """Users, members and DM channels."""
        if p == "/users/@me" and m == "GET":
            return self.bot_user.payload()
        if match := re.fullmatch(r"/users/(\d+)", p):
            user = self.users.get(int(match[1]))
            if user is None:
                raise _Refusal(404, 10013, "Unknown User")
            return user.payload()
        if p == "/users/@me/channels" and m == "POST":
            rec.kind = "open_dm"
            user = self.users.get(int(rec.payload["recipient_id"]))
            if user is None:
                raise _Refusal(400, 50035, "Invalid Form Body (unknown recipient)")
            rec.dm_user_id = user.id
            rec.channel_id = self._dm_channel_id(user.id)
            return self._dm_channel_payload(user)
        if match := re.fullmatch(r"/guilds/(\d+)/members/(\d+)", p):
            user = self.users.get(int(match[2]))
            if user is None or user.id in self.departed.get(int(match[1]), set()):
                raise _Refusal(404, 10007, "Unknown Member")
            return self._member_payload(user, int(match[1]))
        return _UNROUTED

    def _route_channels(self, rec: Sent, m: str, p: str, dry: bool) -> Any:
        """Channels, threads and their messages."""
        if (match := re.fullmatch(r"/channels/(\d+)/messages/(\d+)/threads", p)) and m == "POST":
            return self._start_thread(rec, int(match[1]), int(match[2]), dry)
        if (match := re.fullmatch(r"/channels/(\d+)/threads", p)) and m == "POST":
            return self._start_thread(rec, int(match[1]), None, dry)
        if match := re.fullmatch(r"/channels/(\d+)/messages", p):
            if m == "POST":
                return self._channel_post(rec, int(match[1]), dry)
            return self._history(int(match[1]), int(rec.params.get("limit", 50)))
        if match := re.fullmatch(r"/channels/(\d+)/messages/(\d+)", p):
            return self._channel_message(rec, int(match[1]), int(match[2]), dry)
        if match := re.fullmatch(r"/channels/(\d+)", p):
            cid = int(match[1])
            if cid in self._dm_users:
                return self._dm_channel_payload(self.users[self._dm_users[cid]])
            if cid in self.threads and m == "GET":
                return self._thread_payload(cid)
            channel = self.bot.get_channel(cid)
            if channel is None or m != "GET":
                raise _Refusal(404, 10003, "Unknown Channel")
            return self._channel_payload(cid, channel.name, channel.guild.id)  # type: ignore[union-attr]
        return _UNROUTED

    def _application_payload(self) -> dict[str, Any]:
        owner = FakeUser(self.application_id + 1, "owner")
        return {
            "id": str(self.application_id), "name": "Yokohama Bot", "icon": None, "description": "",
            "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False, "owner": owner.payload(),
            "team": None, "verify_key": "0" * 64, "flags": 0, "summary": "", "bot": self.bot_user.payload(),
        }

    def _command_payload(self, spec: dict[str, Any], gid: int | None) -> dict[str, Any]:
        out = dict(spec)
        out.update(id=str(self._next_id()), application_id=str(self.application_id), version=str(self._next_id()))
        out.setdefault("type", 1)
        out.setdefault("description", "")
        if gid is not None:
            out["guild_id"] = str(gid)
        return out

    # ----- messages -----------------------------------------------------------------------------------------
    def _guild_of_channel(self, cid: int) -> int | None:
        if cid in self._dm_users:
            return None
        cid = self.threads.get(cid, cid)
        channel = self.bot.get_channel(cid)
        guild = getattr(channel, "guild", None)
        return guild.id if guild is not None else None

    def _attachment_payload(self, aid: int, cid: int, filename: str, data: bytes,
                            description: str | None = None) -> dict[str, Any]:
        url = f"https://cdn.discordapp.com/attachments/{cid}/{aid}/{filename}"
        self._cdn[url] = data
        out = {"id": str(aid), "filename": filename, "size": len(data), "url": url, "proxy_url": url,
               "content_type": mimetypes.guess_type(filename)[0] or "application/octet-stream"}
        if description is not None:
            out["description"] = description
        return out

    def _new_attachments(self, cid: int, body: dict[str, Any], files: list[SentFile]) -> list[dict[str, Any]]:
        return [self._attachment_payload(self._next_id(), cid, f.filename, f.data, f.description) for f in files]

    def _new_message(self, mid: int, cid: int, guild_id: int | None, body: dict[str, Any], files: list[SentFile],
                     *, webhook: bool, viewer: int | None = None) -> dict[str, Any]:
        msg: dict[str, Any] = {
            "id": str(mid), "channel_id": str(cid), "author": self.bot_user.payload(), "type": 0,
            "content": body.get("content") or "", "timestamp": _iso(mid), "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "pinned": False,
            "embeds": [dict(e, type=e.get("type", "rich")) for e in body.get("embeds") or []],
            "components": list(body.get("components") or []), "flags": body.get("flags") or 0,
            "attachments": self._new_attachments(cid, body, files),
        }
        if guild_id is not None:
            msg["guild_id"] = str(guild_id)
        if webhook:
            msg["webhook_id"] = str(self.application_id)
            msg["application_id"] = str(self.application_id)
        if viewer is not None:
            msg["_fake_viewer"] = viewer  # who can see an ephemeral message (stripped before Discord-bound use)
        return msg

    def _apply_edit(self, msg: dict[str, Any], body: dict[str, Any], files: list[SentFile]) -> None:
        """Apply a PATCH the way Discord does: given fields replace, attachments kept only if listed."""
        cid = int(msg["channel_id"])
        for key in ("content", "components", "embeds"):
            if key in body:
                value = body[key]
                if key == "embeds":
                    value = [dict(e, type=e.get("type", "rich")) for e in value or []]
                msg[key] = value if value is not None else ("" if key == "content" else [])
        if "flags" in body and body["flags"] is not None:
            msg["flags"] = (body["flags"] & ~EPHEMERAL) | (msg.get("flags", 0) & EPHEMERAL)
        msg["flags"] = msg.get("flags", 0) & ~LOADING
        if "attachments" in body and body["attachments"] is not None:
            keep_ids = {str(a.get("id")) for a in body["attachments"]}
            kept = [a for a in msg["attachments"] if a["id"] in keep_ids]
            msg["attachments"] = kept + self._new_attachments(cid, body, files)
        else:
            msg["attachments"] = msg["attachments"] + self._new_attachments(cid, body, files)
        msg["edited_timestamp"] = _iso(self._next_id())

    def _channel_post(self, rec: Sent, cid: int, dry: bool) -> dict[str, Any]:
        rec.channel_id = cid
        if cid in self._dm_users:
            rec.kind = "dm"
            rec.dm_user_id = self._dm_users[cid]
            if not self.users[rec.dm_user_id].dms_open:
                raise _Refusal(403, 50007, "Cannot send messages to this user")
        else:
            rec.kind = "channel_message"
            if self.bot.get_channel(cid) is None and cid not in self.threads:
                raise _Refusal(404, 10003, "Unknown Channel")
        if dry:
            return {}
        mid = self._next_id()
        msg = self._new_message(mid, cid, self._guild_of_channel(cid), rec.payload or {}, rec.files, webhook=False)
        self.messages[mid] = msg
        rec.message_id, rec.message = mid, _public(msg)
        return _public(msg)

    def _thread_payload(self, tid: int) -> dict[str, Any]:
        parent = self.threads[tid]
        return {"id": str(tid), "type": 11, "guild_id": str(self._guild_of_channel(parent)), "parent_id": str(parent),
                "name": self._thread_names.get(tid, "thread"), "owner_id": str(self.bot_user.id),
                "last_message_id": None, "rate_limit_per_user": 0, "message_count": 0, "member_count": 1,
                "flags": 0, "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                                "archive_timestamp": _iso(tid), "locked": False}}

    def _start_thread(self, rec: Sent, cid: int, mid: int | None, dry: bool) -> dict[str, Any]:
        """POST /channels/{id}/messages/{id}/threads: a public thread under a message; POST
        /channels/{id}/threads (`mid` None): a thread without a starter message (both need the permission)."""
        rec.kind, rec.channel_id, rec.message_id = "create_thread", cid, mid
        if not self.bot_permissions.create_public_threads:
            raise _Refusal(403, 50013, "Missing Permissions")
        if mid is None:
            if self.bot.get_channel(cid) is None or cid in self.threads:
                raise _Refusal(404, 10003, "Unknown Channel")
        else:
            msg = self.messages.get(mid)
            if msg is None or int(msg["channel_id"]) != cid or cid in self.threads:
                raise _Refusal(404, 10008, "Unknown Message")
        if dry:
            return {}
        tid = self._next_id()
        self.threads[tid] = cid
        self._thread_names[tid] = str((rec.payload or {}).get("name", "thread"))
        return self._thread_payload(tid)

    def _history(self, cid: int, limit: int) -> list[dict[str, Any]]:
        """Non-ephemeral messages of a channel, newest first (``channel.history()``)."""
        found = [m for mid, m in self.messages.items() if int(m["channel_id"]) == cid and mid not in self.deleted
                 and not m.get("flags", 0) & EPHEMERAL]
        found.sort(key=lambda m: -int(m["id"]))
        return [_public(m) for m in found[:limit]]

    def _channel_message(self, rec: Sent, cid: int, mid: int, dry: bool) -> Any:
        rec.channel_id, rec.message_id = cid, mid
        rec.kind = {"PATCH": "edit_message", "DELETE": "delete_message"}.get(rec.method, "fetch")
        msg = self.messages.get(mid)
        if msg is None or mid in self.deleted or int(msg["channel_id"]) != cid:
            raise _Refusal(404, 10008, "Unknown Message")
        if dry:
            return None
        if rec.method == "PATCH":
            self._apply_edit(msg, rec.payload or {}, rec.files)
            rec.message = _public(msg)
            return _public(msg)
        if rec.method == "DELETE":
            self.deleted.add(mid)
            return None
        return _public(msg)

    # ----- interaction callbacks and webhooks ---------------------------------------------------------------
    def _callback(self, rec: Sent, iid: int, token: str, dry: bool) -> Any:
        rec.interaction_id, rec.token = iid, token
        rtype = (rec.payload or {}).get("type")
        rec.kind = CALLBACK_KINDS.get(rtype, "other")
        info = self._interactions.get(token)
        if info is None or info.id != iid or info.expired:
            raise _Refusal(404, 10062, "Unknown interaction")
        rec.channel_id = info.channel_id
        if info.acknowledged is not None:
            raise _Refusal(400, 40060, "Interaction has already been acknowledged.")
        if dry:
            return None
        info.acknowledged = rtype
        body = (rec.payload or {}).get("data") or {}
        message = None
        if rtype in (4, 5):
            mid = self._next_id()
            flags = (body.get("flags") or 0) | (LOADING if rtype == 5 else 0)
            cid = info.channel_id or self._dm_channel_id(info.user_id)
            msg = self._new_message(mid, cid, info.guild_id, dict(body, flags=flags), rec.files, webhook=True,
                                    viewer=info.user_id if flags & EPHEMERAL else None)
            msg["interaction_metadata"] = {"id": str(iid), "type": info.type, "authorizing_integration_owners": {},
                                           "user": self.users[info.user_id].payload()}
            self.messages[mid] = msg
            info.original_message_id = mid
            message = msg
        elif rtype == 6 and info.original_message_id in self.messages:
            rec.message_id = info.original_message_id
        elif rtype == 7:
            msg = self.messages.get(info.original_message_id or 0)
            if msg is None:
                raise _Refusal(400, 50035, "Invalid Form Body (no message to update)")
            self._apply_edit(msg, body, rec.files)
            message = msg
        if message is not None:
            rec.message_id, rec.message = int(message["id"]), _public(message)
        interaction = {"id": str(iid), "type": info.type,
                       "response_message_loading": rtype == 5,
                       "response_message_ephemeral": bool(message and message.get("flags", 0) & EPHEMERAL)}
        result: dict[str, Any] = {"interaction": interaction}
        if message is not None:
            interaction["response_message_id"] = message["id"]
            result["resource"] = {"type": rtype, "message": _public(message)}
        elif rtype is not None:
            result["resource"] = {"type": rtype}
        return result

    def _webhook(self, rec: Sent, token: str, which: str | None, dry: bool) -> Any:
        rec.token = token
        m = rec.method
        if which is None:
            rec.kind = "followup" if m == "POST" else "other"
        elif which == "@original":
            rec.kind = {"PATCH": "edit_original", "DELETE": "delete_original"}.get(m, "fetch")
        else:
            rec.kind = {"PATCH": "edit_followup", "DELETE": "delete_followup"}.get(m, "fetch")
        info = self._interactions.get(token)
        if info is None or info.expired:
            raise _Refusal(401, 50027, "Invalid Webhook Token")
        rec.interaction_id, rec.channel_id = info.id, info.channel_id
        if info.acknowledged is None:
            raise _Refusal(404, 10015, "Unknown Webhook")
        if which is None:
            if m != "POST":
                self.unhandled.append(f"{m} {rec.path}")
                raise _Refusal(400, 0, "not implemented")
            return self._followup(rec, info, dry)
        mid = info.original_message_id if which == "@original" else int(which)
        msg = self.messages.get(mid or 0)
        if msg is None or (mid in self.deleted):
            raise _Refusal(404, 10008, "Unknown Message")
        rec.message_id = int(msg["id"])
        if dry:
            return None
        if m == "PATCH":
            self._apply_edit(msg, rec.payload or {}, rec.files)
            rec.message = _public(msg)
        elif m == "DELETE":
            self.deleted.add(int(msg["id"]))
            return None
        return _public(msg)

    def _followup(self, rec: Sent, info: _InteractionInfo, dry: bool) -> Any:
        body = rec.payload or {}
        original = self.messages.get(info.original_message_id or 0)
        if dry:
            return None
        if original is not None and original.get("flags", 0) & LOADING:
            # Discord: the first followup after a "thinking" defer replaces the loading message (and keeps its
            # ephemerality, whatever the followup asked for).
            self._apply_edit(original, dict(body, flags=body.get("flags") or 0), rec.files)
            msg = original
        else:
            mid = self._next_id()
            cid = info.channel_id or self._dm_channel_id(info.user_id)
            flags = body.get("flags") or 0
            msg = self._new_message(mid, cid, info.guild_id, body, rec.files, webhook=True,
                                    viewer=info.user_id if flags & EPHEMERAL else None)
            self.messages[mid] = msg
        rec.message_id, rec.message = int(msg["id"]), _public(msg)
        wait = str(rec.params.get("wait", "0")).lower() in ("1", "true")
        return _public(msg) if wait else None


def _click_data(comp: dict[str, Any], values: Sequence[str] | None) -> dict[str, Any]:
    """The interaction data of a click on `comp` (choosing `values` in a select), refused as a client would."""
    data: dict[str, Any] = {"custom_id": comp["custom_id"], "component_type": comp["type"]}
    if comp["type"] == 2:
        if values:
            raise InvalidInteraction("values= only applies to select menus")
        return data
    chosen = list(values or [])
    lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
    if not lo <= len(chosen) <= hi:
        raise InvalidInteraction(f"select {comp['custom_id']!r} takes {lo}..{hi} values, got {chosen}")
    if comp["type"] == 3:
        offered = [o["value"] for o in comp.get("options", [])]
        bad = [v for v in chosen if v not in offered]
        if bad:
            raise InvalidInteraction(f"select {comp['custom_id']!r} does not offer {bad}; it offers {offered}")
    data["values"] = chosen
    return data


def _modal_answer(comp: dict[str, Any], label: str | None, remaining: dict[str, str | list[str]]
                  ) -> dict[str, Any] | None:
    """A modal field's submitted value, taken from `remaining` by custom_id or label; None for what is no field."""
    cid = comp.get("custom_id")
    if comp.get("type") not in (3, 4, 5, 6, 7, 8):
        return None
    key = cid if cid in remaining else label if label in remaining else None
    value = remaining.pop(key) if key is not None else None
    if comp["type"] == 4:
        text = "" if value is None else str(value)
        if comp.get("required", True) and not text:
            raise InvalidInteraction(f"modal field {label or cid!r} is required")
        if text and not (comp.get("min_length") or 0) <= len(text) <= (comp.get("max_length") or 4000):
            raise InvalidInteraction(f"modal field {label or cid!r}: length {len(text)} out of range")
        return {"type": 4, "custom_id": cid, "value": text}
    chosen = [] if value is None else [value] if isinstance(value, str) else list(value)
    return {"type": comp["type"], "custom_id": cid, "values": chosen}


def _public(msg: dict[str, Any]) -> dict[str, Any]:
    """A copy of a stored message as Discord would return it (without the fake's bookkeeping keys)."""
    return json.loads(json.dumps({k: v for k, v in msg.items() if not k.startswith("_fake")}))


def _payload_json(form: Iterable[dict[str, Any]]) -> Any:
    for part in form:
        if part.get("name") == "payload_json":
            value = part["value"]
            return json.loads(value.decode() if isinstance(value, bytes | bytearray) else value)
    return None


def png_bytes(width: int = 4, height: int = 4, color: tuple[int, int, int] = (200, 30, 30)) -> bytes:
    """A tiny valid PNG, for test cogs that attach a picture."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), color).save(out, format="PNG")
    return out.getvalue()
