"""The daily par (the AI on the day's dice) and `/daily compare`."""

from __future__ import annotations

import pytest

from bot.service import ServiceError, TableService
from bot.service.daily import DailyService, Par, round_story
from bot.storage import SQLiteStorage
from tests.bot.discord_app.games.rollwrite.helpers import Clock, bot_of, finish_quickly
from tests.harness.discord_fake import FakeDiscord

DAY = "2026-11-29"  # the Clock's day


@pytest.fixture
def tables(storage: SQLiteStorage) -> TableService:
    return TableService(storage, now=Clock())


async def _finish_today(daily: DailyService, user: int) -> int:
    attempt = await daily.play(user, guild_id=1, channel_id=2)
    await finish_quickly(daily.tables, attempt.game.id, user)
    return attempt.game.id


async def test_the_par_is_the_ai_on_the_days_dice_stored_once(tables: TableService) -> None:
    daily = DailyService(tables, secret="s", par_budget_s=0.05)
    par = await daily.par(DAY)
    assert par.date == DAY and len(par.rounds) == 12 and len(par.sets) == 12
    assert par.rounds[-1] == par.total and par.total > 0
    # The par is a real game on that day's dice: its log replays to its total.
    challenge = await daily.challenge(DAY)
    rounds, _ = round_story(challenge.seed, challenge.options, [tuple(x) for x in par.log])
    assert rounds == par.rounds
    # Stored once: another process (another service) reads the same par back, it does not play again.
    again = await DailyService(tables, secret="s", par_budget_s=0.05).par(DAY)
    assert again == par and Par.from_json(par.to_json()) == par


async def test_a_stored_par_wins_over_a_second_computation(tables: TableService, storage: SQLiteStorage) -> None:
    """Two processes computing the par at once: the first one stored is the one everybody keeps."""
    daily = DailyService(tables, secret="s", par_budget_s=0.05)
    first = Par(DAY, 1, 0, 0, 0, [1] * 12, ["x"] * 12, [])
    await storage.claim_meta(f"daily_par:{DAY}", first.to_json())
    assert await daily.par(DAY) == first


async def test_stats_count_days_beating_par(tables: TableService, storage: SQLiteStorage) -> None:
    daily = DailyService(tables, secret="s", par_budget_s=0.05)
    await _finish_today(daily, 10)
    row = (await storage.list_games(user_id=10, mode="daily", statuses=("finished",)))[0]
    total = row.result["scores"][0]["total"]
    await storage.claim_meta(f"daily_par:{DAY}", Par(DAY, total - 1, 0, 0, 0, [0] * 12, [""] * 12).to_json())
    stats = await daily.stats(10)
    assert (stats.beat_par, stats.par_days, stats.par_streak, stats.best_par_streak) == (1, 1, 1, 1)


@pytest.mark.slow
async def test_compare_is_only_for_players_who_finished_the_day(tables: TableService) -> None:
    daily = DailyService(tables, secret="s", par_budget_s=0.05)
    with pytest.raises(ServiceError, match="Finish your attempt at the challenge of 2026-11-29 first"):
        await daily.compare(10, DAY, "par")
    await _finish_today(daily, 10)
    with pytest.raises(ServiceError, match="Nobody else has finished"):
        await daily.compare(10, DAY, "leader")
    with pytest.raises(ServiceError, match="no finished attempt"):
        await daily.compare(10, DAY, 11)  # 11 has not played: no spoiler of 10's game to them, none of theirs here
    await _finish_today(daily, 11)
    versus_par = await daily.compare(10, DAY, "par")
    assert versus_par.other.who == "par" and len(versus_par.you.rounds) == 12
    assert versus_par.you.rounds[-1] == versus_par.you.total
    versus_leader = await daily.compare(10, DAY, "leader")
    assert versus_leader.other.user_id == 11 and versus_leader.you.sets[0] != ""


@pytest.mark.slow
async def test_daily_compare_in_discord_is_private_with_a_chart(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    service = bot_of(fake).service
    for user in (alice, bob):
        sent = await fake.command("daily play", user=user)
        [panel] = [s for s in sent if s.kind == "followup"]
        game_id = int(panel.content.split("#", 1)[1].split("*", 1)[0])
        await finish_quickly(service, game_id, user.id)
    [_, answer] = await fake.command("daily compare", user=alice, options={"with": "par"})
    assert answer.ephemeral and "you (" in answer.content and "vs Par" in answer.content
    assert "R12:" in answer.content
    [chart] = answer.files
    assert chart.filename.endswith("-race.png")
    [_, answer] = await fake.command("daily compare", user=bob)
    assert answer.ephemeral and "vs alice" in answer.content
    carol = fake.user("carol")
    [_, refused] = await fake.command("daily compare", user=carol)
    assert refused.ephemeral and "Finish your attempt" in refused.content


@pytest.mark.parametrize(("seed", "side", "total", "rounds", "log_hash"), [
    (20261129, "A", 141, [0, 15, 18, 23, 26, 60, 68, 84, 95, 111, 130, 141], "05c0bace15c022a1"),
    (777, "B", 124, [0, 6, 11, 12, 33, 68, 79, 88, 93, 106, 115, 124], "3446becda559cd0e"),
])
def test_the_par_is_played_by_the_easy_level_and_has_not_moved(
    monkeypatch: pytest.MonkeyPatch, seed: int, side: str, total: int, rounds: list[int], log_hash: str
) -> None:
    """With a hard level offered, the daily par stays the easy AI's game, decision for decision, so the
    pars of days already played and of days to come mean what they meant (pinned before the hard level
    landed). The budget is ample: the easy AI never reaches it, so the par depends on the dice alone."""
    import hashlib

    from bot.service.daily import play_par
    from engine.core import canonical
    from tests.harness.level_spy import spy_on_levels

    levels = spy_on_levels(monkeypatch, "rollwrite")
    par = play_par(DAY, seed, {"side": side}, budget_s=60.0)
    assert levels and set(levels) == {"easy"}
    assert (par.total, par.rounds) == (total, rounds)
    assert hashlib.sha1(canonical(par.log).encode()).hexdigest()[:16] == log_hash
