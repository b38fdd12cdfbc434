"""/rollwrite: Yokohama Roll & Write at a table in a channel, or solo at your own pace.

The decisions themselves go through the generic private panels (`panels.decision`). What else is particular to
Roll & Write (the round's sets in every panel, the post when a round ends, the final scoring with every
sheet) is its UI description, `bot.discord_app.games.rollwrite`; this cog holds its commands: the table
options, any player's sheet on request, solo games.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.cogs.common import my_game_ids, open_table
from bot.discord_app.games.rollwrite import KIND, sheet_reply
from bot.discord_app.host import Host
from bot.discord_app.panels.decision import send_panel
from bot.discord_app.panels.text import mention
from bot.service import ServiceError
from bot.service.records import GameRow
from i18n import _

log = logging.getLogger(__name__)

SIDES = [app_commands.Choice(name="Side A (basic sheet)", value="A"),
         app_commands.Choice(name="Side B (advanced sheet)", value="B")]


# ----- the commands ------------------------------------------------------------------------------------
class RollWrite(commands.Cog):
    rollwrite = app_commands.Group(name="rollwrite", description="Yokohama Roll & Write: channel games and solo.",
                                   guild_only=True)

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @rollwrite.command(name="new", description="Open a Roll & Write table in this channel; others press Join.")
    @app_commands.describe(
        side="Which side of the player sheet everyone plays",
        start_player_priority="The start player takes a set first (2-6 players)",
        chinatown="Add the expansion area Chinatown",
        chamber_of_commerce="Add the expansion area Chamber of Commerce",
        round_deadline_hours="Hours a round may take; then the bot plays for whoever is late (0 = none)",
        reminder_hours="Hours before the bot pings whoever still owes the round (default: the server's)",
    )
    @app_commands.choices(side=SIDES)
    async def new(
        self,
        interaction: discord.Interaction,
        side: str = "A",
        start_player_priority: bool = False,
        chinatown: bool = False,
        chamber_of_commerce: bool = False,
        round_deadline_hours: app_commands.Range[float, 0, 720] = 0.0,
        reminder_hours: app_commands.Range[float, 0, 720] | None = None,
    ) -> None:
        options = {"side": side, "start_player_priority": start_player_priority, "chinatown": chinatown,
                   "chamber_of_commerce": chamber_of_commerce}
        await open_table(self.bot, interaction, KIND, options=options, deadline_hours=round_deadline_hours,
                         deadline_action="auto", reminder_hours=reminder_hours)

    @rollwrite.command(name="sheet", description="Show a player's current Roll & Write sheet.")
    @app_commands.describe(player="Whose sheet (default: yours)", game="Game number (default: this channel's game)")
    @app_commands.autocomplete(game=my_game_ids)
    async def sheet(self, interaction: discord.Interaction, player: discord.User | None = None,
                    game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await self._game_for_sheet(interaction, game, player)
        if row.state is None:
            raise ServiceError(_("Game #{game} has not started yet.").format(game=row.id))
        target = player.id if player is not None else interaction.user.id
        seat = row.seat_of(target)
        if seat is None:
            raise ServiceError(_("{player} is not playing in game #{game}; name a player who is.").format(
                player=mention(target), game=row.id) if player is not None else
                _("You are not playing in game #{game}; name a player with `player:`.").format(game=row.id))
        reply = await sheet_reply(self.bot, interaction.channel, row, seat, target)
        await interaction.followup.send(**reply, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    async def _game_for_sheet(self, interaction: discord.Interaction, game_id: int | None,
                              player: discord.User | None) -> GameRow:
        me = interaction.user.id
        if game_id is not None:
            # Scoped: another server's table, or someone else's private game, is "no such game".
            row = await self.bot.service.game(game_id)
            if row.kind != KIND:
                raise ServiceError(_("Game #{game} is not a Roll & Write game.").format(game=game_id))
            return row
        for statuses in (("active",), ("finished",)):
            # Inside a table's thread, the games are those of the channel the thread belongs to.
            channel_id = getattr(interaction.channel, "parent_id", None) or interaction.channel_id
            here = await self.bot.records.games(channel_id=channel_id, kind=KIND, mode="table",
                                            statuses=statuses)
            wanted = player.id if player is not None else me
            mine = [g for g in here if g.is_seated(wanted)]
            if mine or here:
                return (mine or here)[0]
        raise ServiceError(_("There is no Roll & Write game in this channel; name one with `game:`."))

    @rollwrite.command(name="solo", description="Play Roll & Write alone, privately, at your own pace.")
    @app_commands.describe(side="Sheet side for a new game", chinatown="Add Chinatown to a new game",
                           chamber_of_commerce="Add the Chamber of Commerce to a new game")
    @app_commands.choices(side=SIDES)
    async def solo(self, interaction: discord.Interaction, side: str = "A", chinatown: bool = False,
                   chamber_of_commerce: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        service, user = self.bot.service, interaction.user.id
        running = await self.bot.records.games(user_id=user, kind=KIND, mode="solo", statuses=("active",))
        if running:
            game_id = running[0].id
            note = _("Continuing your solo game #{game}. (To start afresh, give it up with {command}.)").format(
                game=game_id, command=f"`/table resign game:{game_id} confirm:yes`")
        else:
            row = await service.lobby.create(
                KIND, creator_id=user, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                options={"side": side, "chinatown": chinatown, "chamber_of_commerce": chamber_of_commerce},
                table_rules={"reminder_hours": 0.0}, mode="solo",
            )
            await service.lobby.start(row.id, user)
            game_id = row.id
            note = _("New solo game #{game}. Nobody else sees it; come back any time with `/rollwrite solo`.").format(
                game=game_id)
        await send_panel(interaction, game_id, note=note)


async def setup(bot: Host) -> None:
    await bot.add_cog(RollWrite(bot))
