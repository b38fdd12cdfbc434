"""The community surfaces through the real cogs and the fake Discord (every payload checked against Discord's
schema), in a server set to Japanese, German or French with players who chose their own language: a daily
challenge played to its end, a tournament's sign-up, joins, start, one round played and its podium, and
`/profile` and `/history` of players with finished games.

What a person reads is held against the catalogue (`i18n/locales/<lang>/LC_MESSAGES/yokohama.po`): the
public posts carry the server language's own words, each private answer its reader's, every picture's alt
text the language of where it is posted, and no English sentence of the catalogue reaches anyone."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from bot.discord_app import community
from bot.discord_app.client import YokohamaBot
from bot.discord_app.panels.turn_post import announce
from bot.discord_app.rollwrite_text import orders_fulfilled, sheet_lines
from bot.storage import GameRow, SeatRow
from engine.rollwrite import GAME
from i18n import LOCALE_DIR, translations, using
from tests.bot.discord_app.games.rollwrite.helpers import choose_auto, finish_quickly, owing_users
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent

LANGUAGES = ("ja", "de", "fr")
#: Each language's players who chose another language for their private answers.
OWN = {"ja": "de", "de": "fr", "fr": "ja"}
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
#: An English fragment of the catalogue this long is a sentence, not a name or a unit.
SENTENCE_CHARS = 25
#: How each language writes the decimal sign.
DECIMAL_SIGN = {"ja": ".", "de": ",", "fr": ","}
#: English month names as a date in a line would carry them.
ENGLISH_MONTHS = re.compile(r"\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\b")


# ----- the catalogue --------------------------------------------------------------------------------------
@functools.cache
def catalogue(language: str) -> Catalog:
    with (LOCALE_DIR / language / "LC_MESSAGES" / "yokohama.po").open("rb") as po:
        return read_po(po, locale=language)


def tr(language: str, msgid: str, context: str | None = None) -> str:
    """The catalogue's translation of `msgid`, which must exist and read otherwise than the English."""
    message = catalogue(language).get(msgid, context)
    assert message is not None, f"{msgid!r} is not in the catalogue"
    assert isinstance(message.string, str) and message.string and message.string != msgid, (language, msgid)
    return message.string


def said(language: str, msgid: str, /, **values: Any) -> str:
    """`msgid` as the bot writes it in `language` with `values` filled in."""
    return tr(language, msgid).format(**values)


def piece(language: str, msgid: str) -> str:
    """The longest stretch of the translation between placeholders: what a message filled in any way shows."""
    return max((p.strip() for p in PLACEHOLDER.split(tr(language, msgid))), key=len)


def counted(language: str, singular: str, plural: str, n: int) -> str:
    return translations(language).ngettext(singular, plural, n).format(n=n)


@functools.cache
def english_sentences(language: str) -> tuple[str, ...]:
    """Every stretch of English of the catalogue's messages (between placeholders) at least `SENTENCE_CHARS`
    long that `language`'s translation does not keep as it is."""
    found: set[str] = set()
    for message in catalogue(language):
        if not message.id or not message.string:
            continue
        ids = [str(x) for x in message.id] if isinstance(message.id, tuple) else [str(message.id)]
        strings = [str(x) for x in message.string] if isinstance(message.string, tuple) else [str(message.string)]
        translated = "\n".join(strings)
        for english in ids:
            for part in PLACEHOLDER.split(english):
                part = part.strip()
                if len(part) >= SENTENCE_CHARS and part not in translated:
                    found.add(part)
    return tuple(sorted(found))


def english_in(language: str, texts: Iterable[str]) -> list[str]:
    """The catalogue's English sentences that appear in `texts` (which should all read in `language`)."""
    blob = "\n".join(texts)
    return [sentence for sentence in english_sentences(language) if sentence in blob]


#: What a Japanese line must not carry: two full stops in a row, an English full stop after Japanese, a Latin
#: unit after a number.
JAPANESE_SLIPS = re.compile(r"。。|[。）」\u3040-\u30ff\u4e00-\u9fff]\.(?= |$)|\d ?VP\b", re.MULTILINE)


def foreign(language: str, texts: Iterable[str]) -> list[str]:
    """What in `texts` does not read as `language`: the catalogue's English sentences, and in Japanese
    Western punctuation and units."""
    texts = list(texts)
    slips = [f"{m.group(0)!r} in {t[:120]!r}" for t in texts for m in JAPANESE_SLIPS.finditer(t)] \
        if language == "ja" else []
    return english_in(language, texts) + slips


def readable(sent: Iterable[Sent]) -> list[str]:
    """Everything a person reads in these messages: text, button labels, menus and pictures' alt text."""
    out: list[str] = []
    for s in sent:
        out.append(s.text)
        out += [str(b.get("label") or "") for b in s.buttons()]
        for menu in s.selects():
            out.append(str(menu.get("placeholder") or ""))
            out += [f"{o.get('label', '')} {o.get('description') or ''}" for o in menu.get("options", [])]
        out += [f.description or "" for f in s.files]
    return [t for t in out if t.strip()]


def test_the_checker_finds_an_english_sentence_of_the_catalogue() -> None:
    english = "`/tournament standings` keeps the full table. Thanks for playing!"
    assert english_in("de", ["🏆 Done.\n" + english]) == [english]
    assert english_in("de", [tr("de", english), "**Cup** — Yokohama Duel, 3 VP"]) == []
    # A sentence with placeholders is found by its stretches between them.
    filled = "**Cup** has started: round 1 is paired and its tables are opening."
    assert english_in("ja", [filled]) == ["** has started: round 1 is paired and its tables are opening."]
    slips = ["準備：各プレイヤーは2枚を残します。。", "画面（全体）. 横濱", "78 VP", "の卓 #1（2人）.\n着席"]
    assert len(foreign("ja", slips)) == 4
    assert foreign("ja", ["Cup: 1. bob 1点; 2. alice 1点", "1点、ブッフホルツ 0、78勝利点"]) == []


# ----- the bot ---------------------------------------------------------------------------------------------
def bot_of(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


async def in_language(fake: FakeDiscord, language: str, **players: str) -> dict[str, FakeUser]:
    """An admin (with no language of their own: their client's locale is `language`), and each player with
    their own language; the server set to `language`. Each is told so in the language chosen, which a
    sentence names in its own words ("en français", not "en Français")."""
    admin = fake.user("admin", admin=True)
    [told] = await fake.command("settings language", user=admin, locale=language, options={"language": language})
    assert piece(language, "The bot now posts in {language} in this server's channels. Each player's private "
                           "answers keep their own language (`/settings me language:`).") in told.text
    assert language_named(language, language) in told.text
    users = {"admin": admin}
    for name, own in players.items():
        users[name] = fake.user(name)
        [told] = await fake.command("settings me", user=users[name], options={"language": own})
        assert told.text == said(own, "The bot now answers you in {language}.", language=language_named(own, own))
    return users


def language_named(reader: str, language: str) -> str:
    english = {"ja": "Japanese", "de": "German", "fr": "French"}[language]
    return tr(reader, english, "a language, in a sentence")


def posts(fake: FakeDiscord, since: int = 0) -> list[Sent]:
    """The bot's own posts in the server's channels and threads."""
    return [s for s in fake.sent[since:] if s.kind == "channel_message" and not s.ephemeral]


def public(fake: FakeDiscord) -> list[Sent]:
    """Everything the whole server sees: posts, public replies and the messages' edits."""
    return [s for s in fake.sent if not s.ephemeral and s.kind != "dm" and (s.text or s.buttons() or s.files)]


def no_english(fake: FakeDiscord, language: str, sent: list[Sent]) -> None:
    assert foreign(language, readable(sent)) == []
    assert all(s.schema_errors is None for s in fake.sent)


# ----- the daily challenge ---------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_daily_challenge_reads_in_the_servers_and_the_players_language(
        fake: FakeDiscord, discord_schema: Any, language: str) -> None:
    """The sweep announces today's challenge in the server's language. Alice plays it to the end on her
    private panel, in her own language; her result is posted in the channel in the server's, with the
    sheet's alt text; the leaderboard and her record are public (the server's language), her comparison
    with the par private (hers)."""
    own = OWN[language]
    users = await in_language(fake, language, alice=own, bob=language)
    alice, bob = users["alice"], users["bob"]
    await bot_of(fake).storage.set_setting(fake.guild.id, "announce_channel", str(fake.channel.id))
    await bot_of(fake).sweep_once()
    [announced] = posts(fake)
    assert piece(language, "Nobody here finished yesterday's challenge.") in announced.text
    since = len(fake.sent)
    sent = await fake.command("daily play", user=alice)
    [panel] = [s for s in sent if s.kind == "followup"]
    today = bot_of(fake).get_cog("Daily").challenges.today()  # type: ignore[union-attr]
    assert panel.ephemeral and said(own, "Daily challenge of {date} — the same dice and cards for everyone.",
                                    date=today) in panel.text
    assert tr(own, "Refresh") in [b.get("label") for b in panel.buttons()]
    [picture] = panel.files
    assert tr(own, "Your own view (My full board shows all of it)") in (picture.description or "")
    [attempt] = await bot_of(fake).storage.list_games(statuses=("active",), mode="daily")
    while await owing_users(fake, attempt.id):
        await choose_auto(fake, alice, panel, attempt.id)
    final = fake.message_view(panel)
    assert piece(own, "Your final sheet: {score}, {orders}.") in final.text
    assert tr(own, "**Final standings**") in final.text
    panels = [s for s in fake.sent[since:] if s.ephemeral]
    assert len(panels) > 20 and foreign(own, readable(panels)) == []

    [result] = posts(fake, since)
    row = await bot_of(fake).service.game(attempt.id)
    standing, _players, _streak = await bot_of(fake).get_cog("Daily").challenges.result(row)  # type: ignore
    assert result.content is not None and result.content.startswith("🎲 " + said(
        language, "{player} finished the daily challenge of {date}: **{vp} VP**, {orders} — #{rank} of {n} so far",
        player=alice.mention, date=today, vp=standing.total,
        orders=counted(language, "{n} order fulfilled", "{n} orders fulfilled", standing.orders), rank=1, n=1))
    [sheet] = result.files
    assert sheet.spoiler and said(language, "The Roll & Write sheet of {player}.", player="alice") in (
        sheet.description or "")

    since = len(fake.sent)
    [_, board] = await fake.command("daily leaderboard", user=bob)
    [stats] = await fake.command("daily stats", user=bob, options={"user": alice})
    assert not board.ephemeral and piece(
        language, "**Daily challenge {date} — leaderboard for this server** ({n} finished)") in board.text
    assert not stats.ephemeral and piece(language, "**Daily challenge record of {player}**") in stats.text
    [compared] = [s for s in await fake.command("daily compare", user=alice, options={"with": "par"})
                  if s.kind == "followup"]
    assert compared.ephemeral
    [race] = compared.files
    assert piece(own, "Daily challenge {date}, points round by round. You: {you}. {other}: {them}.") in (
        race.description or "")
    no_english(fake, language, public(fake))
    assert foreign(own, readable([compared])) == []


# ----- a tournament ----------------------------------------------------------------------------------------
async def play_out(fake: FakeDiscord, game_id: int, *, announce_each: bool = False) -> None:
    """Every seat plays the bot's own choice, through the table service; the move that ends the game (or, with
    `announce_each`, every move) is announced as a click's would be (the final standings in the table's thread)."""
    service = bot_of(fake).service
    while True:
        game, engine, state = await service.load(game_id)
        assert state is not None
        seat = engine.to_act(state)[0]
        outcome = await service.play.act(game_id, game.user_of(seat) or 0, engine.auto_action(state, seat))
        if outcome.finished or announce_each:
            await announce(bot_of(fake), outcome)
        if outcome.finished:
            return


async def open_table(fake: FakeDiscord, language: str, kind: str, creator: FakeUser, joiner: FakeUser) -> int:
    """A two-seat table of `kind` opened, joined and started through the lobby's buttons in `language`; its id."""
    [lobby] = await fake.command("table new", user=creator, options={"game": kind})
    await fake.click(user=joiner, message=lobby, label=tr(language, "Join"))
    await fake.click(user=creator, message=lobby, label=tr(language, "Start"))
    [game] = await bot_of(fake).storage.list_games(statuses=("active",))
    return game.id


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_tournament_round_reads_in_the_servers_language(
        fake: FakeDiscord, discord_schema: Any, language: str) -> None:
    """A Swiss Duel of three over two rounds: the sign-up post, each join (the post in the server's language,
    the confirmation in the joiner's), the start, the first round's post with its bye in the tournament's
    thread, the table's thread to its final standings, the second round's post with the first one's results
    and standings picture, the podium with its two pictures, and the standings on demand."""
    own = OWN[language]
    users = await in_language(fake, language, alice=own, bob=language, carol=own)
    admin, players = users["admin"], [users["alice"], users["bob"], users["carol"]]
    by_id = {p.id: p for p in players}
    name = "Cup"
    [post] = await fake.command("tournament new", user=admin, locale=language, options={
        "game": "duel", "format": "swiss", "rounds": 2, "name": name, "signup_hours": 0})
    assert not post.ephemeral and tr(language, "Tournament games are rated.") in post.text
    assert said(language, "Each decision: {hours} h, then {rule}.", hours=48,
                rule=tr(language, "the bot plays the late turn")) in post.text
    if language == "de":  # after „danach“ the verb comes first
        assert "danach spielt der Bot den verspäteten Zug." in post.text
    assert [b["label"] for b in post.buttons()] == [tr(language, "Join"), tr(language, "Leave")]
    for player in players:
        [update, joined] = await fake.click(user=player, message=post, label=tr(language, "Join"))
        assert player.mention in update.text and tr(language, "Tournament games are rated.") in update.text
        theirs = OWN[language] if player is not players[1] else language
        assert joined.ephemeral and piece(theirs, "You are signed up for **{name}**. Your tables will ping you in "
                                                "their threads when it is your turn.") in joined.text
    [t] = await fake.bot.get_cog("Tournaments").service.of_server(fake.guild.id)  # type: ignore[union-attr]
    started = await fake.command("tournament start", user=admin, locale=language, options={"tournament": t.id})
    await community.settle()
    assert any(said(language, "**{name}** has started: round 1 is paired and its tables are opening.",
                    name=name) in s.text for s in started if s.ephemeral)
    closed = tr(language, "Sign-up is closed; the tournament has started. Its pairings, results and standings are "
                          "posted in its thread; `/tournament standings` shows the table.")
    assert closed in fake.message_view(post).text
    cog: Any = fake.bot.get_cog("Tournaments")
    for round_number in (1, 2):
        [round_post] = [s for s in posts(fake) if s.channel_id in fake.threads
                        and said(language, "**{name}** — round {round} of {rounds}:", name=name,
                                 round=round_number, rounds=2) in s.text]
        assert piece(language, "{player} has a bye (it counts as a win)") in round_post.text
        if round_number == 2:  # with the first round's results, and the standings after it as a picture
            assert said(language, "**Results of round {round}:**", round=1) in round_post.text
            after = [f.description or "" for s in fake.channel_messages(round_post.channel_id) for f in s.files]
            assert any(said(language, "after round {round}", round=1) in d for d in after), after
        [table] = [p for p in await cog.service.store.pairings(t.id, round_number) if not p.bye]
        assert table.game_id is not None
        thread = await bot_of(fake).records.thread_of(table.game_id)
        [start] = fake.channel_messages(thread)
        assert piece(language, "**{game} #{number}** has started. Seat order: {order}.") in start.text
        assert tr(language, "Open my panel") in [b.get("label") for b in start.buttons()]
        await play_out(fake, table.game_id)
        assert any(tr(language, "**Final standings**") in s.text for s in fake.channel_messages(thread))
        await cog.tick()
        await community.settle()
    [podium] = [s for s in fake.channel_messages() if s is not post and s.files]
    assert said(language, "**{name}** is over! Final podium:", name=name) in podium.text
    assert tr(language, "`/tournament standings` keeps the full table. Thanks for playing!") in podium.text
    first, standings = podium.files
    one = counted(language, "{n} point", "{n} points", 1)
    assert f"{name}: 1. " in (first.description or "") and one in (first.description or "")
    assert f"{name} — {tr(language, 'final standings')}: 1. " in (standings.description or "")

    carol = players[2]
    [shown] = [s for s in await fake.command("tournament standings", user=carol, options={"tournament": t.id})
               if s.kind == "followup"]
    tie = tr(own, "points, then Buchholz (opponents' points), then the games' own points")
    assert shown.ephemeral and said(own, "**{name}** — standings ({where}; ranked by {tie})", name=name,
                                    where=tr(own, "final"), tie=tie) in shown.text
    if own == "de":  # "ranked by points" is "nach Punkten" (dative), or a plain "Reihenfolge:"
        assert "(Endstand; Reihenfolge: Punkte, dann Buchholz" in shown.text, shown.text
    assert tr(own, "final standings") in (shown.files[0].description or "")
    no_english(fake, language, public(fake))
    mine = {p.id: OWN[language] if p is not players[1] else language for p in players}
    mine[admin.id], by_id[admin.id] = language, admin  # the admin's client speaks the server's language
    for s in fake.sent:
        origin = fake.interactions.get(s.origin or 0)
        if s.ephemeral and origin is not None and origin.user.id in by_id:
            assert foreign(mine[origin.user.id], readable([s])) == [], s.text


# ----- a Roll & Write table -----------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_roll_and_write_table_reads_in_the_servers_language(
        fake: FakeDiscord, discord_schema: Any, language: str) -> None:
    """A Roll & Write table of two to its end, each decision announced as a click's would be: the round posts
    (the sets, whose turn, the story), the final standings with the final sheets, in the server's language."""
    own = OWN[language]
    users = await in_language(fake, language, alice=own, bob=language)
    alice, bob = users["alice"], users["bob"]
    await play_out(fake, await open_table(fake, language, "rollwrite", alice, bob), announce_each=True)
    said_in_posts = "\n".join(s.text for s in posts(fake))
    for words in (said(language, "Round {round} of {rounds} — the sets:", round=2, rounds=12),
                  piece(language, "Final sheets: {players}"), piece(language, "Thanks for playing, {players}!")):
        assert words in said_in_posts, (words, said_in_posts[-800:])
    pictures = [f.description or "" for s in posts(fake) for f in s.files]
    title = translations(language).gettext("Yokohama Roll & Write")  # the same words in German and French
    assert pictures and all(title in d for d in pictures), pictures[-2:]
    assert any(d.startswith(tr(language, "Final scores.")) for d in pictures)
    assert any(said(language, "The Roll & Write sheet of {player}.", player="alice") in d for d in pictures)
    no_english(fake, language, public(fake))


# ----- /profile and /history ---------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
async def test_profile_and_history_read_in_the_readers_language(
        fake: FakeDiscord, discord_schema: Any, language: str) -> None:
    """Alice finished a rated Duel and a daily challenge; her profile (with the rating chart's alt text) and
    her history read in whoever asks' language, and their dates are written as that language writes them."""
    own = OWN[language]
    users = await in_language(fake, language, alice=own, bob=language)
    alice, bob = users["alice"], users["bob"]
    await play_out(fake, await open_table(fake, language, "duel", alice, bob))
    daily = bot_of(fake).get_cog("Daily").challenges  # type: ignore[union-attr]
    attempt = await daily.play(alice.id, guild_id=fake.guild.id, channel_id=fake.channel.id)
    await finish_quickly(bot_of(fake).service, attempt.game.id, alice.id)
    finished = await bot_of(fake).service.game(attempt.game.id)
    assert finished.result is not None
    score = finished.result["scores"][0]["total"]

    for reader, reads in ((bob, language), (alice, own)):
        [profile] = [s for s in await fake.command("profile", user=reader, options={"user": alice})
                     if s.kind == "followup"]
        assert profile.ephemeral and said(reads, "**{player}** — standings", player="alice") in profile.text
        assert tr(reads, "**Recent results**") in profile.text
        assert piece(reads, "**Daily challenge**: {attempts}, best {best}, average {average}; streak {streak} "
                            "(best {best_streak})") in profile.text
        assert piece(reads, "best score {best}, average {average} over {games} between people") in profile.text
        # One attempt: its score is the daily average, written with the language's decimal sign.
        assert f"{score}{DECIMAL_SIGN[reads]}0" in profile.text
        [chart] = profile.files
        assert said(reads, "Rating history of {name} (latest ratings): {ratings}", name="alice",
                    ratings="").rstrip() in (chart.description or "")
        [history] = await fake.command("history", user=reader, options={"user": alice})
        assert history.ephemeral and piece(reads, "**Finished games of {player}** ({counted})") in history.text
        for text in (profile.text, history.text):
            assert not ENGLISH_MONTHS.search(text), text
        assert foreign(reads, readable([profile, history])) == []
    no_english(fake, language, public(fake))


@pytest.mark.parametrize(("language", "one", "two"), [
    ("en", "1 order fulfilled", "2 orders fulfilled"), ("de", "1 Auftrag erfüllt", "2 Aufträge erfüllt"),
    ("fr", "1 commande remplie", "2 commandes remplies"), ("ja", "注文1件達成", "注文2件達成")])
def test_one_order_fulfilled_is_singular(language: str, one: str, two: str) -> None:
    """A Roll & Write sheet's count of orders (panels, the daily result, `/rollwrite sheet`, the scoreboard
    picture) takes the form its language gives the number."""
    with using(language):
        assert (orders_fulfilled(1), orders_fulfilled(2)) == (one, two)


def test_the_check_on_dates_finds_an_english_month() -> None:
    assert ENGLISH_MONTHS.search("• #2 Yokohama Duell, 07 Dec 2026: 2. von 2")
    assert not ENGLISH_MONTHS.search("• #2 Yokohama Duell, 07.12.2026: 2. von 2")



@pytest.mark.parametrize(("language", "elite"), [("fr", "(Élite)"), ("ja", "（エリート）")])
def test_a_sheet_in_words_names_the_elite_in_the_readers_language(language: str, elite: str) -> None:
    """`/rollwrite sheet`: a town row with its Elite says so in the reader's words."""
    state = GAME.new(1, 20261207)
    while not GAME.is_over(state):
        state = GAME.apply(state, 0, GAME.auto_action(state, 0))
    view = GAME.view(state, None)
    assert any(r["elite"] for r in view["seats"][0]["sheet"]["town"]["rows"])
    game = GameRow(id=7, kind="rollwrite", mode="table", guild_id=1, channel_id=2, creator_id=100, seed=1,
                   options={}, table_rules={}, status="finished", state=None, version=1, result=None,
                   daily_date=None, created_at=0.0, updated_at=0.0, waiting_since=None, reminded_at=None,
                   seats=[SeatRow(100, 0, 0.0, False)])
    with using(language):
        town = next(line for line in sheet_lines(game, view, 0) if elite in line)
    assert "(Elite)" not in town and foreign(language, [town]) == []
