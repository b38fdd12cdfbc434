"""The private decision panel: what it shows, its buttons and menus, and what a click on them does.

No game state lives in a View: each button and menu carries what it needs in its `custom_id` (game id,
state version, option index) and is rebuilt by a `discord.ui.DynamicItem` registered at start-up
(`panels.registry`), so panels keep working after a restart. A click on a panel whose version is no
longer current gets the current panel instead. A finished turn goes to the host (`Host.announce`), which
posts it (`panels.turn_post`): this module never imports the turn post.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any, cast

import discord

from bot.discord_app import custom_ids as ids
from bot.discord_app import languages
from bot.discord_app.game_ui import ui_for
from bot.discord_app.host import Host, LivePanel, thinking_line
from bot.discord_app.names import by_name, fill, plain, seat_names, who
from bot.discord_app.panels.channels import game_channel, is_private
from bot.discord_app.panels.clicks import GameButton, bot_of, clicked_label, guarded, option_number, panel_click
from bot.discord_app.panels.pictures import BoardButton, MyBoardButton, own_file
from bot.discord_app.panels.text import clip, final_standings
from bot.service import Decision, GameClosed, GameMovedOn, NotYourTurn, Outcome, Panel, TableService
from bot.service.outcomes import FORMALITY
from bot.service.records import GameRow
from engine.core import get_game
from i18n import N_, _, ngettext

# A panel's buttons carry the seat's decision stamp (`Decision.stamp`: the engine's `decision_stamp` plus
# the seat's own move count), so in simultaneous phases another player's move never bounces a panel.
# What a game adds (lines under a panel's header, text between pictures) is its `GameUI`
# (`bot.discord_app.game_ui`); a game without one keeps the generic behaviour.

PAGE = 25
BUTTONS_UP_TO = 5  # with this many options or fewer, one click per option


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
    header = f"**{_(engine.title)} #{game.id}**" + (f" — {headline}" if headline else "")
    ui = ui_for(game.kind)
    notes_for = ui.panel_notes
    light = ui.between_pictures
    if picture is None:  # a refresh: a fresh picture unless the game sends text between pictures
        picture = not light

    async def own_picture(view: dict[str, Any], choices: list[str] | None = None) -> dict[str, Any]:
        # The compact own view made for a phone; the full private board is one tap away (My full board).
        if not picture:
            return {}
        file = await own_file(game.kind, view, f"game-{game.id}-you.png", name=name, names=names,
                              choices=choices or ())
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
            lines.append(waiting_line(game, panel.waiting, names, refusal.message))
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
    choices = [fill(choice.label, plain(names)) for choice in decision.options]
    files = await own_picture(own_view, choices) if own_view is not None else {}
    lines = [header]
    if note:
        lines.append(note)
    if notes_for is not None and own_view is not None:
        lines += notes_for(game, own_view, decision.seat)
    lines.append(f"**{fill(decision.prompt, plain(names)) or _('Your decision')}**")
    hint = options_hint(decision.options)
    if hint:
        lines.append(hint)
    return {
        "content": clip("\n".join(lines), 2000),
        "view": decision_view(decision, page=0, stamp=decision.stamp, names=names, light=light),
        **files,
    }


def waiting_line(game: GameRow, waiting_seats: list[int], names: list[str], otherwise: str) -> str:
    """What an off-turn panel says it waits for: a bot playing now (nobody is pinged when it is done, since
    the person is the next to act and sees it here), or the people the table waits on."""
    waiting = [f"**{names[s]}**" if s < len(names) else _("Player {n}").format(n=s + 1) for s in waiting_seats]
    if not waiting:
        return otherwise
    if all(game.is_bot(s) for s in waiting_seats):
        if game.kind == "rollwrite":
            line = ngettext("It is not your turn: {players} is playing its round now (a few seconds, up to "
                            "half a minute).", "It is not your turn: {players} are playing their round now "
                            "(a few seconds, up to half a minute).", len(waiting))
        else:
            line = ngettext("It is not your turn: {players} is playing its turn now (a few seconds, up to "
                            "half a minute).", "It is not your turn: {players} are playing their turn now "
                            "(a few seconds, up to half a minute).", len(waiting))
        return (line.format(players=_(" and ").join(waiting)) + " "
                + _("This panel shows your own view; press **Refresh** to see what the bot did."))
    return _("It is not your turn: waiting for {players}. This panel shows your own view; press "
             "**Refresh** when you are pinged.").format(players=_(" and ").join(waiting))


def options_hint(options: list[Any]) -> str:
    """The line over a decision's component, saying how to use that very component: the pages of a long
    menu have ◀ Previous / Next ▶ buttons; a placement over several areas is one multi-select without
    pages; a short list needs no hint."""
    if len(options) <= PAGE:
        return ""
    menu = placement_menu(options)
    if menu is not None:
        areas, low, high = menu
        if low == high:
            return _("Pick {count} of the {n} areas in the menu, all at once.").format(count=low, n=len(areas))
        return _("Pick {low} to {high} of the {n} areas in the menu, all at once.").format(low=low, high=high,
                                                                                           n=len(areas))
    return _("{n} options, {page} per page: use ◀ Previous and Next ▶ to see them all.").format(n=len(options),
                                                                                                page=PAGE)


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
                view.add_item(PageButton(decision.game_id, decision.version, page - 1, _("◀ Previous"), stamp))
            if page < pages - 1:
                view.add_item(PageButton(decision.game_id, decision.version, page + 1, _("Next ▶"), stamp))
    if decision.can_undo:
        view.add_item(UndoButton(decision.game_id))
    if light:
        view.add_item(PictureButton(decision.game_id, _(light)))
    view.add_item(MyBoardButton(decision.game_id))
    view.add_item(RefreshButton(decision.game_id))
    return view


def refresh_view(game_id: int, *, undo: bool = False, light: str = "") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if undo:
        view.add_item(UndoButton(game_id))
    if light:
        view.add_item(PictureButton(game_id, _(light)))
    view.add_item(MyBoardButton(game_id))
    view.add_item(RefreshButton(game_id))
    return view


def public_view(game_id: int, *, panel: bool = True) -> discord.ui.View:
    """The buttons under every public game message: open your own private panel, see the full board."""
    view = discord.ui.View(timeout=None)
    if panel:
        view.add_item(OpenPanelButton(game_id))
    view.add_item(BoardButton(game_id))
    return view


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


async def on_panel(interaction: discord.Interaction, game_id: int, work: Callable[[], Awaitable[None]]) -> None:
    """A click on this panel's buttons (`clicks.panel_click`); on a public message, the clicker's own panel."""
    await panel_click(interaction, game_id, work,
                      lambda note: send_panel(interaction, game_id, note=note))


async def act_on_panel(service: TableService, game_id: int, user_id: int, version: int, index: int,
                       stamp: str) -> Outcome:
    """Apply option `index`; with a stamp, retry when another seat's move lands in between."""
    for _attempt in range(3):
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
        note += "\n↪️ " + _("Then, your only option, played for you: {options}").format(options=_("; ").join(forced))
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
    await bot.announce(outcome, mover=user.id)
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
    note = (ngettext("↩️ Taken back ({n} step, with what was played for you).",
                     "↩️ Taken back ({n} steps, with what was played for you).", count).format(n=count)
            if count > 1 else _("↩️ Taken back."))
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
    async with languages.public(bot, game.guild_id):
        text = _("↩️ **{game} #{number}**: **{player}** took back the end of their turn; it is their turn "
                 "again.").format(game=_(engine.title), number=game.id, player=name)
    with contextlib.suppress(discord.HTTPException):
        await channel.send(text, allowed_mentions=discord.AllowedMentions.none())


def stamped(custom_id: str, stamp: str) -> str:
    return f"{custom_id}:{stamp}" if stamp else custom_id


class ChoiceButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button],
                   template=ids.template("yk:do", "g", "v", "i", optional="s")):
    FIELDS = {"g": ids.GAME, "v": ids.VERSION, "i": ids.INDEX, "s": ids.STAMP}

    def __init__(self, game_id: int, version: int, index: int, label: str = "Choose", stamp: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=clip(label or _("Choose"), 80), style=discord.ButtonStyle.primary,
            custom_id=stamped(f"yk:do:{game_id}:{version}:{index}", stamp),
        ))
        self.game_id, self.version, self.index, self.stamp = game_id, version, index, stamp

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> ChoiceButton:
        return cls(f["g"], f["v"], f["i"], clicked_label(item, "Choose"), f["s"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await on_panel(interaction, self.game_id,
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
            custom_id=stamped(f"yk:sel:{game_id}:{version}:{page}", stamp),
            placeholder=_("Choose…"),
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
        await on_panel(interaction, self.game_id,
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
            custom_id=stamped(f"yk:ms:{game_id}:{version}", stamp),
            placeholder=(_("Choose {low}–{high} areas…").format(low=low, high=high) if high > low
                         else ngettext("Choose {n} area…", "Choose {n} areas…", low).format(n=low)),
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
        await on_panel(interaction, self.game_id, work)


class PageButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button],
                 template=ids.template("yk:pg", "g", "v", "p", optional="s")):
    FIELDS = {"g": ids.GAME, "v": ids.VERSION, "p": ids.PAGE, "s": ids.STAMP}

    def __init__(self, game_id: int, version: int, page: int, label: str = "More", stamp: str = "") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=stamped(f"yk:pg:{game_id}:{version}:{page}", stamp)))
        self.game_id, self.version, self.page, self.stamp = game_id, version, page, stamp

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> PageButton:
        return cls(f["g"], f["v"], f["p"], clicked_label(item, "More"), f["s"])

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
                                             note=_("⚠️ The game moved on; here is your current panel."))
                await interaction.edit_original_response(**kwargs)
                return
            row = await service.game(self.game_id)
            names = await seat_names(bot, row)
            await interaction.response.edit_message(view=decision_view(
                decision, page=self.page, stamp=self.stamp, names=names, light=ui_for(row.kind).between_pictures))
        await on_panel(interaction, self.game_id, work)


class RefreshButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button], template=ids.template("yk:rf", "g")):
    FIELDS = {"g": ids.GAME}

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label=_("Refresh"), style=discord.ButtonStyle.secondary, emoji="🔄",
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
        await on_panel(interaction, self.game_id, work)

    with_picture = False


class PictureButton(RefreshButton, template=ids.template("yk:pic", "g")):
    """"Show my sheet": the panel again, with a fresh picture (games that send text between pictures)."""

    with_picture = True

    def __init__(self, game_id: int, label: str = "") -> None:
        discord.ui.DynamicItem.__init__(self, discord.ui.Button(
            label=clip(label or _("Show my picture"), 80), style=discord.ButtonStyle.secondary, emoji="🖼️",
            custom_id=f"yk:pic:{game_id}"))
        self.game_id = game_id

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> PictureButton:
        return cls(f["g"], clicked_label(item, _("Show my picture")))


class UndoButton(GameButton, template=ids.template("yk:undo", "g")):
    """Take back your last decision of this turn (until a card or die is drawn or the turn passes)."""

    PREFIX, LABEL, EMOJI = "yk:undo", N_("Undo"), "↩️"

    async def callback(self, interaction: discord.Interaction) -> None:
        await on_panel(interaction, self.game_id, lambda: undo_last(interaction, self.game_id))


class OpenPanelButton(GameButton, template=ids.template("yk:open", "g")):
    PREFIX, LABEL, STYLE = "yk:open", N_("Open my panel"), discord.ButtonStyle.success

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: send_panel(interaction, self.game_id))
