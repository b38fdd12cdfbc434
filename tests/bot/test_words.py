"""Texts read as written English: sentences starting upper-case, and a
game log whose every entry says something (a hidden decision says that one was made)."""

from __future__ import annotations

import pytest

from bot.service import TableService
from bot.service.scope import acting_as
from bot.service.standings import Standings
from bot.service.words import sentence


def test_a_sentence_starts_upper_case() -> None:
    assert sentence("the organiser starts it") == "The organiser starts it"
    assert sentence("**sign-up** closes") == "**Sign-up** closes" and sentence("3 rounds") == "3 rounds"


@pytest.mark.parametrize("kind", ["duel", "yokohama", "rollwrite"])
async def test_every_log_entry_says_something(service: TableService, kind: str) -> None:
    game = await service.lobby.create(kind, creator_id=101, guild_id=1, channel_id=2)
    await service.lobby.join(game.id, 202)
    await service.lobby.start(game.id, 101)
    for _ in range(30):
        g, engine, state = await service.load(game.id)
        if g.status != "active" or state is None:
            break
        seat = engine.to_act(state)[0]
        await service.play.act(game.id, g.user_of(seat) or 0, engine.auto_action(state, seat))
    with acting_as(101, 1):
        log = await Standings(service.storage).game_log(game.id)
    assert log.lines and all(line.text.strip() for line in log.lines), [
        line.seq for line in log.lines if not line.text.strip()]
