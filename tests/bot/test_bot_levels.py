"""The bot's levels through the table service (offered at `/table new … opponent:` and by
"Add the bot"): a table chooses the level its bots play, the AI is asked for that level on every bot
decision, a level the game does not offer is refused with the ones it does before anything is stored, and
a stored game whose level is no longer offered plays on at the game's first level."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.service import ServiceError, TableService
from bot.service.table_rules import bot_level
from bot.storage import Storage
from engine.core import State, get_game
from tests.toygame import COUNTING

ALICE = 11


@pytest.fixture
def levels_asked(monkeypatch: pytest.MonkeyPatch, counting_game: None) -> Iterator[list[str]]:
    """Counting's AI offers two levels and records the level of every decision it is asked for."""
    asked: list[str] = []

    def ai_action(state: State, seat: int, *, seed: int = 0, budget_s: float = 2.0, level: str = "easy") -> Any:
        asked.append(level)
        return {"pick": 3}

    monkeypatch.setattr(COUNTING, "ai_levels", ("easy", "hard"))
    monkeypatch.setattr(COUNTING, "ai_action", ai_action)
    yield asked


@pytest.fixture
def tables(storage: Storage) -> TableService:
    return TableService(storage, ai_budget_s=0.01, new_seed=lambda: 4242)


async def play_against_the_bot(tables: TableService, rules: dict[str, Any] | None) -> None:
    game = await tables.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2,
                                     options={"rounds": 3}, table_rules=rules)
    await tables.lobby.add_bot(game.id, ALICE)
    await tables.lobby.start(game.id, ALICE)
    for _ in range(10):
        if (await tables.status(game.id)).status != "active":
            return
        await tables.play.act(game.id, ALICE, {"pick": 2})


async def test_the_bots_of_a_table_play_the_level_it_chose(tables: TableService, levels_asked: list[str]) -> None:
    await play_against_the_bot(tables, {"bot_level": "hard"})
    assert levels_asked and set(levels_asked) == {"hard"}
    levels_asked.clear()
    await play_against_the_bot(tables, None)  # no level chosen: the game's first
    assert levels_asked and set(levels_asked) == {"easy"}


async def test_a_level_the_game_does_not_offer_is_refused_before_anything_is_stored(
    tables: TableService, storage: Storage, counting_game: None
) -> None:
    with pytest.raises(ServiceError, match=r"Counting's bot plays at one level for now: easy\."):
        await tables.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2,
                                  table_rules={"bot_level": "hard"})
    with pytest.raises(ServiceError, match=r"Yokohama's bot plays at these levels: easy, hard\."):
        await tables.lobby.create("yokohama", creator_id=ALICE, guild_id=1, channel_id=2,
                                  table_rules={"bot_level": "expert"})
    with pytest.raises(ServiceError, match=r"plays at one level for now: easy"):
        await tables.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2,
                                  table_rules={"bot_level": ["hard"]})  # not even a word
    assert await storage.list_games() == []


def test_a_stored_level_no_longer_offered_plays_the_first() -> None:
    assert bot_level({"bot_level": "hard"}, ("easy",)) == "easy"
    assert bot_level({}, ("easy", "hard")) == "easy"
    assert bot_level({"bot_level": "hard"}, ("easy", "hard")) == "hard"


def test_every_game_refuses_a_level_it_does_not_have() -> None:
    for name in ("yokohama", "duel", "rollwrite"):
        game = get_game(name)
        game.check_level(game.ai_levels[0])
        with pytest.raises(ValueError, match="has no level 'impossible'"):
            game.check_level("impossible")
