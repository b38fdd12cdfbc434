"""One click, one pass: a decision clicked on a private panel, through the real bot and the fake
Discord, reads the game once, parses its state once, builds the acting seat's option list once and writes
once.

Counted per click: `get_game` (the game row with its seats and state), engine `load` (state parses), option
lists built (`legal`; a list handed out again after `apply(..., offered=)` is not built anew), and `record`
(the one write: the log entries, the new state, the turn journal). The other reads a click may make are
not of the game and are counted on their own (`EXTRA_READS`): they are what the Discord side must know
besides the move (where the game posts, who wants a DM) and the turn journal (the story and the undo
window, kept beside the game).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from bot.discord_app.client import YokohamaBot
from bot.service import TableService
from bot.settings import Settings
from bot.storage import SQLiteStorage
from engine.core.rng import Rng
from tests.bot.discord_app.games.duel.test_duel_pictures_in_discord import click_something, open_duel, panel_for
from tests.harness.counting import CallCounter
from tests.harness.discord_fake import FakeDiscord, Sent

#: Storage reads a click may make besides the game: name -> the most per click (two people, no bot seat).
EXTRA_READS = {
    # The turn journal (the story so far and the undo window), a meta row beside the game read by the move;
    # and the game's thread, read by a turn post (a table with a bot seat also reads whether it plays
    # privately).
    "get_meta": 2,
    # The clicker's preferences, read once per interaction (`languages.begin`: their language; the
    # closed-DMs notice reuses the row), and who of those pinged wants a DM (a turn post).
    "player_prefs": 2,
    "away_periods": 1,  # who of the table is away (a turn post)
    "get_setting": 1,  # the server's language (a turn post, `languages.public`)
}


def offers_a_decision(panel: Sent) -> bool:
    return any(c.startswith(("yk:do:", "yk:sel:", "yk:ms:")) for c in panel.custom_ids())


async def _clicks(tmp_path: Path, clicks: int) -> list[dict[str, Any]]:
    path = tmp_path / "bot.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    bot = YokohamaBot(Settings(database_path=path), storage, TableService(storage, new_seed=lambda: 20261130))
    counter = CallCounter(storage)
    seen: list[dict[str, Any]] = []
    async with FakeDiscord(bot) as fake:
        alice, bob = fake.user("alice"), fake.user("bob")
        users = {u.id: u for u in (alice, bob)}
        game_id, _ = await open_duel(fake, alice, bob)
        rng = Rng(3)
        panels: dict[int, Sent] = {}
        while len(seen) < clicks:
            status = await bot.service.status(game_id)
            if status.status != "active":
                break
            player = users[status.waiting_on[0]]
            panel = fake.message_view(panels[player.id]) if player.id in panels else None
            if panel is None or not offers_a_decision(panel):
                panel = panels[player.id] = await panel_for(fake, game_id, player)
            with counter.counting():
                await click_something(fake, panel, player, rng)
            seen.append(counter.summary())
    return seen


async def test_a_duel_click_reads_parses_and_writes_once(tmp_path: Path) -> None:
    seen = await _clicks(tmp_path, 24)
    worst: Counter[str] = Counter()
    for cost in seen:
        calls = cost["calls"]
        worst["get_game"] = max(worst["get_game"], calls.get("get_game", 0))
        worst["record"] = max(worst["record"], calls.get("record", 0))
        worst["parses"] = max(worst["parses"], cost["parses"])
        worst["legal"] = max(worst["legal"], cost["legal"])
        worst["legal_again"] = max(worst["legal_again"], cost["legal_again"])
        for name, count in calls.items():
            worst[name] = max(worst[name], count)
    assert worst["get_game"] <= 1, seen
    assert worst["parses"] <= 1, seen
    assert worst["record"] <= 1, seen
    assert worst["legal_again"] == 0, seen  # each position's option list is built once
    others = {n: c for n, c in worst.items() if n not in ("get_game", "record", "parses", "legal", "legal_again")}
    assert all(c <= EXTRA_READS.get(n, 0) for n, c in others.items()), others
