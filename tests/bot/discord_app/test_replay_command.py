"""`/table replay`: an animated GIF of a finished game, privately unless the player shares it,
and only ever privately for solo games."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.discord_app.client import YokohamaBot
from engine.core import Rng
from tests.harness.discord_fake import FakeDiscord


async def _finish(bot: YokohamaBot, game_id: int, users: list[int]) -> None:
    service, rng = bot.service, Rng(game_id)
    while (row := await service.game(game_id)).status == "active":
        summary = await service.summary(row)
        user = summary.waiting_on[0] if summary.waiting_on else users[0]
        decision = await service.play.decision(game_id, user)
        await service.play.act_by_index(game_id, user, decision.version, rng.below(len(decision.options)))


@pytest.mark.slow
async def test_replay_of_a_finished_table_game_is_private_unless_shared(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    row = await bot.service.lobby.create("rollwrite", creator_id=alice.id, guild_id=fake.guild.id,
                                   channel_id=fake.channel.id, seed=4)
    await bot.service.lobby.join(row.id, bob.id)
    await bot.service.lobby.start(row.id, alice.id)
    [early] = await fake.command("table replay", user=bob, options={"game": row.id})
    assert early.ephemeral and "not finished yet" in early.content
    await _finish(bot, row.id, [alice.id, bob.id])
    [_, mine] = await fake.command("table replay", user=bob, options={"game": row.id})
    assert mine.ephemeral and "replay in 13 frames" in mine.content, "privately by default"
    [_, sent] = await fake.command("table replay", user=bob, options={"game": row.id, "share": True})
    assert not sent.ephemeral and "replay in 13 frames" in sent.content
    [gif] = sent.files
    assert gif.filename.endswith(".gif") and len(gif.data) <= 8_000_000
    image = Image.open(io.BytesIO(gif.data))
    assert image.n_frames == 13
    assert image.info["duration"] >= 2000, "time to read a frame's caption"


@pytest.mark.slow
async def test_a_solo_game_replays_only_for_its_player_and_privately(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    row = await bot.service.lobby.create("rollwrite", creator_id=alice.id, guild_id=fake.guild.id,
                                   channel_id=fake.channel.id, mode="solo", seed=5)
    await bot.service.lobby.start(row.id, alice.id)
    await _finish(bot, row.id, [alice.id])
    [refused] = await fake.command("table replay", user=bob, options={"game": row.id})
    # Someone else's private game does not exist for bob: the same words as a number nobody used.
    assert refused.ephemeral and refused.content == f"There is no game #{row.id}."
    [_, mine] = await fake.command("table replay", user=alice, options={"game": row.id})
    assert mine.ephemeral and mine.files
