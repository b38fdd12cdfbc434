"""Decision panels, lobby buttons and turn announcements, shared by every game.

No game state lives in a View: each button and menu carries what it needs in its
`custom_id` (game id, state version, option index) and is rebuilt by a
`discord.ui.DynamicItem` registered at start-up, so panels keep working after a restart.
A click on a panel whose version is no longer current gets the current panel instead.
"""

from __future__ import annotations

import contextlib
import contextvars
import io
import logging
from collections.abc import Awaitable, Callable, Collection
from typing import Any, cast

import discord

from bot.discord_app import custom_ids as ids
from bot.discord_app.community import turn_notices
from bot.discord_app.errors import report
from bot.discord_app.game_ui import ui_for
from bot.discord_app.host import Host, LivePanel, thinking_line
from bot.discord_app.names import bot_name, by_name, fill, plain, remember, seat_names, who
from bot.service import Decision, GameClosed, GameMovedOn, GameSummary, NotYourTurn, Outcome, Panel, TableService
from bot.service.outcomes import FORMALITY, Clause
from bot.service.records import GameRow, is_bot_user
from bot.service.scope import Caller, request_caller
from bot.service.table_rules import bot_level, deadline_text
from engine.core import get_game, seat_token
from rendering import pool as drawing

log = logging.getLogger(__name__)

PAGE = 25
BUTTONS_UP_TO = 5  # with this many options or fewer, one click per option
NO_MENTIONS_BUT_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)

# ----- game-specific parts -----------------------------------------------------------------------
# The panels and announcements here work for every game. What a game adds (lines under a panel's header,
# text between pictures, its own announcers, its renderer) is its `GameUI`, looked up by kind
# (`bot.discord_app.game_ui`); a game without one keeps the generic behaviour.

# A panel's buttons carry the seat's decision stamp (`Decision.stamp`: the engine's `decision_stamp` plus
# the seat's own move count), so in simultaneous phases another player's move never bounces a panel.


def service_of(interaction: discord.Interaction) -> TableService:
    bot: Host = interaction.client  # type: ignore[assignment]
    return bot.service


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    """Run a component callback; any failure reaches the user through the one error handler.

    It also tells the service who clicked and in which server (taken from the interaction, never from the
    button), so every game number is resolved in the clicker's scope (`bot.service.scope`).
    """
    token = request_caller.set(caller_of(interaction))
    try:
        await work()
    except Exception as exc:  # noqa: BLE001 - the handler logs and answers
        await report(interaction, exc)
    finally:
        request_caller.reset(token)


def caller_of(interaction: discord.Interaction) -> Caller:
    """The caller as the service scopes it: the interaction's own user and server (None in a direct message)."""
    return Caller(interaction.user.id, interaction.guild_id)


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
    return ("This is not your panel, so nothing was done. Press **Open my panel** under the game's last post, "
            f"or use {own}, for your own.")


def panel_owner(interaction: discord.Interaction) -> int | None:
    """Who the clicked private panel was opened for (None: not known, e.g. a message from before a restart)."""
    message = interaction.message
    metadata = message.interaction_metadata if message is not None else None
    if message is None or metadata is None or not message.flags.ephemeral:
        return None
    return metadata.user.id


async def panel_click(
    interaction: discord.Interaction, game_id: int, work: Callable[[], Awaitable[None]]
) -> None:
    """Run a click on a private panel's button; on a public message, answer with a fresh private panel."""
    async def checked() -> None:
        owner = panel_owner(interaction)
        if owner is not None and owner != interaction.user.id:
            await interaction.response.send_message(not_your_panel(game_id), ephemeral=True)
            return
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
    """A person's mention; a bot seat's name in bold instead (a bot is never pinged)."""
    return f"**{bot_name(user_id)}**" if is_bot_user(user_id) else f"<@{user_id}>"


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_words(text: str, limit: int) -> str:
    """`text` cut to `limit` characters between words ("1 money / 1 faith / …", never "1 fai…")."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 2]
    for separator in (" / ", "; ", ", ", " "):  # between the parts of a list first, else between words
        if separator in cut:
            cut = cut.rsplit(separator, 1)[0]
            break
    return cut.rstrip(" /,;:·-") + " …"


async def draw(
    kind: str, view: dict[str, Any], filename: str, *, spoiler: bool = False, name: str | None = None,
    names: list[str] | None = None,
) -> discord.File | None:
    """The picture of `view` as an attachment, drawn off the event loop (in a drawing process,
    `rendering.pool`); None if the game has no renderer
    or drawing failed (logged: a message never waits on, nor is lost with, its picture).

    The renderer (`rendering.contract.Renderer.picture`) gets every seat's display name (`names`: the board
    games name every seat on the board) and the viewer's own (`name`: a seat's own sheet is titled with it).
    """
    renderer = ui_for(kind).renderer
    if renderer is None:
        return None
    try:
        data = await drawing.draw(renderer.picture(view, names=names, name=name))
    except Exception:
        # A picture is an extra: the move behind it is already saved, so the message goes out without it.
        log.exception("could not draw the %s picture %s", kind, filename)
        return None
    return discord.File(io.BytesIO(data), filename=filename, spoiler=spoiler)


async def public_files(kind: str, view: dict[str, Any], game_id: int, names: list[str] | None = None,
                       ranking: list[int] | None = None) -> list[discord.File]:
    """Every public picture of `view` as attachments (Yokohama: the map and the player boards; the final
    scores once over), else the game's one picture. A picture that fails to draw is left out and logged."""
    renderer = ui_for(kind).renderer
    if renderer is None:
        return []
    try:
        drawn = await drawing.draw(renderer.public_pictures(view, names=names, ranking=ranking))
    except Exception:  # noqa: BLE001 - as in `draw`: the post goes out without its pictures
        log.exception("could not draw the public pictures of game %s (%s)", game_id, kind)
        return []
    return [discord.File(io.BytesIO(data), filename=f"game-{game_id}-{label}.png" if label else f"game-{game_id}.png")
            for label, data in drawn]


async def lead_files(kind: str, view: dict[str, Any], game_id: int, names: list[str] | None = None,
                     story: str = "") -> list[discord.File]:
    """The one picture a turn post leads with, readable on a phone (whose turn, the last turn's `story`, the
    scores); the full board is one tap away (`BoardButton`), so a phone never shows a mosaic of boards."""
    renderer = ui_for(kind).renderer
    if renderer is None:
        return []
    try:
        data = await drawing.draw(renderer.lead_picture(view, names=names, story=story))
    except Exception:  # noqa: BLE001 - as in `draw`: the post goes out without its picture
        log.exception("could not draw the lead picture of game %s (%s)", game_id, kind)
        return []
    return [discord.File(io.BytesIO(data), filename=f"game-{game_id}-turn.png")]


async def send_board(interaction: discord.Interaction, game_id: int) -> None:
    """"Full board": the game's public pictures (the board, the map and player boards, or the final scores),
    privately to whoever asked, each as its own message so a phone shows it full width."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    game, engine, state = await bot.service.load(game_id)
    if state is None:
        await interaction.followup.send("This game has no board yet.", ephemeral=True)
        return
    names = await seat_names(bot, game)
    ranking = (game.result or {}).get("ranking") if game.status == "finished" else None
    files = await public_files(game.kind, engine.view(state, None), game.id, names, ranking)
    if not files:
        await interaction.followup.send("The board could not be drawn; please try again.", ephemeral=True)
        return
    for file in files:
        await interaction.followup.send(ephemeral=True, file=file)


# ----- the decision panel --------------------------------------------------------------------
async def panel_message(
    bot: Host, game_id: int, user_id: int, *, note: str = "", name: str | None = None,
    picture: bool | None = True, panel: Panel | None = None,
) -> dict[str, Any]:
    """Keyword arguments for sending or editing `user_id`'s private panel for `game_id`.

    `panel` is the service's answer for that person when the caller has it (a click's `Outcome.panel`,
    built from the state the move left); else the service is asked (one read of the game).
    `name` (the user's display name) titles their own picture where the renderer takes one. Without
    `picture` the result has no "attachments" key, so an edit keeps the picture already shown.
    """
    if panel is None:
        panel = await bot.service.play.panel(game_id, user_id)
    game, engine, seat = panel.game, panel.engine, panel.seat
    names = await seat_names(bot, game)
    headline = fill(panel.headline(), by_name(names))
    header = f"**{engine.title} #{game.id}**" + (f" — {headline}" if headline else "")
    ui = ui_for(game.kind)
    notes_for = ui.panel_notes
    light = ui.between_pictures
    if picture is None:  # a refresh: a fresh picture unless the game sends text between pictures
        picture = not light

    async def own_picture(view: dict[str, Any]) -> dict[str, Any]:
        if not picture:
            return {}
        file = await draw(game.kind, view, f"game-{game.id}-you.png", name=name, names=names)
        return {"attachments": [file] if file is not None else []}

    decision = panel.decision
    refusal = panel.refusal
    if isinstance(refusal, NotYourTurn):
        # Off turn the panel still shows the player's own picture (their hand, their board) and what they wait for.
        lines = [header, *([note] if note else [])]
        own: dict[str, Any] = {"attachments": []}
        seat_view = panel.view()
        if seat_view is not None and seat is not None:
            if notes_for is not None:
                lines += notes_for(game, seat_view, seat)
            waiting = [f"**{names[s]}**" if s < len(names) else f"Player {s + 1}" for s in panel.waiting]
            lines.append(f"It is not your turn: waiting for {' and '.join(waiting) or 'nobody'}. This panel shows "
                         "your own view; press **Refresh** when you are pinged." if waiting else refusal.message)
            own = await own_picture(seat_view) or own
        else:
            lines.append(refusal.message)
        return {"content": clip("\n".join(lines), 2000),
                "view": refresh_view(game_id, undo=panel.can_undo, light=light), **own}
    if isinstance(refusal, GameClosed):
        # The player's own last decision may have ended the game: show the result, not an error.
        seat_view = panel.view()
        if game.status not in ("finished", "abandoned") or seat is None or seat_view is None:
            raise refusal
        lines = [header, *([note] if note else [])]
        if notes_for is not None:
            lines += notes_for(game, seat_view, seat)
        lines.append(final_standings(game, names))
        return {"content": clip("\n".join(lines), 2000), "view": None, **await own_picture(seat_view)}
    if refusal is not None:
        raise refusal
    assert decision is not None
    own_view = panel.view(decision.seat)
    files = await own_picture(own_view) if own_view is not None else {}
    lines = [header]
    if note:
        lines.append(note)
    if notes_for is not None and own_view is not None:
        lines += notes_for(game, own_view, decision.seat)
    lines.append(f"**{fill(decision.prompt, plain(names)) or 'Your decision'}**")
    hint = options_hint(decision.options)
    if hint:
        lines.append(hint)
    return {
        "content": clip("\n".join(lines), 2000),
        "view": decision_view(decision, page=0, stamp=decision.stamp, names=names, light=light),
        **files,
    }


def options_hint(options: list[Any]) -> str:
    """The line over a decision's component, saying how to use that very component: the pages of a long
    menu have ◀ Previous / Next ▶ buttons; a placement over several areas is one multi-select without
    pages; a short list needs no hint."""
    if len(options) <= PAGE:
        return ""
    menu = placement_menu(options)
    if menu is not None:
        areas, low, high = menu
        count = f"{low}" if low == high else f"{low} to {high}"
        return f"Pick {count} of the {len(areas)} areas in the menu, all at once."
    return f"{len(options)} options, {PAGE} per page: use ◀ Previous and Next ▶ to see them all."


def decision_view(decision: Decision, *, page: int, stamp: str = "", names: list[str] | None = None,
                  light: str = "") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    options = decision.options
    name_of = plain(names or [])
    if len(options) <= BUTTONS_UP_TO:
        for choice in options:
            view.add_item(ChoiceButton(decision.game_id, decision.version, choice.index,
                                       fill(choice.label, name_of), stamp))
    elif (menu := placement_menu(options)) is not None:
        # Several areas at once (Yokohama's spread placement): one multi-select instead of pages of combinations.
        view.add_item(PlaceSelect(decision.game_id, decision.version, stamp, menu=menu))
    else:
        pages = (len(options) + PAGE - 1) // PAGE
        page = max(0, min(page, pages - 1))
        shown = options[page * PAGE:(page + 1) * PAGE]
        details = decision.details if len(decision.details) == len(options) else [""] * len(options)
        view.add_item(ChoiceSelect(decision.game_id, decision.version, page, shown, stamp,
                                   details=[fill(details[c.index], name_of) for c in shown],
                                   names=names))
        if pages > 1:
            if page > 0:
                view.add_item(PageButton(decision.game_id, decision.version, page - 1, "◀ Previous", stamp))
            if page < pages - 1:
                view.add_item(PageButton(decision.game_id, decision.version, page + 1, "Next ▶", stamp))
    if decision.can_undo:
        view.add_item(UndoButton(decision.game_id))
    if light:
        view.add_item(PictureButton(decision.game_id, light))
    view.add_item(RefreshButton(decision.game_id))
    return view


def refresh_view(game_id: int, *, undo: bool = False, light: str = "") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if undo:
        view.add_item(UndoButton(game_id))
    if light:
        view.add_item(PictureButton(game_id, light))
    view.add_item(RefreshButton(game_id))
    return view


def public_view(game_id: int, *, panel: bool = True) -> discord.ui.View:
    """The buttons under every public game message: open your own private panel, see the full board."""
    view = discord.ui.View(timeout=None)
    if panel:
        view.add_item(OpenPanelButton(game_id))
    view.add_item(BoardButton(game_id))
    return view


def bot_of(interaction: discord.Interaction) -> Host:
    remember(interaction.user, interaction.guild_id)
    return interaction.client  # type: ignore[return-value]


async def send_panel(interaction: discord.Interaction, game_id: int, *, note: str = "") -> None:
    """Answer `interaction` with the user's panel as a new ephemeral message."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    kwargs = await panel_message(bot_of(interaction), game_id, interaction.user.id,
                                 name=interaction.user.display_name, note=note)
    files = kwargs.pop("attachments", [])
    if kwargs.get("view") is None:
        kwargs.pop("view", None)  # a finished game's panel has no buttons; followup.send wants no view at all
    await interaction.followup.send(ephemeral=True, files=files, **kwargs)


async def act_on_panel(service: TableService, game_id: int, user_id: int, version: int, index: int,
                       stamp: str) -> Outcome:
    """Apply option `index`; with a stamp, retry when another seat's move lands in between."""
    for _ in range(3):
        try:
            return await service.play.act_by_index(game_id, user_id, version, index, stamp)
        except GameMovedOn:
            if not stamp:
                raise
    return await service.play.act_by_index(game_id, user_id, version, index, stamp)


def done_note(outcome: Outcome, user_id: int, names: list[str]) -> str:
    """What the panel says after a click: the decision, and what the bot played for the player after it."""
    mine = [a for a in outcome.applied if a.user_id == user_id]
    if not mine:
        return ""
    name_of = plain(names)
    note = f"✅ {fill(mine[0].label, name_of)}"
    forced = [fill(a.label, name_of) for a in mine[1:] if a.origin == FORMALITY]
    if forced:
        note += "\n↪️ Then, your only option, played for you: " + "; ".join(forced)
    return note


async def choose(interaction: discord.Interaction, game_id: int, version: int, index: int, stamp: str = "") -> None:
    """Apply option `index` of the panel at `version`, then show the next decision in place and post the turn."""
    await interaction.response.defer()  # acknowledges the click within Discord's 3 s window
    bot = bot_of(interaction)
    user = interaction.user
    try:
        outcome = await act_on_panel(bot.service, game_id, user.id, version, index, stamp)
    except GameMovedOn as exc:
        kwargs = await panel_message(bot, game_id, user.id, name=user.display_name, note=f"⚠️ {exc.message}")
        await interaction.edit_original_response(**kwargs)
        return
    names = await seat_names(bot, outcome.game)
    # A picture when it tells something new: the player's next turn or round, or the end.
    engine, before, after = outcome.engine, outcome.before, outcome.state
    new_turn = before is not None and after is not None and engine.turn_marker(before) != engine.turn_marker(after)
    # The click that ends your turn sends none: you saw your picture this turn, and get it again at your next.
    fresh = (not ui_for(outcome.game.kind).between_pictures or outcome.finished
             or (new_turn and user.id in outcome.waiting_on) or user.id in outcome.newly_waiting)
    note = done_note(outcome, user.id, names)
    waits_on_bots = bool(outcome.bots_owe) and user.id not in outcome.waiting_on and not outcome.finished
    if waits_on_bots:
        # The AI thinks in the background; this panel says so now and shows the bot's turn when it is done.
        note = "\n".join(filter(None, [note, thinking_line(names, outcome.bots_owe)]))
    kwargs = await panel_message(bot, game_id, user.id, name=user.display_name, note=note, picture=fresh,
                                 panel=outcome.panel)
    await interaction.edit_original_response(**kwargs)
    await announce(bot, outcome, mover=user.id)
    if outcome.bots_owe:
        bot.bot_turns.start(game_id, LivePanel(interaction, user.id, user.display_name) if waits_on_bots else None)


async def undo_last(interaction: discord.Interaction, game_id: int) -> None:
    """Take back the player's last decision and show the decision before it, in place."""
    await interaction.response.defer()
    bot = bot_of(interaction)
    user = interaction.user
    outcome = await bot.service.play.undo(game_id, user.id)
    taken = [c for c in outcome.applied if c.origin == "undo"]
    count = len(taken[0].action.get("undo", [])) if taken else 0
    note = "↩️ Taken back" + (f" ({count} steps, with what was played for you)" if count > 1 else "") + "."
    kwargs = await panel_message(bot, game_id, user.id, name=user.display_name, note=note,
                                 picture=not ui_for(outcome.game.kind).between_pictures, panel=outcome.panel)
    await interaction.edit_original_response(**kwargs)
    if user.id in outcome.newly_waiting:
        await tell_turn_taken_back(bot, outcome.game, user.id)
    if outcome.bots_owe:
        bot.bot_turns.start(game_id)


async def tell_turn_taken_back(bot: Host, game: GameRow, user_id: int) -> None:
    """A turn already handed on (by a formality played for its player) was taken back: the table hears that
    the turn is theirs again (nobody pinged), so the next player's "your turn" is not left standing."""
    if game.mode != "table" or ui_for(game.kind).announcer(game.mode) is not None or await is_private(bot, game):
        return
    channel = await game_channel(bot, game)
    if channel is None:
        return
    names = await seat_names(bot, game)
    seat = game.seat_of(user_id)
    name = names[seat] if seat is not None and seat < len(names) else who(game, user_id)
    engine = get_game(game.kind)
    with contextlib.suppress(discord.HTTPException):
        await channel.send(f"↩️ **{engine.title} #{game.id}**: **{name}** took back the end of their turn; it is "
                           "their turn again.", allowed_mentions=discord.AllowedMentions.none())


# ----- public announcements --------------------------------------------------------------------
#: Why a person's seat was played by someone else: said once per sentence (a bot seat needs no note,
#: its name says who played; a formality is left out of the story altogether).
_ORIGIN_NOTES = {"auto": "played by the bot", "timeout": "deadline passed: played by the bot"}


def story_text(clauses: list[Clause], names: list[str], bots: Collection[int] = ()) -> str:
    """The turn in one paragraph, in order, naming people (never pinging them); also read by screen readers.

    Consecutive decisions of one seat form one sentence that names the seat once ("**Alice** places 1
    assistant in Port B; moves the President to Port B"). A clause that names its seat itself (the
    engine's narration) is kept as it is; a bare label gets the person's name in front; a clause the
    engine left empty (a formality) is left out. A person's seat played by the bot says so once, at the
    end of its sentence; a bot seat (`bots`) is named, never annotated.
    """
    name_of = by_name(names)
    sentences: list[str] = []
    group: list[Clause] = []

    def close() -> None:
        if not group:
            return
        seat = group[0].seat
        token = seat_token(seat)
        texts: list[str] = []
        for clause in group:
            text = clause.text
            if texts and text.startswith((token + " ", token + ": ")):
                text = text[len(token) + 1:].lstrip(": ")  # the seat is named once per sentence
            texts.append(fill(text, name_of))
        parts = [part for text in texts for part in text.split("; ") if part]
        # A part the next ones say more fully is left out ("sends a Foreign Agent; sends a Foreign Agent to …").
        parts = [p for i, p in enumerate(parts) if not any(q.startswith(p + " ") for q in parts[i + 1:])]
        parts = _counted(parts, name_of(seat) + " ")  # "sells 1 Raw Silk for ¥2 (twice)", not twice in a row
        # A new round is the game's news, not this seat's doing: it opens a sentence of its own ("Round 4
        # begins; **Yokohama AI** starts; sends …"), so it is never told as part of another seat's turn.
        cuts = [i for i, p in enumerate(parts) if i and p.startswith("Round ")]
        chunks = [parts[a:b] for a, b in zip([0, *cuts], [*cuts, len(parts)], strict=True)]
        body = "; ".join(chunks[0])
        sentence = body if token in group[0].text else f"{name_of(seat)}: {body}"
        notes = [] if seat in bots else sorted({_ORIGIN_NOTES[c.origin] for c in group if c.origin in _ORIGIN_NOTES})
        if notes:
            sentence = sentence.rstrip(".") + f" ({'; '.join(notes)})"
        sentences.append(sentence)
        sentences.extend("; ".join(chunk) for chunk in chunks[1:])
        group.clear()

    for clause in clauses:
        if not clause.text.strip():
            continue
        if group and clause.seat != group[0].seat:
            close()
        group.append(clause)
    close()
    return " ".join(s if s.endswith((".", "!", "?")) else s + "." for s in sentences)


#: People whose open private panel is updated in place with what is being posted (a bot's turn played right
#: after their click): the post names them without a ping (`only` leaves them out).
quiet_users: contextvars.ContextVar[frozenset[int]] = contextvars.ContextVar("quiet_users", default=frozenset())


def _counted(parts: list[str], lead: str = "") -> list[str]:
    """Runs of the same part told once, with how often: ["buys 1 Tea for ¥1"] * 2 -> ["buys 1 Tea for ¥1 (twice)"]
    (`lead`, the seat's name opening the first part, does not make it differ)."""
    out: list[str] = []
    runs: list[int] = []
    for part in parts:
        if out and out[-1].removeprefix(lead) == part.removeprefix(lead):
            runs[-1] += 1
        else:
            out.append(part)
            runs.append(1)
    return [p if n == 1 else f"{p} ({'twice' if n == 2 else f'{n} times'})" for p, n in zip(out, runs, strict=True)]


def only(users: list[int]) -> discord.AllowedMentions:
    """Ping exactly these users (a mention of anyone else in the text renders without a notification), less
    anyone whose open panel already shows it (`quiet_users`)."""
    quiet = quiet_users.get()
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(u) for u in users if u not in quiet])


async def channel_by_id(bot: Host, channel_id: int) -> discord.abc.Messageable | None:
    channel = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except discord.HTTPException:
            log.warning("channel %s is gone", channel_id)
            return None
    return channel  # type: ignore[return-value]


async def is_private(bot: Host, game: GameRow) -> bool:
    """Whether a table against bots plays privately (where it could not have a thread): its turns are told on
    its person's panel (or by direct message when no panel is open), never in the channel."""
    return game.mode == "table" and bool(game.bot_seats()) and await bot.records.plays_privately(game.id)


def against_bots_only(game: GameRow) -> bool:
    """One person at the table, bots in every other seat."""
    return bool(game.bot_seats()) and sum(1 for s in game.seats if not is_bot_user(s.user_id)) == 1


async def game_channel(bot: Host, game: GameRow, *, lobby: bool = False,
                       private: bool | None = None) -> discord.abc.Messageable | None:
    """Where a game's posts go: its own thread if it has one (turns), else its channel (and always the
    channel for the lobby and the final result, `lobby=True`). None for a game against bots that plays
    privately (`is_private`; `private` when the caller has just asked): nothing of it goes to the channel."""
    if private if private is not None else await is_private(bot, game):
        return None
    if not lobby:
        thread = await bot.records.thread_of(game.id)
        if thread:
            found = await channel_by_id(bot, thread)
            if found is not None:
                return found
    return await channel_by_id(bot, game.channel_id) if game.channel_id is not None else None


async def threads_wanted(bot: Host, guild_id: int | None) -> bool:
    """The server's `threads` setting: a thread per table, on unless an admin turned it off."""
    if guild_id is None:
        return False
    return (await bot.records.setting(guild_id, "threads") or "on") != "off"


async def open_thread(interaction: discord.Interaction, game: GameRow,
                      message: discord.Message | None = None) -> discord.Thread | None:
    """A thread for the game under its lobby message (or `message`), when the server wants it and the bot may;
    else None."""
    bot = bot_of(interaction)
    message = message or interaction.message
    perms = interaction.app_permissions
    if (message is None or not isinstance(interaction.channel, discord.TextChannel)
            or not (perms.create_public_threads and perms.send_messages_in_threads)
            or not await threads_wanted(bot, interaction.guild_id)):
        return None
    engine = get_game(game.kind)
    try:
        thread = await message.create_thread(name=clip(f"{engine.title} #{game.id}", 100),
                                             auto_archive_duration=10080)
    except discord.HTTPException:
        log.info("could not open a thread for game %s; playing in the channel", game.id, exc_info=True)
        return None
    await bot.records.set_thread(game.id, thread.id)
    return thread


async def announce(bot: Host, outcome: Outcome, *, mover: int | None = None,
                   replace: discord.Message | None = None) -> None:
    """Post the turn in the game's thread or channel when someone new must act or the game ended, then
    each bot turn played right after it (`Outcome.bot_turn`), as its own post.

    The post names the mover and pings only whoever must act next (not someone whose open panel shows it:
    `quiet_users`); the end pings every seated person. A bot seat is named, never pinged. `replace` is the
    "… is thinking" line this post takes the place of (edited into it when nobody is to be pinged, since an
    edit notifies nobody; else deleted and posted anew).
    """
    for step in outcome.chain():
        await _announce_one(bot, step, mover=mover if step is outcome else None,
                            replace=replace if step is outcome else None)


async def _announce_one(bot: Host, outcome: Outcome, *, mover: int | None = None,
                        replace: discord.Message | None = None) -> None:
    game = outcome.game
    if outcome.bots_stuck:
        await _replace_or_delete(replace, None)
        await _announce_stuck(bot, outcome)
        return
    special = ui_for(game.kind).announcer(game.mode)
    if special is not None:
        try:
            await special(bot, outcome)
        except discord.HTTPException:
            # The move is saved; a channel the bot may no longer post in must not turn it into an error.
            log.warning("could not post about game %s in channel %s", game.id, game.channel_id, exc_info=True)
        return
    if game.mode != "table" or game.channel_id is None or outcome.undo:
        await _replace_or_delete(replace, None)
        return
    if not outcome.finished and not outcome.newly_waiting and not outcome.bots_next:
        await _replace_or_delete(replace, None)
        return
    private = await is_private(bot, game)
    channel = None if private else await game_channel(bot, game, lobby=outcome.finished, private=False)
    if channel is None and not private:
        return
    names = await seat_names(bot, game)
    headline = fill(outcome.engine.headline(outcome.state), by_name(names)) if outcome.state is not None else ""
    lines = [f"**{outcome.engine.title} #{game.id}**" + (f" — {headline}" if headline else "")]
    text = story_text(outcome.story, names, game.bot_seats())
    if text:
        lines.append(clip(text, 1500))
    if outcome.finished:
        lines.append(final_standings(game, names))
        seated = [s.user_id for s in game.seats if s.seat not in game.bot_seats()]
        lines.append("Thanks for playing, " + ", ".join(mention(u) for u in seated) + "!")
        pinged = [u for u in seated if u != mover]  # whoever just moved sees the end on their panel
    else:
        pinged = [u for u in outcome.newly_waiting if u != mover]
        again = [u for u in outcome.newly_waiting if u == mover]
        turn = [mention(u) for u in pinged] + [f"**{names[game.seat_of(u) or 0]}**" for u in again]
        bots = [f"**{names[s]}**" for s in outcome.bots_next if s < len(names)]
        if turn:
            lines.append("Your turn: " + ", ".join(turn + bots))
        else:
            lines.append("Next: " + ", ".join(bots) + ".")
    quiet = quiet_users.get()
    if not outcome.finished:  # DMs for whoever chose them and has no open panel showing it; who is away
        told = await turn_notices(bot, outcome, channel, [u for u in pinged if u not in quiet], lines)
        pinged = [u for u in pinged if u in quiet or u in told]
    files = []
    public = outcome.view(None)
    if public is not None:
        files = await lead_files(game.kind, public, game.id, names, text)
    content = clip("\n".join(lines), 2000)
    view = public_view(game.id, panel=not outcome.finished)
    if channel is None:
        # A private game against bots: told by direct message to whoever must act and has no open panel.
        for user_id in [u for u in pinged if u not in quiet]:
            await _direct(bot, user_id, content + f"\n(Open your panel with `/table panel game:{game.id}`.)", files)
        return
    try:
        same = replace is not None and getattr(replace.channel, "id", None) == getattr(channel, "id", None)
        if same and not [u for u in pinged if u not in quiet]:
            assert replace is not None
            await replace.edit(content=content, attachments=files, view=view, allowed_mentions=only(pinged))
        else:
            await _replace_or_delete(replace, "The game is over; the final result is posted in the channel."
                                     if outcome.finished and replace is not None and not same else None)
            await channel.send(content, files=files, view=view, allowed_mentions=only(pinged))
            if outcome.finished and not (replace is not None and not same):
                thread = await game_channel(bot, game)
                if thread is not None and getattr(thread, "id", None) != getattr(channel, "id", None):
                    await thread.send("The game is over; the final result is posted in the channel.",
                                      allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not post about game %s", game.id, exc_info=True)


async def _replace_or_delete(message: discord.Message | None, text: str | None) -> None:
    """The "… is thinking" line, once its turn is told elsewhere: edited into `text`, or deleted."""
    if message is None:
        return
    with contextlib.suppress(discord.HTTPException):
        if text:
            await message.edit(content=text, allowed_mentions=discord.AllowedMentions.none())
        else:
            await message.delete()


async def _direct(bot: Host, user_id: int, text: str, files: list[discord.File]) -> None:
    """A direct message (a private game's turn for someone without an open panel); never fails the move."""
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(clip(text, 2000), files=files, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.info("could not send a direct message to %s", user_id, exc_info=True)


async def _announce_stuck(bot: Host, outcome: Outcome) -> None:
    """Tell the table that its bot could not move (the move before it is saved; the detail is in the log)."""
    game = outcome.game
    if game.mode != "table" or game.channel_id is None:
        return
    channel = await game_channel(bot, game)
    private = channel is None and await is_private(bot, game)
    if channel is None and not private:
        return
    names = await seat_names(bot, game)
    bots = ", ".join(f"**{names[s]}**" if s < len(names) else f"**seat {s + 1}**" for s in outcome.bots_stuck)
    text = (f"⚠️ **{outcome.engine.title} #{game.id}**: {bots} could not make its move (this has been logged; "
            "every move so far is saved). A server admin can try again with "
            f"`/admin retry game:{game.id}` or end the game with `/admin end game:{game.id}`.")
    if channel is None:  # a private game against bots: its person hears of it directly
        for seat in game.seats:
            if not is_bot_user(seat.user_id):
                await _direct(bot, seat.user_id, text, [])
        return
    try:
        await channel.send(clip(text, 2000), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not tell game %s that its bot is stuck", game.id, exc_info=True)


def final_standings(game: GameRow, names: list[str] | None = None) -> str:
    result = game.result or {}
    if game.status == "abandoned":
        return "The game was abandoned."
    name_of = by_name(names or [])
    lines = ["**Final standings**" + (" (by forfeit)" if result.get("reason") == "forfeit" else "")]
    for place, seat in enumerate(result.get("ranking", []), start=1):
        user = game.user_of(seat)
        person = name_of(seat) if names else (who(game, user) if user else f"Player {seat + 1}")
        total = result["scores"][seat].get("total", 0)
        flag = " (resigned)" if seat in result.get("forfeited", []) else ""
        lines.append(f"{place}. {person} — {total} points{flag}")
    return "\n".join(lines)


def players_text(engine: Any) -> str:
    """'2 players', '2 to 4 players', '1 player'."""
    low, high = engine.min_players, engine.max_players
    if low == high:
        return f"{low} player" + ("s" if low != 1 else "")
    return f"{low} to {high} players"


def options_text(kind: str, options: dict[str, Any]) -> str:
    """The table's rule variants for people: each option's title and the chosen value's label."""
    engine = get_game(kind)
    specs = {spec.name: spec for spec in engine.option_specs()}
    parts = []
    for key, value in options.items():
        spec = specs.get(key)
        if spec is None:
            continue
        title = spec.title or key.replace("_", " ").capitalize()
        parts.append(f"{title}: {spec.label_of(value)}")
    return ", ".join(parts)


def lobby_text(game: GameRow) -> str:
    engine = get_game(game.kind)
    seated = ", ".join(who(game, s.user_id) for s in game.seats) or "nobody"
    rules = game.table_rules
    extra = []
    chosen = options_text(game.kind, game.options) if game.options else ""
    if chosen:
        extra.append(chosen)
    deadline = deadline_text(rules)
    if deadline:
        extra.append(f"deadline {deadline}")
    if (level := bot_level(rules, engine.ai_levels)) != engine.ai_levels[0]:
        extra.append(f"the bot plays {level}")
    lines = [
        f"**{engine.title}** table #{game.id} for {players_text(engine)}"
        + (f" ({'; '.join(extra)})" if extra else "") + ".",
        f"Seated ({len(game.seats)} of {engine.max_players}): {seated}",
    ]
    if game.status == "lobby":
        lines.append("Press **Join** to take a seat; any seated player can **Add the bot** (the AI takes a "
                     "seat) and **Start**.")
    elif game.status == "abandoned" and (game.result or {}).get("reason") == "ended by admin":
        lines.append("A server admin ended this table; it is closed.")
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
    if len(game.seats) < get_game(game.kind).max_players:
        view.add_item(LobbyButton(game.id, "bot"))
    if game.bot_users():
        view.add_item(LobbyButton(game.id, "unbot"))
    view.add_item(LobbyButton(game.id, "start"))
    return view


async def start_announcement(bot: Host, outcome: Outcome) -> dict[str, Any]:
    game = outcome.game
    summary: GameSummary = await bot.service.summary(game)
    names = await seat_names(bot, game)
    order = ", ".join(f"{seat + 1}. **{name}**" for seat, name in enumerate(names))
    lines = [f"**{summary.title} #{game.id}** has started. Seat order: {order}."]
    if summary.headline:
        lines.append(fill(summary.headline, by_name(names)))
    notes_for = ui_for(game.kind).public_notes
    if notes_for is not None and outcome.state is not None:
        lines += notes_for(game, outcome.engine.view(outcome.state, None))
    if summary.waiting_on:
        lines.append("Your turn: " + ", ".join(mention(u) for u in summary.waiting_on))
    elif outcome.state is not None:
        bots = [f"**{names[s]}**" for s in outcome.engine.to_act(outcome.state) if game.is_bot(s)]
        lines.append("First: " + ", ".join(bots) + " (the bot plays at once).")
    lines.append("Press **Open my panel** to make your decisions privately.")
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
        await bot.get_partial_messageable(channel_id).get_partial_message(message_id).edit(
            content=lobby_text(game), view=None, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not close the lobby message of table %s", game.id, exc_info=True)


async def lobby_click(interaction: discord.Interaction, game_id: int, what: str) -> None:
    bot = bot_of(interaction)
    service = bot.service
    user = interaction.user.id
    game = await service.game(game_id)
    if game.status in ("finished", "abandoned"):
        # A lobby message still showing buttons for a closed table: it loses them, and the click is told why.
        await interaction.response.edit_message(content=lobby_text(game), view=None)
        await interaction.followup.send(f"Table #{game_id} is closed.", ephemeral=True)
        return
    if what == "join":
        game = await service.lobby.join(game_id, user)
        await interaction.response.edit_message(content=lobby_text(game), view=lobby_view(game))
        deadline = deadline_text(game.table_rules)
        await interaction.followup.send(
            f"You joined table #{game.id}. "
            + (f"Deadline: {deadline}." if deadline else "This table has no deadline; take your time."),
            ephemeral=True)
        return
    elif what == "leave":
        game = await service.lobby.leave(game_id, user)
    elif what == "bot":
        game = await service.lobby.add_bot(game_id, user)
    elif what == "unbot":
        game = await service.lobby.remove_bot(game_id, user)
    else:
        # A bot seated first plays its turn in the background (`bot_turns`): the start answers at once.
        outcome = await service.lobby.start(game_id, user)
        await interaction.response.edit_message(content=lobby_text(outcome.game), view=None)
        await post_start(bot, interaction, outcome)
        return
    await interaction.response.edit_message(content=lobby_text(game), view=lobby_view(game))


async def post_start(bot: Host, interaction: discord.Interaction, outcome: Outcome) -> None:
    """Post the start of a game (in a new thread under the lobby when the server wants one), then the
    bot turns played right after the start."""
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
        announcement["content"] = clip(announcement["content"] + "\n" + PRIVATE_NOTE, 2000)
        await interaction.followup.send(ephemeral=True, **announcement)
        posted = True
    if not posted:
        await interaction.followup.send(**announcement)
    if outcome.bot_turn is not None:
        await announce(bot, outcome.bot_turn)
    if outcome.bots_owe:
        bot.bot_turns.start(outcome.game.id)


#: Said to someone whose game against bots plays privately (threads are off or not allowed here).
PRIVATE_NOTE = ("This game plays privately, as this server has no threads for tables: its turns are told on "
                "your panel (or by direct message when no panel is open), never in the channel.")


# ----- the dynamic items ----------------------------------------------------------------------------
# Each item declares its fields (`FIELDS`) and its template from `bot.discord_app.custom_ids`, which parses
# and bounds every field in one place; `from_custom_id` never raises (discord.py would drop the click in
# silence): an out-of-bounds id becomes a `Refused` item that answers with the refusal. A custom id that
# matches no template is answered by the bot's catch-all (`YokohamaBot.on_interaction`).
def _label(item: discord.ui.Item[Any], default: str) -> str:
    """The label of the component clicked (a select sent with a button's id has none)."""
    label = getattr(item, "label", None)
    return label if isinstance(label, str) and label else default


def _stamped(custom_id: str, stamp: str) -> str:
    return f"{custom_id}:{stamp}" if stamp else custom_id


class ChoiceButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button],
                   template=ids.template("yk:do", "g", "v", "i", optional="s")):
    FIELDS = {"g": ids.GAME, "v": ids.VERSION, "i": ids.INDEX, "s": ids.STAMP}

    def __init__(self, game_id: int, version: int, index: int, label: str = "Choose", stamp: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=clip(label or "Choose", 80), style=discord.ButtonStyle.primary,
            custom_id=_stamped(f"yk:do:{game_id}:{version}:{index}", stamp),
        ))
        self.game_id, self.version, self.index, self.stamp = game_id, version, index, stamp

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> ChoiceButton:
        return cls(f["g"], f["v"], f["i"], _label(item, "Choose"), f["s"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await panel_click(interaction, self.game_id,
                          lambda: choose(interaction, self.game_id, self.version, self.index, self.stamp))


class ChoiceSelect(ids.FromFields, discord.ui.DynamicItem[discord.ui.Select],
                   template=ids.template("yk:sel", "g", "v", "p", optional="s")):
    FIELDS = {"g": ids.GAME, "v": ids.VERSION, "p": ids.PAGE, "s": ids.STAMP}

    def __init__(self, game_id: int, version: int, page: int, choices: list | None = None, stamp: str = "",
                 *, details: list[str] | None = None, names: list[str] | None = None) -> None:
        name_of = plain(names or [])
        shown = choices or []
        notes = details if details is not None and len(details) == len(shown) else [""] * len(shown)
        select: discord.ui.Select = discord.ui.Select(
            custom_id=_stamped(f"yk:sel:{game_id}:{version}:{page}", stamp),
            placeholder="Choose…",
            options=[discord.SelectOption(label=clip(fill(c.label, name_of), 100), value=str(c.index),
                                          description=clip(note, 100) if note else None)
                     for c, note in zip(shown, notes, strict=True)]
            or [discord.SelectOption(label="(refresh)", value="-1")],
        )
        super().__init__(select)
        self.game_id, self.version, self.page, self.stamp = game_id, version, page, stamp

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> ChoiceSelect:
        return cls(f["g"], f["v"], f["p"], stamp=f["s"])

    async def callback(self, interaction: discord.Interaction) -> None:
        # A value that is not an option number (a crafted request) picks nothing: the panel is refreshed.
        index = option_number(cast(dict[str, Any], interaction.data or {}).get("values"))
        await panel_click(interaction, self.game_id,
                          lambda: choose(interaction, self.game_id, self.version, index, self.stamp))


def placement_menu(options: list[Any]) -> tuple[list[tuple[str, str]], int, int] | None:
    """For a decision whose options all pick a set of areas (`{"do": "place", "areas": [...]}`) and are too
    many for one menu: the areas (id, label) in the order offered, and how few and how many may be picked."""
    if len(options) <= PAGE:
        return None
    picks = [c.action.get("areas") if isinstance(c.action, dict) and c.action.get("do") == "place" else None
             for c in options]
    if any(not isinstance(p, list) or not p or len(set(p)) != len(p) for p in picks):
        return None
    labels = {c.action["areas"][0]: c.label for c in options if len(c.action["areas"]) == 1}
    areas: list[str] = []
    for pick in picks:
        areas += [a for a in pick if a not in areas]  # type: ignore[union-attr]
    if len(areas) > PAGE:
        return None
    sizes = [len(p) for p in picks]  # type: ignore[arg-type]
    return [(a, labels.get(a, a)) for a in areas], min(sizes), max(sizes)


def chosen_option(options: list[Any], picked: Any) -> int:
    """The index of the option placing in exactly the `picked` areas (-1 if none: the panel is refreshed)."""
    if not isinstance(picked, list) or not all(isinstance(p, str) for p in picked):
        return -1
    for choice in options:
        areas = choice.action.get("areas") if isinstance(choice.action, dict) else None
        if isinstance(areas, list) and sorted(areas) == sorted(picked):
            return int(choice.index)
    return -1


class PlaceSelect(ids.FromFields, discord.ui.DynamicItem[discord.ui.Select],
                  template=ids.template("yk:ms", "g", "v", optional="s")):
    """Pick 1-3 areas in one go; the matching option of the decision is then played like a click on it."""

    def __init__(self, game_id: int, version: int, stamp: str = "", *,
                 menu: tuple[list[tuple[str, str]], int, int] | None = None) -> None:
        areas, low, high = menu or ([], 1, 1)
        select: discord.ui.Select = discord.ui.Select(
            custom_id=_stamped(f"yk:ms:{game_id}:{version}", stamp),
            placeholder=f"Choose {low}–{high} areas…" if high > low else f"Choose {low} area(s)…",
            min_values=max(1, low) if areas else 1, max_values=max(1, min(high, len(areas))) if areas else 1,
            options=[discord.SelectOption(label=clip(label, 100), value=area) for area, label in areas]
            or [discord.SelectOption(label="(refresh)", value="-")],
        )
        super().__init__(select)
        self.game_id, self.version, self.stamp = game_id, version, stamp

    FIELDS = {"g": ids.GAME, "v": ids.VERSION, "s": ids.STAMP}

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> PlaceSelect:
        return cls(f["g"], f["v"], f["s"])

    async def callback(self, interaction: discord.Interaction) -> None:
        picked = cast(dict[str, Any], interaction.data or {}).get("values")

        async def work() -> None:
            try:
                decision = await bot_of(interaction).service.play.decision(self.game_id, interaction.user.id)
                index = chosen_option(decision.options, picked)
            except NotYourTurn:
                index = -1
            await choose(interaction, self.game_id, self.version, index, self.stamp)
        await panel_click(interaction, self.game_id, work)


class PageButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button],
                 template=ids.template("yk:pg", "g", "v", "p", optional="s")):
    FIELDS = {"g": ids.GAME, "v": ids.VERSION, "p": ids.PAGE, "s": ids.STAMP}

    def __init__(self, game_id: int, version: int, page: int, label: str = "More", stamp: str = "") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=_stamped(f"yk:pg:{game_id}:{version}:{page}", stamp)))
        self.game_id, self.version, self.page, self.stamp = game_id, version, page, stamp

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> PageButton:
        return cls(f["g"], f["v"], f["p"], _label(item, "More"), f["s"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            bot = bot_of(interaction)
            service = bot.service
            try:
                decision = await service.play.decision(self.game_id, interaction.user.id)
            except NotYourTurn as exc:
                await interaction.response.edit_message(content=exc.message, view=refresh_view(self.game_id))
                return
            if decision.version != self.version and (not self.stamp or decision.stamp != self.stamp):
                await interaction.response.defer()
                kwargs = await panel_message(bot, self.game_id, interaction.user.id,
                                             name=interaction.user.display_name,
                                             note="⚠️ The game moved on; here is your current panel.")
                await interaction.edit_original_response(**kwargs)
                return
            row = await service.game(self.game_id)
            names = await seat_names(bot, row)
            await interaction.response.edit_message(view=decision_view(
                decision, page=self.page, stamp=self.stamp, names=names, light=ui_for(row.kind).between_pictures))
        await panel_click(interaction, self.game_id, work)


class RefreshButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button], template=ids.template("yk:rf", "g")):
    FIELDS = {"g": ids.GAME}

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Refresh", style=discord.ButtonStyle.secondary, emoji="🔄",
                                           custom_id=f"yk:rf:{game_id}"))
        self.game_id = game_id

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> RefreshButton:
        return cls(f["g"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer()
            kwargs = await panel_message(bot_of(interaction), self.game_id, interaction.user.id,
                                         name=interaction.user.display_name,
                                         picture=True if self.with_picture else None)
            await interaction.edit_original_response(**kwargs)
        await panel_click(interaction, self.game_id, work)

    with_picture = False


class PictureButton(RefreshButton, template=ids.template("yk:pic", "g")):
    """"Show my sheet": the panel again, with a fresh picture (games that send text between pictures)."""

    with_picture = True

    def __init__(self, game_id: int, label: str = "Show my picture") -> None:
        discord.ui.DynamicItem.__init__(self, discord.ui.Button(
            label=clip(label, 80), style=discord.ButtonStyle.secondary, emoji="🖼️", custom_id=f"yk:pic:{game_id}"))
        self.game_id = game_id

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> PictureButton:
        return cls(f["g"], _label(item, "Show my picture"))


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
        super().__init__(discord.ui.Button(label=self.LABEL, style=self.STYLE, emoji=self.EMOJI,
                                           custom_id=f"{self.PREFIX}:{game_id}"))
        self.game_id = game_id

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> GameButton:
        return cls(f["g"])


class UndoButton(GameButton, template=ids.template("yk:undo", "g")):
    """Take back your last decision of this turn (until a card or die is drawn or the turn passes)."""

    PREFIX, LABEL, EMOJI = "yk:undo", "Undo", "↩️"

    async def callback(self, interaction: discord.Interaction) -> None:
        await panel_click(interaction, self.game_id, lambda: undo_last(interaction, self.game_id))


class OpenPanelButton(GameButton, template=ids.template("yk:open", "g")):
    PREFIX, LABEL, STYLE = "yk:open", "Open my panel", discord.ButtonStyle.success

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: send_panel(interaction, self.game_id))


class BoardButton(GameButton, template=ids.template("yk:board", "g")):
    """"Full board" under a turn post: the full public pictures, privately (the post leads with a phone picture)."""

    PREFIX, LABEL, EMOJI = "yk:board", "Full board", "🗺️"

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: send_board(interaction, self.game_id))


class LobbyButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button],
                  template=ids.template("yk:lobby", "g", "w")):
    FIELDS = {"g": ids.GAME, "w": ids.LOBBY}

    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "start": discord.ButtonStyle.primary, "bot": discord.ButtonStyle.secondary,
              "unbot": discord.ButtonStyle.secondary}
    LABELS = {"bot": "Add the bot", "unbot": "Remove the bot"}

    def __init__(self, game_id: int, what: str) -> None:
        super().__init__(discord.ui.Button(label=self.LABELS.get(what, what.capitalize()), style=self.STYLES[what],
                                           custom_id=f"yk:lobby:{game_id}:{what}"))
        self.game_id, self.what = game_id, what

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> LobbyButton:
        return cls(f["g"], f["w"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: lobby_click(interaction, self.game_id, self.what))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ChoiceButton, ChoiceSelect, PlaceSelect, PageButton, RefreshButton, PictureButton, UndoButton, OpenPanelButton,
    LobbyButton, BoardButton,
)
