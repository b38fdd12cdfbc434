"""The table flow in the service: formalities played for the seat, the turn story, undo, stamps.

Driven with the test-only Turns game (tests/toygame.py): pick 1-3 (undoable), a bonus point that is
the only legal action (a formality), then draw (closes the undo window) or end the turn.
"""

from __future__ import annotations

import pytest

from bot.service import GameMovedOn, ServiceError, TableService, check_all

ALICE, BOB, CAROL = 101, 202, 303


async def _started(service: TableService, kind: str, *users: int, **options: object) -> int:
    game = await service.lobby.create(kind, creator_id=users[0], guild_id=1, channel_id=2, options=options or None)
    for user in users[1:]:
        await service.lobby.join(game.id, user)
    await service.lobby.start(game.id, users[0])
    return game.id


async def _first(service: TableService, gid: int) -> int:
    return (await service.status(gid)).waiting_on[0]


async def test_a_formality_is_played_for_the_seat_and_logged_for_them(service: TableService) -> None:
    gid = await _started(service, "turns", ALICE, BOB)
    user = await _first(service, gid)
    outcome = await service.play.act(gid, user, {"pick": 2})
    # The bonus point was the only legal action: played at once, logged as played for the player.
    assert [(a.origin, a.user_id) for a in outcome.applied] == [("player", user), ("formality", user)]
    decision = await service.play.decision(gid, user)
    assert [c.label for c in decision.options] == ["Draw a bonus", "End the turn"]
    log = await service.storage.actions(gid)
    assert [(e.origin, e.action) for e in log] == [("player", {"pick": 2}), ("formality", {"bonus": 1})]


async def test_no_decision_shown_has_a_single_option(service: TableService) -> None:
    gid = await _started(service, "turns", ALICE, BOB, CAROL)
    for _ in range(40):
        status = await service.status(gid)
        if status.status != "active":
            break
        user = status.waiting_on[0]
        decision = await service.play.decision(gid, user)
        assert len(decision.options) > 1
        await service.play.act_by_index(gid, user, decision.version, len(decision.options) - 1)
    assert (await service.status(gid)).status == "finished"
    assert all(r.ok for r in await check_all(service.storage))


async def test_the_turn_story_tells_every_decision_of_the_turn(service: TableService) -> None:
    gid = await _started(service, "turns", ALICE, BOB)
    user = await _first(service, gid)
    seat = (await service.game(gid)).seat_of(user)
    first = await service.play.act(gid, user, {"pick": 3})
    assert not first.newly_waiting  # the turn goes on: no turn post yet
    last = await service.play.act(gid, user, {"end": True})
    assert last.newly_waiting and user not in last.newly_waiting
    assert [c.text for c in last.story] == [f"{{seat:{seat}}} take 3", f"{{seat:{seat}}} take the bonus point",
                                            f"{{seat:{seat}}} end the turn"]
    assert [c.origin for c in last.story] == ["player", "formality", "player"]


async def test_undo_restores_the_previous_options_and_is_logged(service: TableService) -> None:
    gid = await _started(service, "turns", ALICE, BOB)
    user = await _first(service, gid)
    before = await service.play.decision(gid, user)
    assert not before.can_undo
    await service.play.act(gid, user, {"pick": 1})
    assert (await service.play.decision(gid, user)).can_undo
    outcome = await service.play.undo(gid, user)
    assert outcome.undo
    again = await service.play.decision(gid, user)
    assert [c.label for c in again.options] == [c.label for c in before.options]
    _, engine, state = await service.load(gid)
    assert state is not None and state["totals"] == [0, 0]
    # The log only grows: the pick, its formality, then the undo entry naming both.
    log = await service.storage.actions(gid)
    assert [e.origin for e in log] == ["player", "formality", "undo"]
    assert log[-1].action == {"undo": [1, 2]}
    assert all(r.ok for r in await check_all(service.storage))
    # Play on after the undo: the replay still matches.
    await service.play.act(gid, user, {"pick": 3})
    await service.play.act(gid, user, {"end": True})
    assert all(r.ok for r in await check_all(service.storage))


async def test_undo_is_refused_after_a_draw_and_after_the_turn_passed(service: TableService) -> None:
    gid = await _started(service, "turns", ALICE, BOB)
    user = await _first(service, gid)
    await service.play.act(gid, user, {"pick": 1})
    await service.play.act(gid, user, {"draw": True})  # randomness: the window closes (and "end" follows by itself)
    with pytest.raises(ServiceError, match="nothing you can take back"):
        await service.play.undo(gid, user)
    other = await _first(service, gid)
    assert other != user
    with pytest.raises(ServiceError, match="nothing you can take back"):
        await service.play.undo(gid, other)


async def test_a_game_keeping_the_contract_default_offers_no_undo(service: TableService) -> None:
    gid = await _started(service, "counting", ALICE, BOB)  # Counting keeps closes_undo's default (True)
    user = await _first(service, gid)
    await service.play.act(gid, user, {"pick": 1})
    with pytest.raises(ServiceError, match="nothing you can take back"):  # the contract's default: no undo
        await service.play.undo(gid, user)


async def test_a_stamped_panel_survives_other_seats_moves_but_not_a_double_click(service: TableService) -> None:
    gid = await _started(service, "counting", ALICE, BOB, simultaneous=True)
    alice, bob = await service.play.decision(gid, ALICE), await service.play.decision(gid, BOB)
    assert alice.stamp and bob.stamp
    await service.play.act_by_index(gid, BOB, bob.version, 0, bob.stamp)
    # Bob's move bumped the version; Alice's panel still applies, her stamp unchanged.
    await service.play.act_by_index(gid, ALICE, alice.version, 1, alice.stamp)
    # Round 2: the same options and prompt as round 1, but the own move count tells the clicks apart.
    with pytest.raises(GameMovedOn):
        await service.play.act_by_index(gid, ALICE, alice.version, 1, alice.stamp)


async def test_a_version_1_database_keeps_its_log_and_accepts_the_new_origins(tmp_path) -> None:
    import sqlite3

    from bot.storage import NewAction, SQLiteStorage
    from bot.storage.schema import MIGRATIONS

    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(MIGRATIONS[0])
    conn.execute("INSERT INTO games (id, kind, creator_id, seed, status, state, version, created_at, updated_at) "
                 "VALUES (1, 'turns', 1, 7, 'active', '{}', 1, 0, 0)")
    conn.execute("INSERT INTO actions VALUES (1, 1, 0, 1, 'player', '{\"pick\": 1}', 0)")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    storage = SQLiteStorage(path)
    await storage.open()
    try:
        await storage.record(1, 1, [NewAction(0, 1, "formality", {"bonus": 1}), NewAction(0, 1, "undo", {"undo": [2]})],
                             "{}")
        assert [(a.seq, a.origin) for a in await storage.actions(1)] == [(1, "player"), (2, "formality"), (3, "undo")]
    finally:
        await storage.close()
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        raw = sqlite3.connect(path)
        raw.execute("UPDATE actions SET seat = 1")


async def test_roll_and_write_undo_within_the_round_until_it_closes_for_everyone(service: TableService) -> None:
    """Ruling R24 (docs/rulings/rollwrite.md): a player may take back their decisions of the round;
    "End round N", when it is all that is left, is played for them and keeps that window open until the round
    closes for everyone (the last player's confirmation shows the next dice)."""
    gid = await _started(service, "rollwrite", ALICE, BOB)

    async def play_round_of(user: int) -> None:
        round_no = (await service.load(gid))[2]["round"]
        for _ in range(60):
            _, engine, state = await service.load(gid)
            if user not in (await service.status(gid)).waiting_on or state["round"] != round_no:
                return
            seat = (await service.game(gid)).seat_of(user)
            await service.play.act(gid, user, engine.auto_action(state, seat))
        raise AssertionError("the round did not end")

    await play_round_of(ALICE)
    log = await service.storage.actions(gid)
    assert log[-1].origin == "formality" and log[-1].action == {"do": "end"}  # confirmed for her
    assert (await service.status(gid)).waiting_on == [BOB]
    assert await service.play.can_undo(gid, ALICE)
    await service.play.undo(gid, ALICE)
    assert ALICE in (await service.status(gid)).waiting_on  # her round is open again
    await play_round_of(ALICE)
    await play_round_of(BOB)  # the round closes for everyone: no undo of it any more
    assert not await service.play.can_undo(gid, ALICE) and not await service.play.can_undo(gid, BOB)
    with pytest.raises(ServiceError, match="nothing you can take back"):
        await service.play.undo(gid, ALICE)
    assert all(r.ok for r in await check_all(service.storage))


async def test_a_turn_handed_on_by_a_formality_stays_undoable_until_the_next_seat_acts(
    service: TableService,
) -> None:
    """Ending the turn, when it is all that is left, is played for the player (no panel with a lone
    "End the turn"); it reveals nothing, so the player may still take the turn back until the next seat acts."""
    gid = await _started(service, "turns", ALICE, BOB, draw=False)
    user = await _first(service, gid)
    outcome = await service.play.act(gid, user, {"pick": 2})
    # The bonus and the end of the turn were the only options: both played for the player, in this one click.
    assert [(a.origin, a.label) for a in outcome.applied] == [
        ("player", "Take 2"), ("formality", "Take the bonus point"), ("formality", "End the turn")]
    other = await _first(service, gid)
    assert other != user and outcome.newly_waiting == [other]
    assert [c.origin for c in outcome.story] == ["player", "formality", "formality"]  # the turn post is told
    assert await service.play.can_undo(gid, user)  # off turn, the mover may still take it back
    undone = await service.play.undo(gid, user)
    assert undone.undo and undone.newly_waiting == [user]  # the turn is the mover's again
    assert (await service.status(gid)).waiting_on == [user]
    assert [c.label for c in (await service.play.decision(gid, user)).options] == ["Take 1", "Take 2", "Take 3"]
    # Played again, the turn is told again, whole; once the next seat acts, it can no longer be taken back.
    again = await service.play.act(gid, user, {"pick": 3})
    assert [c.text for c in again.story][0].endswith("take 3") and len(again.story) == 3
    await service.play.act(gid, other, {"pick": 1})
    assert not await service.play.can_undo(gid, user)
    with pytest.raises(ServiceError, match="nothing you can take back"):
        await service.play.undo(gid, user)
    assert all(r.ok for r in await check_all(service.storage))


async def test_a_formality_that_reveals_closes_the_undo_as_before(service: TableService) -> None:
    gid = await _started(service, "turns", ALICE, BOB)
    user = await _first(service, gid)
    await service.play.act(gid, user, {"pick": 1})
    outcome = await service.play.act(gid, user, {"draw": True})  # the draw reveals; "end" follows as a formality
    assert [a.origin for a in outcome.applied] == ["player", "formality"]
    assert not await service.play.can_undo(gid, user)


@pytest.mark.slow
async def test_no_decision_shown_is_a_lone_formality_in_whole_games(service: TableService) -> None:
    """Duel's "End turn" and Roll & Write's "End round N" alone are played for the player."""
    from engine.core import Rng

    for kind in ("duel", "rollwrite"):
        gid = await _started(service, kind, ALICE, BOB)
        rng = Rng(3)
        for _ in range(3000):
            status = await service.status(gid)
            if status.status != "active":
                break
            user = rng.choice(status.waiting_on)
            decision = await service.play.decision(gid, user)
            assert len(decision.options) > 1, (kind, decision.prompt, [c.label for c in decision.options])
            await service.play.act_by_index(gid, user, decision.version, rng.randint(0, len(decision.options) - 1),
                                       decision.stamp)
        assert (await service.status(gid)).status == "finished"
        log = await service.storage.actions(gid)
        assert any(e.origin == "formality" and e.action == {"do": "end"} for e in log), kind


async def test_a_player_who_resigned_cannot_undo_in_roll_and_write(service: TableService) -> None:
    """Roll & Write plays on without a player who resigned (the bot keeps their sheet going): their
    decisions of the round before they resigned are no longer theirs to take back."""
    from bot.service import NotSeated

    gid = await _started(service, "rollwrite", ALICE, BOB, CAROL)
    _, engine, state = await service.load(gid)
    seat = (await service.game(gid)).seat_of(ALICE)
    await service.play.act(gid, ALICE, engine.auto_action(state, seat))
    assert await service.play.can_undo(gid, ALICE)
    await service.play.resign(gid, ALICE)
    assert (await service.game(gid)).status == "active"
    assert not await service.play.can_undo(gid, ALICE)
    with pytest.raises(NotSeated, match="resigned"):
        await service.play.undo(gid, ALICE)


async def test_two_add_the_bot_clicks_on_one_lobby_seat_one_bot(service: TableService) -> None:
    import asyncio

    game = await service.lobby.create("duel", creator_id=ALICE, guild_id=1, channel_id=2)
    await asyncio.gather(service.lobby.add_bot(game.id, ALICE, shown_bots=0),
                         service.lobby.add_bot(game.id, ALICE, shown_bots=0))
    assert len((await service.game(game.id)).bot_users()) == 1
