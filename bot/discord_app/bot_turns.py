"""Bot seats play in the background: a person's click is answered and their panel updated at once, then the
AI thinks off the click, with a visible "… is thinking" line, and its turn post replaces that line.

The service plays bots only when asked (`TableService(bots_inline=False)`, `service.play.play_bots`); this runner asks,
one task per game in this process, and tells the turn. Nothing here is needed for correctness after a
restart: the move that led to a bot turn is saved, and a new process picks pending bot turns up at start
(`service.clock.bots_waiting`), the sweep after an hour. Two processes playing the same bot turn cannot both
write it (the version check), so the loser simply finds nothing left to play.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from bot.discord_app import languages
from bot.discord_app.game_ui import ui_for
from bot.discord_app.host import Host, LivePanel, thinking_line
from bot.discord_app.names import seat_names
from bot.discord_app.panels.channels import game_channel, is_private
from bot.discord_app.panels.decision import panel_message
from bot.discord_app.panels.text import clip, quiet_users, story_text
from bot.discord_app.panels.turn_post import announce
from bot.service import Outcome
from bot.service.scope import ANYWHERE, request_caller

log = logging.getLogger(__name__)

#: Bot turns one task plays in a row at most (a table of bots only: the sweep carries on).
_TURNS_IN_A_ROW = 64


class BotTurns:
    """One background task per game playing its bot seats' turns (`start`), and the panels to update after."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._panels: dict[int, dict[int, LivePanel]] = {}

    def start(self, game_id: int, panel: LivePanel | None = None) -> None:
        """Play the bot seats of `game_id` in the background (a task already at it looks again when done)."""
        if panel is not None:
            self._panels.setdefault(game_id, {})[panel.user_id] = panel
        task = self.tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        self.tasks[game_id] = asyncio.create_task(self._run(game_id), name=f"bot-turn-{game_id}")

    async def resume(self) -> list[int]:
        """At start: clear the "… is thinking" lines a stopped process left up, then play every bot turn it
        left pending (each posts a fresh line)."""
        await self.clear_stale_lines()
        try:
            pending = await self.bot.service.clock.bots_waiting()
        except Exception:
            log.exception("could not look for pending bot turns")
            return []
        for game_id in pending:
            log.info("game %s: picking up a pending bot turn", game_id)
            self.start(game_id)
        return pending

    async def clear_stale_lines(self) -> int:
        """Delete each "… is thinking" line still noted (its process died before its turn post replaced it)."""
        cleared = 0
        try:
            lines = await self.bot.records.thinking_lines()
        except Exception:
            log.exception("could not look for stale thinking lines")
            return 0
        for game_id, channel_id, message_id in lines:
            if game_id in self.tasks:
                continue  # this process is at it
            with contextlib.suppress(discord.NotFound):
                try:
                    await self.bot.get_partial_messageable(channel_id).get_partial_message(message_id).delete()
                except discord.HTTPException:
                    log.info("could not delete the stale thinking line of game %s", game_id, exc_info=True)
                    continue
            await self.bot.records.clear_thinking(game_id)
            cleared += 1
        return cleared

    async def wait(self) -> None:
        """Wait for every bot turn running now (tests, benchmarks, shutdown)."""
        while running := [t for t in self.tasks.values() if not t.done()]:
            await asyncio.gather(*running, return_exceptions=True)

    async def _run(self, game_id: int) -> None:
        request_caller.set(ANYWHERE)  # the bot acts for itself, not for whoever clicked
        told: list[str] = []
        try:
            while True:
                self._again.discard(game_id)
                await self._turns(game_id, told)
                if game_id not in self._again:
                    break
        except Exception:  # the move before is saved; the sweep or a restart tries again
            log.exception("game %s: the bot's turn could not be played or told", game_id)
        finally:
            if self.tasks.get(game_id) is asyncio.current_task():
                del self.tasks[game_id]
            panels = self._panels.pop(game_id, {})
            for panel in panels.values():
                await self._refresh(game_id, panel, told)

    async def _turns(self, game_id: int, told: list[str]) -> None:
        service = self.bot.service
        for _ in range(_TURNS_IN_A_ROW):
            game, engine, state = await service.load(game_id)
            if game.status != "active" or state is None:
                return
            bots = sorted(set(engine.to_act(state)) & game.bot_seats())
            if not bots:
                return
            names = await seat_names(self.bot, game)
            thinking = await self._post_thinking(game_id, names, bots)
            try:
                outcome = await service.play.play_bots(game_id)
            except BaseException:
                await self._done_thinking(game_id, thinking, delete=True)
                raise
            if outcome is None:
                await self._done_thinking(game_id, thinking, delete=True)
                continue  # someone moved meanwhile: look again (the loop ends when no bot owes)
            quiet = {p.user_id for p in self._panels.get(game_id, {}).values() if p.fresh()}
            token = quiet_users.set(frozenset(quiet))
            try:
                await announce(self.bot, outcome, replace=thinking)
            finally:
                quiet_users.reset(token)
                await self._done_thinking(game_id, thinking, delete=False)
            # A turn's story is told whole once it is over (the story of a turn still going is a part of it).
            text = story_text(outcome.story, names, game.bot_seats())
            if text and (outcome.newly_waiting or outcome.bots_next or outcome.finished):
                told.append(text)
            if not outcome.bots_owe:
                return

    async def _post_thinking(self, game_id: int, names: list[str], bots: list[int]) -> discord.Message | None:
        """The "… is thinking" line in the game's thread (its turn post replaces it); none for a private game
        or a game with its own announcer (Roll & Write speaks once a round)."""
        game = await self.bot.service.game(game_id)
        own_announcer = ui_for(game.kind).announcer(game.mode) is not None
        if game.mode != "table" or own_announcer or await is_private(self.bot, game):
            return None
        channel = await game_channel(self.bot, game)
        if channel is None:
            return None
        async with languages.public(self.bot, game.guild_id):
            line = thinking_line(names, bots)
        try:
            posted = await channel.send(line, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("could not post the thinking line of game %s", game_id, exc_info=True)
            return None
        # Noted, so a process killed before its turn post replaces the line lets the next one clear it.
        await self.bot.records.note_thinking(game_id, posted.channel.id, posted.id)
        return posted

    async def _done_thinking(self, game_id: int, line: discord.Message | None, *, delete: bool) -> None:
        if line is None:
            return
        if delete:
            await _delete(line)
        with contextlib.suppress(Exception):
            await self.bot.records.clear_thinking(game_id)

    async def _refresh(self, game_id: int, panel: LivePanel, told: list[str]) -> None:
        """The person's panel after the bot's turn: what the bot did, then their next decision (or the end)."""
        if not panel.fresh():
            return
        try:
            game = await self.bot.service.game(game_id)
            yours = panel.user_id in (await self.bot.service.summary(game)).waiting_on
            note = clip("\n".join(told), 1200)
            kwargs = await panel_message(self.bot, game_id, panel.user_id, name=panel.name, note=note,
                                         picture=True if yours or game.status != "active" else None)
            await panel.interaction.edit_original_response(**kwargs)
        except Exception:  # a panel that cannot be refreshed is refreshed by its own button
            log.info("could not refresh the panel of %s in game %s", panel.user_id, game_id, exc_info=True)


async def _delete(message: discord.Message | None) -> None:
    if message is not None:
        with contextlib.suppress(discord.HTTPException):
            await message.delete()


def outcome_waits_on_bots(outcome: Outcome, user_id: int) -> bool:
    """Whether, after `user_id`'s change, they wait on bot seats (their panel shows the thinking line)."""
    return bool(outcome.bots_owe) and user_id not in outcome.waiting_on and not outcome.finished
