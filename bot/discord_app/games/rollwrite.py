"""Roll & Write on Discord: its UI description (`GameUI`) and what its cogs share.

The decisions themselves go through the generic private panels (`panels.decision`). What is particular to
Roll & Write is here: the round's sets in every panel and in the post that opens a table, text between
pictures (the whole sheet after every click weighed ~20 MB a game), a public post when a round ends
(what everyone did, then the next round's sets) instead of one per decision, the start player's priority
announced to the others, the final scoring with every sheet, the ranking with tie-breakers and the
achievements, and the daily challenge's result line (`/daily`, `cogs/daily.py`). The commands
(`/rollwrite`, `/daily`) are in their cogs; this is the one module of them that imports the game.
"""

from __future__ import annotations

import io
import logging
from typing import Any, Protocol

import discord

from bot.discord_app import rollwrite_text as text
from bot.discord_app.community import turn_notices
from bot.discord_app.game_ui import GameUI
from bot.discord_app.host import Host
from bot.discord_app.names import by_name, fill, picture_name, seat_names
from bot.discord_app.panels.channels import channel_by_id, game_channel
from bot.discord_app.panels.decision import public_view
from bot.discord_app.panels.pictures import lead_files
from bot.discord_app.panels.text import alt_text, clip, mention, only, quiet_users
from bot.service import Outcome
from bot.service.outcomes import Clause
from bot.service.records import GameRow, is_bot_user
from engine.core import State, seat_token
from engine.rollwrite import GAME
from engine.rollwrite.scoring import tie_break_key
from i18n import N_, _
from rendering import pool as drawing
from rendering.rollwrite.renderer import RENDERER

log = logging.getLogger(__name__)

KIND = "rollwrite"
#: Discord takes at most 10 attachments per message.
FILES_PER_MESSAGE = 10


# ----- pictures ------------------------------------------------------------------------------------
async def png(view: dict[str, Any], name: str | None = None) -> bytes:
    """The renderer's picture of `view` (a seat's sheet titled `name`, or the sets / scoreboard), off the loop."""
    return await drawing.draw(RENDERER.picture(view, name=name))


def as_file(data: bytes, filename: str, *, spoiler: bool = False, description: str = "") -> discord.File:
    return discord.File(io.BytesIO(data), filename=filename, spoiler=spoiler,
                        description=alt_text(description or _("A picture of a Roll & Write game.")))


async def sheet_file(
    state: State, seat: int, filename: str, *, spoiler: bool = False, name: str | None = None
) -> discord.File | None:
    view = GAME.view(state, seat)
    data = await png(view, name)
    names = [name or "" if s == seat else "" for s in range(len(view["seats"]))]
    said = RENDERER.description(view, names=names)
    whose = name or _("player {n}").format(n=seat + 1)
    return as_file(data, filename, spoiler=spoiler,
                   description=_("The Roll & Write sheet of {player}.").format(player=whose) + " " + said)


def told_by_seat(story: list[Clause], names: list[str]) -> dict[int, list[str]]:
    """The round's decisions of each seat, in the current locale (the turn story, worded for every language
    when played), without the seat's name in front: {seat: ["Hauptaktion in Kirche — +2 Glaube", …]}."""
    name_of = by_name(names)
    told: dict[int, list[str]] = {}
    for clause in story:
        worded = clause.worded().strip()
        token = seat_token(clause.seat)
        # A label is told "{seat}: {label}" (German "{seat} wählt: {label}"): the summary names the seat itself.
        teller = _("{seat}: {label}").split("{label}")[0].format(seat=token)
        if teller.strip() and worded.startswith(teller):
            worded = worded[len(teller):]
        elif worded.startswith(token):
            worded = worded[len(token):].lstrip(" :：")
        if worded:
            told.setdefault(clause.seat, []).append(fill(worded, name_of))
    return told


async def channel_of(bot: Host, channel_id: int | None) -> discord.abc.Messageable | None:
    return None if channel_id is None else await channel_by_id(bot, channel_id)


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
            await thread.send(_("The game is over; the final result is posted in the channel."),
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
            after.append(_("The deadline passed, so the bot finished the round for {players}.").format(
                players=", ".join(text.who(game, s) for s in late)))
        after += text.sets_lines(view)
        start = view["start_player"]
        if start is not None and view["options"].get("start_player_priority"):
            after.append(_("{player} is the start player and chooses a set first.").format(
                player=text.who(game, start)))
        after.append(_("Your turn: {players}").format(players=", ".join(mention(u) for u in outcome.waiting_on)))
        pinged = await _notify(bot, outcome, channel, view, outcome.waiting_on, mover, after)
        budget = 2000 - sum(len(line) + 1 for line in after)
        names = await seat_names(bot, game)
        told = told_by_seat(outcome.story, names)
        lines = text.round_summary(game, view, before_round, budget, told) + after
        # The post leads with the phone picture (who plays, the round just played, the scores); the sets
        # picture is one tap away ("Full board"), and the sets are listed in the text.
        story = "\n".join(text.player_did(names[e["seat"]], told.get(e["seat"], []))
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
    stage = _("round {round} of {rounds}").format(round=view["round"], rounds=view["rounds"])
    return await turn_notices(bot, outcome, channel, [u for u in waiting if u != mover and u not in quiet], lines,
                              stage=stage)


async def post_final(bot: Host, channel: discord.abc.Messageable, game: GameRow, state: State,
                     ended_by: int | None = None) -> None:
    """The ranking and achievements with the scoreboard picture, then every player's final sheet."""
    view = GAME.view(state, None)
    tie_breaks = [tie_break_key(ps) for ps in state["sheets"]]
    lines = text.ranking_lines(game, view, tie_breaks)
    names = [await picture_name(bot, channel, game.user_of(seat), seat) for seat in range(state["players"])]
    places = text.final_places(game, view, tie_breaks)
    data = await drawing.draw(RENDERER.scoreboard(view, names=names, places=places))
    files = [as_file(data, f"rollwrite-{game.id}-scores.png",
                     description=_("Final scores.") + " " + RENDERER.description(view, names=names))]
    everyone = [s.user_id for s in game.seats if not is_bot_user(s.user_id)]
    lines.append(_("Thanks for playing, {players}!").format(players=", ".join(mention(u) for u in everyone)))
    messages = text.messages(lines)  # 20 players' ranking and achievements exceed one message
    for n, message in enumerate(messages):
        # The end of the game notifies every seated player, once: the last message holds the thanks.
        await channel.send(message, files=files if n == 0 else [],
                           allowed_mentions=only([u for u in everyone if u != ended_by]) if n == len(messages) - 1
                           else discord.AllowedMentions.none())
    seats = list(range(state["players"]))
    for start in range(0, len(seats), FILES_PER_MESSAGE):
        chunk = seats[start:start + FILES_PER_MESSAGE]
        sheets = [await sheet_file(state, seat, f"rollwrite-{game.id}-seat-{seat + 1}.png", name=names[seat])
                  for seat in chunk]
        await channel.send(
            _("Final sheets: {players}").format(
                players=", ".join(f"{seat + 1}. {text.who(game, seat)}" for seat in chunk)),
            files=[f for f in sheets if f is not None], allowed_mentions=discord.AllowedMentions.none())


async def sheet_reply(bot: Host, channel: Any, row: GameRow, seat: int, target: int) -> dict[str, Any]:
    """`/rollwrite sheet`: one player's sheet in words and as a picture titled with their name."""
    assert row.state is not None
    state = GAME.load(row.state)
    name = await picture_name(bot, channel, target, seat)
    picture = await sheet_file(state, seat, f"rollwrite-{row.id}-seat-{seat + 1}.png", name=name)
    return {"content": clip("\n".join(text.sheet_lines(row, GAME.view(state, None), seat)), 2000),
            "files": [picture] if picture else []}


class DailyResults(Protocol):
    """The daily challenge's cog (`cogs.daily.Daily`), as its announcer finds it on the bot."""

    async def announce_result(self, outcome: Outcome) -> None: ...


async def announce_daily(bot: Host, outcome: Outcome) -> None:
    """A daily attempt's posts: its result line, by this bot's own Daily cog (nothing without one)."""
    cog = bot.get_cog("Daily")
    if cog is not None and hasattr(cog, "announce_result"):
        daily: DailyResults = cog
        await daily.announce_result(outcome)


UI = GameUI(
    KIND,
    renderer=RENDERER,
    panel_notes=text.panel_notes,
    public_notes=text.public_notes,
    between_pictures=N_("Show my sheet"),
    announcers={"table": announce_table, "daily": announce_daily},
)
