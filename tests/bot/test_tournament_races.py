"""Sign-up, leaving, the start and the next round's pairing racing each other, as two processes on one
database, on both backends: every race ends with pairings that match who is in the tournament.

A wrong pairing is any of: a player told "You are signed up" missing from round 1; a player off the list
(left during sign-up) paired; a player who left before a round was paired paired in it; a player who left
after it was paired still playing their table (not forfeited)."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.service import TableService
from bot.service.errors import ServiceError
from bot.service.tournaments import TournamentService
from bot.storage import Storage

GUILD, CHANNEL, ORGANISER = 7, 70, 1
RACES = 100


def _service(storage: Storage) -> TournamentService:
    seeds = itertools.count(5000)
    return TournamentService(TableService(storage, ai_budget_s=0.05), new_seed=lambda: next(seeds))


async def _quietly(call: Awaitable[Any]) -> Any:
    try:
        return await call
    except ServiceError as exc:
        return exc


async def _wrong_pairings(ts: TournamentService, tid: int, round_number: int) -> list[str]:
    """Every way the round's pairings disagree with the tournament as stored."""
    t = await ts.tournament(tid)
    wrong: list[str] = []
    pairings = await ts.store.pairings(tid, round_number)
    paired = [u for p in pairings for u in p.players]
    if len(paired) != len(set(paired)):
        wrong.append(f"round {round_number}: someone paired twice: {paired}")
    listed = {p.user_id: p for p in t.players}
    for user in paired:
        me = listed.get(user)
        if me is None:
            wrong.append(f"round {round_number}: {user} paired but not signed up")
        elif me.left_round is not None and me.left_round < round_number:
            wrong.append(f"round {round_number}: {user} left in round {me.left_round} and was paired")
    for user, me in listed.items():
        if me.left_round is None and user not in paired and t.format != "roundrobin":
            wrong.append(f"round {round_number}: {user} signed up and not paired")
    for p in pairings:
        gone = [u for u in p.players if listed.get(u) and listed[u].left_round == round_number]
        if not gone or p.bye:
            continue
        game = await ts.tables.storage.get_game(p.game_id or 0)
        if game is None:
            wrong.append(f"round {round_number}: table {p.board} was never created")
            continue
        for user in gone:
            seat = game.seat_of(user)
            if game.status == "active" and seat not in game.resigned_seats():
                wrong.append(f"round {round_number}: {user} left and still plays table {p.board}")
    return wrong


async def _race(make_storage: Callable[[], Storage],
                one_race: Callable[[TournamentService, TournamentService, int], Awaitable[list[str]]]) -> list[str]:
    one, two = make_storage(), make_storage()
    await one.open()
    await two.open()
    try:
        a, b = _service(one), _service(two)
        wrong: list[str] = []
        for n in range(RACES):
            wrong += await one_race(a, b, n)
        return wrong
    finally:
        await one.close()
        await two.close()


async def _signed_up(ts: TournamentService, players: int, first: int, **kw: Any) -> int:
    t = await ts.create("duel", "swiss", guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER, rounds=3,
                        signup_hours=0, **kw)
    for user in range(first, first + players):
        await ts.join(t.id, user)
    return t.id


@pytest.mark.slow
async def test_a_join_racing_the_start_is_paired_or_refused(make_storage) -> None:
    async def one_race(a: TournamentService, b: TournamentService, n: int) -> list[str]:
        tid = await _signed_up(a, 3, 1000 * n + 1)
        joiner = 1000 * n + 999
        joined, _ = await asyncio.gather(_quietly(a.join(tid, joiner)), _quietly(b.start(tid)))
        t = await a.tournament(tid)
        wrong = await _wrong_pairings(a, tid, 1)
        if not isinstance(joined, Exception) and t.player(joiner) is None:
            wrong.append(f"race {n}: told signed up, not on the list")
        return wrong

    assert await _race(make_storage, one_race) == []


@pytest.mark.slow
async def test_a_leave_racing_the_start_is_never_paired(make_storage) -> None:
    async def one_race(a: TournamentService, b: TournamentService, n: int) -> list[str]:
        tid = await _signed_up(a, 5, 1000 * n + 1)
        leaver = 1000 * n + 2
        await asyncio.gather(_quietly(a.leave(tid, leaver)), _quietly(b.start(tid)))
        return await _wrong_pairings(a, tid, 1)

    assert await _race(make_storage, one_race) == []


@pytest.mark.slow
async def test_a_leave_racing_the_next_rounds_pairing_is_never_paired_again(make_storage) -> None:
    async def one_race(a: TournamentService, b: TournamentService, n: int) -> list[str]:
        tid = await _signed_up(a, 5, 1000 * n + 1)
        await a.start(tid)
        for p in await a.store.pairings(tid, 1):
            if p.game_id is not None:
                await a.tables.play.resign(p.game_id, max(p.players))
        leaver = 1000 * n + 1 + n % 5
        await asyncio.gather(_quietly(a.leave(tid, leaver)), b.tick())
        await a.tick()  # whatever a process does next
        return await _wrong_pairings(a, tid, 1) + await _wrong_pairings(a, tid, 2)

    assert await _race(make_storage, one_race) == []
