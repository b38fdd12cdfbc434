"""Probe: a stranger reaches nobody's private game, and no table of another server, by number.

Guarantee: every command and button that takes a game number resolves it through the one scoped lookup;
outside the caller's scope the answer is word for word the one for a number nobody used, so trying
numbers one after another tells an attacker nothing. `/admin end` ends only the admin's own server's
tables (or the admin's own private game); a victim's solo game or daily attempt is never touched.
"""

from __future__ import annotations

import re

from tests.attack.conftest import Scene, public, refused_privately, texts


async def _private_games(scene: Scene) -> tuple[int, int]:
    """Alice's solo game and today's daily attempt, made in the home server."""
    service = scene.bot.service
    solo = await service.lobby.create("counting", creator_id=scene.alice.id, guild_id=scene.fake.guild.id,
                                channel_id=scene.fake.channel.id, mode="solo")
    await service.lobby.start(solo.id, scene.alice.id)
    daily = await service.lobby.create("counting", creator_id=scene.alice.id, guild_id=scene.fake.guild.id,
                                 channel_id=scene.fake.channel.id, mode="daily", daily_date="2026-11-29")
    await service.lobby.start(daily.id, scene.alice.id)
    return solo.id, daily.id


def _shape(text: str) -> str:
    """A refusal with its numbers blanked, to compare the words for a victim's game and an unused number."""
    return re.sub(r"\d+", "N", text)


async def test_an_admin_of_another_server_cannot_end_a_private_game(scene: Scene) -> None:
    """Regression: any server's admin ended another user's solo game or daily attempt."""
    for game_id in await _private_games(scene):
        sent = await scene.fake.command("admin end", user=scene.mallory, guild=scene.elsewhere,
                                        options={"game": game_id, "reason": "gotcha"})
        assert refused_privately(sent, f"There is no game #{game_id}."), texts(sent)
        assert (await scene.bot.storage.get_game(game_id)).status == "active"  # type: ignore[union-attr]
        # Not even from the victim's own server (Mallory is an admin there too: it is still not her game).
        sent = await scene.fake.command("admin end", user=scene.mallory, options={"game": game_id})
        assert refused_privately(sent, f"There is no game #{game_id}."), texts(sent)
        assert (await scene.bot.storage.get_game(game_id)).status == "active"  # type: ignore[union-attr]


async def test_a_private_game_reads_exactly_like_an_unused_number(scene: Scene) -> None:
    solo, daily = await _private_games(scene)
    unused = daily + 500
    for command in ("table status", "table log", "table replay", "table panel", "admin end"):
        answers = []
        for number in (solo, daily, unused):
            sent = await scene.fake.command(command, user=scene.mallory, guild=scene.elsewhere,
                                            options={"game": number, **({"confirm": "yes"} if "resign" in command
                                                                        else {})})
            assert not public(sent) and "There is no game" in texts(sent), (command, texts(sent))
            answers.append(_shape(texts(sent)))
        assert answers[0] == answers[1] == answers[2], (command, answers)


async def test_another_servers_table_does_not_exist_here(scene: Scene) -> None:
    """Another server's table: status, log, replay, panel, resign and admin end all say "no such game"."""
    [lobby] = await scene.fake.command("table new", user=scene.alice, options={"game": "counting"})
    await scene.fake.click(user=scene.bob, message=lobby, label="Join")
    await scene.fake.click(user=scene.alice, message=lobby, label="Start")
    [game] = await scene.bot.storage.list_games(statuses=("active",))
    for command, options in (("table status", {}), ("table log", {}), ("table replay", {}), ("table panel", {}),
                             ("table resign", {"confirm": "yes"}), ("admin end", {"reason": "mine"})):
        sent = await scene.fake.command(command, user=scene.mallory, guild=scene.elsewhere,
                                        options={"game": game.id, **options})
        assert refused_privately(sent, f"There is no game #{game.id}."), (command, texts(sent))
    assert (await scene.bot.service.game(game.id)).status == "active"
    # Her own server's admin power ends her own server's tables only; at home an admin still can.
    home_admin = scene.fake.user("home admin", admin=True)
    sent = await scene.fake.command("admin end", user=home_admin, options={"game": game.id, "reason": "stuck"})
    assert any(s.ephemeral and "is ended" in (s.content or "") for s in sent), texts(sent)
