"""Bot seats through the table service: the AI takes a seat in the lobby, answers right after a person's
turn (logged as "auto", so replays and check-db work), is never waited on, and also plays resigned and
timed-out seats. A spy AI (always "pick 3", where the greedy fallback picks 1) shows who decided."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.service import GameClosed, NotSeated, ServiceError, TableService, check_all
from bot.service.ratings import why_unrated
from bot.storage import SQLiteStorage, Storage
from engine.core import State, mix_seed
from tests.toygame import COUNTING

ALICE, BOB, CAROL = 11, 22, 33


@pytest.fixture
def spy_ai(monkeypatch: pytest.MonkeyPatch, counting_game: None) -> Iterator[list[tuple[int, int, float]]]:
    """Counting's AI always picks 3 and records (seat, seed, budget); its greedy fallback would pick 1."""
    calls: list[tuple[int, int, float]] = []

    def ai_action(state: State, seat: int, *, seed: int = 0, budget_s: float = 2.0, level: str = "easy") -> Any:
        calls.append((seat, seed, budget_s))
        return {"pick": 3}

    monkeypatch.setattr(COUNTING, "ai_action", ai_action)
    yield calls


@pytest.fixture
def bots(storage: Storage) -> TableService:
    return TableService(storage, ai_budget_s=0.01, new_seed=lambda: 4242)


async def picks_in_log(storage: Storage, game_id: int) -> list[tuple[int, int | None, str, int]]:
    return [(e.seat, e.user_id, e.origin, e.action["pick"]) for e in await storage.actions(game_id)
            if isinstance(e.action, dict) and "pick" in e.action]


async def test_a_game_against_the_bot_is_played_by_the_ai_right_after_each_turn(
    bots: TableService, storage: Storage, spy_ai: list
) -> None:
    game = await bots.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2, options={"rounds": 3})
    game = await bots.lobby.add_bot(game.id, ALICE)
    assert [s.user_id for s in game.seats] == [ALICE, -1]
    start = await bots.lobby.start(game.id, ALICE)
    turns = [o for o in start.chain()]
    for _ in range(20):
        status = await bots.status(game.id)
        if status.status != "active":
            break
        assert status.waiting_on == [ALICE]  # the bot is never waited on
        outcome = await bots.play.act(game.id, ALICE, {"pick": 2})
        turns += outcome.chain()
        for step in outcome.chain():
            assert all(u > 0 for u in step.waiting_on + step.newly_waiting)  # never pinged
    row = await storage.get_game(game.id)
    assert row.status == "finished"
    bot_seat = row.seat_of(-1)
    assert row.bot_seats() == {bot_seat} and row.is_bot(bot_seat) and not row.is_bot(row.seat_of(ALICE))
    log = await picks_in_log(storage, game.id)
    assert [p for p in log if p[0] == bot_seat] == [(bot_seat, -1, "auto", 3)] * 3
    assert [p for p in log if p[0] != bot_seat] == [(1 - bot_seat, ALICE, "player", 2)] * 3
    # The AI's seed derives from the game's seed and the log's length at that decision.
    entries = await storage.actions(game.id)
    assert [seed for _, seed, _ in spy_ai] == [mix_seed(4242, "ai", e.seq - 1) for e in entries if e.user_id == -1]
    assert all(budget == 0.01 for _, _, budget in spy_ai)
    # Each bot turn is its own outcome whose turn post names the person who acts next.
    bot_turns = [o for o in turns if any(a.origin == "auto" for a in o.applied)]
    assert len(bot_turns) == 3
    assert all(o.newly_waiting == [ALICE] for o in bot_turns if not o.finished)
    assert all([c.origin for c in o.story] == ["auto"] for o in bot_turns)
    assert all(r.ok for r in await check_all(storage)), await check_all(storage)
    assert why_unrated(row) == "a seat was played by the bot from the start"


async def test_when_the_bot_moves_first_its_turn_follows_the_start(bots: TableService, spy_ai: list) -> None:
    for seed in range(20):  # the seat order is drawn from the seed: find one where the bot sits first
        service = TableService(bots.storage, ai_budget_s=0.01, new_seed=lambda s=seed: s)
        game = await service.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=3 + seed)
        await service.lobby.add_bot(game.id, ALICE)
        outcome = await service.lobby.start(game.id, ALICE)
        if outcome.bot_turn is None:
            continue
        assert outcome.bots_next == [] and outcome.waiting_on == []
        assert outcome.bot_turn.newly_waiting == [ALICE]
        assert (await service.status(game.id)).waiting_on == [ALICE]
        return
    pytest.fail("no seed seated the bot first")


async def test_lobby_bot_seats_up_to_the_table_size_and_off_again(bots: TableService, spy_ai: list) -> None:
    game = await bots.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2)
    with pytest.raises(NotSeated):
        await bots.lobby.add_bot(game.id, BOB)
    for expected in ([-1], [-1, -2], [-1, -2, -3]):
        game = await bots.lobby.add_bot(game.id, ALICE)
        assert sorted(game.bot_users(), reverse=True) == expected
    with pytest.raises(ServiceError, match="full"):
        await bots.lobby.add_bot(game.id, ALICE)
    game = await bots.lobby.remove_bot(game.id, ALICE)
    assert game.bot_users() == [-1, -2]
    game = await bots.lobby.add_bot(game.id, ALICE)  # the freed number is used again
    assert game.bot_users() == [-1, -2, -3]
    # The last person leaving closes the table: the bots do not play on their own.
    game = await bots.lobby.leave(game.id, ALICE)
    assert game.status == "abandoned" and game.seats == []
    other = await bots.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2)
    with pytest.raises(ServiceError, match="not seated"):
        await bots.lobby.remove_bot(other.id, ALICE)
    await bots.lobby.add_bot(other.id, ALICE)
    await bots.lobby.start(other.id, ALICE)
    with pytest.raises(GameClosed):
        await bots.lobby.add_bot(other.id, ALICE)
    with pytest.raises(GameClosed):
        await bots.lobby.remove_bot(other.id, ALICE)


async def test_resigning_against_bots_only_ends_the_game(bots: TableService, spy_ai: list) -> None:
    game = await bots.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2)
    await bots.lobby.add_bot(game.id, ALICE)
    await bots.lobby.add_bot(game.id, ALICE)
    await bots.lobby.start(game.id, ALICE)
    outcome = await bots.play.resign(game.id, ALICE)
    assert outcome.game.status == "finished" and outcome.game.result["reason"] == "forfeit"
    assert outcome.game.user_of(outcome.game.result["ranking"][-1]) == ALICE


async def test_a_resigned_seat_is_played_by_the_ai(bots: TableService, storage: Storage, spy_ai: list) -> None:
    game = await bots.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2)
    await bots.lobby.join(game.id, BOB)
    await bots.lobby.join(game.id, CAROL)
    await bots.lobby.start(game.id, ALICE)
    await bots.play.resign(game.id, CAROL)
    while (status := await bots.status(game.id)).status == "active":
        await bots.play.act(game.id, status.waiting_on[0], {"pick": 1})
    row = await storage.get_game(game.id)
    carol = row.seat_of(CAROL)
    played = [p for p in await picks_in_log(storage, game.id) if p[0] == carol and p[2] == "auto"]
    assert played and all(p[3] == 3 for p in played)  # the AI's pick, not the greedy player's 1
    assert {seat for seat, _, _ in spy_ai} == {carol}
    assert all(r.ok for r in await check_all(storage))


async def test_a_timed_out_seat_is_played_by_the_ai(storage: SQLiteStorage, spy_ai: list) -> None:
    now = [1_000_000.0]
    service = TableService(storage, now=lambda: now[0], ai_budget_s=0.01)
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2,
                                table_rules={"deadline_hours": 1})
    await service.lobby.join(game.id, BOB)
    await service.lobby.start(game.id, ALICE)
    late = (await service.status(game.id)).waiting_on[0]
    stored = await storage.get_game(game.id)
    [event] = await service.clock.sweep(stored.waiting_since + 3601)
    assert event.kind == "deadline"
    [applied] = event.outcome.applied
    assert (applied.origin, applied.action) == ("timeout", {"pick": 3})
    assert spy_ai == [(stored.seat_of(late), mix_seed(stored.seed, "ai", 0), 0.01)]


async def test_the_sweep_plays_a_bot_turn_left_over_by_a_stopped_process(
    storage: SQLiteStorage, spy_ai: list
) -> None:
    now = [1_000_000.0]
    service = TableService(storage, now=lambda: now[0], ai_budget_s=0.01)
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2)
    await service.lobby.add_bot(game.id, ALICE)
    await service.lobby.start(game.id, ALICE)
    if (await service.status(game.id)).waiting_on == [ALICE]:
        await service.play.act(game.id, ALICE, {"pick": 1})
    # Simulate a stop between a person's move and the bot's answer: take the bot's last move back.
    row = await storage.get_game(game.id)
    log = await storage.actions(game.id)
    from bot.service.replay import replay
    from engine.core import get_game
    engine = get_game("counting")
    before = replay(engine, 2, row.seed, row.options, log[:-1])
    await storage.record(game.id, row.version, [], engine.dump(before))
    assert (await service.status(game.id)).waiting_on == []
    [event] = await service.clock.sweep(row.waiting_since + 3601)
    assert event.kind == "bot" and event.users == []
    assert (await service.status(game.id)).waiting_on == [ALICE]


@pytest.mark.slow
async def test_a_roll_and_write_table_with_the_bot_plays_its_simultaneous_rounds(
    bots: TableService, storage: Storage
) -> None:
    """In simultaneous rounds the bot decides its part as soon as it owes one; the game only waits on people."""
    from engine.core import Rng

    game = await bots.lobby.create("rollwrite", creator_id=ALICE, guild_id=1, channel_id=2)
    await bots.lobby.add_bot(game.id, ALICE)
    await bots.lobby.start(game.id, ALICE)
    rng = Rng(1)
    for _ in range(2000):
        status = await bots.status(game.id)
        if status.status != "active":
            break
        assert status.waiting_on == [ALICE]
        decision = await bots.play.decision(game.id, ALICE)
        await bots.play.act_by_index(game.id, ALICE, decision.version, rng.randint(0, len(decision.options) - 1),
                                decision.stamp)
    row = await storage.get_game(game.id)
    assert row.status == "finished"
    assert any(e.origin == "auto" and e.user_id == -1 for e in await storage.actions(game.id))
    assert all(r.ok for r in await check_all(storage)), await check_all(storage)


async def test_bots_played_in_the_background_leave_the_move_answered_first(storage: Storage, spy_ai: list) -> None:
    """With `bots_inline=False` (the Discord bot) a person's move returns at once, naming the bot seat
    that owes a decision; `play_bots` then plays that turn (as the sweep or a restarted process would)."""
    service = TableService(storage, ai_budget_s=0.01, new_seed=lambda: 4242, bots_inline=False)
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2, options={"rounds": 2})
    await service.lobby.add_bot(game.id, ALICE)
    start = await service.lobby.start(game.id, ALICE)
    bot_seat = (await storage.get_game(game.id)).seat_of(-1)
    assert start.bot_turn is None
    if start.bots_owe:
        assert start.bots_owe == [bot_seat] and await service.clock.bots_waiting() == [game.id]
        turn = await service.play.play_bots(game.id)
        assert turn is not None and turn.newly_waiting == [ALICE]
    outcome = await service.play.act(game.id, ALICE, {"pick": 2})
    assert outcome.bot_turn is None and outcome.bots_owe == [bot_seat] and outcome.waiting_on == []
    assert spy_ai == [] or len(spy_ai) == 1  # the bot has not thought about this turn yet
    # A stopped process leaves this turn unplayed: a new one finds it and plays it.
    assert await service.clock.bots_waiting() == [game.id]
    turn = await service.play.play_bots(game.id)
    assert turn is not None and [a.origin for a in turn.applied] == ["auto"] and turn.newly_waiting == [ALICE]
    assert await service.play.play_bots(game.id) is None  # nothing more to play
    assert await service.clock.bots_waiting() == []


async def test_a_server_limits_running_games_against_the_bot_per_person(storage: Storage, spy_ai: list) -> None:
    service = TableService(storage, ai_budget_s=0.01, bots_inline=False)

    channels = iter(range(100, 200))

    async def bot_game(user: int, guild: int = 1) -> int:
        game = await service.lobby.create("counting", creator_id=user, guild_id=guild, channel_id=next(channels))
        await service.lobby.add_bot(game.id, user)
        await service.lobby.start(game.id, user)
        return game.id

    first = [await bot_game(ALICE) for _ in range(3)]
    lobby = await service.lobby.create("counting", creator_id=ALICE, guild_id=1, channel_id=2)
    await service.lobby.add_bot(lobby.id, ALICE)
    with pytest.raises(ServiceError, match="already have 3 running games against the bot"):
        await service.lobby.start(lobby.id, ALICE)
    assert (await storage.get_game(lobby.id)).status == "lobby"  # refused: nothing started
    await bot_game(BOB)  # someone else has their own three
    await bot_game(ALICE, guild=9)  # and another server its own limit
    # A table with another person is not a game against the bot only.
    await service.lobby.join(lobby.id, CAROL)
    await service.lobby.start(lobby.id, ALICE)
    # Resigning one frees a place; a server may set its own limit (0: no games against the bot).
    await service.play.resign(first[0], ALICE)
    await bot_game(ALICE)
    await storage.set_setting(1, "bot_games", "0")
    with pytest.raises(ServiceError, match="does not host games against the bot"):
        await service.lobby.check_bot_games(BOB, 1)
