"""Texts read as written English: counts through the one plural helper, sentences starting upper-case, and a
game log whose every entry says something (a hidden decision says that one was made)."""

from __future__ import annotations

import pytest

from bot.service import TableService
from bot.service.scope import acting_as
from bot.service.standings import Standings
from bot.service.words import plural, sentence


def test_one_is_singular_and_everything_else_plural() -> None:
    assert [plural(n, "round") for n in (0, 1, 2)] == ["0 rounds", "1 round", "2 rounds"]
    assert plural(1, "point") == "1 point" and plural(1.5, "point") == "1.5 points"
    assert plural(1, "pts") == "1 pt" and plural(3, "pts") == "3 pts"
    assert plural(1, "employee") == "1 employee" and plural(2, "match") == "2 matches"
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
