"""Actions that poison a game, and races on writes: the service boundary refuses every bad
argument itself, logs only the engine's own copy of an action, and every write changes the version.
Runs on SQLite and PostgreSQL (the `service` fixture)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.service import ServiceError, TableService, check_all
from bot.service.scope import from_server
from bot.storage import NewAction, StaleVersion, Storage

ALICE, BOB, CAROL = 101, 202, 303


async def _started(service: TableService, *users: int, **options: object) -> int:
    game = await service.lobby.create("counting", creator_id=users[0], guild_id=1, channel_id=2,
                                      options=options or None)
    for user in users[1:]:
        await service.lobby.join(game.id, user)
    await service.lobby.start(game.id, users[0])
    return game.id


async def _whose_turn(service: TableService, gid: int) -> int:
    return (await service.status(gid)).waiting_on[0]


@pytest.mark.parametrize("lookalike", [{"pick": 1.0}, {"pick": True}, {"pick": "1"}, {"pick": [1]}, [{"pick": 1}]])
async def test_an_action_equal_but_not_identical_to_a_legal_one_is_refused(
    service: TableService, storage: Storage, lookalike: Any
) -> None:
    """`{"pick": 1.0}` == `{"pick": 1}` in Python; accepted and logged, it made the game unplayable."""
    gid = await _started(service, ALICE, BOB)
    user = await _whose_turn(service, gid)
    with pytest.raises(ServiceError):
        await service.play.act(gid, user, lookalike)
    assert await storage.actions(gid) == []
    assert (await service.status(gid)).version == 0


async def test_the_log_holds_the_engines_own_action_never_the_callers_object(
    service: TableService, storage: Storage
) -> None:
    gid = await _started(service, ALICE, BOB)
    user = await _whose_turn(service, gid)
    mine = {"pick": 2}
    outcome = await service.play.act(gid, user, mine)
    mine["pick"] = 3  # the caller changes its object afterwards: nothing stored or reported may follow
    assert outcome.applied[0].action == {"pick": 2} and outcome.applied[0].action is not mine
    [entry] = await storage.actions(gid)
    assert entry.action == {"pick": 2}
    assert all(r.ok for r in await check_all(storage))


BAD_IDS: list[Any] = [None, "7", 7.0, True, False, -1, 0, 2**63, 2**200, [1], {"id": 1},
                      float("nan")]


@pytest.mark.parametrize("bad", BAD_IDS, ids=repr)
async def test_bad_game_ids_get_the_services_own_refusal(service: TableService, bad: Any) -> None:
    gid = await _started(service, ALICE, BOB)
    user = await _whose_turn(service, gid)
    calls = [
        service.game(bad), service.load(bad), service.status(bad), service.lobby.join(bad, CAROL),
        service.lobby.leave(bad, ALICE),
        service.lobby.start(bad, ALICE), service.play.decision(bad, user), service.play.act(bad, user, {"pick": 1}),
        service.play.act_by_index(bad, user, 0, 0), service.play.resign(bad, user), service.admin.end_game(bad, ALICE),
    ]
    for call in calls:
        with pytest.raises(ServiceError):
            await call


@pytest.mark.parametrize("bad", [None, "0", 0.0, True, -1, 2**63, 2**200, [0], {"v": 0}], ids=repr)
async def test_bad_versions_indexes_and_users_get_the_services_own_refusal(service: TableService, bad: Any) -> None:
    gid = await _started(service, ALICE, BOB)
    user = await _whose_turn(service, gid)
    calls = [
        service.play.act_by_index(gid, user, bad, 0),
        service.play.act_by_index(gid, user, 0, bad),
        service.play.act(gid, user, {"pick": 1}, expected_version=bad if bad is not None else "x"),
        service.play.decision(gid, bad), service.play.act(gid, bad, {"pick": 1}), service.lobby.join(gid, bad),
        service.play.resign(gid, bad), service.games_of(bad) if bad is not None else service.games_of("x"),
    ]
    for call in calls:
        with pytest.raises(ServiceError):
            await call
    assert (await service.status(gid)).version == 0


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("action", [{"pick": {1, 2}}, {"pick": float("inf")}, object(), {"pick": b"1"},
                                    {("a",): 1}, _nested(5000), "x" * 100_000],
                         ids=["set", "inf", "object", "bytes", "tuple-key", "deep", "huge"])
async def test_unhashable_or_unjsonable_actions_are_refused_clearly(service: TableService, action: Any) -> None:
    """Refusal explainers crashed on unhashable values; such an action never gets that far now."""
    gid = await _started(service, ALICE, BOB)
    user = await _whose_turn(service, gid)
    with pytest.raises(ServiceError):
        await service.play.act(gid, user, action)


@pytest.mark.parametrize("kwargs", [
    {"kind": 7}, {"kind": None}, {"creator_id": "me"}, {"creator_id": 2**70}, {"guild_id": 1.5},
    {"channel_id": True}, {"seed": -5}, {"mode": "ranked"}, {"options": [1]}, {"options": {"rounds": {1, 2}}},
    {"options": {1: 2}}, {"table_rules": {"deadline_hours": "soon"}}, {"table_rules": {"deadline_hours": True}},
    {"table_rules": {"reminder_hours": float("nan")}}, {"table_rules": {"deadline_hours": 1e300}},
    {"table_rules": {"deadline_action": ["auto"]}}, {"table_rules": [("deadline_hours", 1)]},
], ids=repr)
async def test_bad_create_arguments_get_the_services_own_refusal(service: TableService, kwargs: dict) -> None:
    args: dict[str, Any] = {"kind": "counting", "creator_id": ALICE, **kwargs}
    kind = args.pop("kind")
    with pytest.raises(ServiceError):
        await service.lobby.create(kind, **args)


async def test_two_resignations_at_once_cannot_both_pass_the_version_check(
    service: TableService, storage: Storage
) -> None:
    """Regression: a write without a log entry did not bump the version, so two resignations at once both
    passed and left a game running with one player and two bot seats."""
    gid = await _started(service, ALICE, BOB, CAROL)
    waiting = await _whose_turn(service, gid)
    idle = [u for u in (ALICE, BOB, CAROL) if u != waiting]
    await asyncio.gather(*(service.play.resign(gid, u) for u in idle), return_exceptions=True)
    game = await service.game(gid)
    # Both resignations were applied one after the other: one player is left, who wins by forfeit.
    assert game.status == "finished" and game.result is not None and game.result["reason"] == "forfeit"
    assert sorted(game.result["forfeited"]) == sorted(game.seat_of(u) for u in idle)


async def test_every_successful_write_changes_the_version(storage: Storage, service: TableService) -> None:
    gid = await _started(service, ALICE, BOB, CAROL)
    game = await service.game(gid)
    assert game.state is not None
    version = await storage.record(gid, game.version, [], game.state, resign_users=[ALICE])
    assert version == game.version + 1
    with pytest.raises(StaleVersion):  # a second write that expected the same version
        await storage.record(gid, game.version, [], game.state, resign_users=[BOB])
    entries = [NewAction(0, None, "auto", {"pick": 1})]
    assert await storage.record(gid, version, entries, game.state) == version + 1
    assert entries[0].seq == 1  # log numbers run on by themselves: version 2, one logged action


async def test_a_table_is_out_of_reach_from_another_server(service: TableService) -> None:
    """Regression: a user in one server joined another server's lobby by its number."""
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2)
    with from_server(99):
        for call in (service.lobby.join(game.id, BOB), service.status(game.id), service.lobby.start(game.id, ALICE),
                     service.play.resign(game.id, ALICE), service.admin.end_game(game.id, CAROL)):
            with pytest.raises(ServiceError, match="no game #"):
                await call
    with from_server(1):
        await service.lobby.join(game.id, BOB)
    assert len((await service.game(game.id)).seats) == 2


@pytest.mark.parametrize("hours", [0.01, 0.5, 0.999])
async def test_a_deadline_shorter_than_an_hour_is_refused(service: TableService, hours: float) -> None:
    """Regression: a deadline of 0.01 h was accepted and joiners forfeited 36 s later."""
    with pytest.raises(ServiceError, match="at least 1 hour"):
        await service.lobby.create("counting", creator_id=ALICE, table_rules={"deadline_hours": hours})
    with pytest.raises(ServiceError, match="at least 1 hour"):
        await service.lobby.create("counting", creator_id=ALICE, table_rules={"reminder_hours": hours})
    game = await service.lobby.create("counting", creator_id=ALICE, table_rules={"deadline_hours": 1})
    assert game.table_rules["deadline_hours"] == 1.0
