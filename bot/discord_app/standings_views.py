"""What /standings, /profile, /history and /table log show, and their page buttons.

Every page button carries all it needs in its `custom_id` (game, scope, user, page), and is rebuilt
by a `DynamicItem` registered at start-up, so a leaderboard opened before a restart still pages.
People are shown by mention (Discord shows the display name, and `AllowedMentions.none()` pings
nobody); pictures and game logs use display names.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import io
from typing import TYPE_CHECKING, Any

import discord
from babel.dates import format_date

from bot.discord_app import custom_ids as ids
from bot.discord_app.names import bot_name, by_name, fill, seat_names
from bot.discord_app.panels.clicks import guarded
from bot.discord_app.panels.text import alt_text, average, clip
from bot.service import seasons
from bot.service.errors import ServiceError
from bot.service.ratings import EVERYONE, is_provisional
from bot.service.records import FinishedGame, Rating, is_bot_user
from bot.service.standings import Board, BoardLine, GameLog, HistoryPage, Profile, Standings
from engine.core import available_games, get_game, seat_token
from i18n import SHIPPED, SOURCE, _, current_locale, labelled, ngettext
from rendering.charts import Series, line_chart

if TYPE_CHECKING:
    from bot.discord_app.client import YokohamaBot

QUIET = discord.AllowedMentions.none()
#: A log page holds at most this many characters (Discord's limit is 2000 with the header).
LOG_PAGE_CHARS = 1700


def standings_of(interaction: discord.Interaction) -> Standings:
    bot: YokohamaBot = interaction.client  # type: ignore[assignment]
    return bot.records.standings()


def title_of(kind: str) -> str:
    try:
        return _(get_game(kind).title) or kind
    except KeyError:
        return kind


def rated_kinds() -> list[str]:
    """The games that have ratings: every game for two or more players."""
    return [g.name for g in available_games() if g.max_players >= 2]


def who(user_id: int) -> str:
    return f"**{bot_name(user_id)}**" if is_bot_user(user_id) else f"<@{user_id}>"


def shown(rating: Rating) -> str:
    """The rating as players read it: `1034?` while provisional."""
    return f"{rating.display}{'?' if is_provisional(rating) else ''}"


def win_rate(rating: Rating) -> str:
    # TRANSLATORS: a share of games won; French writes a space before % ("60 %").
    return _("{n}%").format(n=round(100 * rating.wins / rating.games)) if rating.games else "–"


def ordinal(n: int) -> str:
    """`1st`, `22nd`, `13th` (each language writes its own: `1位`, `1.`, `1er`)."""
    if n == 1:
        return _("1st")
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return {"st": _("{n}st"), "nd": _("{n}nd"), "rd": _("{n}rd")}.get(suffix, _("{n}th")).format(n=n)


def count(n: int, thing: str) -> str:
    """`1 game`, `3 games`, in the reader's language (the plural form its rule picks)."""
    forms = {
        "game": lambda: ngettext("{n} game", "{n} games", n),
        "rated game": lambda: ngettext("{n} rated game", "{n} rated games", n),
        "win": lambda: ngettext("{n} win", "{n} wins", n),
        "attempt": lambda: ngettext("{n} attempt", "{n} attempts", n),
        "day": lambda: ngettext("{n} day", "{n} days", n),
    }
    return forms[thing]().format(n=n)


def day(when: float) -> str:
    """A finished game's date as the reader's language writes one (`07 Dec 2026`, `07.12.2026`, `2026/12/07`,
    `7 déc. 2026`): a month's name in English would otherwise sit in a German or Japanese line."""
    date = dt.datetime.fromtimestamp(when, dt.UTC).date()
    locale = current_locale.get()
    if locale == SOURCE or locale not in SHIPPED:  # English, and the pseudo-locale (which has no dates)
        return date.strftime("%d %b %Y")
    return format_date(date, "medium", locale=locale)


# ----- /standings ------------------------------------------------------------------------------------
def board_line(line: BoardLine) -> str:
    r = line.rating
    return f"**{line.rank}.** {who(r.user_id)} — **{shown(r)}** · {count(r.games, 'game')} · " + _(
        "{rate} wins").format(rate=win_rate(r))


def board_message(board: Board, viewer: int, scope_name: str) -> dict[str, Any]:
    title = title_of(board.kind)
    if not board.players:
        return {"content": _("Nobody has a rated **{game}** game {where} yet. Finish a table game with two or more "
                             "players to appear here.").format(game=title, where=scope_name), "view": None}
    counted = ngettext("{n} player", "{n} players", board.players).format(n=board.players)
    if board.pages > 1:
        counted += ", " + _("page {page} of {pages}").format(page=board.page + 1, pages=board.pages)
    lines = [_("**{game} — leaderboard {where}** ({counted})").format(game=title, where=scope_name, counted=counted)]
    lines += [board_line(line) for line in board.lines]
    if board.you is None:
        lines.append("\n" + _("You have no rated {game} game {where} yet.").format(game=title, where=scope_name))
    elif all(line.rating.user_id != viewer for line in board.lines):
        lines.append("\n" + _("**You:** {line}").format(line=board_line(board.you)))
    lines.append(_("A `?` marks a provisional rating (fewer than 5 rated games). `/profile` shows more."))
    view = None
    if board.pages > 1 and board.season is not None:
        view = discord.ui.View(timeout=None)
        view.add_item(SeasonPageButton(board.kind, board.season, board.page - 1, _("◀ Previous"),
                                       disabled=board.page == 0))
        view.add_item(SeasonPageButton(board.kind, board.season, board.page + 1, _("Next ▶"),
                                       disabled=board.page >= board.pages - 1))
    elif board.pages > 1:
        everyone = board.scope == EVERYONE
        view = discord.ui.View(timeout=None)
        view.add_item(BoardPageButton(board.kind, everyone, board.page - 1, _("◀ Previous"),
                                      disabled=board.page == 0))
        view.add_item(BoardPageButton(board.kind, everyone, board.page + 1, _("Next ▶"),
                                      disabled=board.page >= board.pages - 1))
    return {"content": clip("\n".join(lines), 2000), "view": view}


def scope_name(scope: int) -> str:
    return _("everywhere") if scope == EVERYONE else _("in this server")


async def show_board(interaction: discord.Interaction, kind: str, scope: int, page: int, *, edit: bool,
                     season: str | None = None) -> None:
    """A leaderboard page: all time, or (`season`) one season of the server."""
    board = await standings_of(interaction).board(kind, scope, viewer=interaction.user.id, page=page, season=season)
    where = scope_name(scope) + (", " + _("season {season}").format(season=seasons.title(season)) if season else "")
    message = board_message(board, interaction.user.id, where)
    if edit:
        await interaction.response.edit_message(content=message["content"], view=message["view"],
                                                allowed_mentions=QUIET)
        return
    await interaction.response.send_message(message["content"], view=message["view"] or discord.utils.MISSING,
                                            ephemeral=True, allowed_mentions=QUIET)


class BoardPageButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button],
                      template=ids.template("yk:st", "k", "s", "p")):
    """A leaderboard page. It carries only whether the board is everyone's (0) or the server's (1): the server
    is always the one the click comes from, never a number in the button (older buttons carried the server
    id there; any number but 0 still means "this server")."""

    FIELDS = {"k": ids.KIND, "s": ids.SCOPE, "p": ids.PAGE}

    def __init__(self, kind: str, everyone: bool, page: int, label: str = "More", *, disabled: bool = False) -> None:
        page = min(max(0, page), ids.MAX_PAGE)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"yk:st:{kind}:{0 if everyone else 1}:{page}"))
        self.kind, self.everyone, self.page = kind, everyone, page

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> BoardPageButton:
        return cls(f["k"], f["s"] == EVERYONE, f["p"], getattr(item, "label", None) or "More")

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            if self.everyone:
                scope = EVERYONE
            elif interaction.guild_id is None:
                raise ServiceError(_("A server's leaderboard pages only in that server; here, use "
                                     "`/standings scope: everyone`."))
            else:
                scope = interaction.guild_id
            await show_board(interaction, self.kind, scope, self.page, edit=True)
        await guarded(interaction, work)


class SeasonPageButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button],
                       template=ids.template("yk:ss", "k", "n", "p")):
    """A page of a season's leaderboard: the game, the season's name and the page; the server is always the
    one the click comes from."""

    FIELDS = {"k": ids.KIND, "n": ids.SEASON, "p": ids.PAGE}

    def __init__(self, kind: str, season: str, page: int, label: str = "More", *, disabled: bool = False) -> None:
        page = min(max(0, page), ids.MAX_PAGE)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"yk:ss:{kind}:{season}:{page}"))
        self.kind, self.season, self.page = kind, season, page

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> SeasonPageButton:
        return cls(f["k"], f["n"], f["p"], getattr(item, "label", None) or "More")

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            if interaction.guild_id is None:
                raise ServiceError(_("A server's season pages only in that server."))
            await show_board(interaction, self.kind, interaction.guild_id, self.page, edit=True, season=self.season)
        await guarded(interaction, work)


# ----- /profile --------------------------------------------------------------------------------------
def result_line(game: FinishedGame, user_id: int) -> str:
    """`#12 Yokohama Duel, 30 Nov 2026: 1st of 2, 85 points (rated)`."""
    mine = next((s for s in game.seats if s.user_id == user_id), None)
    comma = _(", ")
    head = f"#{game.game_id} {title_of(game.kind)}{comma}{day(game.finished_at)}"
    if mine is None:
        return head
    points = ngettext("{n} point", "{n} points", mine.score).format(n=mine.score)
    if len(game.seats) == 1:
        how = _("daily challenge") if game.mode == "daily" else _("solo")
        return labelled(head, _("{story} ({changes})").format(story=points, changes=how))
    place = _("{place} of {n}").format(place=ordinal(mine.place), n=len(game.seats))
    if mine.forfeited:
        place += comma + _("resigned")
    return labelled(head, place + comma + points) + ("" if game.rated else " " + _("(not rated)"))




def profile_text(profile: Profile, name: str, daily: Any) -> str:
    here = scope_name(profile.scope)
    lines = [_("**{player}** — standings").format(player=name)]
    for record in profile.games:
        title = title_of(record.kind)
        parts = []
        if record.rating is not None:
            r = record.rating
            rank = _("#{rank} of {n} {where}").format(rank=record.rank, n=record.players, where=here) \
                if record.rank else here
            comma = _(", ")
            parts.append(_("rating **{rating}** ({rank})").format(rating=shown(r), rank=rank)
                         + comma + count(r.games, "rated game") + comma
                         + _("{story} ({changes})").format(story=count(r.wins, "win"), changes=win_rate(r)))
        if record.everyone is not None and record.everyone_rank is not None:
            parts.append(_("everywhere **{rating}** (#{rank})").format(rating=shown(record.everyone),
                                                                       rank=record.everyone_rank))
        if record.best is not None and record.average is not None:
            parts.append(_("best score {best}, average {average} over {games} between people").format(
                best=record.best, average=average(record.average), games=count(record.finished, "game")))
        if parts:
            lines.append(labelled(f"**{title}**", _("; ").join(parts)))
        if record.against_bot is not None:
            games, best, mean, wins = record.against_bot
            lines.append(_("**{game} against the bot**: {games}, {wins}; best score {best}, average {average} "
                           "(not rated)").format(game=title, games=count(games, "game"), wins=count(wins, "win"),
                                                 best=best, average=average(mean)))
    if daily is not None and daily.games:
        lines.append(_("**Daily challenge**: {attempts}, best {best}, average {average}; streak {streak} (best "
                       "{best_streak})").format(attempts=count(daily.games, "attempt"), best=daily.best,
                                                 average=average(daily.average),
                                                 streak=count(daily.current_streak, "day"),
                                                 best_streak=daily.best_streak))
    if profile.recent:
        lines.append(_("**Recent results**"))
        lines += [f"• {result_line(g, profile.user_id)}" for g in profile.recent]
    return clip("\n".join(lines), 2000)


def rating_chart(profile: Profile, name: str) -> bytes | None:
    """PNG of the rating after each rated game, a line per game; None when there is nothing to draw."""
    # Short names: the chart writes each label at the end of its line, in a narrow margin.
    short = {"duel": "Duel", "yokohama": "Yokohama", "rollwrite": "Roll & Write"}
    series = [Series(short.get(r.kind, title_of(r.kind)), [p.display for p in r.points])
              for r in profile.games if r.points]
    if not series:
        return None
    return line_chart(_("{name} — rating history {scope}").format(name=name, scope=scope_name(profile.scope)),
                      series[:4], x_label=_("rated games"), y_label=_("rating"))


async def profile_files(profile: Profile, name: str) -> list[discord.File]:
    picture = await asyncio.to_thread(rating_chart, profile, name)
    if picture is None:
        return []
    said = _("; ").join(labelled(title_of(r.kind), _(", ").join(str(p.display) for p in r.points[-12:]))
                        for r in profile.games if r.points)
    return [discord.File(io.BytesIO(picture), filename="rating-history.png",
                         description=alt_text(_("Rating history of {name} (latest ratings): {ratings}").format(
                             name=name, ratings=said)))]


# ----- /history --------------------------------------------------------------------------------------
def history_line(game: FinishedGame) -> str:
    players = " · ".join(
        f"{'🏆 ' if s.place == 1 and len(game.seats) > 1 else ''}{who(s.user_id)} {s.score}"
        + (" " + _("(resigned)") if s.forfeited else "")
        for s in sorted(game.seats, key=lambda s: (s.place, s.seat)))
    winners = [s for s in game.seats if s.place == 1]
    if len(game.seats) < 2:
        verdict = _("solo") if game.mode != "daily" else _("daily challenge")
    elif len(winners) > 1:
        verdict = _("shared victory")
    else:
        verdict = _("winner {player}").format(player=who(winners[0].user_id))
    return f"**#{game.game_id}** {title_of(game.kind)} · {day(game.finished_at)} · {players} · {verdict}"


def history_message(page: HistoryPage, kind: str | None) -> dict[str, Any]:
    player = who(page.user_id)
    if not page.total:
        return {"content": (_("{player} has no finished {game} games yet.").format(player=player, game=title_of(kind))
                            if kind else _("{player} has no finished games yet.").format(player=player)),
                "view": None}
    counted = str(page.total) + (", " + _("page {page} of {pages}").format(page=page.page + 1, pages=page.pages)
                                 if page.pages > 1 else "")
    lines = [(_("**Finished {game} games of {player}** ({counted})").format(game=title_of(kind), player=player,
                                                                            counted=counted) if kind else
              _("**Finished games of {player}** ({counted})").format(player=player, counted=counted))]
    lines += [history_line(g) for g in page.games]
    lines.append(_("`/table log game:` shows every move of a game."))
    view = None
    if page.pages > 1:
        view = discord.ui.View(timeout=None)
        view.add_item(HistoryPageButton(page.user_id, kind, page.page - 1, _("◀ Previous"),
                                        disabled=page.page == 0))
        view.add_item(HistoryPageButton(page.user_id, kind, page.page + 1, _("Next ▶"),
                                        disabled=page.page >= page.pages - 1))
    return {"content": clip("\n".join(lines), 2000), "view": view}


async def show_history(interaction: discord.Interaction, user_id: int, kind: str | None, page: int, *,
                       edit: bool) -> None:
    history = await standings_of(interaction).history(user_id, kind=kind, page=page)
    message = history_message(history, kind)
    if edit:
        await interaction.response.edit_message(content=message["content"], view=message["view"],
                                                allowed_mentions=QUIET)
        return
    await interaction.response.send_message(message["content"], view=message["view"] or discord.utils.MISSING,
                                            ephemeral=True, allowed_mentions=QUIET)


class HistoryPageButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button],
                        template=ids.template("yk:hist", "u", "k", "p")):
    """A page of a player's finished games (public, like `/history user:`): whose, which game, which page."""

    FIELDS = {"u": ids.USER, "k": ids.ANY_KIND, "p": ids.PAGE}

    def __init__(self, user_id: int, kind: str | None, page: int, label: str = "More", *,
                 disabled: bool = False) -> None:
        page = min(max(0, page), ids.MAX_PAGE)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"yk:hist:{user_id}:{kind or '-'}:{page}"))
        self.user_id, self.kind, self.page = user_id, kind, page

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> HistoryPageButton:
        kind = None if f["k"] == "-" else f["k"]
        return cls(f["u"], kind, f["p"], getattr(item, "label", None) or "More")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction,
                      lambda: show_history(interaction, self.user_id, self.kind, self.page, edit=True))


# ----- /table log ------------------------------------------------------------------------------------
async def log_pages(bot: YokohamaBot, log: GameLog) -> list[str]:
    """The log as readable lines, `12. Alice: …`, packed into pages."""
    names = await seat_names(bot, log.game)
    name_of = by_name(names)
    lines = []
    for line in log.lines:
        actor = name_of(line.seat)
        by_bot = " *(" + _("played by the bot") + ")*" if line.origin in ("auto", "timeout") else ""
        told = fill(line.text, name_of)
        # A story clause that already starts with the player's name reads on its own.
        text = told if line.text.startswith(seat_token(line.seat)) else labelled(actor, told)
        lines.append(f"`{line.seq}.` {text}{by_bot}")
    if not lines:
        lines.append(_("No decision has been made yet."))
    pages: list[str] = []
    current = ""
    for text in lines:
        text = clip(text, LOG_PAGE_CHARS)
        if current and len(current) + len(text) + 1 > LOG_PAGE_CHARS:
            pages.append(current)
            current = ""
        current = f"{current}\n{text}" if current else text
    pages.append(current)
    return pages


def log_header(log: GameLog, page: int, pages: int) -> str:
    title = _("**{game} #{number} — game log**").format(game=_(log.engine.title), number=log.game.id)
    if pages > 1:
        title += " (" + _("page {page} of {pages}").format(page=page + 1, pages=pages) + ")"
    if log.complete:
        return title + "\n" + _("The game is over: every choice is shown.")
    return title + "\n" + _("The game is still running: hidden choices stay hidden.")


async def show_log(interaction: discord.Interaction, game_id: int, page: int, *, edit: bool) -> None:
    bot: YokohamaBot = interaction.client  # type: ignore[assignment]
    # Replaying a long game takes a moment: answer Discord first.
    await (interaction.response.defer() if edit else interaction.response.defer(ephemeral=True, thinking=True))
    log = await standings_of(interaction).game_log(game_id)  # in the caller's scope (see `guarded`)
    pages = await log_pages(bot, log)
    page = min(max(0, page), len(pages) - 1)
    content = clip(log_header(log, page, len(pages)) + "\n" + pages[page], 2000)
    view = None
    if len(pages) > 1:
        view = discord.ui.View(timeout=None)
        view.add_item(LogPageButton(game_id, page - 1, _("◀ Previous"), disabled=page == 0))
        view.add_item(LogPageButton(game_id, page + 1, _("Next ▶"), disabled=page >= len(pages) - 1))
    if edit:
        await interaction.edit_original_response(content=content, view=view, allowed_mentions=QUIET)
        return
    await interaction.followup.send(content, view=view or discord.utils.MISSING, ephemeral=True,
                                    allowed_mentions=QUIET)


class LogPageButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button],
                    template=ids.template("yk:log", "g", "p")):
    """A page of a game's log; the game is resolved in the clicker's scope like any game number."""

    FIELDS = {"g": ids.GAME, "p": ids.PAGE}

    def __init__(self, game_id: int, page: int, label: str = "More", *, disabled: bool = False) -> None:
        page = min(max(0, page), ids.MAX_PAGE)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"yk:log:{game_id}:{page}"))
        self.game_id, self.page = game_id, page

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> LogPageButton:
        return cls(f["g"], f["p"], getattr(item, "label", None) or "More")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: show_log(interaction, self.game_id, self.page, edit=True))


STANDINGS_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (BoardPageButton, SeasonPageButton, HistoryPageButton,
                                                                  LogPageButton)
