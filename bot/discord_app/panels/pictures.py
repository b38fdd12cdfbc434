"""The pictures a panel or post carries, drawn off the event loop (`rendering.pool`); a picture that fails
to draw is left out and logged, never the message with it. Every attachment carries alt text (`describe`).
Also the **Full board** button (the public board) and **My full board** (a seat's full private picture: the
panel itself shows the compact own view made for a phone, `own_file`).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.discord_app import custom_ids as ids
from bot.discord_app.game_ui import ui_for
from bot.discord_app.names import seat_names
from bot.discord_app.panels.clicks import GameButton, bot_of, guarded
from bot.discord_app.panels.text import alt_text
from i18n import N_, _
from rendering import pool as drawing

log = logging.getLogger(__name__)
#: What each labelled public picture is, for its alt text (labels are file-name parts: `game-12-map.png`).
LABELS = {"map": N_("The map"), "boards": N_("The player boards"), "final": N_("The final scores")}

def describe(kind: str, view: dict[str, Any], names: list[str] | None = None, story: str = "",
             what: str = "") -> str:
    """Alt text for a picture of `view`: `what` it is, then the game, whose turn, the scores and `story`."""
    describing = getattr(ui_for(kind).renderer, "description", None)  # a stand-in renderer may have none
    said = describing(view, names=names, story=story) if describing is not None else ""
    # TRANSLATORS: what a picture is, then its description; Japanese ends a sentence with 。, not a full stop.
    joined = _("{what}. {description}").format(what=what, description=said) if what and said else what or said
    return alt_text(joined or _("A picture of the game."))


async def _drawn(request: Callable[[], Any], what: str) -> Any:
    """The picture(s) `request` asks for, drawn off the event loop (in a drawing process, `rendering.pool`);
    None when drawing failed. A picture is an extra: the move behind it is already saved, so the message
    goes out without it, and the failure is logged with `what` was being drawn."""
    try:
        return await drawing.draw(request())
    except Exception:
        log.exception("could not draw %s", what)
        return None


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
    data = await _drawn(lambda: renderer.picture(view, names=names, name=name), f"the {kind} picture {filename}")
    if data is None:
        return None
    what = _("Your own view") if view.get("viewer") is not None else _("The board")
    return discord.File(io.BytesIO(data), filename=filename, spoiler=spoiler,
                        description=describe(kind, view, names, what=what))


async def own_file(kind: str, view: dict[str, Any], filename: str, *, name: str | None = None,
                   names: list[str] | None = None, choices: Sequence[str] = ()) -> discord.File | None:
    """A seat's compact own view (what it holds, what it can do now and what that costs; made for a phone:
    `rendering.contract.Renderer.own_picture`) as an attachment; the renderer's full picture where it has no
    compact one. None if drawing failed (logged)."""
    renderer = ui_for(kind).renderer
    own = getattr(renderer, "own_picture", None)
    if own is None:
        return await draw(kind, view, filename, name=name, names=names)
    data = await _drawn(lambda: own(view, names=names, name=name, choices=list(choices)),
                        f"the {kind} own picture {filename}")
    if data is None:
        return None
    what = _("Your own view (My full board shows all of it)")
    return discord.File(io.BytesIO(data), filename=filename, description=describe(kind, view, names, what=what))


async def public_files(kind: str, view: dict[str, Any], game_id: int, names: list[str] | None = None,
                       ranking: list[int] | None = None) -> list[discord.File]:
    """Every public picture of `view` as attachments (Yokohama: the map and the player boards; the final
    scores once over), else the game's one picture. A picture that fails to draw is left out and logged."""
    renderer = ui_for(kind).renderer
    if renderer is None:
        return []
    drawn = await _drawn(lambda: renderer.public_pictures(view, names=names, ranking=ranking),
                         f"the public pictures of game {game_id} ({kind})")
    if drawn is None:
        return []
    return [discord.File(io.BytesIO(data), filename=f"game-{game_id}-{label}.png" if label else f"game-{game_id}.png",
                         description=describe(kind, view, names,
                                              what=_(LABELS.get(label, label)) if label else _("The board")))
            for label, data in drawn]


async def lead_files(kind: str, view: dict[str, Any], game_id: int, names: list[str] | None = None,
                     story: str = "") -> list[discord.File]:
    """The one picture a turn post leads with, readable on a phone (whose turn, the last turn's `story`, the
    scores); the full board is one tap away (`BoardButton`), so a phone never shows a mosaic of boards."""
    renderer = ui_for(kind).renderer
    if renderer is None:
        return []
    data = await _drawn(lambda: renderer.lead_picture(view, names=names, story=story),
                        f"the lead picture of game {game_id} ({kind})")
    if data is None:
        return []
    return [discord.File(io.BytesIO(data), filename=f"game-{game_id}-turn.png",
                         description=describe(kind, view, names, story))]


async def send_board(interaction: discord.Interaction, game_id: int) -> None:
    """"Full board": the game's public pictures (the board, the map and player boards, or the final scores),
    privately to whoever asked, each as its own message so a phone shows it full width."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    game, engine, state = await bot.service.load(game_id)
    if state is None:
        await interaction.followup.send(_("This game has no board yet."), ephemeral=True)
        return
    names = await seat_names(bot, game)
    ranking = (game.result or {}).get("ranking") if game.status == "finished" else None
    files = await public_files(game.kind, engine.view(state, None), game.id, names, ranking)
    if not files:
        await interaction.followup.send(_("The board could not be drawn; please try again."), ephemeral=True)
        return
    for file in files:
        await interaction.followup.send(ephemeral=True, file=file)


async def send_own_board(interaction: discord.Interaction, game_id: int) -> None:
    """"My full board": the clicker's full private picture (every card, the whole board under them), privately."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    game, engine, state = await bot.service.load(game_id)
    seat = game.seat_of(interaction.user.id)
    if state is None or seat is None:
        await interaction.followup.send("You have no seat in this game, so it has no board of yours.", ephemeral=True)
        return
    names = await seat_names(bot, game)
    file = await draw(game.kind, engine.view(state, seat), f"game-{game.id}-you-full.png",
                      name=interaction.user.display_name, names=names)
    if file is None:
        await interaction.followup.send("Your board could not be drawn; please try again.", ephemeral=True)
        return
    await interaction.followup.send(ephemeral=True, file=file)


class MyBoardButton(GameButton, template=ids.template("yk:mine", "g")):
    """"My full board" on a private panel: the seat's full private picture (the panel shows the compact one)."""

    PREFIX, LABEL, EMOJI = "yk:mine", N_("My full board"), "🧾"

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: send_own_board(interaction, self.game_id))


class BoardButton(GameButton, template=ids.template("yk:board", "g")):
    """"Full board" under a turn post: the full public pictures, privately (the post leads with a phone picture)."""

    PREFIX, LABEL, EMOJI = "yk:board", N_("Full board"), "🗺️"

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: send_board(interaction, self.game_id))
