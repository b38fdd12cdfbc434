"""Reminders follow each player's `/settings me notify:` choice (through the real sweep and the fake Discord):
`mention` pings in the game's thread, `dm` sends a direct message instead, `both` does both, `none` sends
nothing; a closed DM (50007) falls back to the mention."""

from __future__ import annotations

from bot.discord_app import community
from bot.discord_app.client import YokohamaBot
from bot.service import SweepEvent
from tests.bot.discord_app.test_community import _shift, _sweep, _table, _waiting
from tests.bot.discord_app.test_table_flow import pinged
from tests.harness.discord_fake import FakeDiscord


def _bot(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


async def test_each_player_is_reminded_as_they_chose(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob", dms_open=False)
    carol, dave = fake.user("carol"), fake.user("dave")
    choices = [(alice, "dm"), (bob, "dm"), (carol, "both"), (dave, "none")]
    for user, mode in choices:
        await fake.command("settings me", user=user, options={"notify": mode})
    game_id, _ = await _table(fake, alice, bob, carol, dave)
    [thread] = fake.threads
    game = await _bot(fake).storage.get_game(game_id)
    assert game is not None
    before = len(fake.channel_messages(thread))
    await _bot(fake).deliver(SweepEvent("reminder", game, [alice.id, bob.id, carol.id, dave.id]))
    await community.settle()  # the DMs go in the background
    reminders = fake.channel_messages(thread)[before:]
    # In the thread: Carol (both) and Bob (DMs closed: the mention instead, in the reminder if his DMs were
    # known closed, else right after his DM failed); not Alice (DM), not Dave (none).
    assert set().union(*(pinged(r) for r in reminders)) == {bob.id, carol.id} and len(reminders) <= 2
    assert not any(alice.mention in r.content or dave.mention in r.content for r in reminders)
    dms = {u.name: [s for s in fake.dms(u) if s.status == 200 and "Reminder" in (s.content or "")]
           for u, _ in choices}
    [to_alice] = dms["alice"]
    assert f"#{game_id}" in to_alice.content and f"/{thread}" in to_alice.content  # the game and its thread
    assert len(dms["carol"]) == 1 and dms["dave"] == [] and dms["bob"] == []
    # Bob's DM was refused once (50007): at this reminder, or already at a turn DM if the seating made him
    # first to act; either way the reminder mentions him instead (asserted above) and nothing reached him.
    assert [s.error_code for s in fake.dms(bob)].count(50007) == 1


async def test_none_means_no_reminder_at_all_from_the_sweep(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, _ = await _table(fake, alice, bob, reminder_hours=2)
    waiting = (await _waiting(fake, game_id))[0]
    late = alice if waiting == alice.id else bob
    await fake.command("settings me", user=late, options={"notify": "none"})
    [thread] = fake.threads
    before = len(fake.channel_messages(thread))
    await _shift(_bot(fake), game_id, 3)
    await _sweep(_bot(fake))
    assert fake.channel_messages(thread)[before:] == [] and not [s for s in fake.dms(late) if s.status == 200]
