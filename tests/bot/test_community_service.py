"""Community play through the service, on both backends: rating seasons (derived from the results and
rebuilt exactly; the podium claimed once across processes) and time away across a deadline."""

from __future__ import annotations

import asyncio
import datetime as dt
from types import SimpleNamespace

import pytest

import bot.service.moves
import bot.storage.games
from bot.service import TableService, away, seasons
from bot.service.errors import ServiceError
from bot.service.standings import Standings
from bot.storage import Storage
from tests.bot.test_ratings import play

ALICE, BOB, CAROL = 101, 202, 303
GUILD = 1
HOUR = 3600.0


def moment(year: int, month: int, day: int, hour: int = 12) -> float:
    return dt.datetime(year, month, day, hour, tzinfo=dt.UTC).timestamp()


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The clock of the storage and the service (when a game finished), set by the test."""
    now = [moment(2026, 10, 20)]
    monkeypatch.setattr(bot.storage.games, "time", SimpleNamespace(time=lambda: now[0]))
    monkeypatch.setattr(bot.service.moves, "time", SimpleNamespace(time=lambda: now[0]))
    return now


def test_season_names_and_bounds() -> None:
    assert seasons.season_of("month", moment(2026, 12, 31, 23)) == "2026-12"
    assert seasons.season_of("quarter", moment(2026, 12, 31, 23)) == "2026-Q4"
    assert seasons.bounds("2026-12") == (moment(2026, 12, 1, 0), moment(2027, 1, 1, 0))
    assert seasons.bounds("2026-Q1") == (moment(2026, 1, 1, 0), moment(2026, 4, 1, 0))
    assert seasons.previous("month", moment(2027, 1, 1, 0)) == "2026-12"
    assert seasons.previous("quarter", moment(2026, 5, 3)) == "2026-Q1"
    assert seasons.title("2026-11") == "November 2026" and seasons.title("2026-Q4").startswith("Q4 2026")
    with pytest.raises(ServiceError, match="not a season"):
        seasons.bounds("2026-13")


async def _season_tables(storage: Storage) -> list[tuple]:
    return sorted((s, r.kind, r.scope, r.user_id, r.mu, r.sigma, r.display, r.games, r.wins)
                  for s, r in await storage.all_season_ratings())


async def test_seasons_start_fresh_keep_their_tables_and_rebuild_identically(
    service: TableService, storage: Storage, clock: list[float]
) -> None:
    await seasons.set_length(storage, GUILD, "month", moment(2026, 10, 1))
    for when, picks in [((2026, 10, 20), {ALICE: 3, BOB: 1}), ((2026, 11, 3), {ALICE: 1, BOB: 3}),
                        ((2026, 11, 20), {BOB: 3, CAROL: 1}), ((2026, 12, 2), {CAROL: 3, ALICE: 1})]:
        clock[0] = moment(*when)
        await play(service, picks)
    october, _ = await storage.season_leaderboard("counting", GUILD, "2026-10", 0, 10)
    november, _ = await storage.season_leaderboard("counting", GUILD, "2026-11", 0, 10)
    december, _ = await storage.season_leaderboard("counting", GUILD, "2026-12", 0, 10)
    assert {r.user_id: r.games for r in october} == {ALICE: 1, BOB: 1}
    assert {r.user_id: r.games for r in november} == {ALICE: 1, BOB: 2, CAROL: 1}
    assert [r.user_id for r in december] == [CAROL, ALICE] and december[0].games == 1  # everyone fresh
    everyone = {r.user_id: r.games for r in await storage.all_ratings() if r.scope == GUILD}
    assert everyone == {ALICE: 3, BOB: 3, CAROL: 2}  # all-time ratings go on

    before = await _season_tables(storage)
    await Standings(storage).rebuild()
    assert await _season_tables(storage) == before  # exactly, floats and all

    # Quarters instead: the server's seasons are re-cut at once, and still equal a rebuild.
    await seasons.set_length(storage, GUILD, "quarter", moment(2026, 12, 2))
    quarter, _ = await storage.season_leaderboard("counting", GUILD, "2026-Q4", 0, 10)
    assert {r.user_id: r.games for r in quarter} == everyone
    cut = await _season_tables(storage)
    await Standings(storage).rebuild()
    assert await _season_tables(storage) == cut

    # /standings season: the current season by default, a past one by name, or all time.
    board = await Standings(storage).board("counting", GUILD, viewer=ALICE, season="2026-Q4")
    assert board.season == "2026-Q4" and board.players == 3
    assert seasons.pick(None, "quarter", moment(2026, 12, 2)) == "2026-Q4"
    assert seasons.pick("all", "quarter", moment(2026, 12, 2)) is None
    with pytest.raises(ServiceError, match="quarters"):
        seasons.pick("2026-11", "quarter", moment(2026, 12, 2))
    with pytest.raises(ServiceError, match="no rating seasons"):
        seasons.pick("2026-11", None, moment(2026, 12, 2))


async def test_the_podium_of_a_season_is_claimed_once_across_processes(
    service: TableService, storage: Storage, make_storage, clock: list[float]
) -> None:
    await seasons.set_length(storage, GUILD, "month", moment(2026, 11, 1))
    clock[0] = moment(2026, 11, 10)
    await play(service, {ALICE: 3, BOB: 1})
    # Nothing ended yet: October ended before seasons were turned on, and gets no podium.
    assert await seasons.owe_podiums(storage, moment(2026, 11, 30)) == []
    other = make_storage()  # a second process on the same database
    await other.open()
    try:
        first, second = await asyncio.gather(seasons.owe_podiums(storage, moment(2026, 12, 1, 0)),
                                             seasons.owe_podiums(other, moment(2026, 12, 1, 0)))
    finally:
        await other.close()
    assert first + second == [(GUILD, "2026-11")]
    [item] = await storage.outbox_items(kind="season")
    assert item.payload == {"season": "2026-11"}
    podium = await seasons.podium_of(storage, GUILD, "2026-11", ["counting"])
    assert [r.user_id for r in podium.tables["counting"]] == [ALICE, BOB]
    assert await seasons.owe_podiums(storage, moment(2026, 12, 5)) == []


async def test_downtime_across_two_season_ends_owes_each_podium_once(storage: Storage, make_storage) -> None:
    """The bot is down from November to mid-January: December's and November's podiums are both owed, once
    each, whatever the number of sweeps and processes after it."""
    await seasons.set_length(storage, GUILD, "month", moment(2026, 11, 1))
    assert await seasons.owe_podiums(storage, moment(2027, 1, 15)) == [(GUILD, "2026-11"), (GUILD, "2026-12")]
    assert await seasons.owe_podiums(storage, moment(2027, 1, 16)) == []
    assert [i.payload["season"] for i in await storage.outbox_items(kind="season")] == ["2026-11", "2026-12"]
    assert seasons.ended_since("quarter", "2026-Q2", moment(2027, 1, 2)) == ["2026-Q3", "2026-Q4"]


async def test_a_podium_without_a_season_channel_goes_where_the_tables_are(
    service: TableService, storage: Storage
) -> None:
    assert await seasons.podium_channel(storage, GUILD) == (
        None, "nowhere yet (no channel is set and no table has been played)")
    await play(service, {ALICE: 3, BOB: 1})
    channel, why = await seasons.podium_channel(storage, GUILD)
    assert channel is not None and why == "the channel of the server's latest table"
    await storage.set_setting(GUILD, "announce_channel", "555")
    assert await seasons.podium_channel(storage, GUILD) == (555, "the announcements channel")


async def test_away_pauses_reminders_and_stretches_the_deadline(service: TableService, storage: Storage) -> None:
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=GUILD, channel_id=2,
                                table_rules={"reminder_hours": 1, "deadline_hours": 24})
    await service.lobby.join(game.id, BOB)
    await service.lobby.start(game.id, ALICE)
    late = (await service.status(game.id)).waiting_on[0]
    base = (await storage.get_game(game.id)).waiting_since
    assert base is not None
    # Away for 3 days from 2 hours into the wait: no reminder while away, no deadline at 24 h.
    await away.go_away(storage, GUILD, late, 3, base + 2 * HOUR)
    assert await away.away_until(storage, GUILD, [late, 999], base + 3 * HOUR) == {late: base + 2 * HOUR + 72 * HOUR}
    assert await service.clock.sweep(base + 30 * HOUR) == []
    # Back after the 3 days: the reminder comes; the deadline is 24 h + 72 h away from the start of the wait.
    events = await service.clock.sweep(base + 75 * HOUR)
    assert [(e.kind, e.users) for e in events] == [("reminder", [late])]
    assert await service.clock.sweep(base + 95 * HOUR) == []
    events = await service.clock.sweep(base + 96 * HOUR + 1)
    assert [(e.kind, e.users) for e in events] == [("deadline", [late])]
    assert events[0].outcome is not None and events[0].outcome.applied[0].origin == "timeout"


async def test_away_ended_early_stretches_only_the_time_away(service: TableService, storage: Storage) -> None:
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=GUILD, channel_id=2,
                                table_rules={"reminder_hours": 0, "deadline_hours": 10, "deadline_action": "forfeit"})
    await service.lobby.join(game.id, BOB)
    await service.lobby.start(game.id, ALICE)
    late = (await service.status(game.id)).waiting_on[0]
    base = (await storage.get_game(game.id)).waiting_since
    assert base is not None
    await away.go_away(storage, GUILD, late, 5, base + HOUR)
    assert await away.come_back(storage, GUILD, late, base + 5 * HOUR) is True
    assert await away.come_back(storage, GUILD, late, base + 6 * HOUR) is False
    assert await service.clock.sweep(base + 13 * HOUR) == []  # 10 h + 4 h away
    [event] = await service.clock.sweep(base + 14 * HOUR + 1)
    assert event.kind == "deadline" and (await service.status(game.id)).status == "finished"


async def test_away_is_checked(storage: Storage) -> None:
    with pytest.raises(ServiceError, match="number of days"):
        await away.go_away(storage, GUILD, ALICE, 15, 0.0)
    await away.set_cap(storage, GUILD, 3)
    with pytest.raises(ServiceError, match="3 days away in any 30 days; you have 3 days left now"):
        await away.go_away(storage, GUILD, ALICE, 4, 0.0)
    with pytest.raises(ServiceError, match="in the server"):
        await away.go_away(storage, None, ALICE, 1, 0.0)
    assert await away.go_away(storage, GUILD, ALICE, 3, 0.0) == 3 * 86400.0


DAY = 86400.0


async def test_time_away_is_a_budget_in_any_thirty_days_however_it_is_split(storage: Storage) -> None:
    """Chained periods cannot hold a game: 14 days, then 14 more the moment they end, is refused; so is a
    cap of 2 days taken twice in a row. The refusal says what is left and when the days asked for fit."""
    t0 = 1_000_000.0
    assert await away.go_away(storage, GUILD, ALICE, 14, t0) == t0 + 14 * DAY
    with pytest.raises(ServiceError) as refused:
        await away.go_away(storage, GUILD, ALICE, 14, t0 + 14 * DAY)
    assert "14 days away in any 30 days; you have none left now" in str(refused.value)
    assert f"14 days from <t:{int(t0 + 30 * DAY)}:f>" in str(refused.value)  # when the first period leaves the window
    # Fourteen one-day periods are the same budget as one of fourteen days.
    for n in range(14):
        await away.go_away(storage, GUILD, BOB, 1, t0 + 2 * n * DAY)
    with pytest.raises(ServiceError, match="none left now"):
        await away.go_away(storage, GUILD, BOB, 1, t0 + 28 * DAY)
    # A budget of 2 days: 2 days, then 2 more at once, is refused; 1 day is left after 1 day away.
    await away.set_cap(storage, GUILD, 2)
    await away.go_away(storage, GUILD, CAROL, 2, t0)
    with pytest.raises(ServiceError, match="2 days away in any 30 days; you have none left now"):
        await away.go_away(storage, GUILD, CAROL, 2, t0 + 2 * DAY)
    with pytest.raises(ServiceError, match="you have 1 day left now"):
        await away.go_away(storage, GUILD, 404, 2, (await away.go_away(storage, GUILD, 404, 1, t0)))
    assert await away.go_away(storage, GUILD, CAROL, 2, t0 + 30 * DAY) == t0 + 32 * DAY  # the window moved on


async def test_a_deadline_never_stretches_past_the_budget(service: TableService, storage: Storage) -> None:
    """Periods taken under a larger budget (the server lowered it since) stretch a wait by the budget at most:
    a 24-hour deadline falls due by 24 h + 3 days whatever the time away."""
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=GUILD, channel_id=2,
                                      table_rules={"reminder_hours": 0, "deadline_hours": 24})
    await service.lobby.join(game.id, BOB)
    await service.lobby.start(game.id, ALICE)
    late = (await service.status(game.id)).waiting_on[0]
    base = (await storage.get_game(game.id)).waiting_since
    assert base is not None
    await away.go_away(storage, GUILD, late, 10, base + HOUR)
    await away.set_cap(storage, GUILD, 3)
    assert await service.clock.sweep(base + 24 * HOUR + 3 * DAY - 60) == []
    [event] = await service.clock.sweep(base + 24 * HOUR + 3 * DAY + 1)
    assert (event.kind, event.users) == ("deadline", [late])


async def test_what_is_left_of_the_budget(storage: Storage) -> None:
    t0 = 1_000_000.0
    assert await away.budget_left(storage, GUILD, ALICE, t0) == 14
    await away.go_away(storage, GUILD, ALICE, 10, t0)
    assert await away.budget_left(storage, GUILD, ALICE, t0) == 4  # after the 10 days asked for
    assert await away.budget_left(storage, GUILD, ALICE, t0 + 40 * DAY) == 14  # the window moved on
