"""/rollwrite: Yokohama Roll & Write at a table in a channel, or solo at your own pace.

The decisions themselves go through the generic private panels (panels.py). This cog adds what
is particular to Roll & Write: the table options, the round's sets in every panel, a public
post when a round ends (what everyone did, then the next round's sets), the start player's
priority announced to the others, any player's sheet on request, and the final scoring with
every sheet, the ranking with tie-breakers, and the achievements.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app import rollwrite_text as text
from bot.discord_app.cogs.common import my_game_ids, open_table
from bot.discord_app.community import turn_notices
from bot.discord_app.host import Host
from bot.discord_app.names import bot_name, seat_names
from bot.discord_app.panels import (
    ANNOUNCERS,
    PANEL_NOTES,
    PUBLIC_NOTES,
    TEXT_BETWEEN_PICTURES,
    clip,
    game_channel,
    lead_files,
    mention,
    only,
    public_view,
    quiet_users,
    send_panel,
)
from bot.service import Outcome, ServiceError
from bot.storage import GameRow, is_bot_user
from engine.core import State
from engine.rollwrite import GAME
from engine.rollwrite.scoring import tie_break_key
from rendering import picture_for
from rendering import pool as drawing

log = logging.getLogger(__name__)

KIND = "rollwrite"
#: Discord takes at most 10 attachments per message.
FILES_PER_MESSAGE = 10
SIDES = [app_commands.Choice(name="Side A (basic sheet)", value="A"),
         app_commands.Choice(name="Side B (advanced sheet)", value="B")]


# ----- pictures ------------------------------------------------------------------------------------
async def png(view: dict[str, Any], name: str | None = None) -> bytes | None:
    """The renderer's picture of `view` (a seat's sheet titled `name`, or the sets / scoreboard), off the loop."""
    picture = picture_for(KIND)
    if picture is None:
        return None
    return await drawing.draw(picture, view, name) if name else await drawing.draw(picture, view)


def as_file(data: bytes, filename: str, *, spoiler: bool = False) -> discord.File:
    return discord.File(io.BytesIO(data), filename=filename, spoiler=spoiler)


def scoreboard_png(view: dict[str, Any], names: list[str], places: list[int]) -> bytes | None:
    """The final scoreboard with players' names and our places (resigned players last) when the renderer
    offers that, else its generic picture."""
    picture = picture_for(KIND)
    if picture is None:
        return None
    render = getattr(importlib.import_module(f"rendering.{KIND}"), "render_scoreboard", None)
    return render(view, names, places) if render is not None else picture(view)


async def display_name(bot: Host, channel: Any, user_id: int | None, seat: int) -> str:
    """A name to print in a picture (pictures cannot hold mentions): server nickname, else user name."""
    if user_id is None:
        return f"Player {seat + 1}"
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
    return user.display_name if user is not None else f"Player {seat + 1}"


async def sheet_file(
    state: State, seat: int, filename: str, *, spoiler: bool = False, name: str | None = None
) -> discord.File | None:
    data = await png(GAME.view(state, seat), name)
    return as_file(data, filename, spoiler=spoiler) if data is not None else None


async def channel_of(bot: Host, channel_id: int | None) -> discord.abc.Messageable | None:
    if channel_id is None:
        return None
    channel = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except discord.HTTPException:
            log.warning("channel %s is gone", channel_id)
            return None
    return channel  # type: ignore[return-value]


# ----- the public posts of a channel game ------------------------------------------------------------
async def announce_table(bot: Host, outcome: Outcome) -> None:
    """Replaces the generic per-turn post: Roll & Write speaks once per round, not once per decision."""
    game, state = outcome.game, outcome.state
    if state is None:
        return
    channel = await game_channel(bot, game, lobby=outcome.finished)
    if channel is None or outcome.undo:
        return
    if outcome.finished:
        # The player whose click ended it sees the end on their panel: named, not pinged.
        ended_by = next((a.user_id for a in outcome.applied if a.origin == "player"), None)
        await post_final(bot, channel, game, state, ended_by)
        thread = await game_channel(bot, game)
        if thread is not None and getattr(thread, "id", None) != getattr(channel, "id", None):
            await thread.send("The game is over; the final result is posted in the channel.",
                              allowed_mentions=discord.AllowedMentions.none())
        return
    # The player whose click ended the round is named in the post, never pinged.
    mover = next((a.user_id for a in outcome.applied if a.origin == "player"), None)
    before_round = outcome.before["round"] if outcome.before is not None else 0
    new_round = state["round"] != before_round
    if not new_round and not outcome.newly_waiting:
        return  # a player finished their round; the others are still at it
    view = GAME.view(state, None)
    late = sorted({a.seat for a in outcome.applied if a.origin == "timeout"})
    if new_round:
        # Not only when someone is newly waiting: with start player priority, the last player of a round
        # may be the next round's start player, who owed a decision before and after.
        after: list[str] = []
        if late:
            after.append("The deadline passed, so the bot finished the round for "
                         + ", ".join(text.who(game, s) for s in late) + ".")
        after += text.sets_lines(view)
        start = view["start_player"]
        if start is not None and view["options"].get("start_player_priority"):
            after.append(f"{text.who(game, start)} is the start player and chooses a set first.")
        after.append("Your turn: " + ", ".join(mention(u) for u in outcome.waiting_on))
        pinged = await _notify(bot, outcome, channel, view, outcome.waiting_on, mover, after)
        budget = 2000 - sum(len(line) + 1 for line in after)
        lines = text.round_summary(game, view, before_round, budget) + after
        # The post leads with the phone picture (who plays, the round just played, the scores); the sets
        # picture is one tap away ("Full board"), and the sets are listed in the text.
        names = await seat_names(bot, game)
        story = "\n".join(f"{names[e['seat']]}: {'; '.join(e['sheet']['turn']['previous_events']) or 'nothing'}."
                          for e in view["seats"] if e["seat"] < len(names))
        files = await lead_files(KIND, view, game.id, names, story)
    else:
        lines = text.priority_lines(game, view, outcome.newly_waiting)
        files = []
        pinged = await _notify(bot, outcome, channel, view, outcome.newly_waiting, mover, lines)
    await channel.send(clip("\n".join(lines), 2000), files=files, view=public_view(game.id),
                       allowed_mentions=only(pinged))


async def _notify(bot: Host, outcome: Outcome, channel: Any, view: dict[str, Any], waiting: list[int],
                  mover: int | None, lines: list[str]) -> list[int]:
    """Tell the players a round (or the start player's pick) now waits on, each as they chose with
    `/settings me notify:` (`community.turn_notices`: a DM with the game, what is asked and the thread's link;
    closed DMs fall back to the mention), and return whom the post pings. Nobody whose open panel already
    shows it is told: not the mover (their click's answer is their next decision), nor anyone whose panel
    the bot's turns update in place (`quiet_users`). `lines` gets the "away until" line, if anyone is away;
    the DM names the round (`view`, the public view)."""
    quiet = quiet_users.get()
    stage = f"round {view['round']} of {view['rounds']}"
    return await turn_notices(bot, outcome, channel, [u for u in waiting if u != mover and u not in quiet], lines,
                              stage=stage)


async def post_final(bot: Host, channel: discord.abc.Messageable, game: GameRow, state: State,
                     ended_by: int | None = None) -> None:
    """The ranking and achievements with the scoreboard picture, then every player's final sheet."""
    view = GAME.view(state, None)
    tie_breaks = [tie_break_key(ps) for ps in state["sheets"]]
    lines = text.ranking_lines(game, view, tie_breaks)
    names = [await display_name(bot, channel, game.user_of(seat), seat) for seat in range(state["players"])]
    places = text.final_places(game, view, tie_breaks)
    data = await drawing.draw(scoreboard_png, view, names, places)
    files = [as_file(data, f"rollwrite-{game.id}-scores.png")] if data else []
    everyone = [s.user_id for s in game.seats if not is_bot_user(s.user_id)]
    lines.append("Thanks for playing, " + ", ".join(mention(u) for u in everyone) + "!")
    messages = text.messages(lines)  # 20 players' ranking and achievements exceed one message
    for n, message in enumerate(messages):
        # The end of the game notifies every seated player, once: the last message holds the thanks.
        await channel.send(message, files=files if n == 0 else [],
                           allowed_mentions=only([u for u in everyone if u != ended_by]) if n == len(messages) - 1
                           else discord.AllowedMentions.none())
    if picture_for(KIND) is None:
        return
    seats = list(range(state["players"]))
    for start in range(0, len(seats), FILES_PER_MESSAGE):
        chunk = seats[start:start + FILES_PER_MESSAGE]
        sheets = [await sheet_file(state, seat, f"rollwrite-{game.id}-seat-{seat + 1}.png", name=names[seat])
                  for seat in chunk]
        await channel.send(
            "Final sheets: " + ", ".join(f"{seat + 1}. {text.who(game, seat)}" for seat in chunk),
            files=[f for f in sheets if f is not None], allowed_mentions=discord.AllowedMentions.none())


def register_hooks() -> None:
    """Tell the generic panels how Roll & Write differs (idempotent; safe for several bots)."""
    PANEL_NOTES[KIND] = text.panel_notes
    PUBLIC_NOTES[KIND] = text.public_notes
    TEXT_BETWEEN_PICTURES[KIND] = "Show my sheet"
    ANNOUNCERS[(KIND, "table")] = announce_table


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
            raise ServiceError(f"Game #{row.id} has not started yet.")
        target = player.id if player is not None else interaction.user.id
        seat = row.seat_of(target)
        if seat is None:
            raise ServiceError(f"{mention(target)} is not playing in game #{row.id}; name a player who is."
                               if player is not None else
                               f"You are not playing in game #{row.id}; name a player with `player:`.")
        state = GAME.load(row.state)
        name = await display_name(self.bot, interaction.channel, target, seat)
        picture = await sheet_file(state, seat, f"rollwrite-{row.id}-seat-{seat + 1}.png", name=name)
        await interaction.followup.send(
            clip("\n".join(text.sheet_lines(row, GAME.view(state, None), seat)), 2000),
            files=[picture] if picture else [], ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    async def _game_for_sheet(self, interaction: discord.Interaction, game_id: int | None,
                              player: discord.User | None) -> GameRow:
        me = interaction.user.id
        if game_id is not None:
            # Scoped: another server's table, or someone else's private game, is "no such game".
            row = await self.bot.service.game(game_id)
            if row.kind != KIND:
                raise ServiceError(f"Game #{game_id} is not a Roll & Write game.")
            return row
        storage = self.bot.storage
        for statuses in (("active",), ("finished",)):
            # Inside a table's thread, the games are those of the channel the thread belongs to.
            channel_id = getattr(interaction.channel, "parent_id", None) or interaction.channel_id
            here = await storage.list_games(channel_id=channel_id, kind=KIND, mode="table",
                                            statuses=statuses)
            wanted = player.id if player is not None else me
            mine = [g for g in here if g.is_seated(wanted)]
            if mine or here:
                return (mine or here)[0]
        raise ServiceError("There is no Roll & Write game in this channel; name one with `game:`.")

    @rollwrite.command(name="solo", description="Play Roll & Write alone, privately, at your own pace.")
    @app_commands.describe(side="Sheet side for a new game", chinatown="Add Chinatown to a new game",
                           chamber_of_commerce="Add the Chamber of Commerce to a new game")
    @app_commands.choices(side=SIDES)
    async def solo(self, interaction: discord.Interaction, side: str = "A", chinatown: bool = False,
                   chamber_of_commerce: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        service, user = self.bot.service, interaction.user.id
        running = await self.bot.storage.list_games(user_id=user, kind=KIND, mode="solo", statuses=("active",))
        if running:
            game_id = running[0].id
            note = (f"Continuing your solo game #{game_id}. (To start afresh, give it up with "
                    f"`/table resign game:{game_id} confirm:yes`.)")
        else:
            row = await service.lobby.create(
                KIND, creator_id=user, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                options={"side": side, "chinatown": chinatown, "chamber_of_commerce": chamber_of_commerce},
                table_rules={"reminder_hours": 0.0}, mode="solo",
            )
            await service.lobby.start(row.id, user)
            game_id = row.id
            note = (f"New solo game #{game_id}. Nobody else sees it; come back any time with `/rollwrite solo`.")
        await send_panel(interaction, game_id, note=note)


async def setup(bot: Host) -> None:
    register_hooks()
    await bot.add_cog(RollWrite(bot))
