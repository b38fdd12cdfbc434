"""Every component's custom id, parsed in one place.

A custom id comes back from the client, and a modified client (or a hand-made HTTP request) sends any
text it likes. Each persistent component declares its fields here (`Field`) and its template is built
from them (`template`): the template only routes an id to its component (any short text per field),
and `parse` then checks every field against its bounds — snowflakes of at most 20 digits within the
database's integers, pages and option numbers within their range, stamps and names from their
alphabet. A field out of bounds becomes the service's own refusal (`BadRequest`) through the one
error handler (`Refused`), never an `OverflowError` from the database driver and never "Something
went wrong"; and since `from_custom_id` never raises, discord.py never drops a click in silence.

What a custom id never carries is authority: the server a request comes from is always the
interaction's own (`bot.service.scope`), never a number in a button.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.service.arguments import MAX_INT
from bot.service.errors import BadRequest
from i18n import _

#: What a template captures for one field: enough to route a forged id to its component (which refuses it).
_LOOSE = r"[^:]{0,100}"
#: The most pages a paged message may have, and the most options a decision lists (both far above real use).
MAX_PAGE = 100_000
MAX_OPTION = 100_000


@dataclass(frozen=True)
class Field:
    """One field of a custom id: its name in refusals, the text it must be, and (numbers) its range."""

    what: str
    pattern: str
    numeric: bool = True
    low: int = 0
    high: int = MAX_INT

    def read(self, raw: str | None) -> Any:
        """The field's value; a `BadRequest` naming the field for anything outside its bounds."""
        if raw is None:  # an optional field left out (a panel without a stamp)
            return "" if not self.numeric else None
        if not re.fullmatch(self.pattern, raw):
            raise BadRequest(_("That button is not valid ({field}), so nothing was done. Use `/games` for your games "
                               "and `/table panel` for a fresh panel.").format(field=self.what))
        if not self.numeric:
            return raw
        value = int(raw)
        if not self.low <= value <= self.high:
            raise BadRequest(_("That button is out of range ({field}), so nothing was done. Use `/games` for your "
                               "games and `/table panel` for a fresh panel.").format(field=self.what))
        return value


#: A Discord snowflake (a game number too): at most 20 digits, and within the database's integers.
_SNOWFLAKE = r"[0-9]{1,20}"
GAME = Field("game number", _SNOWFLAKE, low=1)
USER = Field("player", _SNOWFLAKE, low=1)
VERSION = Field("panel version", _SNOWFLAKE)
INDEX = Field("option number", r"[0-9]{1,6}", high=MAX_OPTION)
PAGE = Field("page number", r"[0-9]{1,6}", high=MAX_PAGE)
STAMP = Field("panel stamp", r"[0-9a-f]{1,64}", numeric=False)
KIND = Field("game name", r"[a-z]{1,20}", numeric=False)
ANY_KIND = Field("game name", r"[a-z]{1,20}|-", numeric=False)
#: A leaderboard's scope: 0 for everyone, any other number (old buttons carried a server id) for the
#: server the click comes from; the number itself is never used as a server.
SCOPE = Field("leaderboard", _SNOWFLAKE)
#: A rating season's name: `2026-11` (a month) or `2026-Q4` (a quarter).
SEASON = Field("season", r"[0-9]{4}-(?:0[1-9]|1[0-2]|Q[1-4])", numeric=False)
#: `botN`: add the bot to a lobby that showed N bots (plain `bot`: a button from before the count).
LOBBY = Field("lobby action", r"join|leave|start|bot[0-9]?|unbot", numeric=False)


def template(prefix: str, *names: str, optional: str | None = None) -> str:
    """The DynamicItem template `prefix:<name>:<name>…[:<optional>]`, each field captured loosely."""
    body = prefix + "".join(f":(?P<{name}>{_LOOSE})" for name in names)
    if optional is not None:
        body += f"(?::(?P<{optional}>{_LOOSE}))?"
    return body


def parse(match: re.Match[str] | Any, fields: dict[str, Field]) -> dict[str, Any]:
    """Every field of a matched custom id read within its bounds (raises `BadRequest`)."""
    return {name: field.read(match[name]) for name, field in fields.items()}


class Refused(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"(?s).*"):
    """The component a click with an out-of-bounds custom id becomes: it answers with the refusal.

    Never registered (its template would match everything); `from_custom_id` of a real component returns
    one in place of itself when `parse` refuses a field.
    """

    def __init__(self, item: discord.ui.Item[Any], refusal: BadRequest) -> None:
        super().__init__(item)
        self.refusal = refusal

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord_app.errors import report

        await report(interaction, self.refusal)


async def build(cls: Any, item: discord.ui.Item[Any], match: re.Match[str], fields: dict[str, Field]) -> Any:
    """`cls.from_fields(item, values)` for a valid id, else a `Refused` in its place (never raises)."""
    try:
        values = parse(match, fields)
    except BadRequest as exc:
        return Refused(item, exc)
    return cls.from_fields(item, values)


class FromFields:
    """The one `from_custom_id` of every persistent component: first among a `DynamicItem`'s bases, it
    parses the id against the class's `FIELDS` and hands the values to its `from_fields` (a bad id gets
    the `Refused` handler instead)."""

    FIELDS: dict[str, Field] = {}

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> Any:
        return await build(cls, item, match, cls.FIELDS)
