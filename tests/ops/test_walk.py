"""A whole Yokohama Duel against the bot through the real cogs and the fake Discord (payloads schema-checked),
logged as JSON lines at DEBUG, every library included, and its metrics scraped over HTTP: the logs name the
request's game, server, user and interaction, and hold no hidden card and no token; the figures on /metrics
are what happened (decisions clicked, AI decisions, first answers, writes, open games, health)."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.discord_app.client import YokohamaBot
from bot.observability import logs
from bot.observability.server import Health, MetricsServer
from bot.service import TableService
from bot.settings import Settings
from bot.storage import SQLiteStorage
from engine.core.rng import Rng
from tests.bot.discord_app.games.duel.test_duel_pictures_in_discord import click_something, panel_for
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent

BUDGET = 0.05
#: Every token the fake hands out starts so: the bot's login token and each interaction's token.
TOKEN = "fake-token"
#: What of a stored Duel state is hidden (a seat's hand, its setup draw, the deck): never in a log line.
HIDDEN_KEYS = ('"hand"', '"setup_draw"', '"order_deck"', '"church_box"')


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    path = tmp_path / "bot.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    settings = Settings(database_path=path, ai_budget_s=BUDGET)
    service = TableService(storage, new_seed=lambda: 20261130, ai_budget_s=BUDGET)
    async with FakeDiscord(YokohamaBot(settings, storage, service)) as fake:
        yield fake


@pytest.fixture
def json_logs() -> Any:
    """Every record of every logger, at DEBUG, as the bot writes them with LOG_FORMAT=json."""
    out = io.StringIO()
    handler = logs.handler("json", stream=out)
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    yield out
    root.removeHandler(handler)
    root.setLevel(level)


def _bot(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


def _offers_a_decision(panel: Sent) -> bool:
    return any(c.startswith(("yk:do:", "yk:sel:", "yk:ms:")) for c in panel.custom_ids())


async def _hidden_orders(fake: FakeDiscord, game_id: int) -> set[str]:
    """The Orders in any seat's hand or setup draw now, as a text would name them ("Order 7:")."""
    row = await _bot(fake).service.game(game_id)
    state = json.loads(row.state or "{}")
    cards = {c for p in state.get("players", []) for c in [*p.get("hand", []), *p.get("setup_draw", [])]}
    return {f"Order {c + 1}:" for c in cards}


async def _walk(fake: FakeDiscord, human: FakeUser, out: io.StringIO | None = None,
                step: Any = None) -> int:
    """`/table new opponent: bot`, then the person's decisions at random to the end; `step(lines, hidden)`
    after each click with the log lines it wrote and the Orders hidden both before and after it."""
    await fake.command("table new", user=human, options={"game": "duel", "opponent": "bot"})
    [row] = await _bot(fake).storage.list_games(statuses=("active",))
    rng = Rng(5)
    panel: Sent | None = None
    for _ in range(1000):
        status = await _bot(fake).service.status(row.id)
        if status.status != "active":
            return row.id
        panel = fake.message_view(panel) if panel is not None else None
        if panel is None or not _offers_a_decision(panel):
            panel = await panel_for(fake, row.id, human)
        before = await _hidden_orders(fake, row.id)
        seen = out.tell() if out is not None else 0
        await click_something(fake, panel, human, rng)
        if step is not None and out is not None:
            out.seek(seen)
            lines = out.read().splitlines()
            out.seek(0, io.SEEK_END)
            step(lines, before & await _hidden_orders(fake, row.id))
    pytest.fail("the game did not end")


@pytest.mark.slow
async def test_the_logs_of_a_whole_game_carry_its_context_and_hide_cards_and_tokens(
        fake: FakeDiscord, json_logs: io.StringIO, discord_schema: Any) -> None:
    alice = fake.user("alice")
    leaks: list[str] = []
    steps = 0

    def scan(lines: list[str], hidden: set[str]) -> None:
        nonlocal steps
        steps += 1
        for line in lines:
            leaks.extend(f"{card} in {line}" for card in hidden if card in line)

    game_id = await _walk(fake, alice, json_logs, scan)
    # A refusal after the game is resolved: someone not seated tries to resign from it.
    bob = fake.user("bob")
    refused = await fake.command("table resign", user=bob, options={"game": game_id, "confirm": "yes"})
    assert refused[-1].ephemeral
    text = json_logs.getvalue()
    records = [json.loads(line) for line in text.splitlines()]
    assert steps > 10 and records, "a whole game, logged"
    assert leaks == []
    # The lines as a reader sees them (a JSON line escapes the quotes of a state written into its message).
    said = "\n".join(r["message"] + r.get("exception", "") for r in records)
    assert TOKEN not in text and TOKEN not in said
    assert [k for k in HIDDEN_KEYS if k in said] == []
    # Records written while a person's request about this game ran say which game, server, person and
    # interaction (the bot's own turns, in the background, name the game only).
    mine = [r for r in records if r.get("game") == game_id and "user" in r]
    assert any(r["user"] == bob.id and "refused" in r["message"] for r in mine), records[-5:]
    assert all(r["user"] in (alice.id, bob.id) and r.get("guild") == fake.guild.id and r.get("interaction")
               for r in mine)


def _sample(text: str, name: str, **labels: str) -> float:
    """One sample of a Prometheus text exposition (0 when absent)."""
    for line in text.splitlines():
        if not line.startswith(name) or line.startswith("#"):
            continue
        head, _, number = line.rpartition(" ")
        found = dict(re.findall(r'(\w+)="([^"]*)"', head))
        if head.split("{")[0] == name and all(found.get(k) == v for k, v in labels.items()):
            return float(number)
    return 0.0


def _total(text: str, name: str) -> float:
    return sum(float(line.rpartition(" ")[2]) for line in text.splitlines()
               if line.split("{")[0].split(" ")[0] == name)


@pytest.mark.slow
async def test_metrics_scraped_after_a_game_match_what_happened(fake: FakeDiscord, discord_schema: Any) -> None:
    bot = _bot(fake)
    health = Health(ping=bot.storage.ping, gateway=lambda: not bot.is_closed(), sweep_seconds=300,
                    open_games=bot.storage.open_game_counts)
    server = MetricsServer(health, "127.0.0.1", 0)
    await server.start()
    url = f"http://127.0.0.1:{server.port}"
    try:
        async with aiohttp.ClientSession() as http:
            async def scrape() -> str:
                async with http.get(f"{url}/metrics") as answer:
                    assert answer.status == 200 and answer.headers["Content-Type"].startswith("text/plain")
                    return await answer.text()

            before = await scrape()
            alice = fake.user("alice")
            answered = len([s for s in fake.sent if s.is_callback and not s.failed])
            game_id = await _walk(fake, alice)
            await bot.sweep_once()
            after = await scrape()
            async with http.get(f"{url}/healthz") as answer:
                healthy = answer.status, await answer.json()
    finally:
        await server.stop()

    log = await bot.storage.actions(game_id)
    clicked = sum(1 for e in log if e.origin == "player")
    thought = sum(1 for e in log if e.origin == "auto")

    def grew(name: str, **labels: str) -> float:
        return _sample(after, name, **labels) - _sample(before, name, **labels)

    # A decision clicked on a panel is an `act_by_index` (the option's number on the panel the person saw).
    assert grew("yokohama_clicks_total", kind="act_by_index", outcome="ok") == clicked
    assert grew("yokohama_clicks_total", kind="act_by_index", outcome="error") == 0
    assert grew("yokohama_clicks_total", kind="create", outcome="ok") == 1  # /table new
    assert grew("yokohama_ai_decision_seconds_count", game="duel", level="easy") == thought > 0
    answers = len([s for s in fake.sent if s.is_callback and not s.failed]) - answered
    assert _total(after, "yokohama_first_response_seconds_count") - \
        _total(before, "yokohama_first_response_seconds_count") == answers > clicked
    assert grew("yokohama_db_write_seconds_count", backend="sqlite") >= clicked + thought / 50
    assert grew("yokohama_picture_seconds_count", lane="turn") >= 1
    assert grew("yokohama_turn_post_seconds_count") >= 1
    assert grew("yokohama_sweep_seconds_count") == 1
    assert _sample(after, "yokohama_open_games", game="duel", status="active") == 0  # the game is over
    assert healthy[1]["checks"]["database"] == "ok" and healthy[1]["checks"]["sweep"] == "ok"
    assert healthy == (200, {"status": "ok", "checks": healthy[1]["checks"]})
