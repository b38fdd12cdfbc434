"""The daily challenge without Discord: seeds, one attempt a day, the grace period, ranking, streaks."""

from __future__ import annotations

import pytest

from bot.service import ServiceError, TableService
from bot.service import daily as daily_module
from bot.service.daily import DailyService, Standing, options_for, parse_date, ranked, streaks
from bot.storage import SQLiteStorage
from engine.rollwrite import GAME
from tests.bot.discord_app.games.rollwrite.helpers import Clock, finish_quickly


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def tables(storage: SQLiteStorage, clock: Clock) -> TableService:
    return TableService(storage, now=clock)


@pytest.fixture
def daily(tables: TableService) -> DailyService:
    return DailyService(tables, grace_hours=6.0)


async def finish(tables: TableService, game_id: int, user: int) -> None:
    """Play an attempt to the end with the greedy player's choices."""
    await finish_quickly(tables, game_id, user)


async def test_the_secret_is_generated_once_and_kept(storage: SQLiteStorage, tables: TableService) -> None:
    first = await DailyService(tables).secret()
    assert len(first) == 64 and await storage.get_meta("daily_secret") == first
    assert await DailyService(tables).secret() == first  # a restart reads the stored one
    assert await DailyService(tables, secret="configured").secret() == "configured"


async def test_the_seed_comes_from_the_date_and_the_secret(tables: TableService) -> None:
    a, b = DailyService(tables, secret="one"), DailyService(tables, secret="two")
    today = await a.challenge("2026-11-29")
    assert today.seed == (await a.challenge("2026-11-29")).seed
    assert today.seed != (await a.challenge("2026-11-30")).seed
    assert today.seed != (await b.challenge("2026-11-29")).seed  # the source code alone does not tell the rolls
    assert today.options == options_for(today.seed) and today.options["side"] in ("A", "B")


async def test_everyone_meets_the_same_dice_cards_and_areas(daily: DailyService) -> None:
    one = await daily.play(1, guild_id=10, channel_id=100)
    two = await daily.play(2, guild_id=20, channel_id=200)  # another server
    s1, s2 = GAME.load(one.game.state), GAME.load(two.game.state)
    for key in ("dice", "cards", "areas", "labs", "options"):
        assert s1[key] == s2[key]
    assert one.created and two.created and one.game.mode == "daily" and one.game.daily_date == "2026-11-29"


async def test_one_attempt_per_day_and_continuing_it(daily: DailyService, tables: TableService) -> None:
    first = await daily.play(1, guild_id=10, channel_id=100)
    again = await daily.play(1, guild_id=10, channel_id=100)
    assert again.game.id == first.game.id and not again.created
    await finish(tables, first.game.id, 1)
    with pytest.raises(ServiceError, match=r"already played the challenge of 2026-11-29 \(\d+ VP\): one attempt"):
        await daily.play(1, guild_id=10, channel_id=100)


async def test_yesterdays_attempt_can_be_finished_during_the_grace_period(
    daily: DailyService, tables: TableService, clock: Clock
) -> None:
    attempt = await daily.play(1, guild_id=10, channel_id=100)
    clock.advance(12 + 5)  # 05:00 UTC the next day: inside the 6-hour grace
    assert daily.today() == "2026-11-30"
    assert (await daily.play(1, guild_id=10, channel_id=100)).game.id == attempt.game.id
    assert await daily.expire() == []
    clock.advance(2)  # 07:00 UTC: the grace is over
    [closed] = await daily.expire()
    assert closed.id == attempt.game.id and closed.status == "abandoned"
    fresh = await daily.play(1, guild_id=10, channel_id=100)
    assert fresh.created and fresh.game.daily_date == "2026-11-30"
    with pytest.raises(ServiceError):
        await tables.play.act(attempt.game.id, 1, "anything")  # the closed attempt takes no more moves


async def test_playing_after_the_grace_period_closes_the_old_attempt_at_once(
    daily: DailyService, tables: TableService, clock: Clock
) -> None:
    old = await daily.play(1, guild_id=10, channel_id=100)
    clock.advance(12 + 7)  # before any sweep ran
    fresh = await daily.play(1, guild_id=10, channel_id=100)
    assert fresh.created and fresh.game.daily_date == "2026-11-30"
    assert (await tables.game(old.game.id)).status == "abandoned"


async def test_leaderboard_ranks_by_vp_then_tie_breakers_and_shows_your_place(
    daily: DailyService, tables: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    for user, guild in ((1, 10), (2, 10), (3, 20)):
        attempt = await daily.play(user, guild_id=guild, channel_id=guild * 10)
        await finish(tables, attempt.game.id, user)
    everyone = await daily.leaderboard("2026-11-29", guild_id=None, viewer=3, top=1)
    assert everyone.players == 3 and len(everyone.entries) == 1
    assert everyone.you is not None and everyone.you.user_id == 3  # the viewer, even outside the top
    # Same seed, same greedy choices: three equal results share first place.
    assert {s.rank for s in (await daily.leaderboard("2026-11-29", guild_id=None, top=3)).entries} == {1}
    here = await daily.leaderboard("2026-11-29", guild_id=10, viewer=3)
    assert here.players == 2 and here.you is None and here.scope == "server"
    # A restarted bot reads the standings afresh, in one query when many are missing: the same board.
    monkeypatch.setattr(daily_module, "_FEW", 0)
    cold = await DailyService(tables, grace_hours=6.0).leaderboard("2026-11-29", guild_id=None, viewer=3, top=1)
    assert (cold.entries, cold.you, cold.players) == (everyone.entries, everyone.you, everyone.players)
    unfinished = await daily.play(4, guild_id=10, channel_id=100)
    assert unfinished.created and (await daily.leaderboard(None, guild_id=10)).players == 2


def test_ranking_applies_the_tie_breakers_in_order() -> None:
    def s(user: int, total: int, resources: int, circles: int) -> Standing:
        return Standing(0, user, user, total, 10, resources, circles, finished_at=float(user))

    order = ranked([s(1, 90, 5, 5), s(2, 100, 0, 0), s(3, 90, 6, 0), s(4, 90, 5, 7), s(5, 90, 5, 7)])
    assert [(x.user_id, x.rank) for x in order] == [(2, 1), (3, 2), (4, 3), (5, 3), (1, 5)]


def test_streaks_count_consecutive_days() -> None:
    days = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-25", "2026-11-26"]
    assert streaks(days, "2026-11-26") == (2, 3)
    assert streaks(days, "2026-11-27") == (2, 3)  # today not played yet: the streak is still alive
    assert streaks(days, "2026-11-28") == (0, 3)
    assert streaks([], "2026-11-28") == (0, 0)


async def test_stats(daily: DailyService, tables: TableService, clock: Clock) -> None:
    totals = []
    for _ in range(2):
        attempt = await daily.play(7, guild_id=10, channel_id=100)
        await finish(tables, attempt.game.id, 7)
        totals.append((await tables.game(attempt.game.id)).result["scores"][0]["total"])
        clock.advance(24)
    stats = await daily.stats(7)
    assert (stats.games, stats.best, stats.current_streak, stats.best_streak) == (2, max(totals), 2, 2)
    assert stats.average == sum(totals) / 2 and stats.last_date == "2026-11-30"
    assert (await daily.stats(8)).games == 0


def test_dates_are_checked() -> None:
    assert parse_date(" 2026-11-29 ") == "2026-11-29"
    with pytest.raises(ServiceError, match="YYYY-MM-DD"):
        parse_date("yesterday")
