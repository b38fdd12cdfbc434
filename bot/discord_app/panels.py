"""Decision panels, lobby buttons and turn announcements, shared by every game.

No game state lives in a View: each button and menu carries what it needs in its
`custom_id` (game id, state version, option index) and is rebuilt by a
`discord.ui.DynamicItem` registered at start-up, so panels keep working after a restart.
A click on a panel whose version is no longer current gets the current panel instead.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_app.errors import report
from bot.service import Decision, GameClosed, GameMovedOn, GameSummary, NotYourTurn, Outcome, TableService
from bot.service.scope import request_server
from bot.service.tables import deadline_text
from bot.storage import GameRow
from engine.core import get_game
from rendering import picture_for

if TYPE_CHECKING:
    from bot.discord_app.client import YokohamaBot

log = logging.getLogger(__name__)

PAGE = 25
BUTTONS_UP_TO = 5  # with this many options or fewer, one click per option
NO_MENTIONS_BUT_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)

# ----- game-specific hooks ------------------------------------------------------------------------
# The panels and announcements here work for every game. A game's own cog may register hooks to say
# more (Roll & Write lists the round's dice-and-card sets and posts a round summary); a game without
# hooks keeps the generic behaviour. Hooks are plain functions of data, so one registration serves
# every bot instance in the process (tests build several).

#: kind -> lines added under the header of a seat's private panel: (game, view for that seat, seat).
PanelNotes = Callable[[GameRow, dict[str, Any], int], list[str]]
PANEL_NOTES: dict[str, PanelNotes] = {}
#: kind -> lines added to the public message that opens a game: (game, public view).
PublicNotes = Callable[[GameRow, dict[str, Any]], list[str]]
PUBLIC_NOTES: dict[str, PublicNotes] = {}
#: (kind, mode) -> replaces `announce` for those games (e.g. the daily challenge's result line).
Announcer = Callable[["YokohamaBot", Outcome], Awaitable[None]]
ANNOUNCERS: dict[tuple[str, str], Announcer] = {}
# A panel's buttons carry the seat's decision stamp (`Decision.stamp`: the engine's `decision_stamp` plus
# the seat's own move count), so in simultaneous phases another player's move never bounces a panel.


def service_of(interaction: discord.Interaction) -> TableService:
    bot: YokohamaBot = interaction.client  # type: ignore[assignment]
    return bot.service


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    """Run a component callback; any failure reaches the user through the one error handler.

    It also tells the service which server the click comes from, so a table is only ever acted on
    from its own server (`bot.service.scope`).
    """
    token = request_server.set(interaction.guild_id)
    try:
        await work()
    except Exception as exc:  # noqa: BLE001 - the handler logs and answers
        await report(interaction, exc)
    finally:
        request_server.reset(token)


def on_private_message(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is ephemeral: only such a message may be edited into a private panel.

    A panel's buttons on a public message (a modified client, an old message) would otherwise turn that
    public message into the clicker's panel, hidden cards and all.
    """
    message = interaction.message
    return message is not None and message.flags.ephemeral


async def panel_click(
    interaction: discord.Interaction, game_id: int, work: Callable[[], Awaitable[None]]
) -> None:
    """Run a click on a private panel's button; on a public message, answer with a fresh private panel."""
    async def checked() -> None:
        if not on_private_message(interaction):
            await send_panel(interaction, game_id,
                             note="⚠️ That button belongs on a private panel; here is yours. Nothing was changed.")
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


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def draw(
    kind: str, view: dict[str, Any], filename: str, *, spoiler: bool = False, name: str | None = None
) -> discord.File | None:
    """The picture of `view` as an attachment, drawn off the event loop; None if the game has no renderer."""
    picture = picture_for(kind)
    if picture is None:
        return None
    data = await asyncio.to_thread(picture, view, name) if name else await asyncio.to_thread(picture, view)
    return discord.File(io.BytesIO(data), filename=filename, spoiler=spoiler)


# ----- the decision panel --------------------------------------------------------------------
async def panel_message(
    service: TableService, game_id: int, user_id: int, *, note: str = "", name: str | None = None
) -> dict[str, Any]:
    """Keyword arguments for sending or editing `user_id`'s private panel for `game_id`.

    `name` (the user's display name) titles their own picture where the renderer takes one.
    """
    game, engine, state = await service.load(game_id)
    headline = engine.headline(state) if state is not None else ""
    header = f"**{engine.title} #{game.id}**" + (f" — {headline}" if headline else "")
    notes_for = PANEL_NOTES.get(game.kind)
    seat = game.seat_of(user_id)
    try:
        decision = await service.decision(game_id, user_id)
    except NotYourTurn as exc:
        lines = [header, *([note] if note else [])]
        if notes_for is not None and state is not None and seat is not None:
            lines += notes_for(game, engine.view(state, seat), seat)
        lines.append(exc.message)
        return {"content": clip("\n".join(lines), 2000), "view": refresh_view(game_id), "attachments": []}
    except GameClosed:
        # The player's own last decision may have ended the game: show the result, not an error.
        if game.status not in ("finished", "abandoned") or seat is None or state is None:
            raise
        seat_view = engine.view(state, seat)
        picture = await draw(game.kind, seat_view, f"game-{game.id}-you.png", name=name)
        lines = [header, *([note] if note else [])]
        if notes_for is not None:
            lines += notes_for(game, seat_view, seat)
        lines.append(final_standings(game))
        return {"content": clip("\n".join(lines), 2000), "view": None,
                "attachments": [picture] if picture is not None else []}
    files = []
    seat_view = engine.view(state, decision.seat) if state is not None else None
    if seat_view is not None:
        picture = await draw(game.kind, seat_view, f"game-{game.id}-you.png", name=name)
        if picture is not None:
            files.append(picture)
    lines = [header]
    if note:
        lines.append(note)
    if notes_for is not None and seat_view is not None:
        lines += notes_for(game, seat_view, decision.seat)
    lines.append(f"**{decision.prompt or 'Your decision'}**")
    if len(decision.options) > PAGE:
        lines.append(f"{len(decision.options)} options; use the arrows to see them all.")
    return {
        "content": clip("\n".join(lines), 2000),
        "view": decision_view(decision, page=0, stamp=decision.stamp),
        "attachments": files,
    }


def decision_view(decision: Decision, *, page: int, stamp: str = "") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    options = decision.options
    if len(options) <= BUTTONS_UP_TO:
        for choice in options:
            view.add_item(ChoiceButton(decision.game_id, decision.version, choice.index, choice.label, stamp))
    else:
        pages = (len(options) + PAGE - 1) // PAGE
        page = max(0, min(page, pages - 1))
        shown = options[page * PAGE:(page + 1) * PAGE]
        view.add_item(ChoiceSelect(decision.game_id, decision.version, page, shown, stamp))
        if pages > 1:
            if page > 0:
                view.add_item(PageButton(decision.game_id, decision.version, page - 1, "◀ Previous", stamp))
            if page < pages - 1:
                view.add_item(PageButton(decision.game_id, decision.version, page + 1, "Next ▶", stamp))
    view.add_item(RefreshButton(decision.game_id))
    return view


def refresh_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RefreshButton(game_id))
    return view


def public_view(game_id: int) -> discord.ui.View:
    """The button under every public game message: open your own private panel."""
    view = discord.ui.View(timeout=None)
    view.add_item(OpenPanelButton(game_id))
    return view


async def send_panel(interaction: discord.Interaction, game_id: int, *, note: str = "") -> None:
    """Answer `interaction` with the user's panel as a new ephemeral message."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    kwargs = await panel_message(service_of(interaction), game_id, interaction.user.id,
                                   name=interaction.user.display_name, note=note)
    files = kwargs.pop("attachments")
    if kwargs.get("view") is None:
        kwargs.pop("view", None)  # a finished game's panel has no buttons; followup.send wants no view at all
    await interaction.followup.send(ephemeral=True, files=files, **kwargs)


async def act_on_panel(service: TableService, game_id: int, user_id: int, version: int, index: int,
                       stamp: str) -> Outcome:
    """Apply option `index`; with a stamp, retry when another seat's move lands in between."""
    for _ in range(3):
        try:
            return await service.act_by_index(game_id, user_id, version, index, stamp)
        except GameMovedOn:
            if not stamp:
                raise
    return await service.act_by_index(game_id, user_id, version, index, stamp)


async def choose(interaction: discord.Interaction, game_id: int, version: int, index: int, stamp: str = "") -> None:
    """Apply option `index` of the panel at `version`, then update the panel and the channel."""
    await interaction.response.defer()  # acknowledges the click within Discord's 3 s window
    service = service_of(interaction)
    try:
        outcome = await act_on_panel(service, game_id, interaction.user.id, version, index, stamp)
    except GameMovedOn as exc:
        kwargs = await panel_message(service, game_id, interaction.user.id,
                                   name=interaction.user.display_name, note=f"⚠️ {exc.message}")
        await interaction.edit_original_response(**kwargs)
        return
    done = outcome.applied[0].label if outcome.applied else ""
    kwargs = await panel_message(service, game_id, interaction.user.id,
                                   name=interaction.user.display_name, note=f"✅ {done}" if done else "")
    await interaction.edit_original_response(**kwargs)
    await announce(interaction.client, outcome)  # type: ignore[arg-type]


# ----- public announcements --------------------------------------------------------------------
def turn_summary(outcome: Outcome) -> str:
    """One paragraph: who did what (also read by screen readers), then whose turn it is."""
    game = outcome.game
    parts: list[str] = []
    current: int | None = None
    labels: list[str] = []
    for item in outcome.applied:
        who = item.user_id if item.user_id is not None else game.user_of(item.seat)
        if who != current and labels:
            parts.append(f"{mention(current) if current else 'Bot'}: {'; '.join(labels)}.")
            labels = []
        current = who
        labels.append(item.label + (" (played by the bot)" if item.origin != "player" else ""))
    if labels:
        parts.append(f"{mention(current) if current else 'Bot'}: {'; '.join(labels)}.")
    return clip(" ".join(parts), 1500)


async def announce(bot: YokohamaBot, outcome: Outcome) -> None:
    """Post the turn in the game's channel when someone new must act or the game ended."""
    game = outcome.game
    special = ANNOUNCERS.get((game.kind, game.mode))
    if special is not None:
        try:
            await special(bot, outcome)
        except discord.HTTPException:
            # The move is saved; a channel the bot may no longer post in must not turn it into an error.
            log.warning("could not post about game %s in channel %s", game.id, game.channel_id, exc_info=True)
        return
    if game.mode != "table" or game.channel_id is None:
        return
    if not outcome.finished and not outcome.newly_waiting:
        return
    channel = bot.get_channel(game.channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(game.channel_id)
        except discord.HTTPException:
            log.warning("channel %s of game %s is gone", game.channel_id, game.id)
            return
    headline = outcome.engine.headline(outcome.state) if outcome.state is not None else ""
    lines = [f"**{outcome.engine.title} #{game.id}**" + (f" — {headline}" if headline else "")]
    text = turn_summary(outcome)
    if text:
        lines.append(text)
    if outcome.finished:
        lines.append(final_standings(game))
    else:
        lines.append("Your turn: " + ", ".join(mention(u) for u in outcome.newly_waiting))
    files = []
    if outcome.state is not None:
        picture = await draw(game.kind, outcome.engine.view(outcome.state, None), f"game-{game.id}.png")
        if picture is not None:
            files.append(picture)
    await channel.send(  # type: ignore[union-attr]
        clip("\n".join(lines), 2000),
        files=files,
        view=None if outcome.finished else public_view(game.id),
        allowed_mentions=NO_MENTIONS_BUT_USERS,
    )


def final_standings(game: GameRow) -> str:
    result = game.result or {}
    if game.status == "abandoned":
        return "The game was abandoned."
    lines = ["**Final standings**" + (" (by forfeit)" if result.get("reason") == "forfeit" else "")]
    for place, seat in enumerate(result.get("ranking", []), start=1):
        user = game.user_of(seat)
        total = result["scores"][seat].get("total", 0)
        flag = " (resigned)" if seat in result.get("forfeited", []) else ""
        lines.append(f"{place}. {mention(user) if user else f'Seat {seat}'} — {total} points{flag}")
    return "\n".join(lines)


def lobby_text(game: GameRow) -> str:
    engine = get_game(game.kind)
    seated = ", ".join(mention(s.user_id) for s in game.seats) or "nobody"
    need = (f"{engine.min_players}" if engine.min_players == engine.max_players
            else f"{engine.min_players}–{engine.max_players}")
    extra = []
    if game.options:
        extra.append("options: " + ", ".join(f"{k}={v}" for k, v in game.options.items()))
    deadline = deadline_text(game.table_rules)
    if deadline:
        extra.append(f"deadline {deadline}")
    lines = [
        f"**{engine.title}** table #{game.id} for {need} players"
        + (f" ({'; '.join(extra)})" if extra else "") + ".",
        f"Seated ({len(game.seats)}/{engine.max_players}): {seated}",
    ]
    if game.status == "lobby":
        lines.append("Press **Join** to take a seat; any seated player can **Start**.")
    elif game.status == "abandoned":
        lines.append("Everyone left; this table is closed.")
    else:
        lines.append("The game has started.")
    return "\n".join(lines)


def lobby_view(game: GameRow) -> discord.ui.View | None:
    if game.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(game.id, "join"))
    view.add_item(LobbyButton(game.id, "leave"))
    view.add_item(LobbyButton(game.id, "start"))
    return view


async def start_announcement(bot: YokohamaBot, outcome: Outcome) -> dict[str, Any]:
    game = outcome.game
    summary: GameSummary = await bot.service.summary(game)
    order = ", ".join(f"{s.seat + 1}. {mention(s.user_id)}" for s in game.seats if s.seat is not None)
    lines = [f"**{summary.title} #{game.id}** has started. Seat order: {order}."]
    if summary.headline:
        lines.append(summary.headline)
    notes_for = PUBLIC_NOTES.get(game.kind)
    if notes_for is not None and outcome.state is not None:
        lines += notes_for(game, outcome.engine.view(outcome.state, None))
    lines.append("Your turn: " + ", ".join(mention(u) for u in summary.waiting_on))
    lines.append("Press **Open my panel** to make your decisions privately.")
    files = []
    if outcome.state is not None:
        picture = await draw(game.kind, outcome.engine.view(outcome.state, None), f"game-{game.id}.png")
        if picture is not None:
            files.append(picture)
    return {"content": clip("\n".join(lines), 2000), "files": files, "view": public_view(game.id),
            "allowed_mentions": NO_MENTIONS_BUT_USERS}


async def lobby_click(interaction: discord.Interaction, game_id: int, what: str) -> None:
    bot: YokohamaBot = interaction.client  # type: ignore[assignment]
    service = bot.service
    user = interaction.user.id
    if what == "join":
        game = await service.join(game_id, user)
        await interaction.response.edit_message(content=lobby_text(game), view=lobby_view(game))
        deadline = deadline_text(game.table_rules)
        await interaction.followup.send(
            f"You joined table #{game.id}. "
            + (f"Deadline: {deadline}." if deadline else "This table has no deadline; take your time."),
            ephemeral=True)
        return
    elif what == "leave":
        game = await service.leave(game_id, user)
    else:
        outcome = await service.start(game_id, user)
        await interaction.response.edit_message(content=lobby_text(outcome.game), view=None)
        await interaction.followup.send(**await start_announcement(bot, outcome))
        return
    await interaction.response.edit_message(content=lobby_text(game), view=lobby_view(game))


# ----- the dynamic items ----------------------------------------------------------------------------
# Each template bounds its numbers (at most 18 digits, within SQLite's integers), and `from_custom_id`
# never raises: discord.py drops a click silently when it does ("This interaction failed"). A custom id
# that matches no template is answered by the bot's catch-all (`YokohamaBot.on_interaction`).
def _label(item: discord.ui.Item[Any], default: str) -> str:
    """The label of the component clicked (a select sent with a button's id has none)."""
    label = getattr(item, "label", None)
    return label if isinstance(label, str) and label else default


def _stamped(custom_id: str, stamp: str) -> str:
    return f"{custom_id}:{stamp}" if stamp else custom_id


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"yk:do:(?P<g>\d{1,18}):(?P<v>\d{1,18}):(?P<i>\d{1,18})(?::(?P<s>[0-9a-f]{1,64}))?"):
    def __init__(self, game_id: int, version: int, index: int, label: str = "Choose", stamp: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=clip(label or "Choose", 80), style=discord.ButtonStyle.primary,
            custom_id=_stamped(f"yk:do:{game_id}:{version}:{index}", stamp),
        ))
        self.game_id, self.version, self.index, self.stamp = game_id, version, index, stamp

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any) -> Any:
        return cls(int(match["g"]), int(match["v"]), int(match["i"]), _label(item, "Choose"), match["s"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await panel_click(interaction, self.game_id,
                          lambda: choose(interaction, self.game_id, self.version, self.index, self.stamp))


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"yk:sel:(?P<g>\d{1,18}):(?P<v>\d{1,18}):(?P<p>\d{1,18})(?::(?P<s>[0-9a-f]{1,64}))?"):
    def __init__(self, game_id: int, version: int, page: int, choices: list | None = None, stamp: str = "") -> None:
        select: discord.ui.Select = discord.ui.Select(
            custom_id=_stamped(f"yk:sel:{game_id}:{version}:{page}", stamp),
            placeholder="Choose…",
            options=[discord.SelectOption(label=clip(c.label, 100), value=str(c.index)) for c in (choices or [])]
            or [discord.SelectOption(label="(refresh)", value="-1")],
        )
        super().__init__(select)
        self.game_id, self.version, self.page, self.stamp = game_id, version, page, stamp

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: Any) -> Any:
        return cls(int(match["g"]), int(match["v"]), int(match["p"]), stamp=match["s"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        # A value that is not an option number (a crafted request) picks nothing: the panel is refreshed.
        index = option_number((interaction.data or {}).get("values"))
        await panel_click(interaction, self.game_id,
                          lambda: choose(interaction, self.game_id, self.version, index, self.stamp))


class PageButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"yk:pg:(?P<g>\d{1,18}):(?P<v>\d{1,18}):(?P<p>\d{1,18})(?::(?P<s>[0-9a-f]{1,64}))?"):
    def __init__(self, game_id: int, version: int, page: int, label: str = "More", stamp: str = "") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=_stamped(f"yk:pg:{game_id}:{version}:{page}", stamp)))
        self.game_id, self.version, self.page, self.stamp = game_id, version, page, stamp

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any) -> Any:
        return cls(int(match["g"]), int(match["v"]), int(match["p"]), _label(item, "More"), match["s"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            service = service_of(interaction)
            try:
                decision = await service.decision(self.game_id, interaction.user.id)
            except NotYourTurn as exc:
                await interaction.response.edit_message(content=exc.message, view=refresh_view(self.game_id))
                return
            if decision.version != self.version and (not self.stamp or decision.stamp != self.stamp):
                await interaction.response.defer()
                kwargs = await panel_message(service, self.game_id, interaction.user.id,
                                             name=interaction.user.display_name,
                                             note="⚠️ The game moved on; here is your current panel.")
                await interaction.edit_original_response(**kwargs)
                return
            await interaction.response.edit_message(view=decision_view(decision, page=self.page, stamp=self.stamp))
        await panel_click(interaction, self.game_id, work)


class RefreshButton(discord.ui.DynamicItem[discord.ui.Button], template=r"yk:rf:(?P<g>\d{1,18})"):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Refresh", style=discord.ButtonStyle.secondary, emoji="🔄",
                                           custom_id=f"yk:rf:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any) -> Any:
        return cls(int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer()
            kwargs = await panel_message(service_of(interaction), self.game_id, interaction.user.id,
                                         name=interaction.user.display_name)
            await interaction.edit_original_response(**kwargs)
        await panel_click(interaction, self.game_id, work)


class OpenPanelButton(discord.ui.DynamicItem[discord.ui.Button], template=r"yk:open:(?P<g>\d{1,18})"):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Open my panel", style=discord.ButtonStyle.success,
                                           custom_id=f"yk:open:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any) -> Any:
        return cls(int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: send_panel(interaction, self.game_id))


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"yk:lobby:(?P<g>\d{1,18}):(?P<w>join|leave|start)"):
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "start": discord.ButtonStyle.primary}

    def __init__(self, game_id: int, what: str) -> None:
        super().__init__(discord.ui.Button(label=what.capitalize(), style=self.STYLES[what],
                                           custom_id=f"yk:lobby:{game_id}:{what}"))
        self.game_id, self.what = game_id, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any) -> Any:
        return cls(int(match["g"]), match["w"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: lobby_click(interaction, self.game_id, self.what))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ChoiceButton, ChoiceSelect, PageButton, RefreshButton, OpenPanelButton, LobbyButton,
)
