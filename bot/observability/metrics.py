"""The bot's Prometheus metrics: one registry, every metric defined here, read at `/metrics`.

The hooks in the service, the storage and the Discord layer only increment a counter or observe a time they
already hold (a `perf_counter` pair around work that is done anyway); nothing here reads the database or waits
on a click. What needs the database (open games by kind) is read when `/metrics` is scraped
(`refresh_open_games`), off every click and off the sweep.

Names follow Prometheus's conventions: `_total` for counters, `_seconds` for times; each histogram's
`_count` is how many were observed (pictures drawn, AI decisions, sweeps, writes).
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.process_collector import ProcessCollector

from rendering import pool

#: The bot's own registry (not the library's global one), so importing this module twice in tests or
#: running two bots in one process never registers a metric twice.
REGISTRY = CollectorRegistry(auto_describe=True)
ProcessCollector(registry=REGISTRY)

#: Interaction latencies: most answers take milliseconds, Discord's own limit for a first answer is 3 s.
_LATENCY = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)
#: Pictures: a panel's few tens of ms up to a replay's many seconds.
_DRAWING = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
#: AI decisions: from instant (greedy) to the whole budget (a few seconds) and past it.
_THINKING = (0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)
#: Database writes: a fraction of a millisecond (SQLite) to a slow disk's hundreds of ms.
_WRITES = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

CLICKS = Counter(
    "yokohama_clicks_total",
    "Requests that change something (a move, a join, a resignation, …) by kind, and how they ended: "
    "ok, refused (a service refusal the player reads: not your turn, moved on, …) or error (a bug).",
    ["kind", "outcome"], registry=REGISTRY)
FIRST_RESPONSE = Histogram(
    "yokohama_first_response_seconds",
    "From an interaction's creation (its id's time) to the bot's first answer to it, by interaction type.",
    ["type"], buckets=_LATENCY, registry=REGISTRY)
TURN_POST = Histogram(
    "yokohama_turn_post_seconds",
    "From the write of a change to the end of its turn post (pictures and notices included).",
    buckets=_LATENCY, registry=REGISTRY)
PICTURES = Histogram(
    "yokohama_picture_seconds",
    "Pictures drawn (the count) and their drawing time, by lane (turn: panels and posts; long: replays).",
    ["lane"], buckets=_DRAWING, registry=REGISTRY)
AI_DECISION = Histogram(
    "yokohama_ai_decision_seconds",
    "The AI's time per decision, by game and level.",
    ["game", "level"], buckets=_THINKING, registry=REGISTRY)
DM_ERRORS = Counter(
    "yokohama_dm_errors_total",
    "Direct messages that could not go, by Discord's error code (50007: the player's DMs are closed).",
    ["code"], registry=REGISTRY)
DISCORD_ERRORS = Counter(
    "yokohama_discord_errors_total",
    "Discord refusals of the bot's answers to interactions, by Discord's error code (10062: the "
    "interaction expired before the first answer; 40060: answered twice).",
    ["code"], registry=REGISTRY)
SWEEP = Histogram(
    "yokohama_sweep_seconds",
    "The time of one sweep (reminders, deadlines) over every waiting game.",
    buckets=_DRAWING, registry=REGISTRY)
SWEPT = Counter(
    "yokohama_swept_games_total",
    "Waiting games the sweeps looked at.",
    registry=REGISTRY)
SWEEP_LAST = Gauge(
    "yokohama_sweep_last_success_timestamp_seconds",
    "When the last sweep ended without an error (Unix time; 0: none yet).",
    registry=REGISTRY)
OPEN_GAMES = Gauge(
    "yokohama_open_games",
    "Games in a lobby or being played, by game and status (read from the database when scraped).",
    ["game", "status"], registry=REGISTRY)
DB_WRITE = Histogram(
    "yokohama_db_write_seconds",
    "The time of one write transaction, from its start to its commit (lock waits included).",
    ["backend"], buckets=_WRITES, registry=REGISTRY)
BACKUPS = Counter(
    "yokohama_backups_total",
    "Backups taken on the schedule, by result (ok, failed).",
    ["result"], registry=REGISTRY)
pool.DRAWN.append(lambda lane, seconds: PICTURES.labels(lane).observe(seconds))

BACKUP_LAST = Gauge(
    "yokohama_backup_last_success_timestamp_seconds",
    "When the last scheduled backup was written and verified (Unix time; 0: none yet).",
    registry=REGISTRY)


class Clock:
    """Now and then, apart from the metrics: what the health check reads (the last sweep's end)."""

    last_sweep: float | None = None


def sweep_done(seconds: float, games: int, *, ok: bool) -> None:
    """One sweep ended after `seconds`, having looked at `games` waiting games."""
    SWEEP.observe(seconds)
    SWEPT.inc(games)
    if ok:
        Clock.last_sweep = time.time()
        SWEEP_LAST.set(Clock.last_sweep)


def set_open_games(counts: Iterable[tuple[str, str, int]]) -> None:
    """Replace the open-games gauge with fresh counts (game, status, number); absent pairs fall to 0."""
    seen: set[tuple[str, str]] = set()
    for game, status, number in counts:
        OPEN_GAMES.labels(game, status).set(number)
        seen.add((game, status))
    for metric in OPEN_GAMES.collect():
        for sample in metric.samples:
            key = (sample.labels["game"], sample.labels["status"])
            if key not in seen:
                OPEN_GAMES.labels(*key).set(0)


def exposition() -> tuple[bytes, str]:
    """The text `/metrics` answers, and its content type."""
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST


def value(name: str, labels: dict[str, str] | None = None) -> float:
    """One sample's current value (0 if not observed yet): for tests and the health check."""
    found = REGISTRY.get_sample_value(name, labels or {})
    return float(found) if found is not None else 0.0
