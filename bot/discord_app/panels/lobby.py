"""A table's lobby message and its buttons (join, leave, add or remove the bot, start), and the start post."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.discord_app import custom_ids as ids
from bot.discord_app import languages
from bot.discord_app.community import turn_notices
from bot.discord_app.game_ui import ui_for
from bot.discord_app.host import Host
from bot.discord_app.names import by_name, fill, seat_names, who
from bot.discord_app.panels.channels import against_bots_only, open_thread
from bot.discord_app.panels.clicks import bot_of, guarded
from bot.discord_app.panels.decision import public_view
from bot.discord_app.panels.pictures import lead_files
from bot.discord_app.panels.text import clip, mention, only, options_text, players_text
from bot.discord_app.panels.turn_post import announce
from bot.service import GameSummary, Outcome
from bot.service.records import GameRow
from bot.service.table_rules import bot_level, deadline_text
from engine.core import get_game
from i18n import N_, _, ngettext

log = logging.getLogger(__name__)


def lobby_text(game: GameRow) -> str:
    engine = get_game(game.kind)
    seated = ", ".join(who(game, s.user_id) for s in game.seats) or _("nobody")
    rules = game.table_rules
    extra = []
    chosen = options_text(game.kind, game.options) if game.options else ""
    if chosen:
        extra.append(chosen)
    deadline = deadline_text(rules)
    if deadline:
        extra.append(_("deadline {deadline}").format(deadline=deadline))
    if (level := bot_level(rules, engine.ai_levels)) != engine.ai_levels[0]:
        extra.append(_("the bot plays {level}").format(level=level))
    head = _("**{game}** table #{table} for {players}").format(game=_(engine.title), table=game.id,
                                                              players=players_text(engine))
    # TRANSLATORS: the lobby's first line, ended as a sentence of the language ends (Japanese: no full stop).
    first = _("{table} ({details}).").format(table=head, details=_("; ").join(extra)) if extra else None
    lines = [
        first or _("{table}.").format(table=head),
        ngettext("Seated ({n} of {most}): {seated}", "Seated ({n} of {most}): {seated}", len(game.seats)).format(
            n=len(game.seats), most=engine.max_players, seated=seated),
    ]
    if game.status == "lobby":
        lines.append(_("Press **Join** to take a seat; any seated player can **Add the bot** (the AI takes a "
                       "seat) and **Start**."))
    elif game.status == "abandoned" and (game.result or {}).get("reason") == "ended by admin":
        lines.append(_("A server admin ended this table; it is closed."))
    elif game.status == "abandoned":
        lines.append(_("Everyone left; this table is closed."))
    else:
        lines.append(_("The game has started."))
    return "\n".join(lines)


async def public_lobby(bot: Host, game: GameRow) -> tuple[str, discord.ui.View | None]:
    """The lobby message's text and buttons in the server's language (it is public, whoever clicked)."""
    async with languages.public(bot, game.guild_id):
        return lobby_text(game), lobby_view(game)


def lobby_view(game: GameRow) -> discord.ui.View | None:
    if game.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(game.id, "join"))
    view.add_item(LobbyButton(game.id, "leave"))
    if len(game.seats) < get_game(game.kind).max_players:
        view.add_item(LobbyButton(game.id, f"bot{min(len(game.bot_users()), 9)}"))
    if game.bot_users():
        view.add_item(LobbyButton(game.id, "unbot"))
    view.add_item(LobbyButton(game.id, "start"))
    return view


async def start_announcement(bot: Host, outcome: Outcome) -> dict[str, Any]:
    game = outcome.game
    summary: GameSummary = await bot.service.summary(game)
    names = await seat_names(bot, game)
    order = ", ".join(f"{seat + 1}. **{name}**" for seat, name in enumerate(names))
    lines = [_("**{game} #{number}** has started. Seat order: {order}.").format(game=_(summary.title), number=game.id,
                                                                               order=order)]
    if summary.headline:
        lines.append(fill(summary.headline, by_name(names)))
    notes_for = ui_for(game.kind).public_notes
    if notes_for is not None and outcome.state is not None:
        lines += notes_for(game, outcome.engine.view(outcome.state, None))
    if summary.waiting_on:
        lines.append(_("Your turn: {players}").format(players=", ".join(mention(u) for u in summary.waiting_on)))
    elif outcome.state is not None:
        bots = [f"**{names[s]}**" for s in outcome.engine.to_act(outcome.state) if game.is_bot(s)]
        lines.append(_("First: {players} (the bot plays at once).").format(players=", ".join(bots)))
    lines.append(_("Press **Open my panel** to make your decisions privately."))
    files = []
    if outcome.state is not None:
        files = await lead_files(game.kind, outcome.engine.view(outcome.state, None), game.id, names)
    return {"content": clip("\n".join(lines), 2000), "files": files, "view": public_view(game.id),
            "allowed_mentions": only(summary.waiting_on)}


async def remember_lobby(bot: Host, interaction: discord.Interaction, game_id: int) -> None:
    """Keep where a table's lobby message is, so it can lose its buttons when the table is ended."""
    try:
        message = await interaction.original_response()
    except discord.HTTPException:
        log.warning("could not find the lobby message of table %s", game_id, exc_info=True)
        return
    await bot.records.set_lobby_message(game_id, message.channel.id, message.id)


async def close_lobby(bot: Host, game: GameRow) -> None:
    """The lobby message of a table that closed before it started (an admin ended it): its text says so
    and its buttons go, so nobody is offered **Join** on a closed table."""
    where = await bot.records.lobby_message(game.id)
    if where is None:
        return
    channel_id, message_id = where
    try:
        text, _view = await public_lobby(bot, game)
        await bot.get_partial_messageable(channel_id).get_partial_message(message_id).edit(
            content=text, view=None, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not close the lobby message of table %s", game.id, exc_info=True)


async def lobby_click(interaction: discord.Interaction, game_id: int, what: str) -> None:
    bot = bot_of(interaction)
    service = bot.service
    user = interaction.user.id
    game = await service.game(game_id)
    if game.status in ("finished", "abandoned"):
        # A lobby message still showing buttons for a closed table: it loses them, and the click is told why.
        text, _view = await public_lobby(bot, game)
        await interaction.response.edit_message(content=text, view=None)
        await interaction.followup.send(_("Table #{table} is closed.").format(table=game_id), ephemeral=True)
        return
    if what == "join":
        game = await service.lobby.join(game_id, user)
        text, view = await public_lobby(bot, game)
        await interaction.response.edit_message(content=text, view=view)
        deadline = deadline_text(game.table_rules)
        await interaction.followup.send(
            _("You joined table #{table}.").format(table=game.id) + " "
            + (_("Deadline: {deadline}.").format(deadline=deadline) if deadline
               else _("This table has no deadline; take your time.")),
            ephemeral=True)
        return
    elif what == "leave":
        game = await service.lobby.leave(game_id, user)
    elif what.startswith("bot"):
        game = await service.lobby.add_bot(game_id, user, shown_bots=int(what[3:]) if what[3:] else None)
    elif what == "unbot":
        game = await service.lobby.remove_bot(game_id, user)
    else:
        # A bot seated first plays its turn in the background (`bot_turns`): the start answers at once.
        outcome = await service.lobby.start(game_id, user)
        text, _view = await public_lobby(bot, outcome.game)
        await interaction.response.edit_message(content=text, view=None)
        await post_start(bot, interaction, outcome)
        return
    text, view = await public_lobby(bot, game)
    await interaction.response.edit_message(content=text, view=view)


async def post_start(bot: Host, interaction: discord.Interaction, outcome: Outcome) -> None:
    """Post the start of a game (in a new thread under the lobby when the server wants one), then the
    bot turns played right after the start."""
    async with languages.public(bot, outcome.game.guild_id):
        announcement = await start_announcement(bot, outcome)
    thread = await open_thread(interaction, outcome.game)
    announcement["allowed_mentions"] = only(await turn_notices(bot, outcome, thread or interaction.channel,
                                                               outcome.waiting_on))
    posted = False
    if thread is not None:
        with contextlib.suppress(discord.HTTPException):
            await thread.send(**announcement)
            posted = True
    if not posted and against_bots_only(outcome.game):
        # No thread for a game against bots: it plays privately rather than in the channel.
        await bot.records.set_plays_privately(outcome.game.id)
        announcement["content"] = clip(announcement["content"] + "\n" + _(PRIVATE_NOTE), 2000)
        await interaction.followup.send(ephemeral=True, **announcement)
        posted = True
    if not posted:
        await interaction.followup.send(**announcement)
    if outcome.bot_turn is not None:
        await announce(bot, outcome.bot_turn)
    if outcome.bots_owe:
        bot.bot_turns.start(outcome.game.id)


#: Said to someone whose game against bots plays privately (threads are off or not allowed here).
PRIVATE_NOTE = N_("This game plays privately, as this server has no threads for tables: its turns are told on "
                  "your panel (or by direct message when no panel is open), never in the channel.")


class LobbyButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button],
                  template=ids.template("yk:lobby", "g", "w")):
    FIELDS = {"g": ids.GAME, "w": ids.LOBBY}

    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "start": discord.ButtonStyle.primary, "bot": discord.ButtonStyle.secondary,
              "unbot": discord.ButtonStyle.secondary}
    LABELS = {"join": N_("Join"), "leave": N_("Leave"), "start": N_("Start"), "bot": N_("Add the bot"),
              "unbot": N_("Remove the bot")}

    def __init__(self, game_id: int, what: str) -> None:
        kind = "bot" if what.startswith("bot") else what
        super().__init__(discord.ui.Button(label=_(self.LABELS[kind]), style=self.STYLES[kind],
                                           custom_id=f"yk:lobby:{game_id}:{what}"))
        self.game_id, self.what = game_id, what

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> LobbyButton:
        return cls(f["g"], f["w"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: lobby_click(interaction, self.game_id, self.what))
