"""The generic table flow through the real cogs: lobby, start, private panels, turns, refusals."""

from __future__ import annotations

import pytest

from bot.discord_app.client import YokohamaBot
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent
from tests.harness.discord_schema import validate_command_definitions


async def _open_table(fake: FakeDiscord, *players: FakeUser, **options: object) -> tuple[int, Sent]:
    [lobby] = await fake.command("table new", user=players[0], options={"game": "counting", **options})
    for player in players[1:]:
        await fake.click(user=player, message=lobby, label="Join")
    sent = await fake.click(user=players[0], message=lobby, label="Start")
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    [game] = await bot.storage.list_games(statuses=("active",))
    return game.id, sent[-1]


async def _current(fake: FakeDiscord, game_id: int) -> list[int]:
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    return (await bot.service.status(game_id)).waiting_on


def _by_id(users: list[FakeUser], user_id: int) -> FakeUser:
    return next(u for u in users if u.id == user_id)


async def test_command_definitions_are_valid_for_discord(fake: FakeDiscord, discord_schema: object) -> None:
    payload = validate_command_definitions(fake.bot.tree)
    names = {c["name"] for c in payload}
    assert {"games", "help", "table", "settings"} <= names


async def test_lobby_join_and_start_announces_seat_order(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    [lobby] = await fake.command("table new", user=alice, options={"game": "counting"})
    assert not lobby.ephemeral and "Counting" in lobby.content
    assert [b["label"] for b in lobby.buttons()] == ["Join", "Leave", "Add the bot", "Start"]
    joined, confirmation = await fake.click(user=bob, message=lobby, label="Join")
    assert bob.mention in joined.content
    assert confirmation.ephemeral and "no deadline" in confirmation.content
    [again] = await fake.click(user=bob, message=lobby, label="Join")
    assert again.ephemeral and "already seated" in again.content
    sent = await fake.click(user=alice, message=lobby, label="Start")
    announcement = sent[-1]
    assert "has started" in announcement.content and not announcement.ephemeral
    # People are named in the seat order; only whoever must act first is mentioned (pinged).
    assert "**alice**" in announcement.content and "**bob**" in announcement.content
    assert announcement.content.count("<@") == 1
    assert announcement.button("Open my panel") is not None


async def test_turns_through_private_panels(fake: FakeDiscord) -> None:
    users = [fake.user("alice"), fake.user("bob")]
    game_id, announcement = await _open_table(fake, *users)
    for _ in range(6):  # 3 rounds x 2 players
        waiting = await _current(fake, game_id)
        if not waiting:
            break
        player = _by_id(users, waiting[0])
        other = next(u for u in users if u is not player)
        panel = (await fake.click(user=player, message=announcement, label="Open my panel"))[-1]
        assert panel.ephemeral and "Take 1" in [b["label"] for b in panel.buttons()]
        # The other player is told it is not their turn, privately, and nothing changes.
        refused = (await fake.click(user=other, message=announcement, label="Open my panel"))[-1]
        assert refused.ephemeral and "not your turn" in refused.content
        sent = await fake.click(user=player, message=panel, label="Take 2")
        public = [s for s in sent if s.kind == "channel_message"]
        assert public and not any(s.ephemeral for s in public)
        announcement = public[0]
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    [game] = await bot.storage.list_games(statuses=("finished",))
    assert game.id == game_id
    # The final result stays in the channel (turns went to the table's thread).
    assert "Final standings" in announcement.content and announcement.channel_id == fake.channel.id


async def test_stale_panel_gets_the_current_one(fake: FakeDiscord) -> None:
    users = [fake.user("alice")]
    game_id, announcement = await _open_table(fake, *users)
    alice = users[0]
    panel = (await fake.click(user=alice, message=announcement, label="Open my panel"))[-1]
    await fake.click(user=alice, message=panel, label="Take 1")
    # Clicking the same (now outdated) panel again must not apply a second move.
    sent = await fake.click(user=alice, message=panel, label="Take 3")
    edit = sent[-1]
    assert edit.ephemeral or edit.kind in ("edit_original", "update")
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    assert (await bot.service.status(game_id)).version == 2


async def test_panel_buttons_work_after_a_restart(fake: FakeDiscord) -> None:
    """A button never sent by this process (custom_id only) is still routed by the DynamicItem."""
    alice = fake.user("alice")
    game_id, _ = await _open_table(fake, alice)
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    version = (await bot.service.status(game_id)).version
    sent = await fake.click(f"yk:do:{game_id}:{version}:2", user=alice, ephemeral=True)
    assert any("Take 3" in s.content for s in sent if s.content)
    assert (await bot.service.status(game_id)).version == version + 1


async def test_games_lists_whose_turn(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    [empty] = await fake.command("games", user=alice)
    assert empty.ephemeral and "no open games" in empty.content
    game_id, _ = await _open_table(fake, alice, bob)
    [listing] = await fake.command("games", user=alice)
    assert listing.ephemeral and f"#{game_id}" in listing.content
    assert ("your turn" in listing.content) == (alice.id in await _current(fake, game_id))


async def test_help_lists_the_games(fake: FakeDiscord) -> None:
    [help_] = await fake.command("help", user=fake.user("alice"))
    assert help_.ephemeral
    assert "Yokohama Duel" in help_.text and "Roll & Write" in help_.text
    assert "/daily play" in help_.text and "/rollwrite solo" in help_.text


async def test_resign_needs_confirmation_then_forfeits(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, _ = await _open_table(fake, alice, bob)
    [nope] = await fake.command("table resign", user=bob, options={"game": game_id, "confirm": "no"})
    assert nope.ephemeral and "Nothing changed" in nope.content
    sent = await fake.command("table resign", user=bob, options={"game": game_id, "confirm": "yes"})
    assert any(s.ephemeral and "resigned" in (s.content or "") for s in sent)
    assert any(not s.ephemeral and "Final standings" in (s.content or "") for s in sent)


async def test_refusals_are_short_private_messages(fake: FakeDiscord) -> None:
    alice, carol = fake.user("alice"), fake.user("carol")
    game_id, _ = await _open_table(fake, alice)
    sent = await fake.command("table panel", user=carol, options={"game": game_id})
    assert sent[-1].ephemeral and "not playing" in sent[-1].content
    sent = await fake.command("table panel", user=alice, options={"game": 999})
    assert sent[-1].ephemeral and "no game #999" in sent[-1].content


async def test_settings_are_changed_by_admins_and_shown_to_anyone(fake: FakeDiscord) -> None:
    admin, member = fake.user("ada", admin=True), fake.user("bob")
    [ok] = await fake.command("settings reminders", user=admin, options={"hours": 6})
    assert ok.ephemeral and "6 h" in ok.content
    [shown] = await fake.command("settings show", user=admin)
    assert "6 h" in shown.content
    [looked] = await fake.command("settings show", user=member)  # a look is not a change: no refusal
    assert looked.ephemeral and "6 h" in looked.content and "can change this" not in looked.content
    assert "season podium: not set: the podium goes to nowhere yet" in looked.content  # where it would go
    [refused] = await fake.command("settings reminders", user=member, options={"hours": 2}, check_visibility=False)
    assert refused.ephemeral and "Manage Server" in refused.content


@pytest.mark.parametrize("hours", [0, 2.5])
async def test_new_table_records_deadline_rules(fake: FakeDiscord, hours: float) -> None:
    alice = fake.user("alice")
    [lobby] = await fake.command("table new", user=alice,
                                 options={"game": "counting", "deadline_hours": hours, "deadline_action": "forfeit"})
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    [game] = await bot.storage.list_games(statuses=("lobby",))
    assert game.table_rules["deadline_hours"] == hours
    assert ("deadline" in lobby.content) == bool(hours)


async def _age(bot: YokohamaBot, game_id: int, hours: float) -> None:
    """Pretend the game has been waiting `hours` (the sweep reads `waiting_since`)."""
    import time

    async with bot.storage._transaction() as conn:  # test-only shortcut into the SQLite backend
        await conn.execute("UPDATE games SET waiting_since = ? WHERE id = ?", (time.time() - hours * 3600, game_id))


@pytest.mark.slow
async def test_sweep_reminds_in_the_channel_then_enforces_the_deadline(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    [lobby] = await fake.command("table new", user=alice, options={
        "game": "counting", "deadline_hours": 24, "deadline_action": "auto", "reminder_hours": 2})
    await fake.click(user=bob, message=lobby, label="Join")
    await fake.click(user=alice, message=lobby, label="Start")
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    [game] = await bot.storage.list_games(statuses=("active",))
    late = (await bot.service.status(game.id)).waiting_on[0]
    [thread] = fake.threads  # the table plays in its own thread: reminders go there
    before = len(fake.channel_messages(thread))
    await _age(bot, game.id, 3)
    await bot.sweep_once()
    reminder = fake.channel_messages(thread)[before:]
    assert len(reminder) == 1 and "Reminder" in reminder[0].content and f"<@{late}>" in reminder[0].content
    await _age(bot, game.id, 25)
    await bot.sweep_once()
    after = fake.channel_messages(thread)[before + 1:]
    assert after and "played by the bot" in after[-1].content
    assert late not in (await bot.service.status(game.id)).waiting_on


@pytest.mark.parametrize("dev_guild", [None, 4242])
async def test_commands_sync_to_the_dev_guild_or_globally(tmp_path, counting_game: None, dev_guild: int | None) -> None:
    from bot.settings import Settings
    from bot.storage import SQLiteStorage

    path = tmp_path / "sync.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    bot = YokohamaBot(Settings(database_path=path, dev_guild_id=dev_guild), storage)
    async with FakeDiscord(bot) as fake:
        syncs = [s for s in fake.sent if s.kind == "sync_commands"]
        assert len(syncs) == 1
        assert ("/guilds/4242/commands" in syncs[0].path) == (dev_guild is not None)
        assert {c["name"] for c in syncs[0].payload} >= {"games", "help", "table"}


async def test_a_duel_through_the_panels_keeps_hands_out_of_the_channel(fake: FakeDiscord) -> None:
    """Yokohama Duel via the generic table: private panels name your Order cards; the channel never does."""
    from engine.duel import GAME as DUEL

    users = [fake.user("alice"), fake.user("bob")]
    [lobby] = await fake.command("table new", user=users[0], options={"game": "duel"})
    await fake.click(user=users[1], message=lobby, label="Join")
    await fake.click(user=users[0], message=lobby, label="Start")
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    [game] = await bot.storage.list_games(statuses=("active",))
    private_texts: list[str] = []
    for _ in range(12):
        waiting = await _current(fake, game.id)
        player = _by_id(users, waiting[0])
        panel = (await fake.command("table panel", user=player, options={"game": game.id}))[-1]
        assert panel.ephemeral
        _, _, state = await bot.service.load(game.id)
        seat = (await bot.service.game(game.id)).seat_of(player.id)
        action = DUEL.auto_action(state, seat)
        label = DUEL.describe(state, action)
        private_texts.append(label)
        options = [b["label"] for b in panel.buttons()] + [o["label"] for s in panel.selects() for o in s["options"]]
        assert label[:80] in options or label[:100] in options
        if panel.buttons() and label in [b["label"] for b in panel.buttons()]:
            await fake.click(user=player, message=panel, label=label)
        else:
            select = panel.selects()[0]
            value = next(o["value"] for o in select["options"] if o["label"] == label[:100])
            await fake.click(select["custom_id"], user=player, message=panel, values=[value])
    public = " ".join(m.content or "" for m in fake.channel_messages())
    assert "pts" not in public  # Order cards read "3 Tea, 2 Silk -> 6 pts"; they only ever appear privately
    assert any("pts" in t for t in private_texts)


async def test_the_panel_picture_is_titled_with_your_display_name(fake: FakeDiscord, monkeypatch) -> None:
    from tests.harness import png_bytes
    from tests.harness.renderers import with_renderer

    calls: list[tuple] = []

    def fake_picture(method: str, view: dict, *, name: str | None = None, **names: object) -> bytes:
        calls.append((name,))
        return png_bytes()

    with_renderer(monkeypatch, fake_picture)
    alice = fake.user("alice")
    game_id, announcement = await _open_table(fake, alice)
    panel = (await fake.click(user=alice, message=announcement, label="Open my panel"))[-1]
    assert panel.files and ("alice",) in calls
