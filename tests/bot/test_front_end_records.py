"""The records the service keeps for a front end (`bot.service.front_end`) are stored under the keys
the Discord layer used before: a running bot's threads, lobby messages and private tables are still found."""

from __future__ import annotations

from bot.service.front_end import FrontEndRecords
from bot.storage import Storage


async def test_the_notes_of_a_game_keep_their_stored_keys(storage: Storage) -> None:
    records = FrontEndRecords(storage)
    assert await records.thread_of(7) is None and not await records.plays_privately(7)
    assert await records.lobby_message(7) is None and await records.signup_message(3) is None

    await records.set_thread(7, 1234)
    await records.set_plays_privately(7)
    await records.set_lobby_message(7, 55, 66)
    await records.set_signup_message(3, 77, 88)
    assert [await storage.get_meta(key) for key in ("thread:7", "private:7", "lobby:7", "tournament-signup:3")] == [
        "1234", "1", "55:66", "77:88"]
    assert await records.thread_of(7) == 1234 and await records.plays_privately(7)
    assert await records.lobby_message(7) == (55, 66) and await records.signup_message(3) == (77, 88)


async def test_an_empty_note_is_no_message(storage: Storage) -> None:
    await storage.set_meta("lobby:8", "")
    assert await FrontEndRecords(storage).lobby_message(8) is None


async def test_server_settings_and_preferences_pass_through(storage: Storage) -> None:
    records = FrontEndRecords(storage)
    await records.set_setting(5, "threads", "off")
    assert await records.setting(5, "threads") == "off" == await storage.get_setting(5, "threads")
    assert await records.prefs(42) is None
    await records.set_notify_mode(42, "dm")
    prefs = await records.prefs(42)
    assert prefs is not None and prefs.notify == "dm"
