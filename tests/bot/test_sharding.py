"""Sharding settings: SHARD_COUNT and SHARD_IDS run an AutoShardedBot for those shards."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord.ext import commands

from bot.discord_app.client import ShardedYokohamaBot, YokohamaBot, make_bot
from bot.settings import Settings, SettingsError
from bot.storage import SQLiteStorage


def test_without_shard_settings_one_plain_bot_runs_everything(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SHARD_COUNT", raising=False)
    monkeypatch.delenv("SHARD_IDS", raising=False)
    bot = make_bot(Settings.from_env(), SQLiteStorage(tmp_path / "unopened.sqlite3"))
    assert type(bot) is YokohamaBot and not isinstance(bot, commands.AutoShardedBot)


def test_shard_settings_run_those_shards(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "1,3")
    bot = make_bot(Settings.from_env(), SQLiteStorage(tmp_path / "unopened.sqlite3"))
    assert isinstance(bot, ShardedYokohamaBot) and isinstance(bot, commands.AutoShardedBot)
    assert bot.shard_count == 4 and bot.shard_ids == [1, 3]


@pytest.mark.parametrize(("count", "ids", "message"), [
    ("0", "", "SHARD_COUNT must be 1 or more"),
    ("2", "2", "from 0 to 1"),
    ("", "0", "SHARD_IDS needs SHARD_COUNT"),
    ("2", "a", "whole numbers separated by commas"),
])
def test_bad_shard_settings_are_refused_with_the_setting_named(monkeypatch: pytest.MonkeyPatch, count: str,
                                                               ids: str, message: str) -> None:
    monkeypatch.setenv("SHARD_COUNT", count)
    monkeypatch.setenv("SHARD_IDS", ids)
    with pytest.raises(SettingsError, match=message):
        Settings.from_env()
