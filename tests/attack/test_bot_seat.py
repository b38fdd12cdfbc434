"""Probe: a bot seat whose AI and fallback both fail.

Guarantee: the person's move is saved and confirmed on their panel; the failure is logged; the table is
told the bot could not move; an admin of the table's server can retry the bot (or end the game), and an
admin of another server can do neither.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord_app.errors import UNEXPECTED
from engine.core import State
from tests.attack.conftest import Scene, refused_privately, texts
from tests.toygame import COUNTING


async def test_a_failing_bot_seat_never_hides_a_saved_move(scene: Scene, monkeypatch: pytest.MonkeyPatch,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    broken = {"on": False}
    ai, auto = COUNTING.ai_action, COUNTING.auto_action

    def failing(real: Any) -> Any:
        def call(state: State, seat: int, **kwargs: Any) -> Any:
            if broken["on"]:
                raise RuntimeError("the AI is down")
            return real(state, seat, **kwargs)
        return call

    monkeypatch.setattr(COUNTING, "ai_action", failing(ai))
    monkeypatch.setattr(COUNTING, "auto_action", failing(auto))
    fake, alice = scene.fake, scene.alice
    await fake.command("table new", user=alice, options={"game": "counting", "opponent": "bot"})
    [game] = await scene.bot.storage.list_games(statuses=("active",))
    broken["on"] = True
    panel = await fake.command("table panel", user=alice, options={"game": game.id})
    before = len(await scene.bot.storage.actions(game.id))
    sent = await fake.click(user=alice, message=panel[-1], label="Take 1")
    said = texts(sent)
    assert UNEXPECTED not in said and "✅" in said, said  # her move is confirmed on her panel
    assert len(await scene.bot.storage.actions(game.id)) == before + 1  # and saved
    assert any(s.kind == "channel_message" and "could not make its move" in (s.content or "") for s in sent), said
    assert "could not move" in caplog.text
    sent = await fake.command("admin retry", user=scene.mallory, guild=scene.elsewhere, options={"game": game.id})
    assert refused_privately(sent, f"There is no game #{game.id}."), texts(sent)
    broken["on"] = False
    admin = fake.user("home admin", admin=True)
    sent = await fake.command("admin retry", user=admin, options={"game": game.id})
    assert any(s.ephemeral and "The bot moved" in (s.content or "") for s in sent), texts(sent)
    assert (await scene.bot.storage.actions(game.id))[-1].origin == "auto"
