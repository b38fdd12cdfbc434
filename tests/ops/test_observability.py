"""The log set-up (text and JSON lines, the request context, secrets redacted, chatty libraries kept at INFO),
the health check's verdicts, the settings of operations, and the runner's metrics server on a bot."""

from __future__ import annotations

import io
import json
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot.discord_app.client import YokohamaBot
from bot.discord_app.runner import _serve_metrics
from bot.observability import logs, metrics
from bot.observability.server import Health, MetricsServer
from bot.service import TableService
from bot.service.scope import Caller, request_caller, request_game
from bot.settings import Settings, SettingsError
from bot.storage import SQLiteStorage
from tests.harness.discord_fake import FakeDiscord

SECRET = "MTIzNDU2Nzg5.secret-token.value"


def _logged(fmt: str, secrets: tuple[str, ...] = (), level: int = logging.DEBUG) -> tuple[logging.Logger, io.StringIO,
                                                                                           logging.Handler]:
    out = io.StringIO()
    handler = logs.handler(fmt, secrets=secrets, stream=out)
    logger = logging.getLogger("tests.ops.observability")
    logger.addHandler(handler)
    logger.setLevel(level)
    logger.propagate = False
    return logger, out, handler


def test_json_lines_carry_the_request_context() -> None:
    logger, out, handler = _logged("json")
    try:
        token = request_caller.set(Caller(11, 22, interaction_id=33))
        game = request_game.set(44)
        try:
            logger.info("moved %s", "north")
        finally:
            request_caller.reset(token)
            request_game.reset(game)
        logger.warning("from the sweep")
        try:
            raise ValueError("boom")
        except ValueError:
            logger.exception("failed")
    finally:
        logger.removeHandler(handler)
    first, second, third = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["message"] == "moved north" and first["level"] == "INFO" and first["logger"] == logger.name
    assert (first["game"], first["guild"], first["user"], first["interaction"]) == (44, 22, 11, 33)
    assert first["time"].endswith("Z")
    assert not {"game", "guild", "user", "interaction"} & set(second), "background work names no request"
    assert "ValueError: boom" in third["exception"]


def test_text_lines_end_with_the_context_and_secrets_are_redacted() -> None:
    logger, out, handler = _logged("text", secrets=(SECRET,))
    try:
        with_caller = request_caller.set(Caller(11, None))
        try:
            logger.info("token %s and postgresql://bot:hunter22@db:5432/yk", SECRET)
        finally:
            request_caller.reset(with_caller)
        try:
            raise RuntimeError(f"login failed with {SECRET}")
        except RuntimeError:
            logger.exception("webhook /interactions/123/%s/callback", SECRET)
        logger.debug("POST https://discord.com/api/v10/webhooks/456/aW50ZXJhY3Rpb24tdG9rZW4/messages/@original")
    finally:
        logger.removeHandler(handler)
    text = out.getvalue()
    assert SECRET not in text and "hunter22" not in text and "aW50ZXJhY3Rpb24tdG9rZW4" not in text
    assert "/webhooks/456/[redacted]/messages" in text
    assert "postgresql://bot:[redacted]@db:5432/yk" in text
    assert text.splitlines()[0].endswith("[user=11]")


def test_libraries_that_log_sql_parameters_stay_at_info() -> None:
    out = io.StringIO()
    handler = logs.handler("json", stream=out)
    try:
        for name in ("aiosqlite", "discord.http", "discord.webhook.async_", "bot.service.clock"):
            record = logging.LogRecord(name, logging.DEBUG, __file__, 1, "statement %s", ("state",), None)
            handler.handle(record)
        handler.handle(logging.LogRecord("aiosqlite", logging.WARNING, __file__, 1, "slow", (), None))
    finally:
        handler.close()
    assert [json.loads(line)["logger"] for line in out.getvalue().splitlines()] == ["bot.service.clock", "aiosqlite"]


def test_setup_replaces_the_root_handlers() -> None:
    root = logging.getLogger()
    saved, level = list(root.handlers), root.level
    try:
        out = io.StringIO()
        logs.setup("WARNING", "json", stream=out)
        assert len(root.handlers) == 1 and root.level == logging.WARNING
        logging.getLogger("bot.anything").warning("seen")
        logging.getLogger("bot.anything").info("not seen")
        assert [json.loads(line)["message"] for line in out.getvalue().splitlines()] == ["seen"]
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in saved:
            root.addHandler(handler)
        root.setLevel(level)


async def test_health_says_what_is_wrong() -> None:
    async def fine() -> None:
        return None

    async def down() -> None:
        raise OSError("connection refused")

    now = time.time()
    saved = metrics.Clock.last_sweep
    try:
        metrics.Clock.last_sweep = now - 10
        assert await Health(fine, lambda: True, sweep_seconds=300).check(now) == (
            True, {"process": "ok", "database": "ok", "gateway": "ok", "sweep": "ok"})
        ok, checks = await Health(down, lambda: False, sweep_seconds=300).check(now)
        assert not ok and checks["database"] == "unreachable: OSError" and checks["gateway"] == "disconnected"
        metrics.Clock.last_sweep = now - 2 * 300 - 61
        ok, checks = await Health(fine, lambda: True, sweep_seconds=300).check(now)
        assert not ok and checks["sweep"].startswith("late: last ended 661 s ago")
        metrics.Clock.last_sweep = None  # none yet: late only once the process is older than the allowance
        assert (await Health(fine, lambda: True, sweep_seconds=300, started=now - 30).check(now))[0]
        assert not (await Health(fine, lambda: True, sweep_seconds=300, started=now - 700).check(now))[0]
    finally:
        metrics.Clock.last_sweep = saved


async def test_healthz_answers_503_with_the_checks_when_unhealthy() -> None:
    async def down() -> None:
        raise OSError("gone")

    server = MetricsServer(Health(down, lambda: True, sweep_seconds=300), "127.0.0.1", 0)
    await server.start()
    try:
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{server.port}/healthz") as answer:
            assert answer.status == 503
            body = await answer.json()
    finally:
        await server.stop()
    assert body["status"] == "unhealthy" and body["checks"]["database"].startswith("unreachable")


def test_operations_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    defaults = Settings.from_env()
    assert (defaults.log_format, defaults.metrics_port, defaults.metrics_host, defaults.backup_dir,
            defaults.backup_hours, defaults.backup_keep) == ("text", None, "127.0.0.1", None, 24.0, 7)
    for name, value in {"LOG_FORMAT": "JSON", "METRICS_PORT": "9108", "METRICS_HOST": "0.0.0.0",
                        "BACKUP_DIR": "/backups", "BACKUP_HOURS": "6", "BACKUP_KEEP": "14"}.items():
        monkeypatch.setenv(name, value)
    mine = Settings.from_env()
    assert (mine.log_format, mine.metrics_port, mine.metrics_host, mine.backup_dir, mine.backup_hours,
            mine.backup_keep) == ("json", 9108, "0.0.0.0", Path("/backups"), 6.0, 14)
    for name, bad in (("LOG_FORMAT", "xml"), ("METRICS_PORT", "http"), ("METRICS_PORT", "70000"),
                      ("BACKUP_KEEP", "0"), ("BACKUP_HOURS", "-1")):
        monkeypatch.setenv(name, bad)
        with pytest.raises(SettingsError, match=name):
            Settings.from_env()
        monkeypatch.delenv(name)


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    path = tmp_path / "bot.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    bot = YokohamaBot(Settings(database_path=path), storage, TableService(storage))
    async with FakeDiscord(bot) as fake:
        yield fake


async def test_the_runner_serves_metrics_and_health_for_a_running_bot(fake: FakeDiscord) -> None:
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    assert await _serve_metrics(Settings(), bot.storage, bot) is None  # METRICS_PORT unset: nothing served
    served = await _serve_metrics(Settings(metrics_port=0), bot.storage, bot)
    assert served is not None and served.host == "127.0.0.1"
    try:
        await bot.sweep_once()
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{served.port}/healthz") as answer:
                health = answer.status, await answer.json()
            async with http.get(f"http://127.0.0.1:{served.port}/metrics") as answer:
                scraped = await answer.text()
    finally:
        await served.stop()
    assert health[1]["checks"]["database"] == "ok" and health[1]["checks"]["sweep"] == "ok"
    assert health[0] == (200 if bot.is_ready() else 503)
    assert "yokohama_sweep_seconds_count" in scraped and "process_cpu_seconds_total" in scraped


async def test_first_answers_are_timed_and_discord_refusals_counted_by_code(fake: FakeDiscord) -> None:
    alice = fake.user("alice")
    answered = metrics.value("yokohama_first_response_seconds_count", {"type": "message"})
    expired = metrics.value("yokohama_discord_errors_total", {"code": "10062"})
    await fake.command("games", user=alice)
    assert metrics.value("yokohama_first_response_seconds_count", {"type": "message"}) == answered + 1
    # The bot answered too late: Discord refuses each first answer tried (the reply, then the error's) with 10062.
    sent = await fake.command("games", user=alice, expired=True)
    refused = [s for s in sent if s.is_callback and s.failed]
    assert refused and metrics.value("yokohama_discord_errors_total", {"code": "10062"}) == expired + len(refused)
    assert metrics.value("yokohama_first_response_seconds_count", {"type": "message"}) == answered + 1


async def test_a_dm_that_cannot_go_is_counted_by_discords_code(fake: FakeDiscord) -> None:
    from bot.discord_app.community import send_dm

    closed = fake.user("closed", dms_open=False)
    before = metrics.value("yokohama_dm_errors_total", {"code": "50007"})
    assert not await send_dm(fake.bot, closed.id, "your turn")  # type: ignore[arg-type]
    assert await send_dm(fake.bot, fake.user("open").id, "your turn")  # type: ignore[arg-type]
    assert metrics.value("yokohama_dm_errors_total", {"code": "50007"}) == before + 1
