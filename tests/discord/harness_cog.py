"""A small test-only bot that exercises every harness feature (not product code).

It has a slash-command group with a subgroup and typed options, an ephemeral reply, a deferred reply with a
PNG and an embed, a channel message carrying a ``DynamicItem`` button, a select, a modal, a DM, an admin-only
command behind both ``default_permissions`` and a ``has_permissions`` check, and one command that sends a payload
Discord would refuse.
"""

from __future__ import annotations

import asyncio
import io
import re

import discord
from discord import app_commands
from discord.ext import commands

from tests.harness.discord_fake import png_bytes

#: Results of the token-expiry scenario, read by the tests.
DELIVERY_ERRORS: list[int] = []
GATE: dict[str, asyncio.Event] = {}
TASKS: set[asyncio.Task[None]] = set()


class Counter(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"test:(?P<n>[0-9]+)"):
    """A stateless counter button: all its state is in the custom_id, so it survives restarts."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", style=discord.ButtonStyle.primary,
                                           custom_id=f"test:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[discord.ui.View], match: re.Match[str], /
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"Counted to {self.n + 1} by {interaction.user.name}",
                                                view=view)


class Pick(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=r"pick:(?P<game>[0-9]+)"):
    """A select whose choice is answered ephemerally."""

    def __init__(self, game: int) -> None:
        options = [discord.SelectOption(label=f"Option {i}", value=str(i)) for i in range(3)]
        super().__init__(discord.ui.Select(custom_id=f"pick:{game}", options=options, placeholder="Choose"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[discord.ui.View], match: re.Match[str], /
    ) -> Pick:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Game {self.game}: you chose {self.item.values}", ephemeral=True)


class NoteModal(discord.ui.Modal, title="Leave a note"):
    note: discord.ui.TextInput[NoteModal] = discord.ui.TextInput(label="Note", custom_id="note", max_length=50)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Noted: {self.note.value}", ephemeral=True)


class PlayCog(commands.GroupCog, group_name="play", group_description="Test games"):
    admin = app_commands.Group(name="admin", description="Admin tools")

    @app_commands.command(name="new", description="Start a test game")
    @app_commands.describe(side="Sheet side", seats="Number of seats", rival="Who to play against")
    @app_commands.choices(side=[app_commands.Choice(name="A", value="A"), app_commands.Choice(name="B", value="B")])
    async def new(
        self, interaction: discord.Interaction, side: str, seats: app_commands.Range[int, 1, 4] = 2,
        rival: discord.Member | None = None,
    ) -> None:
        against = f" against {rival.mention}" if rival is not None else ""
        await interaction.response.send_message(f"New game on side {side} with {seats} seats{against}.",
                                                ephemeral=True)

    @app_commands.command(name="picture", description="Show the board")
    async def picture(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        data = await asyncio.to_thread(png_bytes, 8, 6)
        embed = discord.Embed(title="Board", description="Round 1").set_image(url="attachment://board.png")
        board = discord.File(io.BytesIO(data), filename="board.png", description="A test board.")
        await interaction.followup.send(embed=embed, file=board)

    @app_commands.command(name="post", description="Post a counter in the channel")
    async def post(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(0))
        view.add_item(Pick(7))
        await interaction.channel.send("Click to count", view=view)  # type: ignore[union-attr]
        await interaction.response.send_message("Posted.", ephemeral=True)

    @app_commands.command(name="note", description="Leave a note")
    async def note(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NoteModal())

    @app_commands.command(name="remind", description="Remind a player by DM")
    async def remind(self, interaction: discord.Interaction, player: discord.User) -> None:
        try:
            await player.send(f"{interaction.user.name} is waiting for you.")
        except discord.Forbidden:
            await interaction.response.send_message(f"{player.name} does not accept DMs.", ephemeral=True)
            return
        await interaction.response.send_message("Reminder sent.", ephemeral=True)

    @app_commands.command(name="dmpanel", description="Send yourself a counter by DM")
    async def dmpanel(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(10))
        await interaction.user.send("Your private counter", view=view)
        await interaction.response.send_message("Check your DMs.", ephemeral=True)

    @app_commands.command(name="announce", description="Answer, then announce from a background task")
    async def announce(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Announcing.", ephemeral=True)
        channel = interaction.channel

        async def later() -> None:
            await asyncio.to_thread(png_bytes)  # some slow work off the loop first
            await channel.send("Announcement!")  # type: ignore[union-attr]

        TASKS.add(asyncio.create_task(later()))

    @app_commands.command(name="slow", description="Defer, wait for the test, then follow up")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await GATE.setdefault("slow", asyncio.Event()).wait()
        try:
            await interaction.followup.send("Done at last.", ephemeral=True)
        except discord.HTTPException as exc:
            DELIVERY_ERRORS.append(exc.code)

    @app_commands.command(name="broken", description="Sends a button label Discord refuses")
    async def broken(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="x" * 81, custom_id="too-long"))
        await interaction.response.send_message("Look:", view=view)

    @app_commands.command(name="find", description="Find a game by name")
    async def find(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(f"Found {name}.", ephemeral=True)

    @find.autocomplete("name")
    async def find_name(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        names = ("Yokohama", "Yokohama Duel", "Roll & Write")
        return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()]

    @app_commands.command(name="forgetful", description="Defers and never follows up (a bug)")
    async def forgetful(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)

    @admin.command(name="reset", description="Reset the test server (Manage Server only)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def reset(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Reset done.", ephemeral=True)


class AdminCog(commands.Cog):
    @app_commands.command(name="wipe", description="Wipe everything (hidden from non-admins)")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def wipe(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Wiped.", ephemeral=True)


class HarnessBot(commands.Bot):
    """The bot under test: loads the cogs and registers the dynamic items at start-up, like a real bot."""

    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None)

    async def setup_hook(self) -> None:
        await self.add_cog(PlayCog())
        await self.add_cog(AdminCog())
        self.add_dynamic_items(Counter, Pick)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        await self.tree.sync()

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.MissingPermissions):
            text = "Only members with the Manage Server permission can do that."
        else:
            text = "Something went wrong."
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass  # the token expired: nobody is left to tell
