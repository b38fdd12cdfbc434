"""Helpers for driving Roll & Write through the Discord harness: a settable clock and a "player" that
clicks, on its own private panel, the button or menu option matching the greedy player's choice."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from bot.discord_app.client import YokohamaBot
from bot.service import TableService
from bot.storage import NewAction
from rendering import picture_for
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent

#: 2026-11-29 12:00 UTC: a fixed day, so daily-challenge dates are known in advance.
NOON = dt.datetime(2026, 11, 29, 12, 0, tzinfo=dt.UTC).timestamp()


class Clock:
    """The service's clock; tests move it to cross UTC midnights and grace periods."""

    def __init__(self, start: float = NOON) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * 3600


def has_renderer() -> bool:
    """Pictures are asserted only once rendering/rollwrite exists (it is written in parallel)."""
    return picture_for("rollwrite") is not None


def public_messages(fake: FakeDiscord) -> list[Sent]:
    """Every public post in the test channel and in the threads the bot opened there, in order."""
    places = {fake.channel.id, *fake.threads}
    return [s for s in fake.sent if s.kind == "channel_message" and s.channel_id in places]


def bot_of(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


async def open_panel(fake: FakeDiscord, user: FakeUser, message: Sent) -> Sent:
    """Press "Open my panel" on a public game message; return the private panel that came back."""
    sent = await fake.click(user=user, message=message, label="Open my panel")
    [panel] = [s for s in sent if s.kind == "followup"]
    assert panel.ephemeral, "a decision panel must be private"
    return panel


def option_on(shown: Sent, game_id: int, index: int) -> tuple[str, list[str] | None] | None:
    """The component offering option `index` on a panel (whatever version it shows): (custom_id, values)."""
    for comp in shown.all_components():
        cid = str(comp.get("custom_id", ""))
        parts = cid.split(":")
        if cid.startswith(f"yk:do:{game_id}:") and int(parts[4]) == index:
            return cid, None
        if cid.startswith(f"yk:sel:{game_id}:") and str(index) in [o["value"] for o in comp.get("options", [])]:
            return cid, [str(index)]
    return None


async def choose_auto(fake: FakeDiscord, user: FakeUser, panel: Sent, game_id: int) -> list[Sent]:
    """Click, on `user`'s panel as it stands, the option the greedy player would pick now.

    The panel may show an older game version (the other players moved meanwhile); a player clicks
    what they see, and so does this. If the bot answers with a fresh panel instead, click again there.
    """
    service = bot_of(fake).service
    for _ in range(10):
        decision = await service.play.decision(game_id, user.id)
        _, engine, state = await service.load(game_id)
        action = engine.auto_action(state, decision.seat)
        index = next(c.index for c in decision.options if c.action == action)
        shown = fake.message_view(panel)
        found = option_on(shown, game_id, index)
        if found is not None:
            sent = await fake.click(found[0], user=user, message=panel, values=found[1])
            if (await service.game(game_id)).version != decision.version:
                return sent
            continue  # the bot showed a fresh panel instead; choose there
        pages = [c for c in shown.custom_ids() if c.startswith(f"yk:pg:{game_id}:")]
        if not pages:  # e.g. "you are done for this round" from before the next round began
            assert f"yk:rf:{game_id}" in shown.custom_ids(), f"option {index} is not on the panel: {shown.text}"
            await fake.click(f"yk:rf:{game_id}", user=user, message=panel)
            continue
        targets = {int(c.split(":")[4]): c for c in pages}
        closest = min(targets, key=lambda page: abs(page - index // 25))
        await fake.click(targets[closest], user=user, message=panel)
    raise AssertionError("the option never became clickable")


async def owing_users(fake: FakeDiscord, game_id: int) -> list[int]:
    row, engine, state = await bot_of(fake).service.load(game_id)
    if row.status != "active" or state is None:
        return []
    return [u for u in (row.user_of(s) for s in engine.to_act(state)) if u is not None]


async def finish_quickly(
    service: TableService, game_id: int, user_id: int, choose: Callable[[Any], Any] | None = None
) -> None:
    """Play the rest of a one-seat game in memory and store it as one versioned write (the log and the state).

    For tests that need finished attempts but are not about playing them (leaderboards, announcements).
    `choose(state)` picks each action; by default the greedy player does.
    """
    row, engine, state = await service.load(game_id)
    entries = []
    while not engine.is_over(state):
        action = choose(state) if choose is not None else engine.auto_action(state, 0)
        entries.append(NewAction(0, user_id, "player", action))
        state = engine.apply(state, 0, action)
    result = {"scores": engine.scores(state), "ranking": engine.ranking(state), "forfeited": [], "reason": "completed"}
    await service.storage.record(game_id, row.version, entries, engine.dump(state), status="finished", result=result)
