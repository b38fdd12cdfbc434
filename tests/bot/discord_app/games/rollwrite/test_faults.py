"""Bad input and faults: stale and foreign clicks, out of turn, expired tokens, restarts, reminders, deadlines."""

from __future__ import annotations

import time

import pytest

from bot.settings import Settings
from engine.rollwrite import GAME
from tests.bot.discord_app.games.rollwrite.conftest import open_bot
from tests.bot.discord_app.games.rollwrite.helpers import (
    Clock,
    bot_of,
    choose_auto,
    open_panel,
    option_on,
    owing_users,
    public_messages,
)
from tests.bot.discord_app.games.rollwrite.test_channel_game import panel_ids, start_table
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent


def option_id(panel: Sent, index: int) -> str:
    """The custom_id of the button for option `index` on a panel."""
    return next(c for c in panel_ids(panel) if c.startswith("yk:do:") and int(c.split(":")[4]) == index)


async def click_option(fake: FakeDiscord, panel: Sent, index: int, user: FakeUser, **how: object) -> list[Sent]:
    """Choose option `index` as shown on `panel` (a button or a menu entry); `how` as for fake.click."""
    game_id = int(panel_ids(panel)[0].split(":")[2])
    found = option_on(panel, game_id, index)
    assert found is not None, f"option {index} is not on the panel"
    return await fake.click(found[0], user=user, values=found[1], **how)  # type: ignore[arg-type]


async def greedy_index(fake: FakeDiscord, game_id: int, user: FakeUser) -> int:
    service = bot_of(fake).service
    decision = await service.play.decision(game_id, user.id)
    _, engine, state = await service.load(game_id)
    action = engine.auto_action(state, decision.seat)
    return next(c.index for c in decision.options if c.action == action)


async def test_a_double_click_applies_once_and_shows_the_current_panel(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, start = await start_table(fake, alice, bob)
    panel = await open_panel(fake, alice, start)
    first = option_id(panel, await greedy_index(fake, game_id, alice))
    await fake.click(first, user=alice, message=panel)
    version = (await bot_of(fake).service.game(game_id)).version
    # The same button again, from the panel as it was shown before the first click landed:
    sent = await fake.click(first, user=alice, ephemeral=True)
    [edit] = [s for s in sent if s.kind == "edit_original"]
    assert "⚠️" in edit.content and "moved on" in edit.content and panel_ids(edit)
    assert (await bot_of(fake).service.game(game_id)).version == version


async def test_other_players_moves_do_not_make_your_panel_stale(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, start = await start_table(fake, alice, bob)
    alice_panel, bob_panel = await open_panel(fake, alice, start), await open_panel(fake, bob, start)
    await choose_auto(fake, bob, bob_panel, game_id)
    await choose_auto(fake, bob, bob_panel, game_id)
    version = (await bot_of(fake).service.game(game_id)).version
    shown_at = int(panel_ids(alice_panel)[0].split(":")[3])
    assert shown_at < version  # Alice's panel predates Bob's moves...
    sent = await click_option(fake, alice_panel, await greedy_index(fake, game_id, alice), alice, message=alice_panel)
    [edit] = [s for s in sent if s.kind == "edit_original"]
    assert edit.content.split("\n")[1].startswith("✅")  # ...and still works: her options had not changed
    assert (await bot_of(fake).service.game(game_id)).version == version + 1


async def test_foreign_and_out_of_turn_clicks_get_a_clear_message(fake: FakeDiscord) -> None:
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    game_id, start = await start_table(fake, alice, bob, {"start_player_priority": True})
    version = (await bot_of(fake).service.game(game_id)).version
    [starter] = await owing_users(fake, game_id)
    other = bob if starter == alice.id else alice

    sent = await fake.click(f"yk:do:{game_id}:{version}:0", user=carol, ephemeral=True)
    [answer] = [s for s in sent if s.kind == "followup"]
    assert answer.ephemeral and answer.content == f"You are not playing in game #{game_id}."

    sent = await fake.click(f"yk:do:{game_id}:{version}:0", user=other, ephemeral=True)
    [answer] = [s for s in sent if s.kind == "followup"]
    assert answer.ephemeral and "not your turn" in answer.content and f"<@{starter}>" in answer.content
    assert (await bot_of(fake).service.game(game_id)).version == version  # nothing changed


async def test_a_panel_older_than_its_token_still_works(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, start = await start_table(fake, alice, bob)
    panel = await open_panel(fake, alice, start)
    fake.expire(panel.token)  # 15 minutes later: the token that sent the panel is dead, the buttons are not
    sent = await choose_auto(fake, alice, panel, game_id)
    assert any(s.kind == "edit_original" and not s.failed and "✅" in s.content for s in sent)


async def test_a_restart_mid_round_loses_nothing(settings: Settings, clock: Clock) -> None:
    fake = FakeDiscord(await open_bot(settings, clock))
    await fake.start()
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, start = await start_table(fake, alice, bob)
    panel = await open_panel(fake, alice, start)
    await choose_auto(fake, alice, panel, game_id)
    await choose_auto(fake, alice, panel, game_id)
    before = await bot_of(fake).service.game(game_id)
    old_panel = fake.message_view(panel)
    server = fake.guild.id
    await fake.close()

    # The same server after the restart (a table only answers in its own server).
    async with FakeDiscord(await open_bot(settings, clock), guild_id=server) as again:
        service = bot_of(again).service
        after = await service.game(game_id)
        assert (after.version, after.state, after.status) == (before.version, before.state, "active")
        assert len(await service.storage.actions(game_id)) == 2
        alice2, bob2 = again.user("alice", id=alice.id), again.user("bob", id=bob.id)
        # Alice's panel from before the restart: its button still works.
        index = await greedy_index(again, game_id, alice2)
        sent = await click_option(again, old_panel, index, alice2, ephemeral=True)
        assert any(s.kind == "edit_original" and "✅" in s.content for s in sent)
        assert (await service.game(game_id)).version == before.version + 1
        # Bob's "Open my panel" button on the old start message still opens his panel.
        sent = await again.click(f"yk:open:{game_id}", user=bob2)
        [bob_panel] = [s for s in sent if s.kind == "followup"]
        assert bob_panel.ephemeral and panel_ids(bob_panel)


@pytest.mark.slow
async def test_reminders_ping_who_still_owes_the_round(fake: FakeDiscord, clock: Clock) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, start = await start_table(fake, alice, bob, {"reminder_hours": 1.0})
    panel = await open_panel(fake, alice, start)
    while alice.id in await owing_users(fake, game_id):  # Alice finishes her round; Bob does not
        await choose_auto(fake, alice, panel, game_id)
    clock.now = time.time() + 2 * 3600
    await bot_of(fake).sweep_once()
    [reminder] = [m for m in public_messages(fake) if "Reminder" in (m.content or "")]
    assert bob.mention in reminder.content and alice.mention not in reminder.content


@pytest.mark.slow
async def test_the_round_deadline_lets_the_bot_finish_a_late_round(fake: FakeDiscord, clock: Clock) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, start = await start_table(fake, alice, bob, {"round_deadline_hours": 1.0})
    panel = await open_panel(fake, alice, start)
    while alice.id in await owing_users(fake, game_id):
        await choose_auto(fake, alice, panel, game_id)
    clock.now = time.time() + 2 * 3600
    await bot_of(fake).sweep_once()
    [summary] = [m for m in public_messages(fake) if "round 1 done" in (m.content or "")]
    assert f"the bot finished the round for {bob.mention}" in summary.content
    assert "Round 2 of 12 — the sets:" in summary.content
    _, _, state = await bot_of(fake).service.load(game_id)
    assert state["round"] == 2


@pytest.mark.slow
async def test_the_deadline_plays_only_the_late_round(fake: FakeDiscord, clock: Clock) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, start = await start_table(fake, alice, bob, {"round_deadline_hours": 1.0})
    panel = await open_panel(fake, alice, start)
    while alice.id in await owing_users(fake, game_id):
        await choose_auto(fake, alice, panel, game_id)
    clock.now = time.time() + 2 * 3600
    await bot_of(fake).sweep_once()
    _, _, state = await bot_of(fake).service.load(game_id)
    assert state["round"] == 2 and GAME.to_act(state) == [0, 1]  # Bob plays round 2 himself


async def test_solo_is_private_and_continues_any_time(fake: FakeDiscord) -> None:
    alice, carol = fake.user("alice"), fake.user("carol")
    sent = await fake.command("rollwrite solo", user=alice, options={"side": "B"})
    [panel] = [s for s in sent if s.kind == "followup"]
    assert panel.ephemeral and "New solo game" in panel.content and panel_ids(panel)
    game_id = int(panel.content.split("#", 1)[1].split("*", 1)[0])
    await choose_auto(fake, alice, panel, game_id)
    sent = await fake.command("rollwrite solo", user=alice)
    [again] = [s for s in sent if s.kind == "followup"]
    assert f"Continuing your solo game #{game_id}" in again.content and panel_ids(again)
    row = await bot_of(fake).service.game(game_id)
    assert row.mode == "solo" and row.options["side"] == "B" and len(await bot_of(fake).storage.actions(game_id)) == 1
    [_, refused] = await fake.command("rollwrite sheet", user=carol, options={"game": game_id, "player": alice})
    assert refused.ephemeral and f"There is no game #{game_id}." in refused.content  # no hint it exists
    assert public_messages(fake) == []  # nothing about a solo game is ever posted in the channel


async def test_options_the_table_cannot_play_are_refused_clearly(fake: FakeDiscord) -> None:
    alice = fake.user("alice")
    [lobby] = await fake.command("rollwrite new", user=alice, options={"start_player_priority": True})
    [refused] = await fake.click(user=alice, message=lobby, label="Start")
    assert refused.ephemeral and refused.content == "Start player priority is played with 2 to 6 players."
    assert (await bot_of(fake).service.games_of(alice.id))[0].status == "lobby"  # nothing lost: still open
    [again] = await fake.command("rollwrite new", user=alice)
    assert again.ephemeral and "already have a Yokohama Roll & Write table waiting" in again.content
