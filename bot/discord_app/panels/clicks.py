"""The guard around every click: who clicked and where (the service's scope), one error handler, a private
panel's owner, and the parts every dynamic item shares (`GameButton`, a clicked component's label).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord_app import custom_ids as ids
from bot.discord_app import languages
from bot.discord_app.errors import report
from bot.discord_app.host import Host
from bot.discord_app.names import remember
from bot.service import TableService
from bot.service.scope import Caller, request_caller
from i18n import N_, _, current_locale


def service_of(interaction: discord.Interaction) -> TableService:
    bot: Host = interaction.client  # type: ignore[assignment]
    return bot.service


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    """Run a component callback; any failure reaches the user through the one error handler.

    It also tells the service who clicked and in which server (taken from the interaction, never from the
    button), so every game number is resolved in the clicker's scope (`bot.service.scope`).
    """
    token = request_caller.set(caller_of(interaction))
    locale = current_locale.set(current_locale.get())  # the clicker's language, undone with the caller
    try:
        await languages.begin(interaction.client, interaction)
        await work()
    except Exception as exc:  # noqa: BLE001 - the handler logs and answers
        await report(interaction, exc)
    finally:
        current_locale.reset(locale)
        request_caller.reset(token)


def caller_of(interaction: discord.Interaction) -> Caller:
    """The caller as the service scopes it: the interaction's own user and server (None in a direct message)."""
    return Caller(interaction.user.id, interaction.guild_id, interaction.id)


def on_private_message(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is ephemeral: only such a message may be edited into a private panel.

    A panel's buttons on a public message (a modified client, an old message) would otherwise turn that
    public message into the clicker's panel, hidden cards and all.
    """
    message = interaction.message
    return message is not None and message.flags.ephemeral


def not_your_panel(game_id: int | None) -> str:
    """The answer to a click on a private panel opened for someone else."""
    own = f"`/table panel game:{game_id}`" if game_id is not None else "`/table panel`"
    return _("This is not your panel, so nothing was done. Press **Open my panel** under the game's last post, "
             "or use {command}, for your own.").format(command=own)


def panel_owner(interaction: discord.Interaction) -> int | None:
    """Who the clicked private panel was opened for (None: not known, e.g. a message from before a restart)."""
    message = interaction.message
    metadata = message.interaction_metadata if message is not None else None
    if message is None or metadata is None or not message.flags.ephemeral:
        return None
    return metadata.user.id


#: What a panel's button clicked on a public message is answered with (the clicker's own panel, sent anew).
MISPLACED_NOTE = N_("⚠️ That button belongs on a private panel; here is yours. Nothing was changed.")


async def panel_click(
    interaction: discord.Interaction, game_id: int, work: Callable[[], Awaitable[None]],
    misplaced: Callable[[str], Awaitable[None]],
) -> None:
    """Run a click on a private panel's button; on a public message, answer with a fresh private panel
    (`misplaced(note)`: the decision panel's own way of sending it, so this module needs no panel)."""
    async def checked() -> None:
        owner = panel_owner(interaction)
        if owner is not None and owner != interaction.user.id:
            await interaction.response.send_message(not_your_panel(game_id), ephemeral=True)
            return
        if not on_private_message(interaction):
            await misplaced(_(MISPLACED_NOTE))
            return
        await work()
    await guarded(interaction, checked)


def option_number(values: Any) -> int:
    """The option index a select sent (-1, which no panel offers, for anything that is not one)."""
    if isinstance(values, list) and values and isinstance(values[0], str):
        text = values[0].strip()
        if text.lstrip("-").isdigit() and len(text) <= 18:
            return int(text)
    return -1


def bot_of(interaction: discord.Interaction) -> Host:
    remember(interaction.user, interaction.guild_id)
    return interaction.client  # type: ignore[return-value]


# Each item declares its fields (`FIELDS`) and its template from `bot.discord_app.custom_ids`, which parses
# and bounds every field in one place; `from_custom_id` never raises (discord.py would drop the click in
# silence): an out-of-bounds id becomes a `Refused` item that answers with the refusal. A custom id that
# matches no template is answered by the bot's catch-all (`YokohamaBot.on_interaction`).
def clicked_label(item: discord.ui.Item[Any], default: str) -> str:
    """The label of the component clicked (a select sent with a button's id has none)."""
    label = getattr(item, "label", None)
    return label if isinstance(label, str) and label else default


class GameButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button], template=r"(?!)"):
    """A button that carries only its game number (`<prefix>:<game>`): the one way such a button is
    built and its custom id read (bounded, custom_ids.GAME). Never registered itself (its template
    matches nothing); each subclass names its prefix, label, style and emoji."""

    PREFIX = ""
    LABEL = ""
    STYLE = discord.ButtonStyle.secondary
    EMOJI: str | None = None
    FIELDS = {"g": ids.GAME}

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label=_(self.LABEL), style=self.STYLE, emoji=self.EMOJI,
                                           custom_id=f"{self.PREFIX}:{game_id}"))
        self.game_id = game_id

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> GameButton:
        return cls(f["g"])
