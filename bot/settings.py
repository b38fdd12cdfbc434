"""Settings from environment variables, each with a default (the README lists them all)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

N = TypeVar("N")


class SettingsError(Exception):
    """A setting is missing or malformed; the message names it."""


def _number(name: str, default: N, kind: type[int] | type[float]) -> N | int | float:
    """The environment variable `name` as an int or float; `default` when unset or empty."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return kind(raw)
    except ValueError as exc:
        what = "a whole number" if kind is int else "a number"
        raise SettingsError(f"{name} must be {what}, not {raw!r}.") from exc


def _int(name: str, default: int | None) -> int | None:
    return _number(name, default, int)  # type: ignore[return-value]


def _int_list(name: str) -> tuple[int, ...] | None:
    """A comma-separated list of whole numbers ("0,1"); None when unset."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    try:
        return tuple(int(part) for part in raw.split(",") if part.strip())
    except ValueError as exc:
        raise SettingsError(f"{name} must be whole numbers separated by commas, not {raw!r}.") from exc


def _float(name: str, default: float) -> float:
    return float(_number(name, default, float))


@dataclass(frozen=True)
class Settings:
    #: The bot token from the Discord developer portal (needed only to run the bot).
    discord_token: str = ""
    #: The SQLite file; created on first start.
    database_path: Path = Path("var/yokohama.sqlite3")
    #: A postgresql:// URL selects PostgreSQL instead of the SQLite file (several processes, one database).
    database_url: str = field(default="", repr=False)
    #: Sharding: the total number of shards, and which of them this process runs (None: all).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: Sync slash commands to this one server only (instant; for development).
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    #: Hours a table waits before the bot reminds whoever it is waiting on (tables may override).
    reminder_hours: float = 12.0
    #: How often (seconds) the bot looks for due reminders, deadlines and new daily challenges.
    sweep_seconds: int = 300
    #: Secret mixed into daily-challenge seeds; generated and stored in the database when empty.
    daily_secret: str = field(default="", repr=False)
    #: Hours after the next challenge starts during which yesterday's attempt may still be finished.
    daily_grace_hours: float = 12.0
    #: Where the terminal client writes pictures.
    pictures_dir: Path = Path("pictures")
    #: The AI's thinking time per decision (bot seats, the daily par), in seconds.
    ai_budget_s: float = 2.0
    #: "text" (one readable line per record) or "json" (one JSON object per line, for a log collector).
    log_format: str = "text"
    #: The port of `/metrics` (Prometheus) and `/healthz`; None: not served.
    metrics_port: int | None = None
    #: The address that port listens on: localhost by default, so only this machine (or a sidecar) reads it.
    metrics_host: str = "127.0.0.1"
    #: Where scheduled SQLite backups go (None: no scheduled backups).
    backup_dir: Path | None = None
    #: Hours between scheduled backups.
    backup_hours: float = 24.0
    #: How many scheduled backups are kept (the oldest beyond that are removed).
    backup_keep: int = 7

    def __post_init__(self) -> None:
        if self.shard_count is not None and self.shard_count < 1:
            raise SettingsError("SHARD_COUNT must be 1 or more.")
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise SettingsError("SHARD_IDS needs SHARD_COUNT (the total number of shards).")
            bad = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
            if bad or not self.shard_ids:
                raise SettingsError(f"SHARD_IDS must be shard numbers from 0 to {self.shard_count - 1}.")
        if self.log_format not in ("text", "json"):
            raise SettingsError(f"LOG_FORMAT must be text or json, not {self.log_format!r}.")
        if self.metrics_port is not None and not 0 <= self.metrics_port <= 65535:
            raise SettingsError("METRICS_PORT must be a port number (1-65535), or empty for none.")
        if self.backup_hours <= 0:
            raise SettingsError("BACKUP_HOURS must be more than 0.")
        if self.backup_keep < 1:
            raise SettingsError("BACKUP_KEEP must be 1 or more.")

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            discord_token=os.environ.get("DISCORD_TOKEN", "").strip(),
            database_path=Path(os.environ.get("DATABASE_PATH", "").strip() or cls.database_path),
            database_url=os.environ.get("DATABASE_URL", "").strip(),
            shard_count=_int("SHARD_COUNT", None),
            shard_ids=_int_list("SHARD_IDS"),
            dev_guild_id=_int("DEV_GUILD_ID", None),
            log_level=os.environ.get("LOG_LEVEL", "").strip().upper() or cls.log_level,
            reminder_hours=_float("REMINDER_HOURS", cls.reminder_hours),
            sweep_seconds=_int("SWEEP_SECONDS", cls.sweep_seconds) or cls.sweep_seconds,
            daily_secret=os.environ.get("DAILY_SECRET", "").strip(),
            daily_grace_hours=_float("DAILY_GRACE_HOURS", cls.daily_grace_hours),
            pictures_dir=Path(os.environ.get("PICTURES_DIR", "").strip() or cls.pictures_dir),
            ai_budget_s=_float("AI_BUDGET_SECONDS", cls.ai_budget_s),
            log_format=os.environ.get("LOG_FORMAT", "").strip().lower() or cls.log_format,
            metrics_port=_int("METRICS_PORT", None),
            metrics_host=os.environ.get("METRICS_HOST", "").strip() or cls.metrics_host,
            backup_dir=Path(raw_dir) if (raw_dir := os.environ.get("BACKUP_DIR", "").strip()) else None,
            backup_hours=_float("BACKUP_HOURS", cls.backup_hours),
            backup_keep=int(_number("BACKUP_KEEP", cls.backup_keep, int)),
        )
