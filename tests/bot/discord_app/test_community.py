"""Community play through the real cogs and the fake Discord (every payload checked against Discord's
schema by the harness): turn notices by DM (a closed DM falls back to the mention, told once, privately),
time away across a deadline, and a season's end with its podium posted exactly once."""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from types import SimpleNamespace

import pytest

from bot.discord_app import community, outbox
from bot.discord_app.client import YokohamaBot
from bot.discord_app.community import CLOSED_NOTICE
from tests.bot.discord_app.test_table_flow import pinged
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent
from tests.harness.discord_schema import validate_command_definitions

HOUR = 3600.0


def _bot(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


async def _table(fake: FakeDiscord, *players: FakeUser, **options: object) -> tuple[int, Sent]:
    [lobby] = await fake.command("table new", user=players[0], options={"game": "counting", **options})
    for player in players[1:]:
        await fake.click(user=player, message=lobby, label="Join")
    sent = await fake.click(user=players[0], message=lobby, label="Start")
    [start] = [s for s in sent if "has started. Seat order" in (s.content or "")]
    rows = await _bot(fake).storage.list_games(statuses=("active",))
    return max(row.id for row in rows), start


async def _waiting(fake: FakeDiscord, game_id: int) -> list[int]:
    return (await _bot(fake).service.status(game_id)).waiting_on


def _delivered(fake: FakeDiscord, user: FakeUser) -> list[Sent]:
    return [s for s in fake.dms(user) if s.status == 200]


async def test_the_new_commands_are_valid_for_discord(fake: FakeDiscord, discord_schema: object) -> None:
    commands = {c["name"]: c for c in validate_command_definitions(fake.bot.tree)}
    assert {"start", "end"} <= {o["name"] for o in commands["away"]["options"]}
    assert {"me", "seasons", "away"} <= {o["name"] for o in commands["settings"]["options"]}
    assert "season" in {o["name"] for o in commands["standings"]["options"]}
    # The podium and the digests run with every sweep (each claimed in the database: once across processes).
    cog = fake.bot.get_cog("Community")
    assert cog is not None and {cog.season_podiums, cog.digests} <= set(_bot(fake).periodic)  # type: ignore[attr-defined]


async def test_turn_notices_by_dm_and_a_closed_dm_falls_back_to_the_mention(fake: FakeDiscord) -> None:
    alice, bob, carol = fake.user("alice"), fake.user("bob", dms_open=False), fake.user("carol")
    by_id = {u.id: u for u in (alice, bob, carol)}
    [answer] = await fake.command("settings me", user=alice, options={"notify": "dm"})
    assert answer.ephemeral and "direct message" in answer.content
    await fake.command("settings me", user=bob, options={"notify": "dm"})
    game_id, post = await _table(fake, alice, bob, carol)
    [thread] = fake.threads
    # Carol (mentions, the default) and Bob (DMs closed: mentioned instead) are pinged; Alice gets DMs.
    turns = {alice.id: 0, bob.id: 0, carol.id: 0}
    while waiting := await _waiting(fake, game_id):
        mover = by_id[waiting[0]]
        turns[mover.id] += 1
        if mover is bob and turns[bob.id] == 1:
            # His first DM failed (closed): the mention comes right after the post, in the thread.
            [fallback] = [s for s in fake.channel_messages(thread) if "could not be delivered" in (s.content or "")]
            assert set(pinged(fallback)) == {bob.id} and bob.id not in pinged(post)
        else:
            assert mover.id not in pinged(post) if mover is alice else mover.id in pinged(post)
        if mover is alice:
            dm = _delivered(fake, alice)[-1]
            assert f"Counting #{game_id}" in dm.content and f"/{thread}" in dm.content  # the game and its thread
        opened = await fake.click(user=mover, message=post, label="Open my panel")
        panel = [s for s in opened if s.kind == "followup" and s.buttons()][-1]
        sent = await fake.click(user=mover, message=panel, label="Take 2")
        # Bob is told once, privately, that his DMs are closed: on his first turn after the failure (the
        # panel's "thinking" answer cannot carry it, the click after it does).
        notices = [s for s in opened + sent if s.content == CLOSED_NOTICE]
        assert [n.ephemeral for n in notices] == ([True] if mover is bob and turns[bob.id] == 1 else [])
        posts = [s for s in sent if s.kind == "channel_message" and s.channel_id == thread
                 and "could not be delivered" not in (s.content or "")]
        if posts:
            post = posts[-1]
    # One DM per turn that waited on Alice, and nothing else; Bob's one DM attempt failed (50007), and no
    # other was tried once his DMs were known to be closed.
    assert len(_delivered(fake, alice)) == turns[alice.id] == 3
    assert [s.error_code for s in fake.dms(bob)] == [50007]
    assert fake.dms(carol) == []


async def test_no_dm_for_the_turn_the_movers_panel_already_shows(fake: FakeDiscord) -> None:
    """The Turns game: after a pick, the same player owes the next decision; their panel shows it."""
    alice, bob = fake.user("alice"), fake.user("bob")
    await fake.command("settings me", user=alice, options={"notify": "both"})
    [lobby] = await fake.command("table new", user=alice, options={"game": "turns"})
    await fake.click(user=bob, message=lobby, label="Join")
    await fake.click(user=alice, message=lobby, label="Start")
    [row] = await _bot(fake).storage.list_games(statuses=("active",))
    before = len(_delivered(fake, alice))
    while (waiting := await _waiting(fake, row.id)) and waiting[0] != alice.id:
        game, engine, state = await _bot(fake).service.load(row.id)
        assert state is not None
        await _bot(fake).service.play.act(row.id, waiting[0], engine.auto_action(state, game.seat_of(waiting[0]) or 0))
    sent = await fake.command("table panel", user=alice, options={"game": row.id})
    panel = [s for s in sent if s.buttons()][-1]
    sent = await fake.click(user=alice, message=panel, label="Take 2")
    assert alice.id in await _waiting(fake, row.id)  # her next decision, shown on her open panel
    assert len(_delivered(fake, alice)) == before  # and no DM about it


async def _sweep(bot: YokohamaBot) -> None:
    """The sweep's reminders and deadlines, delivered (`sweep_once` without the other periodic jobs)."""
    for event in await bot.service.clock.sweep():
        await bot.deliver(event)


async def _shift(bot: YokohamaBot, game_id: int, hours: float) -> None:
    """As if `hours` passed: the game's wait and every period away began that much earlier."""
    async with bot.storage._transaction() as conn:  # test-only shortcut into the SQLite backend
        await conn.execute("UPDATE games SET waiting_since = waiting_since - ? WHERE id = ?", (hours * HOUR, game_id))
        await conn.execute("UPDATE away SET started_at = started_at - ?, until = until - ?",
                           (hours * HOUR, hours * HOUR))


async def test_a_player_away_across_a_deadline(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    by_id = {u.id: u for u in (alice, bob)}
    game_id, _ = await _table(fake, alice, bob, deadline_hours=24, deadline_action="auto", reminder_hours=2)
    bot = _bot(fake)
    [thread] = fake.threads
    late = by_id[(await _waiting(fake, game_id))[0]]
    other = alice if late is bob else bob
    [answer] = await fake.command("away start", user=late, options={"days": 2})
    assert answer.ephemeral and "away until <t:" in answer.content
    # The table shows it beside the name.
    sent = await fake.command("table status", user=other, options={"game": game_id})
    assert any(f"**{late.name}** — away until <t:" in (s.content or "") for s in sent)
    before = len(fake.channel_messages(thread))
    # 1 h into the wait they went away; 30 h in: no reminder (away), no deadline (stretched by the time away).
    await _shift(bot, game_id, 1)
    async with bot.storage._transaction() as conn:
        await conn.execute("UPDATE away SET started_at = started_at + ?", (HOUR,))
    await _shift(bot, game_id, 29)
    await _sweep(bot)
    assert fake.channel_messages(thread)[before:] == []
    # 60 h in: back (the 48 h ended at 49 h), so the paused reminder comes; 24 h + 48 h have not passed.
    await _shift(bot, game_id, 30)
    await _sweep(bot)
    [reminder] = fake.channel_messages(thread)[before:]
    assert "Reminder" in reminder.content and late.mention in reminder.content
    # 73 h in: the stretched deadline passed, the bot plays the late turn.
    await _shift(bot, game_id, 13)
    await _sweep(bot)
    after = fake.channel_messages(thread)[before + 1:]
    assert after and "played by the bot" in after[-1].content
    assert late.id not in await _waiting(fake, game_id)


async def test_away_is_checked_and_capped(fake: FakeDiscord) -> None:
    admin, alice = fake.user("admin", admin=True), fake.user("alice")
    [capped] = await fake.command("settings away", user=admin, options={"days": 3})
    assert capped.ephemeral and "at most 3 days in any 30 days" in capped.content
    [refused] = await fake.command("away start", user=alice, options={"days": 5})
    assert refused.ephemeral and "3 days away in any 30 days; you have 3 days left now" in refused.content
    [refused] = await fake.command("settings away", user=alice, options={"days": 5}, check_visibility=False)
    assert refused.ephemeral and "permission" in refused.content.lower()
    [back] = await fake.command("away end", user=alice)
    assert back.ephemeral and "not away" in back.content


async def test_a_season_ends_with_its_podium_posted_exactly_once(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    admin, alice, bob = fake.user("admin", admin=True), fake.user("alice"), fake.user("bob")
    bot = _bot(fake)
    podiums = fake.add_text_channel("podiums")
    answer = (await fake.command("settings seasons", user=admin, options={"length": "month", "channel": podiums}))[-1]
    assert answer.ephemeral and "Rating seasons last a month" in answer.content
    for _ in range(2):
        game_id, _ = await _table(fake, alice, bob)
        while waiting := await _waiting(fake, game_id):
            await bot.service.play.act(game_id, waiting[0], {"pick": 3 if waiting[0] == alice.id else 1})
    [board] = await fake.command("standings", user=bob, options={"game": "counting"})
    assert "season" in board.content and alice.mention in board.content
    # The month ends: two sweeps' podium jobs at once (as two processes would) post the podium once, with
    # its picture.
    today = dt.datetime.fromtimestamp(time.time(), dt.UTC)
    next_month = dt.datetime(today.year + today.month // 12, today.month % 12 + 1, 1, 1, tzinfo=dt.UTC)
    monkeypatch.setattr(community, "time", SimpleNamespace(time=lambda: next_month.timestamp()))
    monkeypatch.setattr(bot.service, "now", lambda: next_month.timestamp())
    await asyncio.gather(community.owe_podiums(bot), community.owe_podiums(bot))
    await asyncio.gather(outbox.deliver_now(bot), outbox.deliver_now(bot))
    await community.owe_podiums(bot)
    await outbox.deliver_now(bot)
    [post] = fake.channel_messages(podiums)
    assert "season is over" in post.content and "🥇" in post.content and alice.mention in post.content
    assert [f.filename for f in post.files] == [f"podium-counting-{today:%Y-%m}.png"]
    assert post.files[0].data.startswith(b"\x89PNG") and pinged(post) == set()
    # The final table stays: /standings season: names it; the new season starts empty.
    [past] = await fake.command("standings", user=bob, options={"game": "counting", "season": f"{today:%Y-%m}"})
    assert alice.mention in past.content and "2 games" in past.content
    [alltime] = await fake.command("standings", user=bob, options={"game": "counting", "season": "all"})
    assert alice.mention in alltime.content
    [wrong] = await fake.command("standings", user=bob, options={"game": "counting", "season": "2026-Q1"})
    assert wrong.ephemeral and "months" in wrong.content


async def test_a_daily_digest_when_several_games_wait(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    """The digest lists the games no DM told of since they began waiting (here: the two that waited before
    Alice chose DMs, not the one whose turn DM she got), each with the link to its own thread."""
    alice, bob = fake.user("alice"), fake.user("bob")
    bot = _bot(fake)
    games = []
    for n in range(3):
        if n == 2:
            await fake.command("settings me", user=alice, options={"notify": "dm"})
        game_id, post = await _table(fake, alice, bob)
        if (await _waiting(fake, game_id))[0] == bob.id:  # Bob moves: the turn post tells Alice (a DM once on)
            opened = await fake.click(user=bob, message=post, label="Open my panel")
            panel = [s for s in opened if s.kind == "followup" and s.buttons()][-1]
            await fake.click(user=bob, message=panel, label="Take 1")
        assert await _waiting(fake, game_id) == [alice.id]
        games.append(game_id)
    told = games.pop()
    before = len(_delivered(fake, alice))
    today = dt.datetime.fromtimestamp(time.time(), dt.UTC)
    morning = dt.datetime(today.year, today.month, today.day, 8, tzinfo=dt.UTC).timestamp()
    monkeypatch.setattr(community, "time", SimpleNamespace(time=lambda: morning))
    await community.send_digests(bot)
    assert len(_delivered(fake, alice)) == before  # before the digest hour
    monkeypatch.setattr(community, "time", SimpleNamespace(time=lambda: morning + 2 * HOUR))
    await asyncio.gather(community.send_digests(bot), community.send_digests(bot))
    await community.send_digests(bot)
    [digest] = _delivered(fake, alice)[before:]
    assert "2 games are waiting on you" in digest.content
    assert all(f"#{game_id}" in digest.content for game_id in games) and f"#{told}" not in digest.content
    threads = [await bot.records.thread_of(game_id) for game_id in games]
    assert all(thread and f"/{thread}" in digest.content for thread in threads)
    assert fake.dms(bob) == []


async def test_help_tells_of_tournaments_time_away_notifications_and_seasons(fake: FakeDiscord) -> None:
    [help_] = await fake.command("help", user=fake.user("alice"))
    assert help_.ephemeral
    for command in ("/tournament new", "/tournament standings", "/tournament leave", "/tournament list",
                    "/tournament cancel", "/away start", "/away end",
                    "/settings me notify:", "/settings seasons", "/standings season:"):
        assert command in help_.text, command
    assert "season" in help_.text.lower() and "direct message" in help_.text


async def test_every_command_option_says_what_it_is(fake: FakeDiscord, discord_schema: object) -> None:
    """No option is described as "…" (discord.py's stand-in when a command gives none)."""
    def options(node: dict, path: str) -> list[tuple[str, str]]:
        out = []
        for option in node.get("options", []):
            if option.get("type") in (1, 2):  # a subcommand (group)
                out += options(option, f"{path} {option['name']}")
            else:
                out.append((f"{path} {option['name']}", option.get("description", "")))
        return out

    found = [pair for c in validate_command_definitions(fake.bot.tree) for pair in options(c, c["name"])]
    assert found and [name for name, text in found if text.strip() in ("", "…", "...")] == []


async def test_help_and_table_new_say_every_game_has_a_hard_bot(fake: FakeDiscord) -> None:
    [help_] = await fake.command("help", user=fake.user("alice"))
    shown = help_.text
    assert "not Yokohama" not in shown and "every game: `level: hard`" in shown
    commands = {c["name"]: c for c in validate_command_definitions(fake.bot.tree)}
    [new] = [o for o in commands["table"]["options"] if o["name"] == "new"]
    [level] = [o for o in new["options"] if o["name"] == "level"]
    assert "not Yokohama" not in level["description"] and "every game" in level["description"]
