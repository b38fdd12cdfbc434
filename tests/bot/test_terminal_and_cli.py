"""The terminal client and the command line, driven with scripted input."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.cli import main
from bot.service import ServiceError, TableService, check_all
from bot.settings import Settings, SettingsError
from bot.storage import SQLiteStorage
from bot.terminal import TerminalClient


def _scripted(answers: list[str]) -> tuple[list[str], callable]:
    said: list[str] = []
    queue = list(answers)

    def ask(prompt: str) -> str:
        said.append(prompt)
        return queue.pop(0)

    return said, ask


async def test_hot_seat_game_to_the_end(storage: SQLiteStorage, counting_game: None) -> None:
    said, ask = _scripted(["9", "x", "3"] + ["1"] * 10)
    client = TerminalClient(TableService(storage), ask=ask, say=said.append, pictures=None)
    game_id = await client.new_game("counting", 2, seed=4, options={"rounds": 2})
    await client.play(game_id)
    text = "\n".join(said)
    assert "Type a number from 1 to 3" in text  # 9 and x were refused without losing the game
    assert f"Game #{game_id} is finished (played to the end)" in text
    assert all(r.ok for r in await check_all(storage))


async def test_quit_saves_and_resume_continues(storage: SQLiteStorage, counting_game: None) -> None:
    said, ask = _scripted(["2", "q"])
    service = TableService(storage)
    client = TerminalClient(service, ask=ask, say=said.append)
    game_id = await client.new_game("counting", 1, seed=1, options={"rounds": 3})
    await client.play(game_id)
    assert any(f"--resume {game_id}" in line for line in said)
    assert (await service.status(game_id)).version == 1
    said2, ask2 = _scripted(["1", "1"])
    await TerminalClient(service, ask=ask2, say=said2.append).play(game_id)
    assert (await service.game(game_id)).status == "finished"


def test_check_db_command_reports_mismatches(tmp_path: Path, counting_game: None, capsys) -> None:
    import asyncio

    db = tmp_path / "cli.sqlite3"

    async def make() -> int:
        storage = SQLiteStorage(db)
        await storage.open()
        service = TableService(storage)
        game = await service.lobby.create("counting", creator_id=1)
        await service.lobby.start(game.id, 1)
        await service.play.act(game.id, 1, {"pick": 2})
        await storage.close()
        return game.id

    game_id = asyncio.run(make())
    assert main(["check-db", "--db", str(db)]) == 0
    assert "0 mismatches" in capsys.readouterr().out
    conn = sqlite3.connect(db)
    state = json.loads(conn.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()[0])
    state["totals"][0] += 5
    conn.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), game_id))
    conn.commit()
    conn.close()
    assert main(["check-db", "--db", str(db)]) == 1
    assert "1 mismatches" in capsys.readouterr().out


def test_cli_refuses_a_corrupt_database(tmp_path: Path, capsys) -> None:
    db = tmp_path / "broken.sqlite3"
    db.write_bytes(b"garbage" * 1000)
    assert main(["check-db", "--db", str(db)]) == 3
    assert "left untouched" in capsys.readouterr().err
    assert db.read_bytes() == b"garbage" * 1000


def test_run_without_a_token_explains_what_to_do(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err


def test_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_PATH", "/tmp/x.sqlite3")
    monkeypatch.setenv("DEV_GUILD_ID", "123")
    monkeypatch.setenv("REMINDER_HOURS", "2.5")
    settings = Settings.from_env()
    assert settings.database_path == Path("/tmp/x.sqlite3")
    assert settings.dev_guild_id == 123 and settings.reminder_hours == 2.5
    assert "daily_secret" not in repr(settings)
    monkeypatch.setenv("DEV_GUILD_ID", "my server")
    with pytest.raises(SettingsError, match="DEV_GUILD_ID must be a whole number"):
        Settings.from_env()


async def test_close_waits_for_a_write_in_progress(storage: SQLiteStorage, make_storage, counting_game: None) -> None:
    """A clean shutdown (SIGTERM -> bot.close -> storage.close) never cuts a write in half."""
    import asyncio

    service = TableService(storage)
    game = await service.lobby.create("counting", creator_id=1, options={"rounds": 50})
    await service.lobby.start(game.id, 1)
    write = asyncio.create_task(service.play.act(game.id, 1, {"pick": 1}, expected_version=0))
    await asyncio.sleep(0)  # the move has begun (it is reading the game)
    assert await service.gate.drain()
    await storage.close()
    outcome = await write
    assert outcome.game.version == 1
    with pytest.raises(ServiceError, match="restarting; nothing was changed"):
        await service.play.act(game.id, 1, {"pick": 1})
    reopened = make_storage()
    await reopened.open()
    assert (await reopened.get_game(game.id)).version == 1
    await reopened.close()


async def test_a_hot_seat_duel_reads_in_the_terminals_language(storage: SQLiteStorage,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import i18n
    from bot.cli import terminal_locale

    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert terminal_locale() == "de_DE"
    said, ask = _scripted(["1"] * 2000)
    with i18n.using(terminal_locale()):
        client = TerminalClient(TableService(storage), ask=ask, say=said.append, pictures=None)
        game_id = await client.new_game("duel", 2, seed=3, options={})
        await client.play(game_id)
    text = "\n".join(said)
    assert f"Partie #{game_id} (duel) für 2 Personen gestartet" in text
    assert "Platz 1 (lokale Person 2): Wähle die Auftragskarte" in text
    assert "Wähle (Zahl, v: Partie ansehen, q: speichern und beenden)" in text
    assert f"Partie #{game_id} ist beendet (bis zum Ende gespielt)." in text
    assert "  1. Person " in text and "Choose" not in text and "Seat " not in text and "points" not in text
