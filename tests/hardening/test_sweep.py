"""Every due game, the longest-waiting first, in bounded batches; a broken game is
logged, marked and passed by; several late seats at a forfeit deadline are treated alike."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.service import ServiceError, TableService, check_all
from bot.service.errors import GameUnreadable
from bot.storage import SQLiteStorage, Storage
from tests.conftest import execute_raw

ALICE, BOB, CAROL, DAVE = 101, 202, 303, 404
HOUR = 3600.0


async def _started(service: TableService, *users: int, rules: dict | None = None, **options: object) -> int:
    game = await service.lobby.create("counting", creator_id=users[0], guild_id=1, channel_id=2,
                                options=options or None, table_rules=rules)
    for user in users[1:]:
        await service.lobby.join(game.id, user)
    await service.lobby.start(game.id, users[0])
    return game.id


@pytest.mark.slow
async def test_the_sweep_reaches_every_waiting_game_longest_wait_first(tmp_path: Path, counting_game: None) -> None:
    """Regression: the sweep saw at most 500 active games (newest first); with 600 waiting, 100 were never
    reminded. It now walks all of them, `batch` at a time, the longest-waiting first."""
    storage = SQLiteStorage(tmp_path / "many.sqlite3")
    await storage.open()
    try:
        service = TableService(storage)
        ids = [await _started(service, ALICE, rules={"reminder_hours": 1}) for _ in range(600)]
        # The newest game has waited longest: the order of waiting differs from the order of creation.
        await execute_raw(storage, "UPDATE games SET waiting_since = 1000000 - id")
        reads: list[int] = []
        original = storage.waiting_games

        async def counted(**kwargs: object) -> list:
            rows = await original(**kwargs)  # type: ignore[arg-type]
            reads.append(len(rows))
            return rows

        storage.waiting_games = counted  # type: ignore[method-assign]
        events = await service.clock.sweep(1_000_000 + 2 * HOUR, batch=50)
        assert [e.kind for e in events] == ["reminder"] * 600
        assert [e.game.id for e in events] == sorted(ids, reverse=True)
        assert reads == [50] * 12 + [0]  # bounded reads, and every game seen
        assert await service.clock.sweep(1_000_000 + 3 * HOUR, batch=50) == []  # each wait is reminded once
    finally:
        await storage.close()


async def test_a_broken_game_is_logged_marked_and_passed_by(
    service: TableService, storage: Storage, caplog: pytest.LogCaptureFixture
) -> None:
    """Regression: one game whose state could not be read stopped the whole sweep, every time."""
    rules = {"reminder_hours": 1}
    first, broken, last = [await _started(service, ALICE, BOB, rules=rules) for _ in range(3)]
    await execute_raw(storage, "UPDATE games SET state = ? WHERE id = ?", '{"round": "x"}', broken)
    await execute_raw(storage, "UPDATE games SET waiting_since = 1000")
    with caplog.at_level(logging.ERROR):
        events = await service.clock.sweep(1000 + 2 * HOUR)
    assert sorted(e.game.id for e in events) == [first, last]
    assert f"game {broken}" in caplog.text
    row = await service.game(broken)
    assert row.fault and "cannot be read" in row.fault
    caplog.clear()
    with caplog.at_level(logging.ERROR):
        assert await service.clock.sweep(1000 + 3 * HOUR) == []  # marked: not tried (or logged) again
    assert caplog.text == ""
    # Its players are told plainly; an admin can end it; check-db names it.
    with pytest.raises(GameUnreadable, match="cannot be read"):
        await service.play.decision(broken, ALICE)
    results = {r.game_id: r for r in await check_all(storage)}
    assert not results[broken].ok and results[first].ok and results[last].ok
    ended = await service.admin.end_game(broken, DAVE, "state lost")
    assert ended.status == "abandoned" and ended.result is not None and ended.result["ended_by"] == DAVE


async def test_several_late_seats_all_forfeit_and_nobody_wins(service: TableService, storage: Storage) -> None:
    """docs/rulings.md, "Deadlines": all late seats are treated alike. Both players of a simultaneous round
    are late: both forfeit at once and the game ends with no winner (it raised GameClosed before)."""
    gid = await _started(service, ALICE, BOB, rules={"deadline_hours": 1, "deadline_action": "forfeit"},
                         simultaneous=True)
    other = await _started(service, CAROL, DAVE, rules={"reminder_hours": 1})
    await execute_raw(storage, "UPDATE games SET waiting_since = 1000")
    events = await service.clock.sweep(1000 + 2 * HOUR)
    assert sorted((e.kind, e.game.id) for e in events) == [("deadline", gid), ("reminder", other)]
    game = await service.game(gid)
    assert game.status == "abandoned" and game.result is not None
    assert sorted(game.result["forfeited"]) == [0, 1] and game.result["reason"] == "abandoned"
    assert all(r.ok for r in await check_all(storage))


async def test_late_seats_forfeit_together_and_the_one_on_time_wins(service: TableService) -> None:
    """Three players, two late in a simultaneous round: both forfeit in one write; the third wins."""
    gid = await _started(service, ALICE, BOB, CAROL, rules={"deadline_hours": 1, "deadline_action": "forfeit"},
                         simultaneous=True)
    await service.play.act(gid, BOB, {"pick": 3})
    row = await service.game(gid)
    assert row.waiting_since is not None
    [event] = await service.clock.sweep(row.waiting_since + 2 * HOUR)
    game = await service.game(gid)
    assert event.kind == "deadline" and game.status == "finished"
    assert game.result is not None and game.result["reason"] == "deadline"
    assert game.user_of(game.result["ranking"][0]) == BOB
    assert sorted(game.result["forfeited"]) == sorted([game.seat_of(ALICE), game.seat_of(CAROL)])


async def test_late_seats_forfeit_and_the_bot_plays_them_while_two_play_on(service: TableService) -> None:
    gid = await _started(service, ALICE, BOB, CAROL, DAVE,
                         rules={"deadline_hours": 1, "deadline_action": "forfeit"}, simultaneous=True)
    await service.play.act(gid, BOB, {"pick": 3})
    await service.play.act(gid, DAVE, {"pick": 3})
    row = await service.game(gid)
    assert row.waiting_since is not None
    [event] = await service.clock.sweep(row.waiting_since + 2 * HOUR)
    game = await service.game(gid)
    assert game.status == "active" and game.resigned_seats() == {game.seat_of(ALICE), game.seat_of(CAROL)}
    assert sorted((await service.status(gid)).waiting_on) == [BOB, DAVE]


async def test_a_stored_deadline_under_the_minimum_is_held_to_it(service: TableService, storage: Storage) -> None:
    """A table stored before the minimum existed (0.01 h) is not timed out before an hour."""
    gid = await _started(service, ALICE, BOB, rules={"deadline_hours": 1})
    await execute_raw(storage, "UPDATE games SET table_rules = ? WHERE id = ?", '{"deadline_hours": 0.01}', gid)
    row = await service.game(gid)
    assert row.waiting_since is not None
    assert await service.clock.sweep(row.waiting_since + 600) == []
    assert [e.kind for e in await service.clock.sweep(row.waiting_since + HOUR + 1)] == ["deadline"]


async def test_a_reminder_is_claimed_once_across_two_services(make_storage, counting_game: None) -> None:
    """Two processes sweeping one database: the reminder is claimed in the database, sent once."""
    one, two = make_storage(), make_storage()
    await one.open()
    await two.open()
    try:
        first, second = TableService(one), TableService(two)
        gid = await _started(first, ALICE, BOB, rules={"reminder_hours": 1})
        row = await first.game(gid)
        assert row.waiting_since is not None
        at = row.waiting_since + 2 * HOUR
        a, b = await first.clock.sweep(at), await second.clock.sweep(at)
        assert len(a) + len(b) == 1
    finally:
        await one.close()
        await two.close()


async def test_an_admin_end_refuses_a_finished_game(service: TableService) -> None:
    gid = await _started(service, ALICE)
    await service.play.resign(gid, ALICE)
    with pytest.raises(ServiceError, match="already over"):
        await service.admin.end_game(gid, DAVE)
