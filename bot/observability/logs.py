"""The one logging set-up of every command: readable lines, or JSON lines a log collector reads (`LOG_FORMAT`).

Each record carries what the request it belongs to concerns, from the request context the service already
keeps (`bot.service.scope`): the server (`guild`), the person (`user`), the Discord interaction
(`interaction`) and, once the request has resolved it, the game (`game`). Background work (the sweep, bot
turns) states no caller, and its records carry none.

Secrets never reach a log line: the set-up is told the token and the other secrets of the settings, and
every formatted line (message, arguments, traceback) has them replaced by `[redacted]`, whichever library
logged them. Hidden information (cards in hand, a face-down tile) is never logged by the bot: the texts it
logs are refusals and ids; `tests/ops/test_logs.py` scans the logs of whole games for both.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from collections.abc import Iterable
from typing import Any, TextIO

from bot.service.scope import Caller, request_caller, request_game

#: The attributes a record gains from the request context (None when the request does not say).
CONTEXT_FIELDS = ("game", "guild", "user", "interaction")
#: Libraries whose DEBUG records carry what must stay out of logs: aiosqlite logs every statement with its
#: parameters (a game's whole state, hidden cards included), discord.py's HTTP, webhook and gateway loggers
#: log request bodies (a player's private panel) and payloads. They are kept at INFO even with LOG_LEVEL=DEBUG.
QUIET_BELOW_INFO = ("aiosqlite", "asyncpg", "discord.http", "discord.webhook", "discord.gateway", "discord.state",
                    "discord.client")
_REDACTED = "[redacted]"
#: A password inside a URL (postgresql://user:PASSWORD@host/db).
_URL_PASSWORD = re.compile(r"(?P<head>[a-z][a-z0-9+.-]*://[^:/@\s]+:)[^@\s]+(?=@)", re.IGNORECASE)
#: An interaction's or webhook's token in a Discord URL (/interactions/ID/TOKEN/callback, /webhooks/ID/TOKEN).
_URL_TOKEN = re.compile(r"(?P<head>/(?:interactions|webhooks)/\d+/)[^/\s?'\"]+")


class ContextFilter(logging.Filter):
    """Adds the request's game, server, user and interaction to every record (attributes, None if unknown)."""

    def filter(self, record: logging.LogRecord) -> bool:
        caller = request_caller.get()
        if isinstance(caller, Caller):
            record.guild, record.user, record.interaction = caller.guild_id, caller.user_id, caller.interaction_id
        else:
            record.guild = record.user = record.interaction = None
        record.game = request_game.get()
        return True


class QuietLibraries(logging.Filter):
    """Drops the DEBUG records of `QUIET_BELOW_INFO` (and their child loggers)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.INFO:
            return True
        return not any(record.name == name or record.name.startswith(name + ".") for name in QUIET_BELOW_INFO)


class _Redacting:
    """Replaces known secrets (and any URL's password) in a formatted text."""

    def __init__(self, secrets: Iterable[str]) -> None:
        self.secrets = sorted({s for s in secrets if s and len(s) >= 6}, key=len, reverse=True)

    def __call__(self, text: str) -> str:
        for secret in self.secrets:
            if secret in text:
                text = text.replace(secret, _REDACTED)
        text = _URL_TOKEN.sub(lambda m: m.group("head") + _REDACTED, text)
        return _URL_PASSWORD.sub(lambda m: m.group("head") + _REDACTED, text)


class TextFormatter(logging.Formatter):
    """`time level logger: message [game=… guild=… user=…]`, secrets redacted."""

    def __init__(self, redact: _Redacting) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")
        self.redact = redact

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        context = " ".join(f"{k}={getattr(record, k)}" for k in CONTEXT_FIELDS
                           if getattr(record, k, None) is not None)
        if context:
            first, newline, rest = line.partition("\n")
            line = f"{first} [{context}]{newline}{rest}"
        return self.redact(line)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (ISO 8601, UTC), level, logger, message, the request context, and the
    exception's traceback if any."""

    def __init__(self, redact: _Redacting) -> None:
        super().__init__()
        self.redact = redact

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": self.redact(record.getMessage()),
        }
        for key in CONTEXT_FIELDS:
            found = getattr(record, key, None)
            if found is not None:
                entry[key] = found
        if record.exc_info:
            entry["exception"] = self.redact(self.formatException(record.exc_info))
        elif record.exc_text:
            entry["exception"] = self.redact(record.exc_text)
        return json.dumps(entry, ensure_ascii=False, default=str)


def handler(fmt: str = "text", *, secrets: Iterable[str] = (), stream: TextIO | None = None) -> logging.Handler:
    """A handler writing `fmt` lines ("text" or "json") with the request context, secrets redacted."""
    out = logging.StreamHandler(stream if stream is not None else sys.stderr)
    redact = _Redacting(secrets)
    out.setFormatter(JsonFormatter(redact) if fmt == "json" else TextFormatter(redact))
    out.addFilter(QuietLibraries())
    out.addFilter(ContextFilter())
    return out


def setup(level: str = "INFO", fmt: str = "text", *, secrets: Iterable[str] = (),
          stream: TextIO | None = None) -> logging.Handler:
    """Configure the root logger once: the one handler of `handler(...)` at `level` (replacing any other)."""
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    out = handler(fmt, secrets=secrets, stream=stream)
    root.addHandler(out)
    root.setLevel(level)
    return out
