"""Community play's storage on both backends: season ratings, notification choices and their
once-only claims, time away."""

from __future__ import annotations

from bot.storage import Rating, Storage


def _rating(user: int, display: int, guild: int = 7, kind: str = "duel") -> Rating:
    return Rating(kind=kind, scope=guild, user_id=user, mu=25.0, sigma=8.0, display=display, games=1, wins=0)


async def test_season_ratings_are_replaced_per_server_and_paged(storage: Storage) -> None:
    await storage.replace_season_ratings([("2026-11", _rating(1, 1100)), ("2026-11", _rating(2, 1200)),
                                          ("2026-12", _rating(1, 900)), ("2026-12", _rating(3, 1000, guild=8))])
    top, total = await storage.season_leaderboard("duel", 7, "2026-11", 0, 10)
    assert [r.user_id for r in top] == [2, 1] and total == 2 and top[0].scope == 7
    assert await storage.season_rating_of("duel", 7, "2026-11", 1) == (_rating(1, 1100), 2)
    assert await storage.season_rating_of("duel", 7, "2026-10", 1) is None
    assert await storage.seasons_played(7) == ["2026-12", "2026-11"]
    # One server's rebuild leaves the others alone.
    await storage.replace_season_ratings([("2026-12", _rating(4, 1000))], guild_id=7)
    assert await storage.seasons_played(7) == ["2026-12"]
    assert [(s, r.user_id) for s, r in await storage.all_season_ratings()] == [("2026-12", 4), ("2026-12", 3)]


async def test_notification_choice_closed_dms_and_their_once_only_claims(storage: Storage) -> None:
    assert await storage.player_prefs([5]) == {}
    await storage.set_notify(5, "dm")
    assert (await storage.player_prefs([5]))[5].notify == "dm"
    assert await storage.dm_players() == [5]
    assert await storage.claim_closed_notice(5) is False  # nothing to tell yet
    assert await storage.mark_dms_closed(5, 100.0) is True
    assert await storage.mark_dms_closed(5, 200.0) is False  # noted once
    assert await storage.dm_players() == []
    assert await storage.claim_closed_notice(5) is True
    assert await storage.claim_closed_notice(5) is False  # told once
    await storage.set_notify(5, "both")  # choosing again: the bot tries DMs again
    prefs = (await storage.player_prefs([5]))[5]
    assert prefs.dms_closed is None and not prefs.closed_told and prefs.notify == "both"
    assert await storage.claim_digest(5, "2026-12-01") is True
    assert await storage.claim_digest(5, "2026-12-01") is False
    assert await storage.claim_digest(5, "2026-12-02") is True


async def test_time_away_periods(storage: Storage) -> None:
    await storage.start_away(7, 5, 1000.0, 5000.0)
    await storage.start_away(8, 5, 1000.0, 9000.0)  # another server, its own period
    assert [(p.start, p.until) for p in await storage.away_periods(7, [5, 6], 0.0)] == [(1000.0, 5000.0)]
    await storage.start_away(7, 5, 2000.0, 3000.0)  # a new period ends the running one
    assert [(p.start, p.until) for p in await storage.away_periods(7, [5], 0.0)] == [(1000.0, 2000.0),
                                                                                     (2000.0, 3000.0)]
    assert await storage.end_away(7, 5, 2500.0) is True
    assert await storage.end_away(7, 5, 2600.0) is False  # not away any more
    assert [(p.start, p.until) for p in await storage.away_periods(7, [5], 1500.0)] == [(1000.0, 2000.0),
                                                                                        (2000.0, 2500.0)]
    assert await storage.away_periods(7, [5], 2500.0) == []


async def test_forgetting_a_player_forgets_when_they_were_told_by_dm(storage) -> None:
    from bot.service.front_end import FrontEndRecords

    records = FrontEndRecords(storage)
    await records.note_dm(5, 1, 100.0)
    await records.note_dm(6, 1, 100.0)
    await storage.forget_player(5)
    assert await storage.metas("dm:5:") == [] and await storage.metas("dm:6:") == [("dm:6:1", "100.0")]
