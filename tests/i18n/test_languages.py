"""Whose language: a private answer reads in the player's own choice (`/settings me language:`), else in
their Discord client's (`interaction.locale`); a public post reads in the server's language
(`/settings language:`), else the server's `preferred_locale`. Refusals raised deep in the service read in
the asker's language. The choices are stored on both backends."""

from __future__ import annotations

from bot.discord_app.client import YokohamaBot
from bot.storage import Storage
from tests.harness.discord_fake import FakeDiscord


async def test_a_players_language_is_stored_beside_their_notification_choice(storage: Storage) -> None:
    assert await storage.player_prefs([5]) == {}
    await storage.set_language(5, "ja")
    prefs = (await storage.player_prefs([5]))[5]
    assert prefs.language == "ja" and prefs.notify == "mention"
    await storage.set_notify(5, "dm")  # choosing a notification keeps the language
    assert (await storage.player_prefs([5]))[5].language == "ja"
    await storage.set_language(5, "de")  # and choosing a language keeps the notification
    prefs = (await storage.player_prefs([5]))[5]
    assert (prefs.language, prefs.notify) == ("de", "dm")
    await storage.set_language(5, None)
    assert (await storage.player_prefs([5]))[5].language is None


async def test_a_server_language_is_a_server_setting(storage: Storage) -> None:
    await storage.set_setting(7, "language", "fr")
    assert await storage.get_setting(7, "language") == "fr"
    assert await storage.get_setting(8, "language") is None


async def test_a_private_answer_reads_in_the_clients_language(fake: FakeDiscord) -> None:
    alice = fake.user("alice")
    [japanese] = await fake.command("help", user=alice, locale="ja")
    [german] = await fake.command("help", user=alice, locale="de")
    [english] = await fake.command("help", user=alice, locale="en-US")
    [spanish] = await fake.command("help", user=alice, locale="es-ES")
    assert "遊び方" in japanese.text and "Spielen" in german.text
    assert "Playing" in english.text and spanish.text == english.text  # a language we do not ship: English


async def test_a_players_own_choice_outranks_the_client_language(fake: FakeDiscord) -> None:
    alice = fake.user("alice")
    [told] = await fake.command("settings me", user=alice, options={"language": "fr"}, locale="ja")
    assert told.ephemeral and "Le bot te répond désormais en français." in told.text
    [helped] = await fake.command("help", user=alice, locale="ja")
    assert "Jouer" in helped.text and "遊び方" not in helped.text
    [back] = await fake.command("settings me", user=alice, options={"language": "auto"}, locale="ja")
    assert "Discordの言語" in back.text
    [helped] = await fake.command("help", user=alice, locale="ja")
    assert "遊び方" in helped.text


async def test_settings_me_keeps_the_notification_when_only_the_language_changes(fake: FakeDiscord) -> None:
    alice = fake.user("alice")
    await fake.command("settings me", user=alice, options={"notify": "dm"})
    await fake.command("settings me", user=alice, options={"language": "de"})
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    prefs = await bot.records.prefs(alice.id)
    assert prefs is not None and (prefs.notify, prefs.language) == ("dm", "de")
    [nothing] = await fake.command("settings me", user=alice)
    assert "nichts wurde geändert" in nothing.text


async def test_a_refusal_deep_in_the_service_reads_in_the_askers_language(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    [lobby] = await fake.command("table new", user=alice, options={"game": "counting"})
    await fake.click(user=bob, message=lobby, label="Join", locale="de")
    [again] = await fake.click(user=bob, message=lobby, label="Join", locale="de")
    assert again.ephemeral and "Du sitzt schon an Tisch" in again.text
    [again] = await fake.click(user=bob, message=lobby, label="Join", locale="ja")
    assert "すでに卓" in again.text


async def test_public_posts_read_in_the_servers_language_and_private_ones_in_the_players(
        fake: FakeDiscord) -> None:
    admin = fake.user("admin", admin=True)
    alice, bob = fake.user("alice"), fake.user("bob")
    [set_] = await fake.command("settings language", user=admin, options={"language": "de"})
    assert set_.ephemeral
    [lobby] = await fake.command("table new", user=alice, options={"game": "counting"}, locale="ja")
    assert not lobby.ephemeral and "Drück **Beitreten**" in lobby.text
    assert [b["label"] for b in lobby.buttons()] == ["Beitreten", "Verlassen", "Bot hinzufügen", "Starten"]
    joined, confirmation = await fake.click(user=bob, message=lobby, label="Beitreten", locale="fr")
    assert "Am Tisch (2 von" in joined.text  # the lobby message: public, German
    assert confirmation.ephemeral and "Tu as rejoint la table" in confirmation.text  # bob's own: French
    sent = await fake.click(user=alice, message=lobby, label="Starten", locale="ja")
    started = [s for s in sent if not s.ephemeral and "hat begonnen" in s.text]
    assert started and any(b.get("label") == "Mein Panel öffnen" for b in started[-1].buttons())


async def test_a_server_without_a_choice_posts_in_its_preferred_locale(fake: FakeDiscord) -> None:
    fake.guild.preferred_locale = __import__("discord").Locale.french
    alice = fake.user("alice")
    [lobby] = await fake.command("table new", user=alice, options={"game": "counting"}, locale="de")
    assert "Appuie sur **Rejoindre**" in lobby.text


async def test_a_language_that_cannot_be_read_never_fails_the_request(fake: FakeDiscord) -> None:
    """The player's and the server's choices unreadable (the database refuses): the answer still comes, in the
    client's language, and the public lobby in the server's own `preferred_locale`."""
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]

    async def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("the database is away")

    bot.records.language = broken  # type: ignore[method-assign]
    bot.records.server_language = broken  # type: ignore[method-assign]
    alice = fake.user("alice")
    [helped] = await fake.command("help", user=alice, locale="de")
    assert "Spielen" in helped.text
    [lobby] = await fake.command("table new", user=alice, options={"game": "counting"}, locale="de")
    assert "Press **Join**" in lobby.text  # the fake server's preferred_locale is en-US
