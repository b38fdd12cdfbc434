"""A picture takes the language of where it is posted: a turn post's picture (and its alt text) the server's,
a private panel's own view the player's."""

from __future__ import annotations

import discord

from tests.bot.discord_app.test_standings import bot_of
from tests.harness.discord_fake import FakeDiscord


async def test_a_turn_posts_picture_reads_in_the_servers_language_and_the_panels_in_the_players(
        fake: FakeDiscord) -> None:
    fake.guild.preferred_locale = discord.Locale.german
    alice, bob = fake.user("alice"), fake.user("bob")
    [lobby] = await fake.command("table new", user=alice, options={"game": "duel"}, locale="fr")
    await fake.click(user=bob, message=lobby, label="Beitreten", locale="fr")
    await fake.click(user=alice, message=lobby, label="Starten", locale="fr")
    games = await bot_of(fake).storage.list_games(statuses=("active",), kind="duel")
    game = max(g.id for g in games)
    turn = [f.description for request in fake.requests for f in request.files if f.filename.endswith("-turn.png")]
    assert turn and all(d and d.startswith("Yokohama Duell: Aufbau") and "Punkte:" in d for d in turn), turn
    status = await bot_of(fake).service.status(game)
    mover = alice if alice.id in status.waiting_on else bob
    sent = await fake.click(f"yk:open:{game}", user=mover, ephemeral=True, locale="ja")
    [own] = [s for s in sent if s.kind == "followup"][-1].files
    assert own.description and own.description.startswith("あなた専用の画面"), own.description
