"""The table service, driven with the test-only Counting game."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import (
    GameClosed,
    GameMovedOn,
    NotSeated,
    NotYourTurn,
    ServiceError,
    TableService,
    check_all,
)
from bot.storage import SQLiteStorage
from tests.conftest import execute_raw

ALICE, BOB, CAROL, DAVE = 101, 202, 303, 404


async def _started(service: TableService, *users: int, **options: object) -> int:
    game = await service.lobby.create("counting", creator_id=users[0], guild_id=1, channel_id=2,
                                      options=options or None)
    for user in users[1:]:
        await service.lobby.join(game.id, user)
    await service.lobby.start(game.id, users[0])
    return game.id


async def _whose_turn(service: TableService, gid: int) -> int:
    return (await service.status(gid)).waiting_on[0]


async def test_lobby_join_leave_start(service: TableService) -> None:
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2)
    await service.lobby.join(game.id, BOB)
    await service.lobby.join(game.id, CAROL)
    game = await service.lobby.leave(game.id, CAROL)
    assert sorted(s.user_id for s in game.seats) == [ALICE, BOB]
    with pytest.raises(ServiceError, match="already seated"):
        await service.lobby.join(game.id, BOB)
    outcome = await service.lobby.start(game.id, ALICE)
    assert outcome.game.status == "active"
    assert sorted(s.seat for s in outcome.game.seats) == [0, 1]
    with pytest.raises(GameClosed, match="already started"):
        await service.lobby.join(game.id, DAVE)
    with pytest.raises(GameClosed, match="resign"):
        await service.lobby.leave(game.id, BOB)


async def test_bad_options_and_full_tables_are_refused(service: TableService) -> None:
    with pytest.raises(ServiceError, match="no option 'speed'"):
        await service.lobby.create("counting", creator_id=ALICE, options={"speed": 2})
    with pytest.raises(ServiceError, match="Unknown game"):
        await service.lobby.create("chess", creator_id=ALICE)
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2)
    for user in (BOB, CAROL, DAVE):
        await service.lobby.join(game.id, user)
    with pytest.raises(ServiceError, match="full"):
        await service.lobby.join(game.id, 505)


async def test_seats_are_shuffled_by_the_seed(storage: SQLiteStorage, counting_game: None) -> None:
    orders = set()
    for seed in range(12):
        service = TableService(storage, new_seed=lambda seed=seed: seed)
        game = await service.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=seed + 10)
        await service.lobby.join(game.id, BOB)
        await service.lobby.join(game.id, CAROL)
        outcome = await service.lobby.start(game.id, ALICE)
        orders.add(tuple(outcome.game.user_of(s) for s in range(3)))
    assert len(orders) > 1  # not always join order


async def test_refusals_leave_the_stored_game_unchanged(service: TableService, storage: SQLiteStorage) -> None:
    gid = await _started(service, ALICE, BOB)
    first = await _whose_turn(service, gid)
    second = BOB if first == ALICE else ALICE
    before = await storage.get_game(gid)
    with pytest.raises(NotYourTurn, match="not your turn"):
        await service.play.act(gid, second, {"pick": 1})
    with pytest.raises(NotSeated, match="not playing"):
        await service.play.act(gid, CAROL, {"pick": 1})
    with pytest.raises(ServiceError, match="Pick 1, 2 or 3"):
        await service.play.act(gid, first, {"pick": 9})
    after = await storage.get_game(gid)
    assert (after.version, after.state) == (before.version, before.state)


async def test_answering_the_same_decision_twice_is_refused(service: TableService) -> None:
    gid = await _started(service, ALICE, BOB)
    first = await _whose_turn(service, gid)
    decision = await service.play.decision(gid, first)
    await service.play.act_by_index(gid, first, decision.version, 0)
    with pytest.raises((GameMovedOn, NotYourTurn)):
        await service.play.act_by_index(gid, first, decision.version, 0)


async def test_finished_game_refuses_moves_and_records_the_result(service: TableService) -> None:
    gid = await _started(service, ALICE, BOB, rounds=1)
    for _ in range(2):
        user = await _whose_turn(service, gid)
        outcome = await service.play.act(gid, user, {"pick": 3})
    assert outcome.finished and outcome.game.status == "finished"
    assert outcome.game.result["reason"] == "completed"
    with pytest.raises(GameClosed, match="over"):
        await service.play.act(gid, ALICE, {"pick": 1})


async def test_two_concurrent_actions_exactly_one_applies(service: TableService, storage: SQLiteStorage) -> None:
    for _ in range(10):
        gid = await _started(service, ALICE, BOB, rounds=5)
        user = await _whose_turn(service, gid)
        version = (await storage.get_game(gid)).version
        results = await asyncio.gather(
            service.play.act(gid, user, {"pick": 1}, expected_version=version),
            service.play.act(gid, user, {"pick": 2}, expected_version=version),
            return_exceptions=True,
        )
        successes = [r for r in results if not isinstance(r, BaseException)]
        failures = [r for r in results if isinstance(r, BaseException)]
        assert len(successes) == 1
        assert all(isinstance(f, (GameMovedOn, NotYourTurn)) for f in failures)
        assert len(await storage.actions(gid)) == 1


async def test_many_concurrent_clicks_without_expected_version(service: TableService, storage: SQLiteStorage) -> None:
    gid = await _started(service, ALICE, rounds=30)
    results = await asyncio.gather(*(service.play.act(gid, ALICE, {"pick": 1}) for _ in range(20)),
                                   return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    game = await storage.get_game(gid)
    assert game.version == len(applied) == len(await storage.actions(gid))
    assert all(r.ok for r in await check_all(storage))


async def test_simultaneous_phase_lists_everyone_who_owes(service: TableService) -> None:
    gid = await _started(service, ALICE, BOB, CAROL, simultaneous=True, rounds=2)
    assert sorted((await service.status(gid)).waiting_on) == [ALICE, BOB, CAROL]
    await service.play.act(gid, BOB, {"pick": 2})
    assert sorted((await service.status(gid)).waiting_on) == [ALICE, CAROL]
    with pytest.raises(NotYourTurn):
        await service.play.act(gid, BOB, {"pick": 2})
    await service.play.act(gid, ALICE, {"pick": 2})
    outcome = await service.play.act(gid, CAROL, {"pick": 2})
    # The next round: everybody owes again; those who had finished are the ones to ping.
    assert sorted(outcome.waiting_on) == [ALICE, BOB, CAROL]
    assert sorted(outcome.newly_waiting) == [ALICE, BOB]


async def test_resign_two_players_ends_the_game_as_a_forfeit(service: TableService) -> None:
    gid = await _started(service, ALICE, BOB)
    outcome = await service.play.resign(gid, BOB)
    assert outcome.game.status == "finished"
    result = outcome.game.result
    assert result["reason"] == "forfeit"
    assert outcome.game.user_of(result["ranking"][0]) == ALICE


async def test_resign_with_three_players_hands_the_seat_to_the_bot(service: TableService, storage) -> None:
    gid = await _started(service, ALICE, BOB, CAROL, rounds=3)
    await service.play.resign(gid, CAROL)
    # From now on nobody ever waits on Carol, and the game still finishes.
    for _ in range(50):
        status = await service.status(gid)
        if status.status != "active":
            break
        assert CAROL not in status.waiting_on
        await service.play.act(gid, status.waiting_on[0], {"pick": 1})
    game = await storage.get_game(gid)
    assert game.status == "finished"
    assert game.user_of(game.result["ranking"][-1]) == CAROL
    assert all(r.ok for r in await check_all(storage)), await check_all(storage)


async def test_solo_resign_abandons(service: TableService) -> None:
    gid = await _started(service, ALICE)
    outcome = await service.play.resign(gid, ALICE)
    assert outcome.game.status == "abandoned"


async def test_games_of_lists_whose_turn(service: TableService) -> None:
    gid = await _started(service, ALICE, BOB)
    other = await service.lobby.create("counting", creator_id=CAROL, guild_id=9, channel_id=9)
    mine = await service.games_of(ALICE, guild_id=1)
    assert [g.game_id for g in mine] == [gid]
    assert mine[0].waiting_on and mine[0].headline == "Round 1 of 3"
    assert other.id not in [g.game_id for g in await service.games_of(ALICE)]


async def test_reminder_then_deadline_auto_plays(storage: SQLiteStorage, counting_game: None) -> None:
    now = [1_000_000.0]
    service = TableService(storage, now=lambda: now[0])
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2,
                                table_rules={"reminder_hours": 1, "deadline_hours": 3})
    await service.lobby.join(game.id, BOB)
    await service.lobby.start(game.id, ALICE)
    late = await _whose_turn(service, game.id)
    stored = await storage.get_game(game.id)
    base = stored.waiting_since
    assert await service.clock.sweep(base + 1800) == []
    events = await service.clock.sweep(base + 3700)
    assert [(e.kind, e.users) for e in events] == [("reminder", [late])]
    assert await service.clock.sweep(base + 3800) == []  # only once per wait
    events = await service.clock.sweep(base + 3 * 3600 + 1)
    assert events[0].kind == "deadline" and events[0].outcome.applied[0].origin == "timeout"
    assert late not in (await service.status(game.id)).waiting_on
    assert all(r.ok for r in await check_all(storage))


async def test_deadline_forfeit(storage: SQLiteStorage, counting_game: None) -> None:
    service = TableService(storage)
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2,
                                table_rules={"deadline_hours": 1, "deadline_action": "forfeit"})
    await service.lobby.join(game.id, BOB)
    await service.lobby.start(game.id, ALICE)
    late = await _whose_turn(service, game.id)
    base = (await storage.get_game(game.id)).waiting_since
    events = await service.clock.sweep(base + 3601)
    assert events[0].kind == "deadline"
    final = await storage.get_game(game.id)
    assert final.status == "finished" and final.result["reason"] == "deadline"
    assert final.user_of(final.result["ranking"][-1]) == late


async def test_bad_table_rules_are_refused(service: TableService) -> None:
    with pytest.raises(ServiceError, match="deadline action"):
        await service.lobby.create("counting", creator_id=ALICE, table_rules={"deadline_action": "explode"})
    with pytest.raises(ServiceError, match="negative"):
        await service.lobby.create("counting", creator_id=ALICE, table_rules={"deadline_hours": -1})


async def test_check_db_finds_a_tampered_state(service: TableService, storage: SQLiteStorage) -> None:
    gid = await _started(service, ALICE, BOB)
    await service.play.act(gid, await _whose_turn(service, gid), {"pick": 2})
    assert all(r.ok for r in await check_all(storage))
    await execute_raw(storage, "UPDATE games SET state = replace(state, '\"totals\":[', '\"totals\":[7,') WHERE id = ?",
                      gid)
    results = {r.game_id: r for r in await check_all(storage)}
    assert not results[gid].ok and "differs" in results[gid].detail


@pytest.mark.slow
async def test_reads_see_the_latest_move_while_many_games_are_played(service: TableService) -> None:
    """Regression: under load the reader connection kept an old snapshot and every move looked stale."""
    ids = [await _started(service, 1000 * i + 1, 1000 * i + 2, rounds=20) for i in range(40)]

    async def play(gid: int) -> None:
        for _ in range(8):
            user = await _whose_turn(service, gid)
            decision = await service.play.decision(gid, user)
            await service.play.act(gid, user, decision.options[0].action, expected_version=decision.version)

    await asyncio.gather(*(play(g) for g in ids))
    for gid in ids:
        assert (await service.status(gid)).version == 8


async def test_public_record_of_a_turn_never_names_hidden_cards(storage: SQLiteStorage) -> None:
    """Duel's setup choice names the Order cards in the chooser's hand; the public label must not."""
    from engine.duel import GAME as DUEL

    service = TableService(storage, new_seed=lambda: 1)
    game = await service.lobby.create("duel", creator_id=ALICE)
    await service.lobby.join(game.id, BOB)
    await service.lobby.start(game.id, ALICE)
    user = (await service.status(game.id)).waiting_on[0]
    decision = await service.play.decision(game.id, user)
    private = decision.options[0].label
    outcome = await service.play.act(game.id, user, decision.options[0].action)
    before = outcome.before
    assert outcome.applied[0].label == DUEL.public_label(before, decision.options[0].action)
    assert outcome.applied[0].label != private and "pts" not in outcome.applied[0].label


async def test_deadline_plays_only_the_late_round_of_a_simultaneous_game(storage: SQLiteStorage,
                                                                          counting_game: None) -> None:
    """Both players late in a simultaneous round: the bot plays that round for both, not the next one."""
    service = TableService(storage)
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2,
                                options={"simultaneous": True, "rounds": 5}, table_rules={"deadline_hours": 1})
    await service.lobby.join(game.id, BOB)
    await service.lobby.start(game.id, ALICE)
    base = (await storage.get_game(game.id)).waiting_since
    [event] = await service.clock.sweep(base + 3601)
    assert [a.origin for a in event.outcome.applied] == ["timeout", "timeout"]
    _, _, state = await service.load(game.id)
    assert state["round"] == 2 and sorted((await service.status(game.id)).waiting_on) == [ALICE, BOB]


async def test_joins_at_once_never_overfill_a_table(service: TableService) -> None:
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2)
    results = await asyncio.gather(*(service.lobby.join(game.id, 1000 + i) for i in range(8)), return_exceptions=True)
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(refused) == 5 and all("full (4 players)" in str(r) for r in refused)
    assert len((await service.game(game.id)).seats) == 4
