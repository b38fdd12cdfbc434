"""The pseudo-locale `xx` on the engines' own words: a played turn of each game, its story in the turn post,
the headline and the panel's prompt and option labels, leave no sentence outside ⟦…⟧ (what the engine says
passed through the catalogue, in the reader's language)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord_app.client import YokohamaBot
from bot.service import TableService
from bot.settings import Settings
from bot.storage import SQLiteStorage
from engine.core import get_game
from engine.core.rng import Rng
from tests.harness.discord_fake import FakeDiscord, Sent
from tests.i18n.test_pseudo_locale import _pseudo, check


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    path = tmp_path / "bot.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    bot = YokohamaBot(Settings(database_path=path), storage, TableService(storage, new_seed=lambda: 20261207))
    async with FakeDiscord(bot) as fake:
        yield fake


def _labels(sent: Sent) -> list[str]:
    """The option labels and descriptions of a panel's menus (buttons are read by `check`)."""
    return [text for select in sent.selects() for option in select.get("options", [])
            for text in (option.get("label", ""), option.get("description", "")) if text]


async def _play(fake: FakeDiscord, kind: str, decisions: int) -> tuple[list[Sent], Any]:
    """Open a two-player table of `kind` in the pseudo-locale and play `decisions` decisions through the
    panels; everything sent on the way."""
    alice, bob = fake.user("alice"), fake.user("bob")
    await _pseudo(fake, alice, bob)
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    [lobby] = await fake.command("table new", user=alice, options={"game": kind})
    await fake.click(user=bob, message=lobby, label="⟦Join⟧")
    seen = list(await fake.click(user=alice, message=lobby, label="⟦Start⟧"))
    [game] = await bot.storage.list_games(statuses=("active",))
    users = {u.id: u for u in (alice, bob)}
    rng = Rng(5)
    for _ in range(decisions):
        status = await bot.service.status(game.id)
        player = users[status.waiting_on[0]]
        panel = (await fake.command("table panel", user=player, options={"game": game.id}))[-1]
        seen.append(panel)
        choices: list[tuple[str, str | None]] = [
            (b["custom_id"], None) for b in panel.buttons() if b.get("custom_id", "").startswith("yk:do:")]
        for select in panel.selects():
            if select["custom_id"].startswith("yk:sel:"):
                choices += [(select["custom_id"], o["value"]) for o in select["options"]]
        custom_id, value = rng.choice(choices)
        seen += await fake.click(custom_id, user=player, message=panel, values=None if value is None else [value])
    return seen, alice


@pytest.mark.parametrize("kind", ["rollwrite", "duel"])
async def test_a_played_turn_of_the_game_reads_wrapped(fake: FakeDiscord, kind: str) -> None:
    seen, alice = await _play(fake, kind, 40)
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    [game] = await bot.storage.list_games(statuses=("active",))
    log = await fake.command("table log", user=alice, options={"game": game.id})
    assert any("⟦" in s.text and "`1.`" in s.text for s in log), [s.text for s in log]
    seen += log
    stories = [s for s in seen if s.kind == "channel_message" and "⟦" in s.text and not s.ephemeral]
    assert stories
    title = get_game(kind).title
    assert any(f"⟦{title}⟧ #" in s.text for s in stories), "the game's title through the catalogue too"
    texts = [s for s in seen if s.text or s.buttons() or s.selects()]
    leaks = {s.text[:80]: found for s in texts if (found := check(s))}
    leaks |= {label: [label] for s in texts for label in _labels(s) if check_text(label)}
    assert leaks == {}


def check_text(text: str) -> list[str]:
    """`unwrapped`, for a menu's label or description: one cut to its limit ("…") lost the closing brackets
    of the messages it was cut inside (the pseudo-locale's brackets make it longer than any language)."""
    from tests.i18n.test_pseudo_locale import unwrapped

    if text.endswith("…"):
        text += "⟧" * (text.count("⟦") - text.count("⟧"))
    return unwrapped(text)
