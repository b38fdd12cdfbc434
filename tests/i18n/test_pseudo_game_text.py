"""The pseudo-locale `xx` on the engines' own words: a played turn of each game, its story in the turn post,
the headline and the panel's prompt and option labels, leave no sentence outside ⟦…⟧ (what the engine says
passed through the catalogue, in the reader's language)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord_app.client import YokohamaBot
from engine.core import get_game
from engine.core.rng import Rng
from tests.harness.discord_fake import FakeDiscord, Sent
from tests.harness.real_bot import real_bot_in_fake_discord
from tests.i18n.test_pseudo_locale import _pseudo


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    async with real_bot_in_fake_discord(tmp_path, seed=20261207) as fake:
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
        choices: list[tuple[str, str | None]] = []
        # Several may be waited on (Yokohama's setup: everyone keeps an order card); one who has chosen
        # already has nothing to click.
        for waiting in status.waiting_on:
            player = users[waiting]
            panel = (await fake.command("table panel", user=player, options={"game": game.id}))[-1]
            seen.append(panel)
            choices = [(b["custom_id"], None) for b in panel.buttons() if b.get("custom_id", "").startswith("yk:do:")]
            for select in panel.selects():
                if select["custom_id"].startswith(("yk:sel:", "yk:ms:")):  # a menu, or a multi-select (one pick)
                    choices += [(select["custom_id"], o["value"]) for o in select["options"]]
            if choices:
                break
        custom_id, value = rng.choice(choices)
        seen += await fake.click(custom_id, user=player, message=panel, values=None if value is None else [value])
    return seen, alice


@pytest.mark.parametrize("kind", ["rollwrite", "duel", "yokohama"])
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
    leaks = {s.text[:80]: found for s in texts if (found := _leaks(s))}
    assert leaks == {}


def _balanced(text: str) -> str:
    """`text` with each line's open ⟦ closed: a label cut at Discord's limit (the pseudo-locale's marks make
    it longer than any language) loses its closing marks, not its words."""
    return "\n".join(line + "⟧" * max(0, line.count("⟦") - line.count("⟧")) for line in text.split("\n"))


def _leaks(sent: Sent) -> list[str]:
    found = check_text(_balanced(sent.text))
    labels = [b.get("label") or "" for b in sent.buttons()] + _labels(sent)
    return found + [label for label in labels if label and check_text(_balanced(label))]


def check_text(text: str) -> list[str]:
    """`unwrapped`, for a menu's label or description: one cut to its limit ("…") lost the closing brackets
    of the messages it was cut inside (the pseudo-locale's brackets make it longer than any language)."""
    from tests.i18n.test_pseudo_locale import unwrapped

    if text.endswith("…"):
        text += "⟧" * (text.count("⟦") - text.count("⟧"))
    return unwrapped(text)
