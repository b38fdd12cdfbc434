"""A whole Duel between two people through the real cogs and the fake Discord (every payload checked against
Discord's schema), in a server set to Japanese, German or French and with each player's own language: the
lobby, the start post, the turn posts' buttons and the final standings read in the server's language, each
panel in its player's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord_app.client import YokohamaBot
from engine.core.rng import Rng
from tests.bot.discord_app.games.duel.test_duel_pictures_in_discord import click_something, panel_for
from tests.bot.discord_app.games.yokohama.helpers import choose_greedy
from tests.harness.discord_fake import FakeDiscord, Sent
from tests.harness.real_bot import real_bot_in_fake_discord

#: language -> (the lobby's Join, Start, the start post's words, the panel's Refresh, the final standings'
#: header): what a reader of that language sees.
WORDS = {
    "ja": ("参加", "開始", "が始まりました", "更新", "**最終結果**"),
    "de": ("Beitreten", "Starten", "hat begonnen", "Aktualisieren", "**Endstand**"),
    "fr": ("Rejoindre", "Lancer", "a commencé", "Actualiser", "**Classement final**"),
}
#: Each player's own language, different from the server's: their panels read in it.
OWN = {"ja": "de", "de": "fr", "fr": "ja"}


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    async with real_bot_in_fake_discord(tmp_path, seed=20261130) as fake:
        yield fake


def offers_a_decision(panel: Sent) -> bool:
    return any(c.startswith(("yk:do:", "yk:sel:", "yk:ms:")) for c in panel.custom_ids())


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(WORDS))
async def test_a_whole_duel_reads_in_the_servers_and_each_players_language(
        fake: FakeDiscord, discord_schema: Any, language: str) -> None:
    join, start, started, refresh, final = WORDS[language]
    own = OWN[language]
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    admin, alice, bob = fake.user("admin", admin=True), fake.user("alice"), fake.user("bob")
    await fake.command("settings language", user=admin, options={"language": language})
    for user in (alice, bob):
        await fake.command("settings me", user=user, options={"language": own})
    [lobby] = await fake.command("table new", user=alice, options={"game": "duel"})
    await fake.click(user=bob, message=lobby, label=join)
    sent = await fake.click(user=alice, message=lobby, label=start)
    assert any(started in s.text for s in sent if not s.ephemeral)
    [row] = await bot.storage.list_games(statuses=("active",))
    users = {u.id: u for u in (alice, bob)}
    rng = Rng(11)
    panels: dict[int, Sent] = {}
    for _turn in range(2000):
        status = await bot.service.status(row.id)
        if status.status != "active":
            break
        player = users[status.waiting_on[0]]
        panel = fake.message_view(panels[player.id]) if player.id in panels else None
        if panel is None or not offers_a_decision(panel):
            panel = panels[player.id] = await panel_for(fake, row.id, player)
            assert any(b.get("label") == WORDS[own][3] for b in panel.buttons()), panel.buttons()
        await click_something(fake, panel, player, rng)
    else:
        pytest.fail("the game did not end")
    public = [s for s in fake.sent if s.kind == "channel_message" and s.text]
    assert any(final in s.text for s in public), [s.text[-200:] for s in public[-2:]]
    assert all(s.schema_errors is None for s in fake.sent)


#: Engine words a German reader of a Roll & Write game sees (the headline, the story, the panel's labels) and
#: the English they replace.
GERMAN_ROLLWRITE = ("Runde", "Personen spielen noch", "SP")
ENGLISH_ROLLWRITE = ("players still to play", "Main action in", "main action in", "Cross off", "crosses off",
                     "employees", "Game over")


@pytest.mark.slow
async def test_a_whole_roll_and_write_game_reads_in_german(fake: FakeDiscord, discord_schema: Any) -> None:
    """The server in German, one player in German and one in French: the turn posts (headline and story)
    read in German, each panel's prompt and labels in its player's language, to the final standings."""
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    admin, alice, bob = fake.user("admin", admin=True), fake.user("alice"), fake.user("bob")
    await fake.command("settings language", user=admin, options={"language": "de"})
    await fake.command("settings me", user=alice, options={"language": "de"})
    await fake.command("settings me", user=bob, options={"language": "fr"})
    [lobby] = await fake.command("table new", user=alice, options={"game": "rollwrite"})
    await fake.click(user=bob, message=lobby, label="Beitreten")
    await fake.click(user=alice, message=lobby, label="Starten")
    [row] = await bot.storage.list_games(statuses=("active",))
    users = {u.id: u for u in (alice, bob)}
    rng = Rng(3)
    panels: dict[int, list[Sent]] = {alice.id: [], bob.id: []}
    for _turn in range(3000):
        status = await bot.service.status(row.id)
        if status.status != "active":
            break
        player = users[status.waiting_on[0]]
        panel = await panel_for(fake, row.id, player)
        panels[player.id].append(panel)
        await click_something(fake, panel, player, rng)
    else:
        pytest.fail("the game did not end")
    public = [s for s in fake.sent if s.kind == "channel_message" and s.text and not s.ephemeral]
    posts = "\n".join(s.text for s in public)
    assert "Endstand" in posts and "Endgültige Bögen" in posts, posts[-600:]
    assert all(word in posts for word in GERMAN_ROLLWRITE), posts[-600:]
    assert [w for w in ENGLISH_ROLLWRITE if w in posts] == []
    french = "\n".join(p.text + "\n" + "\n".join(o.get("label", "") for sel in p.selects() for o in sel["options"])
                       + "\n".join(b.get("label", "") for b in p.buttons()) for p in panels[bob.id])
    assert "Manche" in french or "manche" in french
    assert [w for w in ENGLISH_ROLLWRITE if w in french] == []
    assert all(s.schema_errors is None for s in fake.sent)


#: How a turn post tells the next player it is their turn, by language.
YOUR_TURN = {"ja": "あなたの手番", "de": "Am Zug", "fr": "À toi"}


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(WORDS))
async def test_a_whole_yokohama_game_reads_in_the_servers_language(
        fake: FakeDiscord, discord_schema: Any, language: str) -> None:
    """The server and both players in one language, to the final standings; every payload schema-valid. The
    lobby, the turn posts, the panels' buttons and the final standings read in that language."""
    join, start, _started, refresh, final = WORDS[language]
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    admin, alice, bob = fake.user("admin", admin=True), fake.user("alice"), fake.user("bob")
    await fake.command("settings language", user=admin, options={"language": language})
    for user in (alice, bob):
        await fake.command("settings me", user=user, options={"language": language})
    [lobby] = await fake.command("table new", user=alice, options={"game": "yokohama"})
    await fake.click(user=bob, message=lobby, label=join)
    await fake.click(user=alice, message=lobby, label=start)
    [row] = await bot.storage.list_games(statuses=("active",))
    users = {u.id: u for u in (alice, bob)}
    panels: dict[int, Sent] = {}
    for _turn in range(4000):
        status = await bot.service.status(row.id)
        if status.status != "active":
            break
        player = users[status.waiting_on[0]]
        if player.id not in panels:
            panels[player.id] = await panel_for(fake, row.id, player)
            assert any(b.get("label") == refresh for b in panels[player.id].buttons())
        await choose_greedy(fake, player, panels[player.id], row.id)
    else:
        pytest.fail("the game did not end")
    public = [s for s in fake.sent if s.kind == "channel_message" and s.text and not s.ephemeral]
    assert any(final in s.text for s in public), [s.text[-200:] for s in public[-2:]]
    assert any(YOUR_TURN[language] in s.text or YOUR_TURN[language].lower() in s.text for s in public)
    assert all(s.schema_errors is None for s in fake.sent)
